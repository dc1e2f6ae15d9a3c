import type { RecurrenceRule } from '../constants.ts';
import { type WeeklyAvailability, weekdays } from '../weekly-availability.ts';
import {
  firstInstantAtWall,
  MINUTES_PER_DAY,
  offsetAt,
  offsetSegments,
  wallMinuteAt,
  wallMinuteIn,
  wallRangeToInstants,
  weekdayIndex,
} from './zone-time.ts';

/**
 * The availability engine (ARCHITECTURE §5; decisions 008 and 013). Pure: no I/O, no clock of its own.
 *
 * Open time
 * - The weekly schedule of each local date, plus every active availability window expanded by its
 *   recurrence, merged into disjoint ranges. A once window (`recurrence: null`) is its own two
 *   instants. A recurring window repeats its local wall-clock start and wall-clock length on every
 *   local date from its own date on that the rule accepts (`daily`; `weekly`: the same weekday;
 *   `weekdays`: Monday–Friday; `weekends`: Saturday–Sunday); its own date always counts, as
 *   DTSTART does in iCalendar (RFC 5545), even when the rule would not pick it.
 * - Wall-clock times are in the vendor's IANA zone. A wall range is open at every instant whose
 *   wall-clock time lies inside it: a time that does not exist (spring-forward gap) is skipped, so
 *   09:00–17:00 on a day that loses an hour is seven hours long; a time that exists twice
 *   (fall-back overlap) is open both times, so a range over the repeated hour is one hour longer.
 *
 * Slots
 * - Candidate starts every 30 minutes of real time from the start of each merged open range
 *   (never a wall time inside a gap, since every candidate is an instant).
 * - A start `s` is kept when [s, s + duration) lies in one open range, and for every busy
 *   appointment b: [s − buffer, s + duration + buffer) does not overlap [b.start, b.end)
 *   (ARCHITECTURE §5) **and** s is not before b.end + b.bufferMinutes. The second rule is the
 *   exclusion constraint of migration 0002, which keeps [start, end + the row's own buffer)
 *   ranges apart (decision 008): after a vendor shortens the buffer, older bookings keep the longer
 *   snapshot, and the engine must never offer a slot the database will refuse. Together:
 *   b.start − duration − buffer < s < b.end + max(buffer, b.bufferMinutes) is busy.
 * - A start is kept only when [s, s + duration) does not overlap any of the vendor's time off
 *   (decision 090): t.start − duration < s < t.end is blocked. No buffer around it: time off is the
 *   vendor's own, not a booking to travel to or from. Blocking starts (rather than cutting open
 *   time) keeps the 30-minute grid of the day as it is.
 * - Not before now + lead time; before the end of the local day `advanceBookingDays` after today
 *   (the first instant at which the vendor's clocks show the next date); and within [from, to):
 *   `to` is exclusive, so consecutive ranges never return one start twice.
 *
 * Times are integer minutes since the epoch throughout; the result is sorted, unique ISO UTC
 * strings. Instants that are not whole minutes are rounded so that slots stay inside the rules
 * (busy ranges outwards, open time inwards).
 */

/** A moment in time: a Date, an ISO string or epoch milliseconds. */
export type Instant = Date | string | number;

export interface AvailabilityWindowInput {
  start: Instant;
  end: Instant;
  recurrence: RecurrenceRule | null;
  isActive: boolean;
}

export interface BusyAppointment {
  start: Instant;
  end: Instant;
  /** The buffer stored on the appointment row (decision 008), not the vendor's current one. */
  bufferMinutes: number;
}

/** A stretch of time the vendor takes off (decision 090): no slot may overlap [start, end). */
export interface TimeOffRange {
  start: Instant;
  end: Instant;
}

export interface OpenSlotsInput {
  weekly: WeeklyAvailability;
  timezone: string;
  windows: readonly AvailabilityWindowInput[];
  busy: readonly BusyAppointment[];
  /** The vendor's time off near the range; none when left out. */
  timeOff?: readonly TimeOffRange[];
  durationMinutes: number;
  bufferMinutes: number;
  leadTimeMinutes: number;
  advanceBookingDays: number;
  now: Instant;
  from: Instant;
  to: Instant;
}

/** ARCHITECTURE §5: candidate starts every 30 minutes, aligned to each open range's start. */
export const SLOT_STEP_MINUTES = 30;

// A recurring window that started up to a week before the range still reaches into it.
const RECURRENCE_LOOKBACK_DAYS = 8;

function toMs(at: Instant): number {
  const ms = typeof at === 'number' ? at : typeof at === 'string' ? Date.parse(at) : at.getTime();
  if (!Number.isFinite(ms)) throw new RangeError(`Not a valid instant: ${String(at)}`);
  return ms;
}

const ceilMinute = (at: Instant) => Math.ceil(toMs(at) / 60_000);
const floorMinute = (at: Instant) => Math.floor(toMs(at) / 60_000);

function parseHhmm(text: string): number {
  return Number(text.slice(0, 2)) * 60 + Number(text.slice(3, 5));
}

function recursOn(rule: RecurrenceRule, day: number, firstDay: number): boolean {
  switch (rule) {
    case 'daily':
      return true;
    case 'weekly':
      return (day - firstDay) % 7 === 0;
    case 'weekdays':
      return weekdayIndex(day) < 5;
    case 'weekends':
      return weekdayIndex(day) >= 5;
  }
}

