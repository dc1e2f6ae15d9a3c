import { VENDOR_CONFIRMATION_TARGET_HOURS } from '../../../../shared/constants.ts';
import { endSentence, zoneCity } from '../../../../shared/date-format.ts';
import type { Language } from '../../../../shared/language.ts';
import { priceText } from '../../../../shared/money.ts';
import { addressLine } from '../../../../shared/service-location.ts';
import { whatsAppLink } from '../../../../shared/whatsapp-link.ts';
import type { MailOutboxPayload } from '../../outbox/outbox.service.ts';
import type { BookingMailFacts, BookingWhere, PaymentMailFacts } from './message-facts.ts';
import {
  answerWindowLine,
  calendarAttachment,
  calendarCancelLine,
  customerMail,
  customerHello as hello,
  longDate,
  pageLine,
  vendorHello,
} from './payment-mails.ts';

// Every text a booking request sends, in one place (decision 014). Each person reads one language
// (decision 072): the vendor the account's (`facts.vendorLanguage`), the customer the booking's
// (`facts.language`, the page they booked on or their account's).

/** Where, in the vendor's words or the customer's, in a language; null when unknown. */
export function whereLine(
  { location, address, placeAddress }: BookingWhere,
  reader: 'vendor' | 'customer',
  language: Language,
): string | null {
  const w = whereWords[language];
  if (location === 'customer' && address) return w.customerAddress(reader, addressLine(address));
  if (location === 'vendor') return w.vendorPlace(reader, placeAddress?.trim() || null);
  if (location === 'online') return w.online;
  return null;
}

interface WhereWords {
  customerAddress: (reader: 'vendor' | 'customer', line: string) => string;
  vendorPlace: (reader: 'vendor' | 'customer', place: string | null) => string;
  online: string;
}

const whereWords: Record<Language, WhereWords> = {
  'es-MX': {
    customerAddress: (reader, line) =>
      reader === 'vendor' ? `En el domicilio del cliente: ${line}` : `En tu domicilio: ${line}`,
    vendorPlace: (reader, place) =>
      reader === 'vendor'
        ? 'En tu local'
        : place
          ? `En el local del proveedor: ${place}`
          : 'En el local del proveedor',
    online: 'En línea',
  },
  en: {
    customerAddress: (reader, line) =>
      reader === 'vendor' ? `At the customer's address: ${line}` : `At your address: ${line}`,
    vendorPlace: (reader, place) =>
      reader === 'vendor'
        ? 'At your place'
        : place
          ? `At the vendor's place: ${place}`
          : "At the vendor's place",
    online: 'Online',
  },
};

const when = longDate;

/** The two links of the vendor notification (ARCHITECTURE §4): the confirm page processes them at once. */
export function confirmLinks(appUrl: string, token: string) {
  const base = `${appUrl}/vendor-confirm?token=${encodeURIComponent(token)}`;
  return { confirm: `${base}&action=confirm`, decline: `${base}&action=decline` };
}

const labelled = (label: string, value: string | null | undefined) => (value ? [`${label}: ${value}`] : []);

/** What the vendor reads, never the customer's booking page (manageUrl): the page is the customer's. */
type VendorFacts = Omit<BookingMailFacts, 'manageUrl'>;

interface RequestWords {
  title: (code: string) => string;
  service: string;
  date: string;
  where: string;
  amount: string;
  customer: string;
  phone: string;
  email: string;
  notes: string;
  confirm: string;
  decline: string;
  details: string;
  target: string;
  payNext: string;
  subject: (f: VendorFacts) => string;
  tapOrType: (code: string) => string;
}

const request: Record<Language, RequestWords> = {
  'es-MX': {
    title: (code) => `Nueva solicitud de reserva · Código ${code}`,
    service: 'Servicio',
    date: 'Fecha',
    where: 'Dónde',
    amount: 'Importe',
    customer: 'Cliente',
    phone: 'Teléfono',
    email: 'Correo',
    notes: 'Notas',
    confirm: 'Confirmar',
    decline: 'Rechazar',
    details: 'Ver detalles',
    target: `Responde en menos de ${VENDOR_CONFIRMATION_TARGET_HOURS} horas.`,
    payNext: 'Al confirmar, el cliente recibirá el enlace de pago.',
    subject: (f) => `Nueva solicitud de reserva ${f.code} · ${f.serviceName}`,
    tapOrType: (code) => `Toca Confirmar o Rechazar, o responde CONFIRMAR ${code} o RECHAZAR ${code}.`,
  },
  en: {
    title: (code) => `New booking request · Code ${code}`,
    service: 'Service',
    date: 'When',
    where: 'Where',
    amount: 'Amount',
    customer: 'Customer',
    phone: 'Phone',
    email: 'Email',
    notes: 'Notes',
    confirm: 'Confirm',
    decline: 'Decline',
    details: 'View details',
    target: `Answer within ${VENDOR_CONFIRMATION_TARGET_HOURS} hours.`,
    payNext: 'Once you confirm, the customer gets the payment link.',
    subject: (f) => `New booking request ${f.code} · ${f.serviceName}`,
    tapOrType: (code) => `Tap Confirm or Decline, or reply CONFIRM ${code} or DENY ${code}.`,
  },
};

