import { endSentence } from '../../../../shared/date-format.ts';
import type { Language } from '../../../../shared/language.ts';
import { formatMxn } from '../../../../shared/money.ts';
import type { MailOutboxPayload } from '../../outbox/outbox.service.ts';
import type { PaymentMailFacts } from './message-facts.ts';
import {
  amount,
  calendarAttachment,
  calendarCancelLine,
  customerMail,
  longDate,
  vendorMail,
} from './payment-mails.ts';

// The texts of what happens to a booking after it is made (decision 046): the customer
// cancels or moves it, it is due tomorrow, a request expires unanswered, money is paid back. The
// customer's are in the booking's language, the vendor's in the vendor's (decision 072), with times
// in the vendor's timezone; the customer's carry the booking page's link, the vendor's never do.

/**
 * A mail telling the customer that the booking is over: what happened, the booking, the removal of
 * its calendar event when one is attached (`calendar`), and its page.
 */
function customerEndedMail(
  facts: PaymentMailFacts,
  subject: string,
  happened: string[],
  calendar: string | null,
): MailOutboxPayload {
  return {
    ...customerMail(facts, subject, happened, calendar ? [calendarCancelLine(facts.language)] : []),
    ...(calendar ? { attachments: [calendarAttachment(facts, calendar)] } : {}),
  };
}

/** Who cancelled: the customer, an administrator (decision 049) or the vendor (decision 094). */
export type By = 'customer' | 'admin' | 'vendor';

interface ChangeWords {
  cancelledSubject: (by: By, code: string) => string;
  cancelledSaid: (by: By, vendor: string) => string;
  reason: string;
  refund: (refund: string) => string;
  refundPart: (refund: string, paid: string) => string;
  noRefund: (paid: string) => string;
  nothingCharged: string;
  cancelledWhatsApp: (by: By, f: PaymentMailFacts, when: string) => string;
  refundWhatsApp: (refund: string) => string;
  vendorCancelledSubject: (by: By, code: string) => string;
  vendorCancelledSaid: (by: By, f: PaymentMailFacts) => string;
  vendorRefunded: string;
  vendorRefundedPart: (refund: string, paid: string) => string;
  vendorNoRefund: (paid: string) => string;
  vendorCancelledWhatsApp: (who: string, f: PaymentMailFacts, when: string) => string;
  /** The vendor's own copy of their cancellation (decision 094). */
  vendorCancelledOwnWhatsApp: (f: PaymentMailFacts, when: string) => string;
  /** Who cancelled, for the vendor: Barrio, or the customer by name. */
  barrio: string;
  rescheduledSubject: (code: string) => string;
  rescheduledSaid: (f: PaymentMailFacts, before: string, after: string) => string;
  rescheduledCalendar: string;
  vendorRescheduledSubject: (code: string) => string;
  vendorRescheduledSaid: (f: PaymentMailFacts, before: string, after: string) => string[];
  vendorRescheduledWhatsApp: (f: PaymentMailFacts, before: string, after: string) => string;
  reminderSubject: (code: string) => string;
  reminderSaid: (f: PaymentMailFacts, when: string) => string;
  calendarAttached: string;
  vendorReminderSubject: (code: string) => string;
  vendorReminderSaid: (f: PaymentMailFacts, when: string) => string;
  customerPhone: string;
  notes: string;
  reminderWhatsAppCustomer: (f: PaymentMailFacts, when: string) => string;
  reminderWhatsAppVendor: (f: PaymentMailFacts, when: string) => string;
  expiredSubject: (code: string) => string;
  expiredSaid: (vendor: string) => string;
  similar: string;
  expiredWhatsApp: (f: PaymentMailFacts) => string;
  refundSubject: (code: string) => string;
  refundSaid: (f: PaymentMailFacts, refunded: string) => string;
}

