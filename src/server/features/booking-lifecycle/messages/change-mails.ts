import { endSentence } from '../../../../shared/date-format.ts';
import { formatMxn } from '../../../../shared/money.ts';
import type { MailOutboxPayload } from '../../outbox/outbox.service.ts';
import type { PaymentMailFacts } from './message-facts.ts';
import {
  amount,
  calendarAttachment,
  calendarCancelLine,
  customerMail,
  details,
  fechaEs,
  pageLine,
} from './payment-mails.ts';

// The texts of what happens to a booking after it is made (decision 046): the customer
// cancels or moves it, it is due tomorrow, a request expires unanswered, money is paid back. Like the
// payment texts, they are Spanish (product §1) with times in the vendor's timezone; the customer's
// carry the booking page's link, the vendor's never do.

const signOff = ['', 'Barrio'];

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
    ...customerMail(facts, subject, happened, calendar ? [calendarCancelLine] : []),
    ...(calendar ? { attachments: [calendarAttachment(facts, calendar)] } : {}),
  };
}

/** How long a card refund takes to show, as card issuers in Mexico state it. */
const REFUND_DAYS = 'entre 5 y 10 días hábiles';

export function customerCancelledMail(
  facts: PaymentMailFacts,
  refundMxn: number,
  {
    by = 'customer',
    note = null,
    calendar = null,
  }: { by?: 'customer' | 'admin'; note?: string | null; calendar?: string | null } = {},
): MailOutboxPayload {
  const byBarrio = by === 'admin';
  return customerEndedMail(
    facts,
    byBarrio ? `Cancelamos tu reserva ${facts.code}` : `Cancelaste tu reserva ${facts.code}`,
    [
      byBarrio
        ? `Barrio canceló tu reserva con ${facts.vendorName}. Ya avisamos a ${facts.vendorName}.`
        : `Cancelaste tu reserva con ${facts.vendorName}.`,
      ...(byBarrio && note ? [`Motivo: ${note}`] : []),
      refundMxn > 0
        ? `Te reembolsaremos el importe completo, ${formatMxn(refundMxn)}, a la tarjeta con la que pagaste; te escribiremos cuando salga el reembolso.`
        : 'No se hizo ningún cargo.',
    ],
    calendar,
  );
}

/** An administrator cancelled (decision 049): the customer's WhatsApp inside the 24-hour window. */
export function customerCancelledByBarrioWhatsApp(
  facts: PaymentMailFacts,
  { note, refundMxn }: { note: string | null; refundMxn: number },
): string {
  return [
    `Barrio canceló tu reserva ${facts.code} con ${facts.vendorName} (${facts.serviceName}, ${fechaEs(facts.start, facts.timezone)}).`,
    ...(note ? [`Motivo: ${note}`] : []),
    refundMxn > 0
      ? `Te reembolsaremos ${formatMxn(refundMxn)} a la tarjeta con la que pagaste.`
      : 'No se hizo ningún cargo.',
  ].join('\n');
}

export function vendorCancelledMail(
  to: string,
  facts: PaymentMailFacts,
  { note, refunded, by = 'customer' }: { note: string | null; refunded: boolean; by?: 'customer' | 'admin' },
): MailOutboxPayload {
  const byBarrio = by === 'admin';
  return {
    to,
    subject: byBarrio
      ? `Reserva ${facts.code} cancelada por Barrio`
      : `Reserva ${facts.code} cancelada por el cliente`,
    text: [
      'Hola:',
      '',
      byBarrio
        ? `Barrio canceló la reserva ${facts.code} de ${facts.customerName}. El horario vuelve a estar libre.`
        : `${facts.customerName} canceló la reserva ${facts.code}. El horario vuelve a estar libre.`,
      ...(note ? [`Motivo: ${note}`] : []),
      ...(refunded ? ['El cliente recibe el reembolso completo de su pago.'] : []),
      '',
      ...details(facts),
      ...signOff,
    ].join('\n'),
  };
}

export function vendorCancelledWhatsApp(
  facts: PaymentMailFacts,
  note: string | null,
  by: 'customer' | 'admin' = 'customer',
): string {
  const who = by === 'admin' ? 'Barrio' : facts.customerName;
  return [
    `${who} canceló la reserva ${facts.code} (${facts.serviceName}, ${fechaEs(facts.start, facts.timezone)}). El horario vuelve a estar libre.`,
    ...(note ? [`Motivo: ${note}`] : []),
  ].join('\n');
}

