import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { naiveOpenSlots } from '../../../bench/availability-reference.ts';
import { recurrenceRules } from '../constants.ts';
import { type WeeklyAvailability, weekdays } from '../weekly-availability.ts';
import { computeOpenSlots, type OpenSlotsInput } from './open-slots.ts';

// ARCHITECTURE §5 as properties, in Mexico City (no DST since 2022) and in two zones with DST, with
// "now" drawn near their 2026 changes.

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const zones = ['America/Mexico_City', 'America/New_York', 'Europe/Madrid'] as const;
const nearChanges = [
  '2026-03-05T10:00:00Z', // New York springs forward on 03-08
  '2026-03-26T10:00:00Z', // Madrid on 03-29
  '2026-04-02T10:00:00Z', // Mexico City's former change (04-05)
  '2026-10-22T10:00:00Z', // Madrid falls back on 10-25, Mexico City formerly too
  '2026-10-29T10:00:00Z', // New York on 11-01
  '2026-07-15T10:00:00Z',
].map(Date.parse);

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

// Wall times on the half hour, so that a range that began before the reference's marked span
// still has the same grid in both implementations.
const slotArb = fc
  .tuple(fc.integer({ min: 0, max: 46 }), fc.integer({ min: 1, max: 20 }))
  .map(([start, length]) => ({ start: hhmm(start * 30), end: hhmm(Math.min(start + length, 47) * 30) }));
const weeklyArb: fc.Arbitrary<WeeklyAvailability> = fc
  .tuple(
    ...weekdays.map(() =>
      fc.record({ enabled: fc.boolean(), slots: fc.array(slotArb, { minLength: 1, maxLength: 3 }) }),
    ),
  )
  .map((days) => Object.fromEntries(weekdays.map((day, i) => [day, days[i]!])) as WeeklyAvailability);

const inputArb: fc.Arbitrary<OpenSlotsInput> = fc
  .record({
    timezone: fc.constantFrom(...zones),
    base: fc.constantFrom(...nearChanges),
    nowOffset: fc.integer({ min: 0, max: 3 * 24 * 60 }),
    weekly: weeklyArb,
    windows: fc.array(
      fc.record({
        startHalfHours: fc.integer({ min: -20 * 48, max: 8 * 48 }),
        lengthHalfHours: fc.integer({ min: 1, max: 30 }),
        recurrence: fc.constantFrom(null, ...recurrenceRules),
        isActive: fc.boolean(),
      }),
      { maxLength: 3 },
    ),
    busy: fc.array(
      fc.record({
        startQuarters: fc.integer({ min: -4 * 24, max: 8 * 24 * 4 }),
        lengthQuarters: fc.integer({ min: 1, max: 12 }),
        bufferMinutes: fc.constantFrom(0, 15, 30, 60, 120),
      }),
      { maxLength: 25 },
    ),
    // Whole days (on the grid) and hours off, some of them on odd minutes.
    timeOff: fc.array(
      fc.record({
        startMinutes: fc.integer({ min: -2 * 24 * 60, max: 8 * 24 * 60 }),
        lengthMinutes: fc.oneof(fc.integer({ min: 1, max: 8 * 60 }), fc.constantFrom(24 * 60, 3 * 24 * 60)),
      }),
      { maxLength: 4 },
    ),
    durationMinutes: fc.integer({ min: 1, max: 12 }).map((q) => q * 15),
    bufferMinutes: fc.constantFrom(0, 10, 15, 30, 45, 120),
    leadTimeMinutes: fc.integer({ min: 0, max: 1440 }),
    advanceBookingDays: fc.integer({ min: 1, max: 6 }),
    fromOffset: fc.integer({ min: -DAY / MINUTE, max: (3 * DAY) / MINUTE }),
    rangeMinutes: fc.integer({ min: 1, max: (6 * DAY) / MINUTE }),
  })
  .map((r) => {
    const now = r.base + r.nowOffset * MINUTE;
    const grid = Math.floor(now / (30 * MINUTE)) * 30 * MINUTE;
    const from = now + r.fromOffset * MINUTE;
    return {
      weekly: r.weekly,
      timezone: r.timezone,
      windows: r.windows.map((w) => ({
        start: new Date(grid + w.startHalfHours * 30 * MINUTE),
        end: new Date(grid + (w.startHalfHours + w.lengthHalfHours) * 30 * MINUTE),
        recurrence: w.recurrence,
        isActive: w.isActive,
      })),
      busy: r.busy.map((b) => ({
        start: new Date(grid + b.startQuarters * 15 * MINUTE),
        end: new Date(grid + (b.startQuarters + b.lengthQuarters) * 15 * MINUTE),
        bufferMinutes: b.bufferMinutes,
      })),
      timeOff: r.timeOff.map((t) => ({
        start: new Date(grid + t.startMinutes * MINUTE),
        end: new Date(grid + (t.startMinutes + t.lengthMinutes) * MINUTE),
      })),
      durationMinutes: r.durationMinutes,
      bufferMinutes: r.bufferMinutes,
      leadTimeMinutes: r.leadTimeMinutes,
      advanceBookingDays: r.advanceBookingDays,
      now: new Date(now),
      from: new Date(from),
      to: new Date(from + r.rangeMinutes * MINUTE),
    };
  });