// A card refund shows within 5 to 10 business days, as card issuers in Mexico state it.
const change: Record<Language, ChangeWords> = {
  'es-MX': {
    cancelledSubject: (by, code) =>
      by === 'admin'
        ? `Cancelamos tu reserva ${code}`
        : by === 'vendor'
          ? `El proveedor canceló tu reserva ${code}`
          : `Cancelaste tu reserva ${code}`,
    cancelledSaid: (by, vendor) =>
      by === 'admin'
        ? `Barrio canceló tu reserva con ${vendor}. Ya avisamos a ${vendor}.`
        : by === 'vendor'
          ? `${vendor} canceló tu reserva. Lo sentimos.`
          : `Cancelaste tu reserva con ${vendor}.`,
    reason: 'Motivo',
    refund: (refund) =>
      `Te reembolsaremos el importe completo, ${refund}, a la tarjeta con la que pagaste; te escribiremos cuando salga el reembolso.`,
    refundPart: (refund, paid) =>
      `Según la política de cancelación de la reserva, te reembolsaremos ${refund} de los ${paid} que pagaste, a la misma tarjeta; te escribiremos cuando salga el reembolso.`,
    noRefund: (paid) =>
      `Según la política de cancelación de la reserva, ya no hay reembolso: el pago de ${paid} se queda con el negocio.`,
    nothingCharged: 'No se hizo ningún cargo.',
    cancelledWhatsApp: (by, f, when) =>
      by === 'admin'
        ? `Barrio canceló tu reserva ${f.code} con ${f.vendorName} (${f.serviceName}, ${when}).`
        : by === 'vendor'
          ? `${f.vendorName} canceló tu reserva ${f.code} (${f.serviceName}, ${when}).`
          : `Cancelaste tu reserva ${f.code} con ${f.vendorName} (${f.serviceName}, ${when}); ya avisamos a ${f.vendorName}.`,
    refundWhatsApp: (refund) => `Te reembolsaremos ${refund} a la tarjeta con la que pagaste.`,
    vendorCancelledSubject: (by, code) =>
      by === 'admin'
        ? `Reserva ${code} cancelada por Barrio`
        : by === 'vendor'
          ? `Cancelaste la reserva ${code}`
          : `Reserva ${code} cancelada por el cliente`,
    vendorCancelledSaid: (by, f) =>
      by === 'admin'
        ? `Barrio canceló la reserva ${f.code} de ${f.customerName}. El horario vuelve a estar libre.`
        : by === 'vendor'
          ? `Cancelaste la reserva ${f.code} de ${f.customerName}; ya le avisamos. El horario vuelve a estar libre.`
          : `${f.customerName} canceló la reserva ${f.code}. El horario vuelve a estar libre.`,
    vendorRefunded: 'El cliente recibe el reembolso completo de su pago.',
    vendorRefundedPart: (refund, paid) =>
      `Según tu política de cancelación, el cliente recibe ${refund} de los ${paid} que pagó; el resto es tuyo (menos la comisión).`,
    vendorNoRefund: (paid) =>
      `Según tu política de cancelación, el cliente no recibe reembolso: los ${paid} que pagó son tuyos (menos la comisión).`,
    vendorCancelledWhatsApp: (who, f, when) =>
      `${who} canceló la reserva ${f.code} (${f.serviceName}, ${when}). El horario vuelve a estar libre.`,
    vendorCancelledOwnWhatsApp: (f, when) =>
      `Cancelaste la reserva ${f.code} de ${f.customerName} (${f.serviceName}, ${when}); ya le avisamos. El horario vuelve a estar libre.`,
    barrio: 'Barrio',
    rescheduledSubject: (code) => `Reserva ${code}: nueva fecha`,
    rescheduledSaid: (f, before, after) =>
      `Cambiaste tu reserva con ${f.vendorName} del ${before} al ${endSentence(after)} Ya avisamos a ${f.vendorName}.`,
    rescheduledCalendar: 'Adjuntamos la invitación de calendario con la nueva fecha (.ics).',
    vendorRescheduledSubject: (code) => `Reserva ${code}: el cliente cambió la fecha`,
    vendorRescheduledSaid: (f, before, after) => [
      `${f.customerName} cambió la reserva ${f.code}:`,
      `Antes: ${before}`,
      `Ahora: ${after}`,
      '',
      'El horario anterior vuelve a estar libre.',
    ],
    vendorRescheduledWhatsApp: (f, before, after) =>
      `${f.customerName} cambió la reserva ${f.code} (${f.serviceName}) del ${before} al ${endSentence(after)} El horario anterior vuelve a estar libre.`,
    reminderSubject: (code) => `Recordatorio: tu reserva ${code} es mañana`,
    reminderSaid: (f, when) => `Te recordamos tu reserva con ${f.vendorName}: ${endSentence(when)}`,
    calendarAttached: 'Adjuntamos la invitación de calendario (.ics).',
    vendorReminderSubject: (code) => `Recordatorio: reserva ${code} mañana`,
    vendorReminderSaid: (f, when) => `Te recordamos la reserva de ${f.customerName}: ${endSentence(when)}`,
    customerPhone: 'Teléfono del cliente',
    notes: 'Notas',
    reminderWhatsAppCustomer: (f, when) =>
      `Recordatorio: tu reserva ${f.code} con ${f.vendorName} es el ${endSentence(when)}`,
    reminderWhatsAppVendor: (f, when) =>
      `Recordatorio: la reserva ${f.code} de ${f.customerName} (${f.serviceName}) es el ${endSentence(when)}`,
    expiredSubject: (code) => `Tu solicitud ${code} venció sin respuesta`,
    expiredSaid: (vendor) =>
      `${vendor} no respondió a tu solicitud a tiempo, así que venció. No se hizo ningún cargo.`,
    similar: 'Proveedores parecidos que pueden atenderte',
    expiredWhatsApp: (f) =>
      `Tu solicitud ${f.code} a ${f.vendorName} venció sin respuesta; no se hizo ningún cargo. Toca Ver parecidos para elegir otro proveedor.`,
    refundSubject: (code) => `Reembolso de la reserva ${code}`,
    refundSaid: (f, refunded) =>
      `Reembolsamos ${refunded} de tu reserva ${f.code} a la tarjeta con la que pagaste (${amount(f)} pagados). Lo verás entre 5 y 10 días hábiles.`,
  },
  en: {
    cancelledSubject: (by, code) =>
      by === 'admin'
        ? `We cancelled your booking ${code}`
        : by === 'vendor'
          ? `The vendor cancelled your booking ${code}`
          : `You cancelled your booking ${code}`,
    cancelledSaid: (by, vendor) =>
      by === 'admin'
        ? `Barrio cancelled your booking with ${vendor}. We have told ${vendor}.`
        : by === 'vendor'
          ? `${vendor} cancelled your booking. We are sorry.`
          : `You cancelled your booking with ${vendor}.`,
    reason: 'Reason',
    refund: (refund) =>
      `We will refund the full amount, ${refund}, to the card you paid with; we will write to you when the refund is issued.`,
    refundPart: (refund, paid) =>
      `Under the booking's cancellation policy, we will refund ${refund} of the ${paid} you paid to the same card; we will write to you when the refund is issued.`,
    noRefund: (paid) =>
      `Under the booking's cancellation policy, it is too late for a refund: the ${paid} you paid stays with the vendor.`,
    nothingCharged: 'Nothing was charged.',
    cancelledWhatsApp: (by, f, when) =>
      by === 'admin'
        ? `Barrio cancelled your booking ${f.code} with ${f.vendorName} (${f.serviceName}, ${when}).`
        : by === 'vendor'
          ? `${f.vendorName} cancelled your booking ${f.code} (${f.serviceName}, ${when}).`
          : `You cancelled your booking ${f.code} with ${f.vendorName} (${f.serviceName}, ${when}); we have told ${f.vendorName}.`,
    refundWhatsApp: (refund) => `We will refund ${refund} to the card you paid with.`,
    vendorCancelledSubject: (by, code) =>
      by === 'admin'
        ? `Booking ${code} cancelled by Barrio`
        : by === 'vendor'
          ? `You cancelled booking ${code}`
          : `Booking ${code} cancelled by the customer`,
    vendorCancelledSaid: (by, f) =>
      by === 'admin'
        ? `Barrio cancelled booking ${f.code} by ${f.customerName}. The slot is free again.`
        : by === 'vendor'
          ? `You cancelled booking ${f.code} by ${f.customerName}; we have told them. The slot is free again.`
          : `${f.customerName} cancelled booking ${f.code}. The slot is free again.`,
    vendorRefunded: 'The customer gets a full refund of their payment.',
    vendorRefundedPart: (refund, paid) =>
      `Under your cancellation policy, the customer gets ${refund} of the ${paid} they paid back; the rest is yours (less the commission).`,
    vendorNoRefund: (paid) =>
      `Under your cancellation policy, the customer gets no refund: the ${paid} they paid is yours (less the commission).`,
    vendorCancelledWhatsApp: (who, f, when) =>
      `${who} cancelled booking ${f.code} (${f.serviceName}, ${when}). The slot is free again.`,
    vendorCancelledOwnWhatsApp: (f, when) =>
      `You cancelled booking ${f.code} by ${f.customerName} (${f.serviceName}, ${when}); we have told them. The slot is free again.`,
    barrio: 'Barrio',
    rescheduledSubject: (code) => `Booking ${code}: new time`,
    rescheduledSaid: (f, before, after) =>
      `You moved your booking with ${f.vendorName} from ${before} to ${endSentence(after)} We have told ${f.vendorName}.`,
    rescheduledCalendar: 'The calendar invitation with the new time (.ics) is attached.',
    vendorRescheduledSubject: (code) => `Booking ${code}: the customer changed the time`,
    vendorRescheduledSaid: (f, before, after) => [
      `${f.customerName} moved booking ${f.code}:`,
      `Before: ${before}`,
      `Now: ${after}`,
      '',
      'The previous slot is free again.',
    ],
    vendorRescheduledWhatsApp: (f, before, after) =>
      `${f.customerName} moved booking ${f.code} (${f.serviceName}) from ${before} to ${endSentence(after)} The previous slot is free again.`,
    reminderSubject: (code) => `Reminder: your booking ${code} is tomorrow`,
    reminderSaid: (f, when) => `A reminder of your booking with ${f.vendorName}: ${endSentence(when)}`,
    calendarAttached: 'The calendar invitation (.ics) is attached.',
    vendorReminderSubject: (code) => `Reminder: booking ${code} tomorrow`,
    vendorReminderSaid: (f, when) => `A reminder of ${f.customerName}'s booking: ${endSentence(when)}`,
    customerPhone: "Customer's phone",
    notes: 'Notes',
    reminderWhatsAppCustomer: (f, when) =>
      `Reminder: your booking ${f.code} with ${f.vendorName} is on ${endSentence(when)}`,
    reminderWhatsAppVendor: (f, when) =>
      `Reminder: booking ${f.code} by ${f.customerName} (${f.serviceName}) is on ${endSentence(when)}`,
    expiredSubject: (code) => `Your request ${code} expired without an answer`,
    expiredSaid: (vendor) =>
      `${vendor} did not answer your request in time, so it expired. Nothing was charged.`,
    similar: 'Similar vendors who can help you',
    expiredWhatsApp: (f) =>
      `Your request ${f.code} to ${f.vendorName} expired without an answer; nothing was charged. Tap See similar to choose another vendor.`,
    refundSubject: (code) => `Refund for booking ${code}`,
    refundSaid: (f, refunded) =>
      `We refunded ${refunded} of your booking ${f.code} to the card you paid with (${amount(f)} paid). You will see it within 5 to 10 business days.`,
  },
};

