import { describe, expect, it } from 'vitest';
import { type WeeklyAvailability, weekdays } from '../weekly-availability.ts';
import {
  type AvailabilityWindowInput,
  type BusyAppointment,
  computeOpenSlots,
  type OpenSlotsInput,
} from './open-slots.ts';

// ARCHITECTURE §5, one rule per test. Mexico City is UTC−6 all year (no DST since 2022);
// 2026-11-23 is a Monday.

type Days = Partial<Record<(typeof weekdays)[number], [string, string][]>>;

function weekly(days: Days): WeeklyAvailability {
  return Object.fromEntries(
    weekdays.map((day) => {
      const slots = days[day];
      return [
        day,
        slots
          ? { enabled: true, slots: slots.map(([start, end]) => ({ start, end })) }
          : { enabled: false, slots: [{ start: '10:00', end: '14:00' }] },
      ];
    }),
  ) as WeeklyAvailability;
}

function slots(overrides: Partial<OpenSlotsInput> & { days?: Days }): string[] {
  const { days, ...rest } = overrides;
  return computeOpenSlots({
    weekly: weekly(days ?? { monday: [['09:00', '12:00']] }),
    timezone: 'America/Mexico_City',
    windows: [],
    busy: [],
    durationMinutes: 60,
    bufferMinutes: 0,
    leadTimeMinutes: 0,
    advanceBookingDays: 14,
    now: '2026-11-22T18:00:00Z', // Sunday 12:00 in Mexico City
    from: '2026-11-22T18:00:00Z',
    to: '2026-11-24T06:00:00Z', // Tuesday 00:00 local
    ...rest,
  });
}

const monday = (...times: string[]) => times.map((t) => `2026-11-23T${t}:00.000Z`);

describe('computeOpenSlots: weekly schedule', () => {
  it('offers every 30 minutes where the whole service fits, in the vendor’s timezone', () => {
    // 09:00–12:00 local is 15:00–18:00Z; a 60-minute service may start until 11:00 local.
    expect(slots({})).toEqual(monday('15:00', '15:30', '16:00', '16:30', '17:00'));
  });

  it('aligns the grid to the start of the open range', () => {
    expect(slots({ days: { monday: [['09:15', '11:00']] }, durationMinutes: 45 })).toEqual(
      monday('15:15', '15:45', '16:15'),
    );
  });

  it('offers nothing on a disabled day', () => {
    expect(slots({ days: { tuesday: [['09:00', '12:00']] } })).toEqual([]);
  });

  it('merges touching ranges, so a service may span them', () => {
    const split = slots({
      days: {
        monday: [
          ['10:00', '11:00'],
          ['09:00', '10:00'],
        ],
      },
      durationMinutes: 120,
    });
    expect(split).toEqual(monday('15:00'));
  });

  it('keeps separate ranges of one day apart', () => {
    expect(
      slots({
        days: {
          monday: [
            ['09:00', '10:00'],
            ['10:30', '11:30'],
          ],
        },
      }),
    ).toEqual(monday('15:00', '16:30'));
  });

  it('returns nothing for a service without duration', () => {
    expect(slots({ durationMinutes: 0 })).toEqual([]);
  });

  it('refuses a timezone that is not IANA', () => {
    expect(() => slots({ timezone: 'Mars/Olympus_Mons' })).toThrow(RangeError);
  });
});

