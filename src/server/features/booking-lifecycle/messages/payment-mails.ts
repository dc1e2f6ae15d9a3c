import { VENDOR_CONFIRMATION_TARGET_HOURS } from '../../../../shared/constants.ts';
import { dateTimeFormat, endSentence, zoneCity } from '../../../../shared/date-format.ts';
import { intlLocales, type Language } from '../../../../shared/language.ts';
import { formatMxn } from '../../../../shared/money.ts';
import type { MailOutboxPayload } from '../../outbox/outbox.service.ts';
import type { PaymentMailFacts } from './message-facts.ts';

// Every text the payment step sends (decision 017), and the parts every booking mail is made of.
// Each person reads one language (decision 072): the customer the booking's (`facts.language`), the
// vendor the account's (`facts.vendorLanguage`); times are in the vendor's timezone, where the
// service happens.

/** 'lunes, 23 de noviembre de 2026, 9:00' / 'Monday, November 23, 2026 at 9:00 AM' in the given zone. */
export function longDate(at: Date, timezone: string, language: Language): string {
  return dateTimeFormat(intlLocales[language], {
    timeZone: timezone,
    dateStyle: 'full',
    timeStyle: 'short',
  }).format(at);
}

export const amount = (facts: PaymentMailFacts) => formatMxn(facts.amountMxn);

interface CommonWords {
  service: string;
  date: string;
  amount: string;
  code: string;
  zone: (city: string) => string;
  page: string;
  hello: (name: string) => string;
  helloVendor: string;
  answerWindow: (due: string) => string;
  payBy: (due: string, city: string) => string;
  calendarCancel: string;
}

const common: Record<Language, CommonWords> = {
  'es-MX': {
    service: 'Servicio',
    date: 'Fecha',
    amount: 'Importe',
    code: 'Código de reserva',
    zone: (city) => `hora de ${city}`,
    page: 'Tu reserva',
    hello: (name) => `Hola ${name}:`,
    helloVendor: 'Hola:',
    answerWindow: (due) =>
      `Responde en menos de ${VENDOR_CONFIRMATION_TARGET_HOURS} horas; la solicitud vence el ${endSentence(due)}`,
    payBy: (due, city) =>
      `Tienes hasta el ${due} (hora de ${city}) para pagar; si no, la reserva se cancelará automáticamente.`,
    calendarCancel: 'Adjuntamos la cancelación para tu calendario (.ics): al abrirla se quita la cita.',
  },
  en: {
    service: 'Service',
    date: 'When',
    amount: 'Amount',
    code: 'Booking code',
    zone: (city) => `${city} time`,
    page: 'Your booking',
    hello: (name) => `Hi ${name},`,
    helloVendor: 'Hello,',
    answerWindow: (due) =>
      `Answer within ${VENDOR_CONFIRMATION_TARGET_HOURS} hours; the request expires on ${endSentence(due)}`,
    payBy: (due, city) =>
      `You have until ${due} (${city} time) to pay; otherwise the booking will be cancelled automatically.`,
    calendarCancel:
      'The attached calendar cancellation (.ics) removes the appointment from your calendar when you open it.',
  },
};

/** The booking's service, date, amount and code, in `language`: the body of every booking message. */
export function details(facts: PaymentMailFacts, language: Language): string[] {
  const w = common[language];
  return [
    `${w.service}: ${facts.serviceName} · ${facts.vendorName}`,
    `${w.date}: ${longDate(facts.start, facts.timezone, language)} (${w.zone(zoneCity(facts.timezone, language))})`,
    `${w.amount}: ${amount(facts)}`,
    `${w.code}: ${facts.code}`,
  ];
}

/** The customer's booking page, in every message to the customer; never to the vendor. */
export const pageLine = (facts: Pick<PaymentMailFacts, 'language' | 'manageUrl'>) =>
  `${common[facts.language].page}: ${facts.manageUrl}`;

/** The greeting of a mail to the customer, in the booking's language. */
export const customerHello = (facts: Pick<PaymentMailFacts, 'language' | 'customerName'>) =>
  common[facts.language].hello(facts.customerName);

/** The greeting of a mail to the vendor. */
export const vendorHello = (language: Language) => common[language].helloVendor;