const on = (at: Date, facts: PaymentMailFacts, language: Language) => longDate(at, facts.timezone, language);

/**
 * What a cancel pays back, in the reader's words: all of it, the policy's part of it (decision 095),
 * nothing of a payment the policy keeps, or nothing because nothing was paid. `paidMxn` is what was
 * paid (0 for an unpaid booking); by default the refund is the whole payment.
 */
function refundLine(w: ChangeWords, refundMxn: number, paidMxn: number, whatsapp: boolean) {
  if (refundMxn > 0 && refundMxn < paidMxn) return w.refundPart(formatMxn(refundMxn), formatMxn(paidMxn));
  if (refundMxn > 0)
    return whatsapp ? w.refundWhatsApp(formatMxn(refundMxn)) : w.refund(formatMxn(refundMxn));
  return paidMxn > 0 ? w.noRefund(formatMxn(paidMxn)) : w.nothingCharged;
}

export function customerCancelledMail(
  facts: PaymentMailFacts,
  refundMxn: number,
  {
    by = 'customer',
    note = null,
    calendar = null,
    paidMxn = refundMxn,
  }: { by?: By; note?: string | null; calendar?: string | null; paidMxn?: number } = {},
): MailOutboxPayload {
  const w = change[facts.language];
  return customerEndedMail(
    facts,
    w.cancelledSubject(by, facts.code),
    [
      w.cancelledSaid(by, facts.vendorName),
      ...(by !== 'customer' && note ? [`${w.reason}: ${note}`] : []),
      refundLine(w, refundMxn, paidMxn, false),
    ],
    calendar,
  );
}

