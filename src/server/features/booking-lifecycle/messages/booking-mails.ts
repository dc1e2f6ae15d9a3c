import { VENDOR_CONFIRMATION_TARGET_HOURS } from '../../../../shared/constants.ts';
import { dateTimeFormat, endSentence, zoneCity } from '../../../../shared/date-format.ts';
import { intlLocales, type Language } from '../../../../shared/language.ts';
import { priceText } from '../../../../shared/money.ts';
import { addressLine } from '../../../../shared/service-location.ts';
import { whatsAppLink } from '../../../../shared/whatsapp-link.ts';
import type { MailOutboxPayload } from '../../outbox/outbox.service.ts';
import type { BookingMailFacts, BookingWhere } from './message-facts.ts';
import { answerWindowLine, calendarAttachment, calendarCancelLine } from './payment-mails.ts';

// Every text a booking sends, in one place (decision 014). The vendor side is Spanish (product §1:
// vendor-facing screens and messages are Spanish); the customer receipt is English and Spanish,
// since we do not know which language the customer reads.

/** Where, in the vendor's words (Spanish) or the customer's (in a language); null when unknown. */
export function whereLine(
  { location, address, placeAddress }: BookingWhere,
  reader: 'vendor' | Language,
): string | null {
  if (location === 'customer' && address) {
    const line = addressLine(address);
    return (
      {
        vendor: `En el domicilio del cliente: ${line}`,
        'es-MX': `En tu domicilio: ${line}`,
        en: `At your address: ${line}`,
      } satisfies Record<typeof reader, string>
    )[reader];
  }
  if (location === 'vendor') {
    const place = placeAddress?.trim();
    return (
      {
        vendor: 'En tu local',
        'es-MX': place ? `En el local del proveedor: ${place}` : 'En el local del proveedor',
        en: place ? `At the vendor's place: ${place}` : "At the vendor's place",
      } satisfies Record<typeof reader, string>
    )[reader];
  }
  if (location === 'online')
    return (
      { vendor: 'En línea', 'es-MX': 'En línea', en: 'Online' } satisfies Record<typeof reader, string>
    )[reader];
  return null;
}

function when(start: Date, timezone: string, language: Language): string {
  return dateTimeFormat(intlLocales[language], {
    timeZone: timezone,
    dateStyle: 'full',
    timeStyle: 'short',
  }).format(start);
}

/** The two links of the vendor notification (ARCHITECTURE §4): the confirm page processes them at once. */
export function confirmLinks(appUrl: string, token: string) {
  const base = `${appUrl}/vendor-confirm?token=${encodeURIComponent(token)}`;
  return { confirm: `${base}&action=confirm`, decline: `${base}&action=decline` };
}

const labelled = (label: string, value: string | null | undefined) => (value ? [`${label}: ${value}`] : []);

/** What the vendor reads, never the customer's booking page (manageUrl): the page is the customer's. */
type VendorFacts = Omit<BookingMailFacts, 'manageUrl'>;