export function customerRescheduledMail(
  facts: PaymentMailFacts,
  previousStart: Date,
  calendar: string | null,
): MailOutboxPayload {
  return {
    ...customerMail(
      facts,
      `Reserva ${facts.code}: nueva fecha`,
      [
        `Cambiaste tu reserva con ${facts.vendorName} del ${fechaEs(previousStart, facts.timezone)} al ${endSentence(fechaEs(facts.start, facts.timezone))} Ya avisamos a ${facts.vendorName}.`,
      ],
      calendar ? ['Adjuntamos la invitación de calendario con la nueva fecha (.ics).'] : [],
    ),
    ...(calendar ? { attachments: [calendarAttachment(facts, calendar)] } : {}),
  };
}

export function vendorRescheduledMail(
  to: string,
  facts: PaymentMailFacts,
  previousStart: Date,
): MailOutboxPayload {
  return {
    to,
    subject: `Reserva ${facts.code}: el cliente cambió la fecha`,
    text: [
      'Hola:',
      '',
      `${facts.customerName} cambió la reserva ${facts.code}:`,
      `Antes: ${fechaEs(previousStart, facts.timezone)}`,
      `Ahora: ${fechaEs(facts.start, facts.timezone)}`,
      '',
      'El horario anterior vuelve a estar libre.',
      '',
      ...details(facts),
      ...signOff,
    ].join('\n'),
  };
}

export function vendorRescheduledWhatsApp(facts: PaymentMailFacts, previousStart: Date): string {
  return `${facts.customerName} cambió la reserva ${facts.code} (${facts.serviceName}) del ${fechaEs(previousStart, facts.timezone)} al ${endSentence(fechaEs(facts.start, facts.timezone))} El horario anterior vuelve a estar libre.`;
}

export function customerReminderMail(facts: PaymentMailFacts, calendar: string): MailOutboxPayload {
  return {
    ...customerMail(
      facts,
      `Recordatorio: tu reserva ${facts.code} es mañana`,
      [
        `Te recordamos tu reserva con ${facts.vendorName}: ${endSentence(fechaEs(facts.start, facts.timezone))}`,
      ],
      ['Adjuntamos la invitación de calendario (.ics).'],
    ),
    attachments: [calendarAttachment(facts, calendar)],
  };
}

export function vendorReminderMail(to: string, facts: PaymentMailFacts): MailOutboxPayload {
  return {
    to,
    subject: `Recordatorio: reserva ${facts.code} mañana`,
    text: [
      'Hola:',
      '',
      `Te recordamos la reserva de ${facts.customerName}: ${endSentence(fechaEs(facts.start, facts.timezone))}`,
      ...(facts.customerPhone ? [`Teléfono del cliente: ${facts.customerPhone}`] : []),
      '',
      ...details(facts),
      ...(facts.notes ? [`Notas: ${facts.notes}`] : []),
      ...signOff,
    ].join('\n'),
  };
}

export function reminderWhatsApp(facts: PaymentMailFacts, audience: 'customer' | 'vendor'): string {
  return audience === 'customer'
    ? `Recordatorio: tu reserva ${facts.code} con ${facts.vendorName} es el ${endSentence(fechaEs(facts.start, facts.timezone))}`
    : `Recordatorio: la reserva ${facts.code} de ${facts.customerName} (${facts.serviceName}) es el ${endSentence(fechaEs(facts.start, facts.timezone))}`;
}

export function customerExpiredMail(
  facts: PaymentMailFacts,
  similarUrl: string,
  calendar: string | null = null,
): MailOutboxPayload {
  return customerEndedMail(
    facts,
    `Tu solicitud ${facts.code} venció sin respuesta`,
    [
      `${facts.vendorName} no respondió a tu solicitud a tiempo, así que venció. No se hizo ningún cargo.`,
      `Proveedores parecidos que pueden atenderte: ${similarUrl}`,
    ],
    calendar,
  );
}

export function customerExpiredWhatsApp(facts: PaymentMailFacts, similarUrl: string): string {
  return `Tu solicitud ${facts.code} a ${facts.vendorName} venció sin respuesta; no se hizo ningún cargo. Proveedores parecidos: ${similarUrl}\n${pageLine(facts)}`;
}

/** The money went back: sent once the payment provider accepted the refund. */
export function refundIssuedMail(facts: PaymentMailFacts, refundedMxn: number): MailOutboxPayload {
  return customerMail(
    facts,
    `Reembolso de la reserva ${facts.code}`,
    [
      `Reembolsamos ${formatMxn(refundedMxn)} de tu reserva ${facts.code} a la tarjeta con la que pagaste (${amount(facts)} pagados). Lo verás ${REFUND_DAYS}.`,
    ],
    [],
  );
}
