import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { bookingCalendar, icsText } from './booking-calendar.ts';
import { sampleFacts as facts } from './message-facts.test-utils.ts';

// The calendar files of a booking, read back by ical.js (a parser we did not write): one event per
// booking whatever is typed into its texts, revised by SEQUENCE, removed by METHOD:CANCEL.

const NOW = new Date('2026-11-22T18:00:00Z');
function parse(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics) as unknown[]);
  const events = calendar.getAllSubcomponents();
  expect(events.map((e) => e.name)).toEqual(['vevent']);
  const event = events[0]!;
  return {
    calendar,
    event,
    method: calendar.getFirstPropertyValue('method'),
    uid: event.getFirstPropertyValue('uid'),
    sequence: event.getFirstPropertyValue('sequence'),
    status: event.getFirstPropertyValue('status'),
    summary: event.getFirstPropertyValue('summary'),
    description: String(event.getFirstPropertyValue('description')),
    properties: event.getAllProperties().map((p) => p.name),
  };
}

describe('bookingCalendar', () => {
  it('carries the stored reschedule count as SEQUENCE, on every state', () => {
    for (const state of ['paid', 'confirmed', 'tentative'] as const) {
      expect(parse(bookingCalendar(facts, NOW, state))).toMatchObject({
        method: 'PUBLISH',
        uid: `${facts.appointmentId}@barrio`,
        sequence: 0,
      });
      expect(parse(bookingCalendar({ ...facts, rescheduleCount: 3 }, NOW, state)).sequence).toBe(3);
    }
  });

  it('cancels the same event one revision after its last move', () => {
    const moved = parse(bookingCalendar({ ...facts, rescheduleCount: 2 }, NOW, 'paid'));
    const cancel = parse(bookingCalendar({ ...facts, rescheduleCount: 2 }, NOW, 'cancelled'));
    expect(cancel).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', uid: moved.uid, sequence: 3 });
    expect(moved.status).toBe('CONFIRMED');
  });

  it('never lets a lone CR, a line break or a control character in a name or the notes start a line', () => {
    const hostile = {
      ...facts,
      serviceName: 'Limpieza\rX-INJECTED:1\rBEGIN:VALARM',
      vendorName: 'Casa\u000bLimpia\u2028END:VEVENT',
      notes: 'Tocar\r\nATTENDEE:mailto:x@evil.test\rEND:VEVENT\nBEGIN:VEVENT\u0000\u001b[31m',
    };
    for (const state of ['paid', 'tentative', 'cancelled'] as const) {
      const ics = bookingCalendar(hostile, NOW, state);
      // Every physical line is a property or a fold; none starts with what was typed.
      for (const line of ics.split('\r\n').filter(Boolean)) expect(line).toMatch(/^([A-Z-]+[:;]| )/);
      expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\p{Cc}\u2028]/u);
      const event = parse(ics);
      expect(event.properties).not.toContain('x-injected');
      expect(event.properties).not.toContain('attendee');
      expect(event.calendar.getAllSubcomponents('valarm')).toHaveLength(0);
      // A typed line break stays a line break of the text; other control characters become spaces.
      expect(event.summary).toBe('Limpieza\nX-INJECTED:1\nBEGIN:VALARM · Casa Limpia END:VEVENT');
      expect(event.description).toContain(
        'Notas: Tocar\nATTENDEE:mailto:x@evil.test\nEND:VEVENT\nBEGIN:VEVENT',
      );
    }
  });

  it('escapes TEXT as RFC 5545 says', () => {
    expect(icsText('a;b,c\\d\re\r\nf\ng\th')).toBe('a\\;b\\,c\\\\d\\ne\\nf\\ng h');
  });
});
