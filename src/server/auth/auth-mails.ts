import type { MailMessage } from '../integrations/mail/mail-transport.ts';

// The mails better-auth asks us to send. Spanish and English in one mail: we do not know yet which
// language the person reads (product §1: Mexico City, English interface).

export function magicLinkMail({ to, url }: { to: string; url: string }): MailMessage {
  return {
    to,
    subject: 'Tu enlace para entrar a Barrio / Your Barrio sign-in link',
    text: [
      'Hola:',
      '',
      'Abre este enlace para entrar a Barrio. Sirve una sola vez y caduca en 15 minutos.',
      'Open this link to sign in to Barrio. It works once and expires in 15 minutes.',
      '',
      url,
      '',
      'Si no lo pediste, ignora este correo. / If you did not ask for it, ignore this mail.',
    ].join('\n'),
  };
}

export function verificationMail({ to, url }: { to: string; url: string }): MailMessage {
  return {
    to,
    subject: 'Confirma tu correo en Barrio / Confirm your email for Barrio',
    text: [
      'Hola:',
      '',
      'Confirma tu correo con este enlace. / Confirm your email with this link.',
      '',
      url,
      '',
      'Si no creaste una cuenta, ignora este correo. / If you did not create an account, ignore this mail.',
    ].join('\n'),
  };
}

/** The "Forgot password?" link, to the reset page. */
export function resetPasswordMail({ to, url }: { to: string; url: string }): MailMessage {
  return {
    to,
    subject: 'Cambia tu contraseña de Barrio / Reset your Barrio password',
    text: [
      'Hola:',
      '',
      'Abre este enlace para elegir una contraseña nueva. Sirve una sola vez y caduca en 1 hora.',
      'Open this link to choose a new password. It works once and expires in 1 hour.',
      '',
      url,
      '',
      'Al cambiarla se cerrará tu sesión en todos tus dispositivos. / Changing it signs you out on every device.',
      '',
      'Si no lo pediste, ignora este correo: tu contraseña no cambia. / If you did not ask for it, ignore this mail: your password stays the same.',
    ].join('\n'),
  };
}