const ms = (at: Date | string | number) => new Date(at).getTime();

const dateFormats = new Map<string, Intl.DateTimeFormat>();
/** The local calendar date as a day number, straight from Intl (independent of the engine). */
function localDay(at: number, timeZone: string): number {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dateFormats.set(timeZone, format);
  }
  return Date.parse(`${format.format(at)}T00:00:00Z`) / DAY;
}

describe('computeOpenSlots properties (ARCHITECTURE §5)', () => {
  it('returns sorted, unique ISO instants on the minute', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const slots = computeOpenSlots(input);
        for (let i = 0; i < slots.length; i++) {
          expect(new Date(slots[i]!).toISOString()).toBe(slots[i]);
          expect(ms(slots[i]!) % MINUTE).toBe(0);
          if (i > 0) expect(ms(slots[i]!)).toBeGreaterThan(ms(slots[i - 1]!));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('never offers a slot that overlaps a busy appointment plus buffer, nor one the exclusion constraint refuses', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        for (const slot of computeOpenSlots(input)) {
          const start = ms(slot);
          const end = start + input.durationMinutes * MINUTE;
          const buffer = input.bufferMinutes * MINUTE;
          for (const b of input.busy) {
            // ARCHITECTURE §5: [start − buffer, end + buffer) is clear of [b.start, b.end).
            expect(start - buffer < ms(b.end) && ms(b.start) < end + buffer).toBe(false);
            // Migration 0002 (decision 008): inserting this booking with the vendor's buffer beside
            // b, which carries its own, keeps [start, end + buffer) and [b.start, b.end + b.buffer) apart.
            const busyUntil = ms(b.end) + b.bufferMinutes * MINUTE;
            expect(start < busyUntil && ms(b.start) < end + buffer).toBe(false);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('never offers a slot that overlaps the vendor’s time off (decision 090)', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        for (const slot of computeOpenSlots(input)) {
          const start = ms(slot);
          const end = start + input.durationMinutes * MINUTE;
          for (const t of input.timeOff ?? []) expect(start < ms(t.end) && ms(t.start) < end).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('time off only takes slots away: the others stay exactly as without it', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const without = computeOpenSlots({ ...input, timeOff: [] });
        const clear = without.filter((slot) => {
          const start = ms(slot);
          const end = start + input.durationMinutes * MINUTE;
          return !(input.timeOff ?? []).some((t) => start < ms(t.end) && ms(t.start) < end);
        });
        expect(computeOpenSlots(input)).toEqual(clear);
      }),
      { numRuns: 300 },
    );
  });

  it('offers nothing before now + lead time, past the advance-booking day, or outside [from, to)', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const now = ms(input.now);
        const lastDay = localDay(now, input.timezone) + input.advanceBookingDays;
        for (const slot of computeOpenSlots(input)) {
          const start = ms(slot);
          expect(start).toBeGreaterThanOrEqual(now + input.leadTimeMinutes * MINUTE);
          expect(start).toBeGreaterThanOrEqual(ms(input.from));
          expect(start).toBeLessThan(ms(input.to));
          expect(localDay(start, input.timezone)).toBeLessThanOrEqual(lastDay);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('agrees exactly with the per-minute reference: every slot fits in open time, and none is missed', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        expect(computeOpenSlots(input)).toEqual(naiveOpenSlots(input));
      }),
      { numRuns: 60 },
    );
  });

  it('offers the same slots whatever the order of busy appointments and windows', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const reversed = {
          ...input,
          busy: [...input.busy].reverse(),
          windows: [...input.windows].reverse(),
          timeOff: [...(input.timeOff ?? [])].reverse(),
        };
        expect(computeOpenSlots(reversed)).toEqual(computeOpenSlots(input));
      }),
      { numRuns: 200 },
    );
  });
});