/** Sorts ranges by start and joins those that overlap or touch. */
function mergeRanges(ranges: [number, number][]): [number, number][] {
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const range of ranges) {
    const last = merged[merged.length - 1];
    if (last && range[0] <= last[1]) {
      if (range[1] > last[1]) last[1] = range[1];
    } else {
      merged.push([range[0], range[1]]);
    }
  }
  return merged;
}

/** Sorted unique ISO UTC start times at which a booking of `durationMinutes` may be requested. */
export function computeOpenSlots(input: OpenSlotsInput): string[] {
  const { timezone: zone, durationMinutes: duration } = input;
  if (!(duration > 0)) return [];
  const buffer = Math.max(0, input.bufferMinutes);
  const nowMs = toMs(input.now);

  // Earliest and latest allowed starts, lo ≤ s < hi, in UTC minutes.
  const lo = Math.max(ceilMinute(input.from), Math.ceil((nowMs + input.leadTimeMinutes * 60_000) / 60_000));
  const nowMinute = Math.floor(nowMs / 60_000);
  const wallNow = wallMinuteAt(nowMinute, zone);
  const horizonWall =
    (Math.floor(wallNow / MINUTES_PER_DAY) + input.advanceBookingDays + 1) * MINUTES_PER_DAY;
  // Within a day of the true horizon: enough to size the range of offsets needed.
  const roughHi = Math.min(ceilMinute(input.to), horizonWall - (wallNow - nowMinute) + MINUTES_PER_DAY);
  if (roughHi <= lo) return [];

  const segments = offsetSegments(zone, lo - 2 * MINUTES_PER_DAY, roughHi + duration + 2 * MINUTES_PER_DAY);
  const hi = Math.min(ceilMinute(input.to), firstInstantAtWall(segments, horizonWall));
  if (hi <= lo) return [];

  // Open time over the local dates that can hold a slot starting in [lo, hi), a day either side.
  const firstDay = Math.floor(wallMinuteIn(segments, lo) / MINUTES_PER_DAY) - 1;
  const lastDay = Math.floor(wallMinuteIn(segments, hi + duration) / MINUTES_PER_DAY) + 1;
  const open: [number, number][] = [];

  const weeklyRanges = weekdays.map((name) => {
    const day = input.weekly[name];
    if (!day?.enabled) return [];
    return day.slots
      .map((slot) => [parseHhmm(slot.start), parseHhmm(slot.end)] as const)
      .filter(([start, end]) => start < end);
  });
  for (let day = firstDay; day <= lastDay; day++) {
    const base = day * MINUTES_PER_DAY;
    for (const [start, end] of weeklyRanges[weekdayIndex(day)]!) {
      wallRangeToInstants(segments, base + start, base + end, open);
    }
  }

  for (const window of input.windows) {
    if (!window.isActive) continue;
    const start = ceilMinute(window.start);
    const end = floorMinute(window.end);
    if (start >= end) continue;
    if (window.recurrence === null) {
      open.push([start, end]);
      continue;
    }
    // Repeat the window's wall-clock start and wall-clock length (decision 013).
    const wallStart = start + offsetAt(start, zone);
    const wallLength = end + offsetAt(end, zone) - wallStart;
    if (wallLength <= 0) continue;
    const ownDay = Math.floor(wallStart / MINUTES_PER_DAY);
    const timeOfDay = wallStart - ownDay * MINUTES_PER_DAY;
    // An occurrence before the look-back is covered by a later one that also starts before the range.
    for (let day = Math.max(ownDay, firstDay - RECURRENCE_LOOKBACK_DAYS); day <= lastDay; day++) {
      if (day !== ownDay && !recursOn(window.recurrence, day, ownDay)) continue;
      const occurrence = day * MINUTES_PER_DAY + timeOfDay;
      wallRangeToInstants(segments, occurrence, occurrence + wallLength, open);
    }
  }
  const openRanges = mergeRanges(open);

  // Starts that a busy appointment forbids: b.start − duration − buffer < s < b.end + max(buffers).
  const blocked: [number, number][] = [];
  for (const b of input.busy) {
    const from = floorMinute(b.start) - duration - buffer + 1;
    const until = ceilMinute(b.end) + Math.max(buffer, b.bufferMinutes);
    if (until > lo && from < hi) blocked.push([from, until]);
  }
  // Starts that time off forbids: t.start − duration < s < t.end.
  for (const t of input.timeOff ?? []) {
    const from = floorMinute(t.start) - duration + 1;
    const until = ceilMinute(t.end);
    if (until > lo && from < hi) blocked.push([from, until]);
  }
  const blockedRanges = mergeRanges(blocked);

  const slots: string[] = [];
  let next = 0; // the first blocked range that may still cover a later start
  for (const [openStart, openEnd] of openRanges) {
    let s =
      lo > openStart
        ? openStart + Math.ceil((lo - openStart) / SLOT_STEP_MINUTES) * SLOT_STEP_MINUTES
        : openStart;
    while (s + duration <= openEnd && s < hi) {
      while (next < blockedRanges.length && blockedRanges[next]![1] <= s) next++;
      const busy = blockedRanges[next];
      if (busy && busy[0] <= s) {
        // Jump to the first grid point after this busy stretch.
        s = openStart + Math.ceil((busy[1] - openStart) / SLOT_STEP_MINUTES) * SLOT_STEP_MINUTES;
        continue;
      }
      slots.push(new Date(s * 60_000).toISOString());
      s += SLOT_STEP_MINUTES;
    }
  }
  return slots;
}