/** The request's lines; without its confirm links (a resend: their token is stored only hashed), none. */
function vendorLines(
  facts: VendorFacts,
  links: { confirm: string; decline: string } | null,
  details?: string,
): string[] {
  return [
    `Nueva solicitud de reserva · Código ${facts.code}`,
    '',
    `Servicio: ${facts.serviceName}`,
    `Fecha: ${when(facts.start, facts.timezone, 'es-MX')}`,
    ...labelled('Dónde', whereLine(facts.where, 'vendor')),
    `Importe: ${priceText(facts.amountMxn, 'es-MX')}`,
    '',
    // Everything the vendor needs to answer and to go, in the request itself.
    `Cliente: ${facts.customerName}`,
    ...labelled('Teléfono', facts.customerPhone),
    ...labelled('WhatsApp', facts.customerPhone ? whatsAppLink(facts.customerPhone) : null),
    `Correo: ${facts.customerEmail}`,
    ...labelled('Notas', facts.notes),
    '',
    ...(links ? [`Confirmar: ${links.confirm}`, `Rechazar: ${links.decline}`, ''] : []),
    ...(details ? [`Ver detalles: ${details}`, ''] : []),
    // The 8-hour target as the target, the real deadline as the deadline.
    facts.answerDueAt
      ? answerWindowLine(facts.answerDueAt, facts.timezone)
      : `Responde en menos de ${VENDOR_CONFIRMATION_TARGET_HOURS} horas.`,
    'Al confirmar, el cliente recibirá el enlace de pago.',
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

/**
 * The vendor's request by WhatsApp (ARCHITECTURE §9), first sent and resent alike; a resend without
 * the confirm links asks for the WhatsApp commands instead.
 */
export function vendorRequestWhatsApp(
  facts: VendorFacts,
  links: { confirm: string; decline: string } | null,
): string {
  // The request comes with Confirmar / Rechazar buttons (decision 069): the text keeps the page
  // with every detail (the confirm page without an action) and the typed commands.
  const details = links?.confirm.replace(/&action=confirm$/, '');
  return [
    ...vendorLines(facts, null, details),
    `Toca Confirmar o Rechazar, o responde CONFIRMAR ${facts.code} o RECHAZAR ${facts.code}.`,
  ].join('\n');
}

export function customerReceiptMail(facts: BookingMailFacts): MailOutboxPayload {
  return {
    to: facts.customerEmail,
    subject: `Booking request ${facts.code} received / Solicitud ${facts.code} recibida`,
    text: [
      `Hi ${facts.customerName},`,
      '',
      `We sent your request to ${facts.vendorName}. ${
        facts.answerDueAt
          ? `The vendor usually answers within ${VENDOR_CONFIRMATION_TARGET_HOURS} hours, and at the latest by ${when(facts.answerDueAt, facts.timezone, 'en')}.`
          : `The vendor usually answers within ${VENDOR_CONFIRMATION_TARGET_HOURS} hours.`
      }`,
      '',
      `Service: ${facts.serviceName}`,
      `When: ${when(facts.start, facts.timezone, 'en')} (${zoneCity(facts.timezone, 'en')} time)`,
      ...labelled('Where', whereLine(facts.where, 'en')),
      `Amount: ${priceText(facts.amountMxn, 'en')}`,
      `Booking code: ${facts.code}`,
      '',
      'Once the vendor confirms, we will send you a link to pay.',
      `Your booking: ${facts.manageUrl}`,
      '',
      '—',
      '',
      `Hola ${facts.customerName}: enviamos tu solicitud a ${facts.vendorName}. El proveedor suele responder en menos de ${VENDOR_CONFIRMATION_TARGET_HOURS} horas${
        facts.answerDueAt
          ? `; el plazo vence el ${endSentence(when(facts.answerDueAt, facts.timezone, 'es-MX'))}`
          : '.'
      }`,
      `Fecha: ${when(facts.start, facts.timezone, 'es-MX')} · Código: ${facts.code}`,
      ...labelled('Dónde', whereLine(facts.where, 'es-MX')),
      `Tu reserva: ${facts.manageUrl}`,
      '',
      'Barrio',
    ].join('\n'),
  };
}

/** `calendar`: the cancellation of the event the customer may have added from the booking page. */
export function customerDeclinedMail(
  facts: BookingMailFacts,
  calendar: string | null = null,
): MailOutboxPayload {
  return {
    to: facts.customerEmail,
    subject: `Booking ${facts.code} declined / Reserva ${facts.code} rechazada`,
    text: [
      `Hi ${facts.customerName},`,
      '',
      `${facts.vendorName} cannot take your booking ${facts.code} (${facts.serviceName}, ${when(facts.start, facts.timezone, 'en')}). Nothing was charged. Please pick another time or another vendor.`,
      ...(calendar ? ['The attached calendar file (.ics) removes it from your calendar.'] : []),
      `Your booking: ${facts.manageUrl}`,
      '',
      '—',
      '',
      `Hola ${facts.customerName}: ${facts.vendorName} no puede atender tu reserva ${facts.code}. No se hizo ningún cargo.`,
      ...(calendar ? [calendarCancelLine] : []),
      `Tu reserva: ${facts.manageUrl}`,
      '',
      'Barrio',
    ].join('\n'),
    ...(calendar ? { attachments: [calendarAttachment(facts, calendar)] } : {}),
  };
}
