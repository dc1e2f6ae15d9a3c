import { utcStamp } from '../../../../shared/date-format.ts';
import type { Language } from '../../../../shared/language.ts';
import type { PaymentMailFacts } from './message-facts.ts';
import { amount, pageLine } from './payment-mails.ts';

// The calendar event of a booking (RFC 5545): one UID per booking, whatever mail or download carries
// it, and a SEQUENCE taken from the booking's stored reschedule count, so that a calendar which holds
// an earlier copy replaces it with the moved one and removes it on the cancellation.

export type CalendarState = 'paid' | 'confirmed' | 'tentative' | 'cancelled';

/** The event's description words, in the customer's language (decision 072): the event is theirs. */
const eventWords: Record<Language, { booking: string; paid: string; cancelled: string; notes: string }> = {
  'es-MX': { booking: 'Reserva', paid: 'pagado', cancelled: 'cancelada', notes: 'Notas' },
  en: { booking: 'Booking', paid: 'paid', cancelled: 'cancelled', notes: 'Notes' },
};

/**
 * RFC 5545 §3.3.11 TEXT: backslash, semicolon and comma escaped, every line break (CRLF, a lone CR or
 * LF) written as `\n`, and any other control character, which TEXT may not hold, replaced by a
 * space: nothing a vendor or a customer typed can end the property and start a line of its own.
 */
export function icsText(value: string): string {
  return value
    .replace(/[\\;,]/g, (c) => `\\${c}`)
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(/[\p{Cc}\u2028\u2029]/gu, ' ');
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
 * The calendar invite of a booking: in the customer's paid mail (ARCHITECTURE §8), the reschedule
 * and reminder mails, and the booking page's Add to calendar, where a booking not yet
 * confirmed or paid is tentative. `cancelled` is the cancellation of the same event (RFC 5546
 * METHOD:CANCEL), one revision after the booking's last move.
 */
export function bookingCalendar(facts: PaymentMailFacts, now: Date, state: CalendarState = 'paid'): string {
  const cancelled = state === 'cancelled';
  const w = eventWords[facts.language];
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Barrio//Reservas//ES',
    'CALSCALE:GREGORIAN',
    `METHOD:${cancelled ? 'CANCEL' : 'PUBLISH'}`,
    'BEGIN:VEVENT',
    `UID:${facts.appointmentId}@barrio`,
    `SEQUENCE:${facts.rescheduleCount + (cancelled ? 1 : 0)}`,
    `DTSTAMP:${utcStamp(now)}`,
    `DTSTART:${utcStamp(facts.start)}`,
    `DTEND:${utcStamp(facts.end)}`,
    `SUMMARY:${icsText(`${facts.serviceName} · ${facts.vendorName}`)}`,
    `DESCRIPTION:${icsText(`${w.booking} ${facts.code} · ${amount(facts)}${state === 'paid' ? ` ${w.paid}` : ''}${cancelled ? ` · ${w.cancelled}` : ''}${facts.notes ? `\n${w.notes}: ${facts.notes}` : ''}\n${pageLine(facts)}`)}`,
    `URL:${facts.manageUrl}`,
    `STATUS:${cancelled ? 'CANCELLED' : state === 'tentative' ? 'TENTATIVE' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
