import ICAL from 'ical.js';
import { afterEach, describe, expect, it } from 'vitest';
import { calendarFile, eventLines } from './booking-calendar.ts';
import { localStamp, vtimezone, zoneOffsetMinutes } from './calendar-timezone.ts';

// Local times and their VTIMEZONE, read back by ical.js (a parser we did not write): each event's
// TZID time must come back as the instant it was written from, across a zone's change of offset.

const NOW = new Date('2026-11-22T18:00:00Z');

/** Events at `instants` in `timeZone`, as a file, parsed; each event's start as ical.js reads it. */
function startsRead(timeZone: string, instants: Date[]) {
  const from = new Date(Math.min(...instants.map((i) => i.getTime())));
  const to = new Date(Math.max(...instants.map((i) => i.getTime())));
  const ics = calendarFile(
    [],
    [
      ...vtimezone(timeZone, from, to),
      ...instants.flatMap((start, n) =>
        eventLines(
          {
            uid: `e${n}@barrio`,
            sequence: 0,
            start,
            end: new Date(start.getTime() + 3_600_000),
            summary: 'x',
            description: 'y',
            status: 'CONFIRMED',
          },
          NOW,
          timeZone,
        ),
      ),
    ],
  );
  const calendar = new ICAL.Component(ICAL.parse(ics) as unknown[]);
  const zone = calendar.getFirstSubcomponent('vtimezone')!;
  ICAL.TimezoneService.register(zone);
  return {
    ics,
    zone,
    starts: calendar.getAllSubcomponents('vevent').map((e) => {
      const start = new ICAL.Event(e).startDate;
      return { tzid: start.zone?.tzid, at: start.toJSDate().toISOString() };
    }),
  };
}

afterEach(() => ICAL.TimezoneService.reset());

describe('vendor time zones in iCalendar', () => {
  it('reads Intl offsets, daylight saving time included', () => {
    expect(zoneOffsetMinutes(NOW, 'America/Mexico_City')).toBe(-360);
    expect(zoneOffsetMinutes(new Date('2026-07-01T12:00:00Z'), 'America/Tijuana')).toBe(-420);
    expect(zoneOffsetMinutes(NOW, 'America/Tijuana')).toBe(-480);
    expect(zoneOffsetMinutes(NOW, 'UTC')).toBe(0);
    expect(zoneOffsetMinutes(NOW, 'Asia/Kolkata')).toBe(330);
    expect(localStamp(new Date('2026-11-23T16:00:00Z'), 'America/Mexico_City')).toBe('20261123T100000');
  });

  it('writes Mexico City, which keeps one offset all year, as one STANDARD observance', () => {
    const monday10 = new Date('2026-11-23T16:00:00Z');
    const { ics, starts } = startsRead('America/Mexico_City', [new Date('2026-10-23T18:00:00Z'), monday10]);
    expect(ics).toContain('DTSTART;TZID=America/Mexico_City:20261123T100000');
    expect(ics.match(/BEGIN:(STANDARD|DAYLIGHT)/g)).toEqual(['BEGIN:STANDARD']);
    expect(ics).toContain('TZOFFSETTO:-0600');
    expect(starts).toEqual([
      { tzid: 'America/Mexico_City', at: '2026-10-23T18:00:00.000Z' },
      { tzid: 'America/Mexico_City', at: '2026-11-23T16:00:00.000Z' },
    ]);
  });

  it('writes a change of offset inside the span, and every event before and after it reads right', () => {
    // Tijuana leaves daylight saving time on 2026-11-01 at 02:00 local (09:00 UTC).
    const instants = [
      new Date('2026-10-30T17:00:00Z'), // 10:00 PDT
      new Date('2026-11-01T07:30:00Z'), // 00:30 PDT, before the change
      new Date('2026-11-01T10:30:00Z'), // 02:30 PST, half an hour after it
      new Date('2026-11-05T18:00:00Z'), // 10:00 PST
    ];
    const { ics, starts } = startsRead('America/Tijuana', instants);
    expect(ics).toContain(
      'BEGIN:DAYLIGHT\r\nDTSTART:20261030T100000\r\nTZOFFSETFROM:-0700\r\nTZOFFSETTO:-0700',
    );
    expect(ics).toContain(
      'BEGIN:STANDARD\r\nDTSTART:20261101T020000\r\nTZOFFSETFROM:-0700\r\nTZOFFSETTO:-0800',
    );
    expect(ics).toContain('DTSTART;TZID=America/Tijuana:20261030T100000');
    expect(ics).toContain('DTSTART;TZID=America/Tijuana:20261105T100000');
    expect(starts.map((s) => s.at)).toEqual([
      '2026-10-30T17:00:00.000Z',
      '2026-11-01T07:30:00.000Z',
      '2026-11-01T10:30:00.000Z',
      '2026-11-05T18:00:00.000Z',
    ]);
  });
});
