import type { Language } from '../../shared/language.ts';
import type { MailMessage } from '../integrations/mail/mail-transport.ts';

// The mails better-auth asks us to send, in the account's language (decision 072): its
// `profiles.language`, else the language of the request that asked for the mail (for a new
// account, the one it is made in), else Spanish.

interface AuthMailWords {
  hello: string;
  magicSubject: string;
  magicSaid: string;
  magicIgnore: string;
  verifySubject: string;
  verifySaid: string;
  verifyIgnore: string;
  resetSubject: string;
  resetSaid: string;
  resetSignsOut: string;
  resetIgnore: string;
}

const words: Record<Language, AuthMailWords> = {
  'es-MX': {
    hello: 'Hola:',
    magicSubject: 'Tu enlace para entrar a Barrio',
    magicSaid: 'Abre este enlace para entrar a Barrio. Sirve una sola vez y caduca en 15 minutos.',
    magicIgnore: 'Si no lo pediste, ignora este correo.',
    verifySubject: 'Confirma tu correo en Barrio',
    verifySaid: 'Confirma tu correo con este enlace.',
    verifyIgnore: 'Si no creaste una cuenta, ignora este correo.',
    resetSubject: 'Cambia tu contraseña de Barrio',
    resetSaid: 'Abre este enlace para elegir una contraseña nueva. Sirve una sola vez y caduca en 1 hora.',
    resetSignsOut: 'Al cambiarla se cerrará tu sesión en todos tus dispositivos.',
    resetIgnore: 'Si no lo pediste, ignora este correo: tu contraseña no cambia.',
  },
  en: {
    hello: 'Hello,',
    magicSubject: 'Your Barrio sign-in link',
    magicSaid: 'Open this link to sign in to Barrio. It works once and expires in 15 minutes.',
    magicIgnore: 'If you did not ask for it, ignore this mail.',
    verifySubject: 'Confirm your email for Barrio',
    verifySaid: 'Confirm your email with this link.',
    verifyIgnore: 'If you did not create an account, ignore this mail.',
    resetSubject: 'Reset your Barrio password',
    resetSaid: 'Open this link to choose a new password. It works once and expires in 1 hour.',
    resetSignsOut: 'Changing it signs you out on every device.',
    resetIgnore: 'If you did not ask for it, ignore this mail: your password stays the same.',
  },
};

interface AuthMail {
  to: string;
  url: string;
  language: Language;
}

export function magicLinkMail({ to, url, language }: AuthMail): MailMessage {
  const w = words[language];
  return {
    to,
    subject: w.magicSubject,
    text: [w.hello, '', w.magicSaid, '', url, '', w.magicIgnore].join('\n'),
  };
}

export function verificationMail({ to, url, language }: AuthMail): MailMessage {
  const w = words[language];
  return {
    to,
    subject: w.verifySubject,
    text: [w.hello, '', w.verifySaid, '', url, '', w.verifyIgnore].join('\n'),
  };
}

/** The "Forgot password?" link, to the reset page. */
export function resetPasswordMail({ to, url, language }: AuthMail): MailMessage {
  const w = words[language];
  return {
    to,
    subject: w.resetSubject,
    text: [w.hello, '', w.resetSaid, '', url, '', w.resetSignsOut, '', w.resetIgnore].join('\n'),
  };
}