/** The request's lines; without its confirm links (a resend: their token is stored only hashed), none. */
function vendorLines(
  facts: VendorFacts,
  links: { confirm: string; decline: string } | null,
  details?: string,
): string[] {
  const language = facts.vendorLanguage;
  const w = request[language];
  return [
    w.title(facts.code),
    '',
    ...vendorDetailLines(facts),
    '',
    ...(links ? [`${w.confirm}: ${links.confirm}`, `${w.decline}: ${links.decline}`, ''] : []),
    ...(details ? [`${w.details}: ${details}`, ''] : []),
    // The 8-hour target as the target, the real deadline as the deadline.
    facts.answerDueAt ? answerWindowLine(facts.answerDueAt, facts.timezone, language) : w.target,
    w.payNext,
  ];
}

/** What the vendor needs to know and to go: the service, when, where, the amount and the customer. */
function vendorDetailLines(facts: VendorFacts): string[] {
  const language = facts.vendorLanguage;
  const w = request[language];
  return [
    `${w.service}: ${facts.serviceName}`,
    `${w.date}: ${when(facts.start, facts.timezone, language)}`,
    ...labelled(w.where, whereLine(facts.where, 'vendor', language)),
    `${w.amount}: ${priceText(facts.amountMxn, language)}`,
    '',
    // Everything the vendor needs to answer and to go, in the request itself.
    `${w.customer}: ${facts.customerName}`,
    ...labelled(w.phone, facts.customerPhone),
    ...labelled('WhatsApp', facts.customerPhone ? whatsAppLink(facts.customerPhone) : null),
    `${w.email}: ${facts.customerEmail}`,
    ...labelled(w.notes, facts.notes),
  ];
}