/**
 * The customer's WhatsApp of a cancellation (inside the 24-hour window): by an administrator
 * (decision 049) with the reason, or their own (decision 072).
 */
export function customerCancelledWhatsApp(
  facts: PaymentMailFacts,
  {
    by,
    note,
    refundMxn,
    paidMxn = refundMxn,
  }: { by: By; note: string | null; refundMxn: number; paidMxn?: number },
): string {
  const w = change[facts.language];
  return [
    w.cancelledWhatsApp(by, facts, on(facts.start, facts, facts.language)),
    ...(by !== 'customer' && note ? [`${w.reason}: ${note}`] : []),
    refundLine(w, refundMxn, paidMxn, true),
  ].join('\n');
}

export function vendorCancelledMail(
  to: string,
  facts: PaymentMailFacts,
  {
    note,
    refundMxn,
    paidMxn = refundMxn,
    by = 'customer',
  }: { note: string | null; refundMxn: number; paidMxn?: number; by?: By },
): MailOutboxPayload {
  const w = change[facts.vendorLanguage];
  return vendorMail(to, facts, w.vendorCancelledSubject(by, facts.code), [
    w.vendorCancelledSaid(by, facts),
    ...(note ? [`${w.reason}: ${note}`] : []),
    ...(paidMxn <= 0
      ? []
      : refundMxn >= paidMxn
        ? [w.vendorRefunded]
        : refundMxn > 0
          ? [w.vendorRefundedPart(formatMxn(refundMxn), formatMxn(paidMxn))]
          : [w.vendorNoRefund(formatMxn(paidMxn))]),
  ]);
}