describe('computeOpenSlots: busy appointments and buffers', () => {
  const busy = (start: string, end: string, bufferMinutes: number): BusyAppointment => ({
    start: `2026-11-23T${start}:00Z`,
    end: `2026-11-23T${end}:00Z`,
    bufferMinutes,
  });

  it('removes the slots that overlap an appointment', () => {
    // 10:00–10:30 local busy: a 60-minute slot may end by 10:00 or start from 10:30.
    expect(slots({ busy: [busy('16:00', '16:30', 0)] })).toEqual(monday('15:00', '16:30', '17:00'));
  });

  it('keeps the buffer before and after an appointment', () => {
    // 10:00–10:30 local with a 15-minute buffer: the slot must end by 09:45 and start from 10:45.
    expect(
      slots({
        days: { monday: [['08:00', '12:00']] },
        busy: [busy('16:00', '16:30', 15)],
        bufferMinutes: 15,
      }),
    ).toEqual(monday('14:00', '14:30', '17:00'));
  });

  it('lets back-to-back appointments touch without buffer', () => {
    expect(slots({ busy: [busy('16:00', '17:00', 0)] })).toEqual(monday('15:00', '17:00'));
  });

  it('honours the buffer stored on an older appointment when it is longer than today’s (decision 008)', () => {
    // The vendor now has no buffer, but 09:00–10:00 local was booked with 60 minutes:
    // the exclusion constraint keeps 09:00–11:00 busy, so the first slot is 11:00.
    expect(slots({ busy: [busy('15:00', '16:00', 60)], bufferMinutes: 0 })).toEqual(monday('17:00'));
  });

  it('uses the vendor’s buffer when it is the longer one', () => {
    expect(
      slots({ busy: [busy('15:00', '16:00', 0)], bufferMinutes: 30, days: { monday: [['09:00', '13:00']] } }),
    ).toEqual(monday('16:30', '17:00', '17:30', '18:00'));
  });

  it('accepts busy appointments in any order and ignores those far away', () => {
    const list = [
      busy('17:00', '18:00', 0),
      busy('15:00', '15:30', 0),
      { start: '2026-01-01T00:00:00Z', end: '2026-01-01T01:00:00Z', bufferMinutes: 0 },
    ];
    expect(slots({ busy: list })).toEqual(monday('15:30', '16:00'));
  });
});

describe('computeOpenSlots: lead time, horizon and range', () => {
  it('offers nothing before now + lead time', () => {
    // Monday 09:10 local with 60 minutes of lead: the first start is 10:30 (10:10 is off the grid).
    expect(slots({ now: '2026-11-23T15:10:00Z', from: '2026-11-23T00:00:00Z', leadTimeMinutes: 60 })).toEqual(
      monday('16:30', '17:00'),
    );
  });

  it('offers until the end of the local day advance_booking_days ahead', () => {
    const evenings: [string, string][] = [
      ['09:00', '10:00'],
      ['22:00', '23:00'],
    ];
    const days: Days = { monday: evenings, tuesday: evenings, wednesday: evenings };
    const base = { days, from: '2026-11-23T00:00:00Z', to: '2026-12-01T00:00:00Z' };
    // Monday 20:00 local (Tuesday 02:00Z) with one day ahead: all of Tuesday — also its 22:00,
    // more than 24 hours from now — and nothing on Wednesday.
    expect(slots({ ...base, now: '2026-11-24T02:00:00Z', advanceBookingDays: 1 })).toEqual([
      '2026-11-24T04:00:00.000Z', // Monday 22:00 local
      '2026-11-24T15:00:00.000Z',
      '2026-11-25T04:00:00.000Z', // Tuesday 22:00 local
    ]);
    expect(slots({ ...base, now: '2026-11-24T02:00:00Z', advanceBookingDays: 2 })).toEqual([
      '2026-11-24T04:00:00.000Z',
      '2026-11-24T15:00:00.000Z',
      '2026-11-25T04:00:00.000Z',
      '2026-11-25T15:00:00.000Z',
      '2026-11-26T04:00:00.000Z',
    ]);
  });

  it('is clamped to [from, to), with `to` exclusive', () => {
    expect(slots({ from: '2026-11-23T15:30:00Z', to: '2026-11-23T16:30:00Z' })).toEqual(
      monday('15:30', '16:00'),
    );
  });

  it('returns nothing for an empty or inverted range', () => {
    expect(slots({ from: '2026-11-23T16:00:00Z', to: '2026-11-23T16:00:00Z' })).toEqual([]);
    expect(slots({ from: '2026-11-24T16:00:00Z', to: '2026-11-23T16:00:00Z' })).toEqual([]);
  });
});