/**
 * The vendor's answer window, worded the same in every request message and on the dashboard (issue
 * 24): the 8-hour target as a target, the real deadline (the earlier of 24 h after the request and
 * the start, ARCHITECTURE §4) as the deadline.
 */
export function answerWindowLine(dueAt: Date, timezone: string, language: Language = 'es-MX'): string {
  return common[language].answerWindow(longDate(dueAt, timezone, language));
}

function deadlineLine(dueAt: Date, facts: PaymentMailFacts): string {
  return common[facts.language].payBy(
    longDate(dueAt, facts.timezone, facts.language),
    zoneCity(facts.timezone, facts.language),
  );
}

/** The line of a cancellation mail to the customer that carries the calendar's cancellation. */
export const calendarCancelLine = (language: Language) => common[language].calendarCancel;

/**
 * A mail to the customer about the booking, in the booking's language: the greeting, what is said,
 * the booking's details, the lines that close it (the payment deadline, the calendar's removal), the
 * booking's page, Barrio.
 */
export function customerMail(
  facts: PaymentMailFacts,
  subject: string,
  said: string[],
  closing: string[],
): MailOutboxPayload {
  return {
    to: facts.customerEmail,
    subject,
    text: [
      customerHello(facts),
      '',
      ...said,
      '',
      ...details(facts, facts.language),
      '',
      ...closing,
      pageLine(facts),
      '',
      'Barrio',
    ].join('\n'),
  };
}

/** A mail to the vendor about the booking, in the vendor's language. */
export function vendorMail(
  to: string,
  facts: PaymentMailFacts,
  subject: string,
  said: string[],
  after: string[] = [],
): MailOutboxPayload {
  return {
    to,
    subject,
    text: [
      vendorHello(facts.vendorLanguage),
      '',
      ...said,
      '',
      ...details(facts, facts.vendorLanguage),
      ...after,
      '',
      'Barrio',
    ].join('\n'),
  };
}

interface PaymentWords {
  linkSubject: (code: string) => string;
  linkSaid: (vendor: string) => string;
  linkWhatsApp: (f: PaymentMailFacts, when: string) => string[];
  paidSubject: (code: string) => string;
  paidSaid: (f: PaymentMailFacts) => string;
  calendarAttached: string;
  paidVendorSubject: (f: PaymentMailFacts) => string;
  paidVendorSaid: (f: PaymentMailFacts) => string;
  paidWhatsAppCustomer: (f: PaymentMailFacts, when: string) => string;
  paidWhatsAppVendor: (f: PaymentMailFacts, when: string) => string;
  notes: string;
  unpaidSubject: (code: string) => string;
  unpaidCustomer: (vendor: string) => string;
  bookAgain: string;
  unpaidVendor: (f: PaymentMailFacts) => string;
  failedSubject: (code: string) => string;
  failedSaid: (f: PaymentMailFacts) => string[];
  lateSubject: (code: string) => string;
  lateSaid: (f: PaymentMailFacts) => string;
}

