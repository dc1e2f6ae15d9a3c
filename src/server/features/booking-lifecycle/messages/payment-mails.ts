import { VENDOR_CONFIRMATION_TARGET_HOURS } from '../../../../shared/constants.ts';
import { dateTimeFormat, endSentence, zoneCity } from '../../../../shared/date-format.ts';
import { formatMxn } from '../../../../shared/money.ts';
import type { MailOutboxPayload } from '../../outbox/outbox.service.ts';
import type { PaymentMailFacts } from './message-facts.ts';

// Every text the payment step sends (decision 017). Customer-facing payment messages are Spanish
// (product §1); times are in the vendor's timezone, where the service happens.

/** 'lunes, 23 de noviembre de 2026, 9:00' in the given zone. */
export function fechaEs(at: Date, timezone: string): string {
  return dateTimeFormat('es-MX', { timeZone: timezone, dateStyle: 'full', timeStyle: 'short' }).format(at);
}

export const amount = (facts: PaymentMailFacts) => formatMxn(facts.amountMxn);

/** The booking's service, date, amount and code: the body of every booking message. */
export function details(facts: PaymentMailFacts): string[] {
  return [
    `Servicio: ${facts.serviceName} · ${facts.vendorName}`,
    `Fecha: ${fechaEs(facts.start, facts.timezone)} (hora de ${zoneCity(facts.timezone, 'es-MX')})`,
    `Importe: ${amount(facts)}`,
    `Código de reserva: ${facts.code}`,
  ];
}

/** The customer's booking page, in every message to the customer; never to the vendor. */
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
  return `Tienes hasta el ${fechaEs(dueAt, timezone)} (hora de ${zoneCity(timezone, 'es-MX')}) para pagar; si no, la reserva se cancelará automáticamente.`;
}

/**
 * A mail to the customer about the booking: the greeting, what is said, the booking's details, the
 * lines that close it (the payment deadline, the calendar's removal), the booking's page, Barrio.
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
      `Hola ${facts.customerName}:`,
      '',
      ...said,
      '',
      ...details(facts),
      '',
      ...closing,
      pageLine(facts),
      '',
      'Barrio',
    ].join('\n'),
  };
}

/** The payment link, by mail (ARCHITECTURE §4: sent when the vendor confirms). */
export function paymentLinkMail(facts: PaymentMailFacts, url: string, dueAt: Date): MailOutboxPayload {
  return customerMail(
    facts,
    `Reserva ${facts.code} confirmada: paga para asegurarla`,
    [`${facts.vendorName} confirmó tu reserva. Para asegurarla, paga con el siguiente enlace:`, '', url],
    [deadlineLine(dueAt, facts.timezone)],
  );
}

/**
 * The same by WhatsApp (payload.text of a `payment_link` outbox item): the link is its Pagar button
 * (customer-whatsapp.ts, decision 070), never a raw link in the text.
 */
export function paymentLinkWhatsApp(facts: PaymentMailFacts, dueAt: Date): string {
  return [
    `Hola ${facts.customerName}: ${facts.vendorName} confirmó tu reserva ${facts.code} (${facts.serviceName}, ${fechaEs(facts.start, facts.timezone)}).`,
    `Paga ${amount(facts)} con el botón Pagar.`,
    deadlineLine(dueAt, facts.timezone),
  ].join('\n');
}

export function paidCustomerMail(facts: PaymentMailFacts, calendar: string): MailOutboxPayload {
  return {
    ...customerMail(
      facts,
      `Pago recibido · Reserva ${facts.code} confirmada`,
      [`Recibimos tu pago de ${amount(facts)}. Tu reserva con ${facts.vendorName} está confirmada.`],
      ['Adjuntamos una invitación de calendario (.ics).'],
    ),
    attachments: [calendarAttachment(facts, calendar)],
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
    ? `Recibimos tu pago de ${amount(facts)}. Tu reserva ${facts.code} con ${facts.vendorName} está confirmada: ${endSentence(fechaEs(facts.start, facts.timezone))}`
    : `${facts.customerName} pagó la reserva ${facts.code} (${facts.serviceName}, ${fechaEs(facts.start, facts.timezone)}). Está confirmada.`;
}

/** Both sides learn that an unpaid booking was cancelled (ARCHITECTURE §4: payment_timeout). */
export function unpaidCancelledMails(
  facts: PaymentMailFacts,
  calendar: string | null = null,
): MailOutboxPayload[] {
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
        ...(calendar ? [calendarCancelLine] : []),
        pageLine(facts),
        '',
        'Barrio',
      ].join('\n'),
      ...(calendar ? { attachments: [calendarAttachment(facts, calendar)] } : {}),
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
  return customerMail(
    facts,
    `Reserva ${facts.code}: tu pago en OXXO no se completó`,
    [
      `Tu pago en OXXO de ${amount(facts)} para la reserva ${facts.code} no se completó: la ficha venció sin pago y no se te cobró nada.`,
      'Tu reserva sigue apartada: te enviamos un nuevo enlace para pagar.',
    ],
    [deadlineLine(dueAt, facts.timezone)],
  );
}

/** ARCHITECTURE §7: a payment for a booking already cancelled is kept and refunded, never dropped. */
export function latePaymentMail(facts: PaymentMailFacts, calendar: string | null = null): MailOutboxPayload {
  return {
    to: facts.customerEmail,
    subject: `Reserva ${facts.code}: recibimos un pago tardío y lo reembolsaremos`,
    text: [
      `Hola ${facts.customerName}:`,
      '',
      `Recibimos tu pago de ${amount(facts)}, pero la reserva ${facts.code} ya estaba cancelada. Te reembolsaremos el importe completo.`,
      '',
      ...details(facts),
      ...(calendar ? ['', calendarCancelLine] : []),
      pageLine(facts),
      '',
      'Barrio',
    ].join('\n'),
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

/** The line of a cancellation mail that carries the calendar's cancellation. */
export const calendarCancelLine =
  'Adjuntamos la cancelación para tu calendario (.ics): al abrirla se quita la cita.';