export function vendorCancelledWhatsApp(
  facts: PaymentMailFacts,
  note: string | null,
  by: By = 'customer',
): string {
  const w = change[facts.vendorLanguage];
  const when = on(facts.start, facts, facts.vendorLanguage);
  const who = by === 'admin' ? w.barrio : facts.customerName;
  return [
    by === 'vendor' ? w.vendorCancelledOwnWhatsApp(facts, when) : w.vendorCancelledWhatsApp(who, facts, when),
    ...(note ? [`${w.reason}: ${note}`] : []),
  ].join('\n');
}

export function customerRescheduledMail(
  facts: PaymentMailFacts,
  previousStart: Date,
  calendar: string | null,
): MailOutboxPayload {
  const language = facts.language;
  const w = change[language];
  return {
    ...customerMail(
      facts,
      w.rescheduledSubject(facts.code),
      [w.rescheduledSaid(facts, on(previousStart, facts, language), on(facts.start, facts, language))],
      calendar ? [w.rescheduledCalendar] : [],
    ),
    ...(calendar ? { attachments: [calendarAttachment(facts, calendar)] } : {}),
  };
}

export function vendorRescheduledMail(
  to: string,
  facts: PaymentMailFacts,
  previousStart: Date,
): MailOutboxPayload {
  const language = facts.vendorLanguage;
  const w = change[language];
  return vendorMail(
    to,
    facts,
    w.vendorRescheduledSubject(facts.code),
    w.vendorRescheduledSaid(facts, on(previousStart, facts, language), on(facts.start, facts, language)),
  );
}

export function vendorRescheduledWhatsApp(facts: PaymentMailFacts, previousStart: Date): string {
  const language = facts.vendorLanguage;
  return change[language].vendorRescheduledWhatsApp(
    facts,
    on(previousStart, facts, language),
    on(facts.start, facts, language),
  );
}

export function customerReminderMail(facts: PaymentMailFacts, calendar: string): MailOutboxPayload {
  const w = change[facts.language];
  return {
    ...customerMail(
      facts,
      w.reminderSubject(facts.code),
      [w.reminderSaid(facts, on(facts.start, facts, facts.language))],
      [w.calendarAttached],
    ),
    attachments: [calendarAttachment(facts, calendar)],
  };
}

export function vendorReminderMail(to: string, facts: PaymentMailFacts): MailOutboxPayload {
  const w = change[facts.vendorLanguage];
  return vendorMail(
    to,
    facts,
    w.vendorReminderSubject(facts.code),
    [
      w.vendorReminderSaid(facts, on(facts.start, facts, facts.vendorLanguage)),
      ...(facts.customerPhone ? [`${w.customerPhone}: ${facts.customerPhone}`] : []),
    ],
    facts.notes ? [`${w.notes}: ${facts.notes}`] : [],
  );
}

/** The reminder by WhatsApp, each side in its own language. */
export function reminderWhatsApp(facts: PaymentMailFacts, audience: 'customer' | 'vendor'): string {
  const language = audience === 'customer' ? facts.language : facts.vendorLanguage;
  const when = on(facts.start, facts, language);
  return audience === 'customer'
    ? change[language].reminderWhatsAppCustomer(facts, when)
    : change[language].reminderWhatsAppVendor(facts, when);
}

export function customerExpiredMail(
  facts: PaymentMailFacts,
  similarUrl: string,
  calendar: string | null = null,
): MailOutboxPayload {
  const w = change[facts.language];
  return customerEndedMail(
    facts,
    w.expiredSubject(facts.code),
    [w.expiredSaid(facts.vendorName), `${w.similar}: ${similarUrl}`],
    calendar,
  );
}

/** The expiry by WhatsApp: the similar vendors are its button (customer-whatsapp.ts), not a raw link. */
export function customerExpiredWhatsApp(facts: PaymentMailFacts): string {
  return change[facts.language].expiredWhatsApp(facts);
}

/** The money went back: sent once the payment provider accepted the refund. */
export function refundIssuedMail(facts: PaymentMailFacts, refundedMxn: number): MailOutboxPayload {
  const w = change[facts.language];
  return customerMail(facts, w.refundSubject(facts.code), [w.refundSaid(facts, formatMxn(refundedMxn))], []);
}