const payment: Record<Language, PaymentWords> = {
  'es-MX': {
    linkSubject: (code) => `Reserva ${code} confirmada: paga para asegurarla`,
    linkSaid: (vendor) => `${vendor} confirmó tu reserva. Para asegurarla, paga con el siguiente enlace:`,
    linkWhatsApp: (f, when) => [
      `Hola ${f.customerName}: ${f.vendorName} confirmó tu reserva ${f.code} (${f.serviceName}, ${when}).`,
      `Paga ${amount(f)} con el botón Pagar.`,
    ],
    paidSubject: (code) => `Pago recibido · Reserva ${code} confirmada`,
    paidSaid: (f) => `Recibimos tu pago de ${amount(f)}. Tu reserva con ${f.vendorName} está confirmada.`,
    calendarAttached: 'Adjuntamos una invitación de calendario (.ics).',
    paidVendorSubject: (f) => `Reserva ${f.code} pagada · ${f.serviceName}`,
    paidVendorSaid: (f) => `${f.customerName} pagó la reserva ${f.code}. Está confirmada.`,
    paidWhatsAppCustomer: (f, when) =>
      `Recibimos tu pago de ${amount(f)}. Tu reserva ${f.code} con ${f.vendorName} está confirmada: ${endSentence(when)}`,
    paidWhatsAppVendor: (f, when) =>
      `${f.customerName} pagó la reserva ${f.code} (${f.serviceName}, ${when}). Está confirmada.`,
    notes: 'Notas',
    unpaidSubject: (code) => `Reserva ${code} cancelada por falta de pago`,
    unpaidCustomer: (vendor) =>
      `Tu reserva con ${vendor} se canceló automáticamente porque el pago no se completó a tiempo. No se hizo ningún cargo.`,
    bookAgain: 'Puedes volver a reservar cuando quieras.',
    unpaidVendor: (f) =>
      `La reserva ${f.code} de ${f.customerName} se canceló porque no se pagó a tiempo. El horario vuelve a estar libre.`,
    failedSubject: (code) => `Reserva ${code}: tu pago en OXXO no se completó`,
    failedSaid: (f) => [
      `Tu pago en OXXO de ${amount(f)} para la reserva ${f.code} no se completó: la ficha venció sin pago y no se te cobró nada.`,
      'Tu reserva sigue apartada: te enviamos un nuevo enlace para pagar.',
    ],
    lateSubject: (code) => `Reserva ${code}: recibimos un pago tardío y lo reembolsaremos`,
    lateSaid: (f) =>
      `Recibimos tu pago de ${amount(f)}, pero la reserva ${f.code} ya estaba cancelada. Te reembolsaremos el importe completo.`,
  },
  en: {
    linkSubject: (code) => `Booking ${code} confirmed: pay to secure it`,
    linkSaid: (vendor) => `${vendor} confirmed your booking. To secure it, pay with this link:`,
    linkWhatsApp: (f, when) => [
      `Hi ${f.customerName}: ${f.vendorName} confirmed your booking ${f.code} (${f.serviceName}, ${when}).`,
      `Pay ${amount(f)} with the Pay button.`,
    ],
    paidSubject: (code) => `Payment received · Booking ${code} confirmed`,
    paidSaid: (f) =>
      `We received your payment of ${amount(f)}. Your booking with ${f.vendorName} is confirmed.`,
    calendarAttached: 'A calendar invitation (.ics) is attached.',
    paidVendorSubject: (f) => `Booking ${f.code} paid · ${f.serviceName}`,
    paidVendorSaid: (f) => `${f.customerName} paid for booking ${f.code}. It is confirmed.`,
    paidWhatsAppCustomer: (f, when) =>
      `We received your payment of ${amount(f)}. Your booking ${f.code} with ${f.vendorName} is confirmed: ${endSentence(when)}`,
    paidWhatsAppVendor: (f, when) =>
      `${f.customerName} paid for booking ${f.code} (${f.serviceName}, ${when}). It is confirmed.`,
    notes: 'Notes',
    unpaidSubject: (code) => `Booking ${code} cancelled: not paid in time`,
    unpaidCustomer: (vendor) =>
      `Your booking with ${vendor} was cancelled automatically because the payment was not completed in time. Nothing was charged.`,
    bookAgain: 'You can book again whenever you like.',
    unpaidVendor: (f) =>
      `Booking ${f.code} by ${f.customerName} was cancelled because it was not paid in time. The slot is free again.`,
    failedSubject: (code) => `Booking ${code}: your OXXO payment was not completed`,
    failedSaid: (f) => [
      `Your OXXO payment of ${amount(f)} for booking ${f.code} was not completed: the voucher expired unpaid and nothing was charged.`,
      'Your booking is still held: we are sending you a new link to pay.',
    ],
    lateSubject: (code) => `Booking ${code}: we received a late payment and will refund it`,
    lateSaid: (f) =>
      `We received your payment of ${amount(f)}, but booking ${f.code} was already cancelled. We will refund the full amount.`,
  },
};

/** The payment link, by mail (ARCHITECTURE §4: sent when the vendor confirms). */
export function paymentLinkMail(facts: PaymentMailFacts, url: string, dueAt: Date): MailOutboxPayload {
  const w = payment[facts.language];
  return customerMail(
    facts,
    w.linkSubject(facts.code),
    [w.linkSaid(facts.vendorName), '', url],
    [deadlineLine(dueAt, facts)],
  );
}

