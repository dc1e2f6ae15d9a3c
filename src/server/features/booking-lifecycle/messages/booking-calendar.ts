import { utcStamp } from '../../../../shared/date-format.ts';
import type { Language } from '../../../../shared/language.ts';
import { localStamp } from './calendar-timezone.ts';
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

/** The one UID of a booking's event, in every mail, download and feed that carries it. */
export function bookingUid(appointmentId: string): string {
  return `${appointmentId}@barrio`;
}

/** A booking's revision: its stored reschedules, and its cancellation one revision after the last. */
export function bookingSequence(rescheduleCount: number, cancelled: boolean): number {
  return rescheduleCount + (cancelled ? 1 : 0);
}

/** One booking's VEVENT, whatever file carries it: the booking's own .ics or the vendor's feed. */
export interface CalendarEvent {
  uid: string;
  sequence: number;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  status: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';
  url?: string;
  location?: string | null;
}

/**
 * A VEVENT's lines. Its times are UTC unless `timeZone` is given, then local times of that zone
 * (TZID), which the file must define (calendar-timezone.ts's vtimezone).
 */
export function eventLines(event: CalendarEvent, now: Date, timeZone?: string): string[] {
  const at = (name: string, instant: Date) =>
    timeZone ? `${name};TZID=${timeZone}:${localStamp(instant, timeZone)}` : `${name}:${utcStamp(instant)}`;
  return [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utcStamp(now)}`,
    at('DTSTART', event.start),
    at('DTEND', event.end),
    `SUMMARY:${icsText(event.summary)}`,
    `DESCRIPTION:${icsText(event.description)}`,
    ...(event.location ? [`LOCATION:${icsText(event.location)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    `STATUS:${event.status}`,
    'END:VEVENT',
  ];
}

/** A whole iCalendar file: Barrio's header, the calendar's own properties, its components; folded. */
export function calendarFile(properties: string[], components: string[]): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Barrio//Reservas//ES',
    'CALSCALE:GREGORIAN',
    ...properties,
    ...components,
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
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
  return calendarFile(
    [`METHOD:${cancelled ? 'CANCEL' : 'PUBLISH'}`],
    eventLines(
      {
        uid: bookingUid(facts.appointmentId),
        sequence: bookingSequence(facts.rescheduleCount, cancelled),
        start: facts.start,
        end: facts.end,
        summary: `${facts.serviceName} · ${facts.vendorName}`,
        description: `${w.booking} ${facts.code} · ${amount(facts)}${state === 'paid' ? ` ${w.paid}` : ''}${cancelled ? ` · ${w.cancelled}` : ''}${facts.notes ? `\n${w.notes}: ${facts.notes}` : ''}\n${pageLine(facts)}`,
        url: facts.manageUrl,
        status: cancelled ? 'CANCELLED' : state === 'tentative' ? 'TENTATIVE' : 'CONFIRMED',
      },
      now,
    ),
  );
}
