import { VENDOR_CONFIRMATION_TARGET_HOURS } from '../../../shared/constants.ts';
import { dateTimeFormat } from '../../../shared/date-format.ts';
import { formatPrice } from '../../../shared/money.ts';
import type { MailOutboxPayload } from '../outbox/outbox.service.ts';

// Every text a booking sends, in one place (decision 014). The vendor side is Spanish (product §1:
// vendor-facing screens and messages are Spanish); the customer receipt is English and Spanish,
// since we do not know which language the customer reads.

export interface BookingMailFacts {
  code: string;
  vendorName: string;
  serviceName: string;
  start: Date;
  timezone: string;
  amountMxn: number;
  customerName: string;
  customerEmail: string;
  customerPhone: string | null;
  notes: string | null;
  /** The customer's booking page with its token (issue 23; decision 044): in every mail to them. */
  manageUrl: string;
}

function when(start: Date, timezone: string, locale: 'es-MX' | 'en-US'): string {
  return dateTimeFormat(locale, { timeZone: timezone, dateStyle: 'full', timeStyle: 'short' }).format(start);
}

/** The two links of the vendor notification (ARCHITECTURE §4): the confirm page processes them at once. */
export function confirmLinks(appUrl: string, token: string) {
  const base = `${appUrl}/vendor-confirm?token=${encodeURIComponent(token)}`;
  return { confirm: `${base}&action=confirm`, decline: `${base}&action=decline` };
}

function vendorLines(facts: BookingMailFacts, links: { confirm: string; decline: string }): string[] {
  return [
    `Nueva solicitud de reserva · Código ${facts.code}`,
    '',
    `Servicio: ${facts.serviceName}`,
    `Fecha: ${when(facts.start, facts.timezone, 'es-MX')}`,
    `Cliente: ${facts.customerName}`,
    `Importe: ${formatPrice(facts.amountMxn)} MXN`,
    ...(facts.notes ? [`Notas: ${facts.notes}`] : []),
    '',
    `Confirmar: ${links.confirm}`,
    `Rechazar: ${links.decline}`,
    '',
    `Por favor responde en menos de ${VENDOR_CONFIRMATION_TARGET_HOURS} horas. Al confirmar, el cliente recibirá el enlace de pago.`,
  ];
}

export function vendorRequestMail(
  to: string,
  facts: BookingMailFacts,
  links: { confirm: string; decline: string },
): MailOutboxPayload {
  return {
    to,
    subject: `Nueva solicitud de reserva ${facts.code} · ${facts.serviceName}`,
    text: ['Hola:', '', ...vendorLines(facts, links), '', 'Barrio'].join('\n'),
  };
}

/** The WhatsApp notification's text (sent once the WhatsApp transport exists, ARCHITECTURE §9). */
export function vendorRequestWhatsApp(facts: BookingMailFacts, links: { confirm: string; decline: string }) {
  return [
    ...vendorLines(facts, links),
    '',
    `También puedes responder CONFIRM ${facts.code} o DENY ${facts.code}.`,
  ].join('\n');
}

export function customerReceiptMail(facts: BookingMailFacts): MailOutboxPayload {
  return {
    to: facts.customerEmail,
    subject: `Booking request ${facts.code} received / Solicitud ${facts.code} recibida`,
    text: [
      `Hi ${facts.customerName},`,
      '',
      `We sent your request to ${facts.vendorName}. It is awaiting confirmation: confirmations arrive within ${VENDOR_CONFIRMATION_TARGET_HOURS} hours.`,
      '',
      `Service: ${facts.serviceName}`,
      `When: ${when(facts.start, facts.timezone, 'en-US')} (${facts.timezone})`,
      `Amount: ${formatPrice(facts.amountMxn)} MXN`,
      `Booking code: ${facts.code}`,
      '',
      'Once the vendor confirms, we will send you a link to pay.',
      `Your booking: ${facts.manageUrl}`,
      '',
      '—',
      '',
      `Hola ${facts.customerName}: enviamos tu solicitud a ${facts.vendorName}. Está pendiente de confirmación (llega en menos de ${VENDOR_CONFIRMATION_TARGET_HOURS} horas).`,
      `Fecha: ${when(facts.start, facts.timezone, 'es-MX')} · Código: ${facts.code}`,
      `Tu reserva: ${facts.manageUrl}`,
      '',
      'Barrio',
    ].join('\n'),
  };
}

export function customerDeclinedMail(facts: BookingMailFacts): MailOutboxPayload {
  return {
    to: facts.customerEmail,
    subject: `Booking ${facts.code} declined / Reserva ${facts.code} rechazada`,
    text: [
      `Hi ${facts.customerName},`,
      '',
      `${facts.vendorName} cannot take your booking ${facts.code} (${facts.serviceName}, ${when(facts.start, facts.timezone, 'en-US')}). Nothing was charged. Please pick another time or another vendor.`,
      `Your booking: ${facts.manageUrl}`,
      '',
      '—',
      '',
      `Hola ${facts.customerName}: ${facts.vendorName} no puede atender tu reserva ${facts.code}. No se hizo ningún cargo.`,
      `Tu reserva: ${facts.manageUrl}`,
      '',
      'Barrio',
    ].join('\n'),
  };
}