describe('computeOpenSlots: availability windows', () => {
  const window = (
    start: string,
    end: string,
    recurrence: AvailabilityWindowInput['recurrence'],
    isActive = true,
  ) => ({
    start,
    end,
    recurrence,
    isActive,
  });
  const week = { from: '2026-11-23T00:00:00Z', to: '2026-11-30T06:00:00Z', days: {} };

  it('adds a one-off window on a closed day', () => {
    // Saturday 2026-11-28 10:00–12:00 local.
    expect(
      slots({ ...week, windows: [window('2026-11-28T16:00:00Z', '2026-11-28T18:00:00Z', null)] }),
    ).toEqual(['2026-11-28T16:00:00.000Z', '2026-11-28T16:30:00.000Z', '2026-11-28T17:00:00.000Z']);
  });

  it('ignores an inactive window', () => {
    expect(
      slots({ ...week, windows: [window('2026-11-28T16:00:00Z', '2026-11-28T18:00:00Z', null, false)] }),
    ).toEqual([]);
  });

  it('merges a window with the weekly schedule', () => {
    // Weekly 09:00–12:00 plus a window 12:00–14:00: a 4-hour service fits from 09:00 to 10:00.
    const merged = slots({
      windows: [window('2026-11-23T18:00:00Z', '2026-11-23T20:00:00Z', null)],
      durationMinutes: 240,
    });
    expect(merged).toEqual(monday('15:00', '15:30', '16:00'));
  });

  // Window of Tuesday 2026-11-24 07:00–08:00 local (13:00–14:00Z), 60-minute service: one slot a day.
  const starts = (recurrence: AvailabilityWindowInput['recurrence']) =>
    slots({ ...week, windows: [window('2026-11-24T13:00:00Z', '2026-11-24T14:00:00Z', recurrence)] }).map(
      (s) => s.slice(0, 10),
    );

  it('repeats daily from its own date', () => {
    expect(starts('daily')).toEqual([
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
  });

  it('repeats weekly on its own weekday', () => {
    expect(
      slots({
        ...week,
        to: '2026-12-09T00:00:00Z',
        advanceBookingDays: 30,
        windows: [window('2026-11-24T13:00:00Z', '2026-11-24T14:00:00Z', 'weekly')],
      }),
    ).toEqual(['2026-11-24T13:00:00.000Z', '2026-12-01T13:00:00.000Z', '2026-12-08T13:00:00.000Z']);
  });

  it('repeats on weekdays (Monday–Friday) and weekends (Saturday–Sunday)', () => {
    expect(starts('weekdays')).toEqual(['2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27']);
    // Its own date (a Tuesday) always counts, as DTSTART does in iCalendar.
    expect(starts('weekends')).toEqual(['2026-11-24', '2026-11-28', '2026-11-29']);
  });

  it('includes a recurring window that began long before the range', () => {
    const old = window('2025-01-07T13:00:00Z', '2025-01-07T14:00:00Z', 'weekly'); // a Tuesday
    expect(slots({ ...week, windows: [old] })).toEqual(['2026-11-24T13:00:00.000Z']);
  });

  it('includes an overnight window that starts the day before the range', () => {
    // Sunday 2026-11-22 22:00 to Monday 02:00 local, daily.
    const overnight = window('2026-11-23T04:00:00Z', '2026-11-23T08:00:00Z', 'daily');
    const result = slots({
      ...week,
      from: '2026-11-23T06:00:00Z',
      to: '2026-11-23T12:00:00Z',
      windows: [overnight],
    });
    expect(result).toEqual([
      '2026-11-23T06:00:00.000Z',
      '2026-11-23T06:30:00.000Z',
      '2026-11-23T07:00:00.000Z',
    ]);
  });
});

describe('computeOpenSlots: daylight saving time', () => {
  const ny = { timezone: 'America/New_York', advanceBookingDays: 30 };

  it('follows the wall clock across a DST change (New York)', () => {
    // Friday 2026-03-06 09:00 EST is 14:00Z; Monday 2026-03-09 09:00 EDT is 13:00Z.
    const result = slots({
      ...ny,
      days: { friday: [['09:00', '10:00']], monday: [['09:00', '10:00']] },
      now: '2026-03-05T12:00:00Z',
      from: '2026-03-05T12:00:00Z',
      to: '2026-03-10T00:00:00Z',
    });
    expect(result).toEqual(['2026-03-06T14:00:00.000Z', '2026-03-09T13:00:00.000Z']);
  });

  it('skips the wall times of a spring-forward gap', () => {
    // Sunday 2026-03-08: 02:00 EST jumps to 03:00 EDT. 01:00–04:00 is two real hours.
    const result = slots({
      ...ny,
      days: { sunday: [['01:00', '04:00']] },
      now: '2026-03-07T12:00:00Z',
      from: '2026-03-07T12:00:00Z',
      to: '2026-03-09T12:00:00Z',
    });
    // 01:00 EST, 01:30 EST, 03:00 EDT — never 02:00 or 02:30.
    expect(result).toEqual([
      '2026-03-08T06:00:00.000Z',
      '2026-03-08T06:30:00.000Z',
      '2026-03-08T07:00:00.000Z',
    ]);
  });

  it('starts a range that begins inside the gap at the end of the gap', () => {
    const result = slots({
      ...ny,
      days: { sunday: [['02:30', '05:00']] },
      now: '2026-03-07T12:00:00Z',
      from: '2026-03-07T12:00:00Z',
      to: '2026-03-09T12:00:00Z',
    });
    // Open 03:00–05:00 EDT (07:00–09:00Z).
    expect(result).toEqual([
      '2026-03-08T07:00:00.000Z',
      '2026-03-08T07:30:00.000Z',
      '2026-03-08T08:00:00.000Z',
    ]);
  });

  it('opens both occurrences of a repeated fall-back hour, deterministically', () => {
    // Sunday 2026-11-01: 02:00 EDT falls back to 01:00 EST. 00:00–03:00 is four real hours.
    const result = slots({
      ...ny,
      days: { sunday: [['00:00', '03:00']] },
      now: '2026-10-31T12:00:00Z',
      from: '2026-10-31T12:00:00Z',
      to: '2026-11-02T12:00:00Z',
    });
    expect(result).toEqual([
      '2026-11-01T04:00:00.000Z', // 00:00 EDT
      '2026-11-01T04:30:00.000Z',
      '2026-11-01T05:00:00.000Z', // 01:00 EDT
      '2026-11-01T05:30:00.000Z', // 01:30 EDT
      '2026-11-01T06:00:00.000Z', // 01:00 EST
      '2026-11-01T06:30:00.000Z', // 01:30 EST
      '2026-11-01T07:00:00.000Z', // 02:00 EST (ends 03:00 EST)
    ]);
  });

  it('splits a range that starts inside the repeated hour into its two occurrences', () => {
    // 01:30–03:00 holds 01:30–02:00 EDT and 01:30–03:00 EST; a 60-minute service fits only in the second.
    const result = slots({
      ...ny,
      days: { sunday: [['01:30', '03:00']] },
      now: '2026-10-31T12:00:00Z',
      from: '2026-10-31T12:00:00Z',
      to: '2026-11-02T12:00:00Z',
    });
    expect(result).toEqual(['2026-11-01T06:30:00.000Z', '2026-11-01T07:00:00.000Z']);
  });

  it('keeps a weekly window at its wall-clock time after the change', () => {
    // Friday 2026-03-06 10:00–11:00 EST weekly: the next Friday it is 10:00 EDT (14:00Z).
    const result = slots({
      ...ny,
      days: {},
      windows: [
        { start: '2026-03-06T15:00:00Z', end: '2026-03-06T16:00:00Z', recurrence: 'weekly', isActive: true },
      ],
      now: '2026-03-05T12:00:00Z',
      from: '2026-03-05T12:00:00Z',
      to: '2026-03-14T00:00:00Z',
    });
    expect(result).toEqual(['2026-03-06T15:00:00.000Z', '2026-03-13T14:00:00.000Z']);
  });

  it('follows Madrid’s change on the last Sunday of March', () => {
    // Monday 2026-03-30 09:00 CEST is 07:00Z; the Monday before, 09:00 CET was 08:00Z.
    const result = slots({
      timezone: 'Europe/Madrid',
      days: { monday: [['09:00', '10:00']] },
      now: '2026-03-22T12:00:00Z',
      from: '2026-03-22T12:00:00Z',
      to: '2026-03-31T00:00:00Z',
    });
    expect(result).toEqual(['2026-03-23T08:00:00.000Z', '2026-03-30T07:00:00.000Z']);
  });

  it('keeps Mexico City at UTC−6 on the dates it used to change (no DST since 2022)', () => {
    // First Sunday of April and last Sunday of October 2026: 09:00 local is 15:00Z both times.
    const result = slots({
      days: { sunday: [['09:00', '10:00']] },
      now: '2026-04-01T12:00:00Z',
      from: '2026-04-01T12:00:00Z',
      to: '2026-11-01T00:00:00Z',
      advanceBookingDays: 365,
    });
    expect(result).toContain('2026-04-05T15:00:00.000Z');
    expect(result).toContain('2026-10-25T15:00:00.000Z');
    expect(result.every((s) => s.endsWith('T15:00:00.000Z'))).toBe(true);
  });
});