/**
 * The same by WhatsApp (payload.text of a `payment_link` outbox item): the link is its Pagar button
 * (customer-whatsapp.ts, decision 070), never a raw link in the text.
 */
export function paymentLinkWhatsApp(facts: PaymentMailFacts, dueAt: Date): string {
  return [
    ...payment[facts.language].linkWhatsApp(facts, longDate(facts.start, facts.timezone, facts.language)),
    deadlineLine(dueAt, facts),
  ].join('\n');
}

export function paidCustomerMail(facts: PaymentMailFacts, calendar: string): MailOutboxPayload {
  const w = payment[facts.language];
  return {
    ...customerMail(facts, w.paidSubject(facts.code), [w.paidSaid(facts)], [w.calendarAttached]),
    attachments: [calendarAttachment(facts, calendar)],
  };
}

export function paidVendorMail(to: string, facts: PaymentMailFacts): MailOutboxPayload {
  const w = payment[facts.vendorLanguage];
  return vendorMail(
    to,
    facts,
    w.paidVendorSubject(facts),
    [w.paidVendorSaid(facts)],
    facts.notes ? [`${w.notes}: ${facts.notes}`] : [],
  );
}

/** The payment received by WhatsApp, each side in its own language. */
export function paidWhatsApp(facts: PaymentMailFacts, audience: 'customer' | 'vendor'): string {
  const language = audience === 'customer' ? facts.language : facts.vendorLanguage;
  const when = longDate(facts.start, facts.timezone, language);
  return audience === 'customer'
    ? payment[language].paidWhatsAppCustomer(facts, when)
    : payment[language].paidWhatsAppVendor(facts, when);
}

/** Both sides learn that an unpaid booking was cancelled (ARCHITECTURE §4: payment_timeout). */
export function unpaidCancelledMails(
  facts: PaymentMailFacts,
  calendar: string | null = null,
): MailOutboxPayload[] {
  const w = payment[facts.language];
  const mails: MailOutboxPayload[] = [
    {
      ...customerMail(
        facts,
        w.unpaidSubject(facts.code),
        [w.unpaidCustomer(facts.vendorName)],
        [w.bookAgain, ...(calendar ? [calendarCancelLine(facts.language)] : [])],
      ),
      ...(calendar ? { attachments: [calendarAttachment(facts, calendar)] } : {}),
    },
  ];
  if (facts.vendorEmail) {
    const v = payment[facts.vendorLanguage];
    mails.push(vendorMail(facts.vendorEmail, facts, v.unpaidSubject(facts.code), [v.unpaidVendor(facts)]));
  }
  return mails;
}

/**
 * checkout.session.async_payment_failed (decision 056): the OXXO voucher went unpaid. The booking
 * stays reserved until its deadline; a new payment link follows in its own mail.
 */
export function paymentFailedMail(facts: PaymentMailFacts, dueAt: Date): MailOutboxPayload {
  const w = payment[facts.language];
  return customerMail(facts, w.failedSubject(facts.code), w.failedSaid(facts), [deadlineLine(dueAt, facts)]);
}

/** ARCHITECTURE §7: a payment for a booking already cancelled is kept and refunded, never dropped. */
export function latePaymentMail(facts: PaymentMailFacts, calendar: string | null = null): MailOutboxPayload {
  const w = payment[facts.language];
  return {
    ...customerMail(
      facts,
      w.lateSubject(facts.code),
      [w.lateSaid(facts)],
      calendar ? [calendarCancelLine(facts.language)] : [],
    ),
    ...(calendar ? { attachments: [calendarAttachment(facts, calendar)] } : {}),
  };
}

/**
 * A booking's calendar file as a mail attachment; a cancellation says its iTIP method in the type
 * too (RFC 6047 §2.4), which is what mail clients act on.
 */
export function calendarAttachment(facts: { code: string }, calendar: string) {
  const cancel = calendar.includes('\r\nMETHOD:CANCEL\r\n');
  return {
    filename: `reserva-${facts.code}.ics`,
    content: calendar,
    contentType: `text/calendar; charset=utf-8${cancel ? '; method=CANCEL' : ''}`,
  };
}
