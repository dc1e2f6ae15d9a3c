import { VENDOR_CONFIRMATION_TARGET_HOURS } from '../../../shared/constants.ts';
import { dateTimeFormat, endSentence, utcStamp, zoneCity } from '../../../shared/date-format.ts';
import { formatMxn } from '../../../shared/money.ts';
import type { BookingMailFacts } from '../bookings/booking-mails.ts';
import type { MailOutboxPayload } from '../outbox/outbox.service.ts';

// Every text the payment step sends (decision 017). Customer-facing payment messages are Spanish
// (product §1); times are in the vendor's timezone, where the service happens.

export interface PaymentMailFacts extends BookingMailFacts {
  appointmentId: string;
  end: Date;
  vendorEmail: string | null;
  vendorPhone: string | null;
}

/** 'lunes, 23 de noviembre de 2026, 9:00' in the given zone. */
export function fechaEs(at: Date, timezone: string): string {
  return dateTimeFormat('es-MX', { timeZone: timezone, dateStyle: 'full', timeStyle: 'short' }).format(at);
}

export const amount = (facts: PaymentMailFacts) => formatMxn(facts.amountMxn);

/** The booking's service, date, amount and code: the body of every booking message. */
export function details(facts: PaymentMailFacts): string[] {
  return [
    `Servicio: ${facts.serviceName} · ${facts.vendorName}`,
    `Fecha: ${fechaEs(facts.start, facts.timezone)} (hora de ${zoneCity(facts.timezone, 'es')})`,
    `Importe: ${amount(facts)}`,
    `Código de reserva: ${facts.code}`,
  ];
}

/** The customer's booking page (issue 23), in every message to the customer; never to the vendor. */
export const pageLine = (facts: PaymentMailFacts) => `Tu reserva: ${facts.manageUrl}`;

/**
 * The vendor's answer window, worded the same in every request message and on the dashboard (issue
 * 24): the 8-hour target as a target, the real deadline (the earlier of 24 h after the request and
 * the start, ARCHITECTURE §4) as the deadline.
 */
export function answerWindowLine(dueAt: Date, timezone: string): string {
  return `Responde en menos de ${VENDOR_CONFIRMATION_TARGET_HOURS} horas; la solicitud vence el ${endSentence(fechaEs(dueAt, timezone))}`;
}

function deadlineLine(dueAt: Date, timezone: string): string {
  return `Tienes hasta el ${fechaEs(dueAt, timezone)} (hora de ${zoneCity(timezone, 'es')}) para pagar; si no, la reserva se cancelará automáticamente.`;
}

/** The payment link, by mail (ARCHITECTURE §4: sent when the vendor confirms). */
export function paymentLinkMail(facts: PaymentMailFacts, url: string, dueAt: Date): MailOutboxPayload {
  return {
    to: facts.customerEmail,
    subject: `Reserva ${facts.code} confirmada: paga para asegurarla`,
    text: [
      `Hola ${facts.customerName}:`,
      '',
      `${facts.vendorName} confirmó tu reserva. Para asegurarla, paga con el siguiente enlace:`,
      '',
      url,
      '',
      ...details(facts),
      '',
      deadlineLine(dueAt, facts.timezone),
      pageLine(facts),
      '',
      'Barrio',
    ].join('\n'),
  };
}

/** The same link by WhatsApp (payload.text of a `payment_link` outbox item). */
export function paymentLinkWhatsApp(facts: PaymentMailFacts, url: string, dueAt: Date): string {
  return [
    `Hola ${facts.customerName}: ${facts.vendorName} confirmó tu reserva ${facts.code} (${facts.serviceName}, ${fechaEs(facts.start, facts.timezone)}).`,
    `Paga ${amount(facts)} aquí: ${url}`,
    deadlineLine(dueAt, facts.timezone),
    pageLine(facts),
  ].join('\n');
}

export function paidCustomerMail(facts: PaymentMailFacts, calendar: string): MailOutboxPayload {
  return {
    to: facts.customerEmail,
    subject: `Pago recibido · Reserva ${facts.code} confirmada`,
    text: [
      `Hola ${facts.customerName}:`,
      '',
      `Recibimos tu pago de ${amount(facts)}. Tu reserva con ${facts.vendorName} está confirmada.`,
      '',
      ...details(facts),
      '',
      'Adjuntamos una invitación de calendario (.ics).',
      pageLine(facts),
      '',
      'Barrio',
    ].join('\n'),
    attachments: [
      {
        filename: `reserva-${facts.code}.ics`,
        content: calendar,
        contentType: 'text/calendar; charset=utf-8',
      },
    ],
  };
}

export function paidVendorMail(to: string, facts: PaymentMailFacts): MailOutboxPayload {
  return {
    to,
    subject: `Reserva ${facts.code} pagada · ${facts.serviceName}`,
    text: [
      'Hola:',
      '',
      `${facts.customerName} pagó la reserva ${facts.code}. Está confirmada.`,
      '',
      ...details(facts),
      ...(facts.notes ? [`Notas: ${facts.notes}`] : []),
      '',
      'Barrio',
    ].join('\n'),
  };
}