export function vendorRequestMail(
  to: string,
  facts: BookingMailFacts,
  links: { confirm: string; decline: string },
): MailOutboxPayload {
  return {
    to,
    subject: request[facts.vendorLanguage].subject(facts),
    text: [vendorHello(facts.vendorLanguage), '', ...vendorLines(facts, links), '', 'Barrio'].join('\n'),
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
  return [...vendorLines(facts, null, details), request[facts.vendorLanguage].tapOrType(facts.code)].join(
    '\n',
  );
}

interface InstantWords {
  subject: (f: VendorFacts) => string;
  title: (code: string) => string;
  noAnswer: string;
  paysNow: (due: string) => string;
  free: string;
  customerSubject: (code: string) => string;
  customerSaid: (vendor: string) => string;
  calendarAttached: string;
}

// Decision 097: an instant booking is confirmed when it is made; the vendor is told, not asked.
const instant: Record<Language, InstantWords> = {
  'es-MX': {
    subject: (f) => `Nueva reserva ${f.code} confirmada · ${f.serviceName}`,
    title: (code) => `Reserva inmediata: nueva reserva confirmada · Código ${code}`,
    noAnswer: 'Tienes activada la reserva inmediata: no necesitas confirmarla.',
    paysNow: (due) =>
      `El cliente paga ahora; si no paga antes del ${due}, la reserva se cancela sola y el horario queda libre.`,
    free: 'No hay nada que pagar: la reserva ya está en tu agenda.',
    customerSubject: (code) => `Reserva ${code} confirmada`,
    customerSaid: (vendor) =>
      `${vendor} acepta reservas inmediatas: tu reserva quedó confirmada. No hay nada que pagar.`,
    calendarAttached: 'Adjuntamos una invitación de calendario (.ics).',
  },
  en: {
    subject: (f) => `New booking ${f.code} confirmed · ${f.serviceName}`,
    title: (code) => `Instant booking: new confirmed booking · Code ${code}`,
    noAnswer: 'You have instant booking on: there is nothing to confirm.',
    paysNow: (due) =>
      `The customer pays now; if it is not paid by ${due}, the booking is cancelled and the slot is free again.`,
    free: 'There is nothing to pay: the booking is already in your agenda.',
    customerSubject: (code) => `Booking ${code} confirmed`,
    customerSaid: (vendor) =>
      `${vendor} takes instant bookings: your booking is confirmed. There is nothing to pay.`,
    calendarAttached: 'A calendar invitation (.ics) is attached.',
  },
};

/** The vendor's news of an instant booking, in mail and WhatsApp alike; `payBy` null for a free one. */
function instantLines(facts: VendorFacts, payBy: Date | null): string[] {
  const language = facts.vendorLanguage;
  const w = instant[language];
  return [
    w.title(facts.code),
    '',
    ...vendorDetailLines(facts),
    '',
    w.noAnswer,
    payBy ? w.paysNow(when(payBy, facts.timezone, language)) : w.free,
  ];
}

export function vendorInstantMail(to: string, facts: VendorFacts, payBy: Date | null): MailOutboxPayload {
  return {
    to,
    subject: instant[facts.vendorLanguage].subject(facts),
    text: [vendorHello(facts.vendorLanguage), '', ...instantLines(facts, payBy), '', 'Barrio'].join('\n'),
  };
}

export function vendorInstantWhatsApp(facts: VendorFacts, payBy: Date | null): string {
  return instantLines(facts, payBy).join('\n');
}

/** A free instant booking: the customer reads it confirmed, with the calendar invitation. */
export function instantConfirmedCustomerMail(facts: PaymentMailFacts, calendar: string): MailOutboxPayload {
  const w = instant[facts.language];
  return {
    ...customerMail(
      facts,
      w.customerSubject(facts.code),
      [w.customerSaid(facts.vendorName)],
      [w.calendarAttached],
    ),
    attachments: [calendarAttachment(facts, calendar)],
  };
}

interface CustomerWords {
  receiptSubject: (code: string) => string;
  sent: (f: BookingMailFacts, due: string | null) => string;
  service: string;
  when: (f: BookingMailFacts, date: string) => string;
  where: string;
  amount: string;
  code: string;
  payNext: string;
  declinedSubject: (code: string) => string;
  declined: (f: BookingMailFacts, date: string) => string;
}

const customer: Record<Language, CustomerWords> = {
  'es-MX': {
    receiptSubject: (code) => `Solicitud de reserva ${code} recibida`,
    sent: (f, due) =>
      `Enviamos tu solicitud a ${f.vendorName}. El proveedor suele responder en menos de ${VENDOR_CONFIRMATION_TARGET_HOURS} horas${
        due ? `; el plazo vence el ${endSentence(due)}` : '.'
      }`,
    service: 'Servicio',
    when: (f, date) => `Fecha: ${date} (hora de ${zoneCity(f.timezone, 'es-MX')})`,
    where: 'Dónde',
    amount: 'Importe',
    code: 'Código de reserva',
    payNext: 'Cuando el proveedor confirme, te enviaremos el enlace para pagar.',
    declinedSubject: (code) => `Reserva ${code} rechazada`,
    declined: (f, date) =>
      `${f.vendorName} no puede atender tu reserva ${f.code} (${f.serviceName}, ${date}). No se hizo ningún cargo. Elige otro horario u otro proveedor.`,
  },
  en: {
    receiptSubject: (code) => `Booking request ${code} received`,
    sent: (f, due) =>
      `We sent your request to ${f.vendorName}. ${
        due
          ? `The vendor usually answers within ${VENDOR_CONFIRMATION_TARGET_HOURS} hours, and at the latest by ${endSentence(due)}`
          : `The vendor usually answers within ${VENDOR_CONFIRMATION_TARGET_HOURS} hours.`
      }`,
    service: 'Service',
    when: (f, date) => `When: ${date} (${zoneCity(f.timezone, 'en')} time)`,
    where: 'Where',
    amount: 'Amount',
    code: 'Booking code',
    payNext: 'Once the vendor confirms, we will send you a link to pay.',
    declinedSubject: (code) => `Booking ${code} declined`,
    declined: (f, date) =>
      `${f.vendorName} cannot take your booking ${f.code} (${f.serviceName}, ${date}). Nothing was charged. Please pick another time or another vendor.`,
  },
};

/** The customer's receipt of the request, in the booking's language. */
/** The receipt's subject in a language: how a check (the fault tests) finds a booking's receipt. */
export const customerReceiptSubject = (code: string, language: Language) =>
  customer[language].receiptSubject(code);

export function customerReceiptMail(facts: BookingMailFacts): MailOutboxPayload {
  const language = facts.language;
  const w = customer[language];
  return {
    to: facts.customerEmail,
    subject: w.receiptSubject(facts.code),
    text: [
      hello(facts),
      '',
      w.sent(facts, facts.answerDueAt ? when(facts.answerDueAt, facts.timezone, language) : null),
      '',
      `${w.service}: ${facts.serviceName}`,
      w.when(facts, when(facts.start, facts.timezone, language)),
      ...labelled(w.where, whereLine(facts.where, 'customer', language)),
      `${w.amount}: ${priceText(facts.amountMxn, language)}`,
      `${w.code}: ${facts.code}`,
      '',
      w.payNext,
      pageLine(facts),
      '',
      'Barrio',
    ].join('\n'),
  };
}

/** `calendar`: the cancellation of the event the customer may have added from the booking page. */
export function customerDeclinedMail(
  facts: BookingMailFacts,
  calendar: string | null = null,
  /** The vendor's reason and the time offered instead, worded (decision 096). */
  extra: readonly string[] = [],
): MailOutboxPayload {
  const language = facts.language;
  return {
    to: facts.customerEmail,
    subject: customer[language].declinedSubject(facts.code),
    text: [
      hello(facts),
      '',
      customer[language].declined(facts, when(facts.start, facts.timezone, language)),
      ...extra,
      ...(calendar ? [calendarCancelLine(language)] : []),
      pageLine(facts),
      '',
      'Barrio',
    ].join('\n'),
    ...(calendar ? { attachments: [calendarAttachment(facts, calendar)] } : {}),
  };
}
