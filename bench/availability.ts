import { isDeepStrictEqual } from 'node:util';
import {
  type BusyAppointment,
  computeOpenSlots,
  type OpenSlotsInput,
} from '../src/shared/availability/open-slots.ts';
import { BOOKING_RANGE_DAYS } from '../src/shared/constants.ts';
import { type WeeklyAvailability, weekdays } from '../src/shared/weekly-availability.ts';
import { naiveOpenSlots } from './availability-reference.ts';
import { writeResult } from './support.ts';

// The availability engine (ARCHITECTURE §5: goal ≤ 1 ms for a 14-day range, one vendor, 500
// appointments, time off) against the plain per-minute reference in bench/availability-reference.ts,
// measured in the same run on the same inputs. Both must return the same slots.
//   npm run bench:availability

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** A small deterministic PRNG (mulberry32): the same inputs on every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function scenario(
  timezone: string,
  now: string,
  busyDays: { before: number; after: number },
): OpenSlotsInput {
  const next = random(2026);
  const nowMs = Date.parse(now);
  const weekly = Object.fromEntries(
    weekdays.map((day, i) => [
      day,
      {
        enabled: i < 6,
        slots:
          i < 5
            ? [
                { start: '07:00', end: '13:00' },
                { start: '14:00', end: '21:00' },
              ]
            : [{ start: '09:00', end: '15:00' }],
      },
    ]),
  ) as WeeklyAvailability;
  // 500 appointments of 30–120 minutes on the quarter hour, spread over the given days.
  const busy: BusyAppointment[] = [];
  const spread = (busyDays.before + busyDays.after) * DAY;
  for (let i = 0; i < 500; i++) {
    const start = nowMs - busyDays.before * DAY + Math.floor((next() * spread) / (15 * MINUTE)) * 15 * MINUTE;
    const minutes = 30 + Math.floor(next() * 4) * 30;
    busy.push({ start: new Date(start), end: new Date(start + minutes * MINUTE), bufferMinutes: 15 });
  }
  const windowStart = Date.parse(now) + 2 * DAY;
  return {
    weekly,
    timezone,
    windows: [
      {
        start: new Date(windowStart),
        end: new Date(windowStart + 3 * 60 * MINUTE),
        recurrence: 'weekly',
        isActive: true,
      },
      {
        start: new Date(windowStart + DAY),
        end: new Date(windowStart + DAY + 2 * 60 * MINUTE),
        recurrence: null,
        isActive: true,
      },
      {
        start: new Date(windowStart - DAY),
        end: new Date(windowStart - DAY + 90 * MINUTE),
        recurrence: 'weekends',
        isActive: true,
      },
    ],
    busy,
    // A whole day off and an afternoon away (decision 090).
    timeOff: [
      { start: new Date(windowStart + 3 * DAY), end: new Date(windowStart + 4 * DAY) },
      { start: new Date(windowStart + 6 * DAY), end: new Date(windowStart + 6 * DAY + 3 * 60 * MINUTE) },
    ],
    durationMinutes: 60,
    bufferMinutes: 15,
    leadTimeMinutes: 120,
    advanceBookingDays: BOOKING_RANGE_DAYS,
    now: new Date(nowMs),
    from: new Date(nowMs),
    to: new Date(nowMs + BOOKING_RANGE_DAYS * DAY),
  };
}

/**
 * Milliseconds per call: the best of `rounds` rounds of at least `roundMs` each. The best round is
 * the one least disturbed by other work on the machine; both implementations are measured alike.
 */
function timePerCall(run: () => unknown, rounds: number, roundMs: number): number {
  run(); // warm-up
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < rounds; round++) {
    let calls = 0;
    const started = performance.now();
    let elapsed = 0;
    while (elapsed < roundMs) {
      run();
      calls++;
      elapsed = performance.now() - started;
    }
    best = Math.min(best, elapsed / calls);
  }
  return best;
}

const spreadOut = { before: 30, after: 60 }; // a busy vendor's history and bookings ahead
const packed = { before: 0, after: BOOKING_RANGE_DAYS }; // all 500 inside the 14 days
const cases = [
  {
    name: 'Mexico_City, 500 over 90 days',
    input: scenario('America/Mexico_City', '2026-11-23T15:07:00Z', spreadOut),
  },
  {
    name: 'Mexico_City, 500 within the 14 days',
    input: scenario('America/Mexico_City', '2026-11-23T15:07:00Z', packed),
  },
  {
    name: 'New_York (DST change), 500 over 90 days',
    input: scenario('America/New_York', '2026-10-26T13:07:00Z', spreadOut),
  },
];

console.log(
  'Availability engine: 14 days, one vendor, 500 appointments, 3 windows, 2 time off (goal ≤ 1 ms); best round of several',
);
const rows: { case: string; slots: number; engineMs: number; referenceMs: number; ratio: number }[] = [];
for (const { name, input } of cases) {
  const ours = computeOpenSlots(input);
  const reference = naiveOpenSlots(input);
  if (!isDeepStrictEqual(ours, reference)) {
    console.error(
      `  ${name}: the engine and the reference disagree (${ours.length} vs ${reference.length} slots)`,
    );
    process.exitCode = 1;
    continue;
  }
  const oursMs = timePerCall(() => computeOpenSlots(input), 10, 200);
  const referenceMs = timePerCall(() => naiveOpenSlots(input), 5, 400);
  rows.push({ case: name, slots: ours.length, engineMs: oursMs, referenceMs, ratio: oursMs / referenceMs });
  console.log(
    `  ${name.padEnd(40)} ${String(ours.length).padStart(4)} slots   engine ${oursMs.toFixed(3)} ms   reference (per-minute) ${referenceMs.toFixed(1)} ms   ratio ${(oursMs / referenceMs).toFixed(5)} (${Math.round(referenceMs / oursMs)}× faster)`,
  );
}
writeResult('availability', { goalMs: 1, rows });