export function paidWhatsApp(facts: PaymentMailFacts, audience: 'customer' | 'vendor'): string {
  return audience === 'customer'
    ? `Recibimos tu pago de ${amount(facts)}. Tu reserva ${facts.code} con ${facts.vendorName} está confirmada: ${endSentence(fechaEs(facts.start, facts.timezone))}\n${pageLine(facts)}`
    : `${facts.customerName} pagó la reserva ${facts.code} (${facts.serviceName}, ${fechaEs(facts.start, facts.timezone)}). Está confirmada.`;
}

/** Both sides learn that an unpaid booking was cancelled (ARCHITECTURE §4: payment_timeout). */
export function unpaidCancelledMails(facts: PaymentMailFacts): MailOutboxPayload[] {
  const mails: MailOutboxPayload[] = [
    {
      to: facts.customerEmail,
      subject: `Reserva ${facts.code} cancelada por falta de pago`,
      text: [
        `Hola ${facts.customerName}:`,
        '',
        `Tu reserva con ${facts.vendorName} se canceló automáticamente porque el pago no se completó a tiempo. No se hizo ningún cargo.`,
        '',
        ...details(facts),
        '',
        'Puedes volver a reservar cuando quieras.',
        pageLine(facts),
        '',
        'Barrio',
      ].join('\n'),
    },
  ];
  if (facts.vendorEmail) {
    mails.push({
      to: facts.vendorEmail,
      subject: `Reserva ${facts.code} cancelada por falta de pago`,
      text: [
        'Hola:',
        '',
        `La reserva ${facts.code} de ${facts.customerName} se canceló porque no se pagó a tiempo. El horario vuelve a estar libre.`,
        '',
        ...details(facts),
        '',
        'Barrio',
      ].join('\n'),
    });
  }
  return mails;
}

/**
 * checkout.session.async_payment_failed (decision 056): the OXXO voucher went unpaid. The booking
 * stays reserved until its deadline; a new payment link follows in its own mail.
 */
export function paymentFailedMail(facts: PaymentMailFacts, dueAt: Date): MailOutboxPayload {
  return {
    to: facts.customerEmail,
    subject: `Reserva ${facts.code}: tu pago en OXXO no se completó`,
    text: [
      `Hola ${facts.customerName}:`,
      '',
      `Tu pago en OXXO de ${amount(facts)} para la reserva ${facts.code} no se completó: la ficha venció sin pago y no se te cobró nada.`,
      'Tu reserva sigue apartada: te enviamos un nuevo enlace para pagar.',
      '',
      ...details(facts),
      '',
      deadlineLine(dueAt, facts.timezone),
      pageLine(facts),
      '',
      'Barrio',
    ].join('\n'),
  };
}

/** ARCHITECTURE §7: a payment for a booking already cancelled is kept and refunded, never dropped. */
export function latePaymentMail(facts: PaymentMailFacts): MailOutboxPayload {
  return {
    to: facts.customerEmail,
    subject: `Reserva ${facts.code}: recibimos un pago tardío y lo reembolsaremos`,
    text: [
      `Hola ${facts.customerName}:`,
      '',
      `Recibimos tu pago de ${amount(facts)}, pero la reserva ${facts.code} ya estaba cancelada. Te reembolsaremos el importe completo.`,
      '',
      ...details(facts),
      pageLine(facts),
      '',
      'Barrio',
    ].join('\n'),
  };
}

/** RFC 5545 text: backslash, semicolon, comma and newline escaped. */
function icsText(value: string): string {
  return value.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r?\n/g, '\\n');
}

/** RFC 5545 §3.1: lines longer than 75 octets are folded (CRLF + space), never inside a character. */
function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    if (octets + size > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

/**
 * The calendar invite of a booking: in the customer's paid mail (ARCHITECTURE §8), and from the
 * booking page's Add to calendar (issue 23), where a booking not yet confirmed or paid is tentative.
 */
export function bookingCalendar(
  facts: PaymentMailFacts,
  now: Date,
  state: 'paid' | 'confirmed' | 'tentative' = 'paid',
): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Barrio//Reservas//ES',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${facts.appointmentId}@barrio`,
    `DTSTAMP:${utcStamp(now)}`,
    `DTSTART:${utcStamp(facts.start)}`,
    `DTEND:${utcStamp(facts.end)}`,
    `SUMMARY:${icsText(`${facts.serviceName} · ${facts.vendorName}`)}`,
    `DESCRIPTION:${icsText(`Reserva ${facts.code} · ${amount(facts)}${state === 'paid' ? ' pagado' : ''}${facts.notes ? `\nNotas: ${facts.notes}` : ''}\n${pageLine(facts)}`)}`,
    `URL:${facts.manageUrl}`,
    `STATUS:${state === 'tentative' ? 'TENTATIVE' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
