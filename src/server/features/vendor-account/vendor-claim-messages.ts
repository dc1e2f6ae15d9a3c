import { CLAIM_CODE_TTL_MINUTES } from '../../../shared/vendor-claim.schemas.ts';
import type { MailOutboxPayload } from '../outbox/outbox.service.ts';

// The texts that carry a claim's one-time code (decision 035): Spanish first, then English, since
// the profile's owner may read either.

export function claimCodeWhatsApp(businessName: string, code: string): string {
  return [
    `Barrio: tu código para reclamar el perfil de ${businessName} es ${code}. Caduca en ${CLAIM_CODE_TTL_MINUTES} minutos. No lo compartas; si no lo pediste, ignora este mensaje.`,
    '',
    `Barrio: your code to claim the ${businessName} profile is ${code}. It expires in ${CLAIM_CODE_TTL_MINUTES} minutes. Do not share it; if you did not ask for it, ignore this message.`,
  ].join('\n');
}

export function claimCodeMail(to: string, businessName: string, code: string): MailOutboxPayload {
  return {
    to,
    subject: `Tu código de Barrio: ${code} / Your Barrio code`,
    text: [
      'Hola:',
      '',
      `Alguien pidió reclamar el perfil de ${businessName} en Barrio con este correo. Tu código es:`,
      '',
      code,
      '',
      `Caduca en ${CLAIM_CODE_TTL_MINUTES} minutos. No lo compartas con nadie. Si no fuiste tú, ignora este correo: el perfil sigue igual.`,
      '',
      '—',
      '',
      `Someone asked to claim the ${businessName} profile on Barrio with this email. Your code is ${code}. It expires in ${CLAIM_CODE_TTL_MINUTES} minutes. Do not share it. If this was not you, ignore this email: nothing changes.`,
      '',
      'Barrio',
    ].join('\n'),
  };
}
