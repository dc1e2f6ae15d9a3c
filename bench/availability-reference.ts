import type { OpenSlotsInput } from '../src/shared/availability/open-slots.ts';
import { weekdays } from '../src/shared/weekly-availability.ts';

// The plain reference for computeOpenSlots (ARCHITECTURE §5, decision 013): every minute of the range is
// looked up on the vendor's clock with Intl, marked open or closed, and every candidate is checked
// against every busy appointment with Date arithmetic. Slow on purpose: it is the baseline of
// bench/availability.ts and the oracle of the engine's differential property test.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function naiveOpenSlots(input: OpenSlotsInput): string[] {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: input.timezone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  });
  function local(ms: number) {
    const parts: Record<string, number> = {};
    for (const part of format.formatToParts(new Date(ms))) {
      if (part.type !== 'literal') parts[part.type] = Number(part.value);
    }
    const dayNumber = Date.UTC(parts.year!, parts.month! - 1, parts.day!) / DAY;
    return {
      dayNumber,
      minuteOfDay: parts.hour! * 60 + parts.minute!,
      wall: dayNumber * 1440 + parts.hour! * 60 + parts.minute!,
    };
  }
  const weekdayOf = (dayNumber: number) => weekdays[(((dayNumber + 3) % 7) + 7) % 7]!;
  const ms = (at: Date | string | number) => new Date(at).getTime();
  const hhmm = (text: string) => Number(text.slice(0, 2)) * 60 + Number(text.slice(3, 5));

  const now = ms(input.now);
  const duration = input.durationMinutes;
  const buffer = input.bufferMinutes;

  // The horizon: the first minute whose local date is past today + advance_booking_days.
  const lastDay = local(now).dayNumber + input.advanceBookingDays;
  let horizon = Math.floor(now / MINUTE) * MINUTE;
  while (local(horizon + HOUR).dayNumber <= lastDay) horizon += HOUR;
  while (local(horizon).dayNumber <= lastDay) horizon += MINUTE;

  const earliest = Math.max(ms(input.from), now + input.leadTimeMinutes * MINUTE);
  const latest = Math.min(ms(input.to), horizon); // exclusive
  if (latest <= earliest) return [];

  // Recurring windows, described by their wall-clock start and length.
  const recurring = input.windows
    .filter((w) => w.isActive && w.recurrence !== null)
    .map((w) => {
      const start = Math.ceil(ms(w.start) / MINUTE) * MINUTE;
      const end = Math.floor(ms(w.end) / MINUTE) * MINUTE;
      const wallStart = local(start).wall;
      const ownDay = Math.floor(wallStart / 1440);
      return {
        rule: w.recurrence!,
        ownDay,
        timeOfDay: wallStart - ownDay * 1440,
        length: local(end).wall - wallStart,
        valid: start < end,
      };
    });
  const once = input.windows.filter((w) => w.isActive && w.recurrence === null);

  function isOpen(minuteStart: number): boolean {
    const here = local(minuteStart);
    const day = input.weekly[weekdayOf(here.dayNumber)];
    if (day?.enabled) {
      for (const slot of day.slots) {
        if (hhmm(slot.start) <= here.minuteOfDay && here.minuteOfDay < hhmm(slot.end)) return true;
      }
    }
    for (const w of once) {
      if (minuteStart >= ms(w.start) && minuteStart + MINUTE <= ms(w.end)) return true;
    }
    for (const w of recurring) {
      if (!w.valid || w.length <= 0) continue;
      const firstOccurrence = Math.floor((here.wall - w.timeOfDay - w.length) / 1440) + 1;
      const lastOccurrence = Math.floor((here.wall - w.timeOfDay) / 1440);
      for (let e = firstOccurrence; e <= lastOccurrence; e++) {
        if (e < w.ownDay) continue;
        const weekday = (((e + 3) % 7) + 7) % 7;
        const matches =
          e === w.ownDay ||
          w.rule === 'daily' ||
          (w.rule === 'weekly' && (e - w.ownDay) % 7 === 0) ||
          (w.rule === 'weekdays' && weekday < 5) ||
          (w.rule === 'weekends' && weekday >= 5);
        if (matches) return true;
      }
    }
    return false;
  }

  // Mark every minute from three days before (on the 30-minute grid) to a day after the range.
  const spanStart = Math.floor((earliest - 3 * DAY) / (30 * MINUTE)) * 30 * MINUTE;
  const spanEnd = latest + duration * MINUTE + DAY;
  const open: boolean[] = [];
  for (let t = spanStart; t < spanEnd; t += MINUTE) open.push(isOpen(t));

  const slots: string[] = [];
  for (let i = 0; i < open.length; i++) {
    if (!open[i] || (i > 0 && open[i - 1])) continue;
    let runEnd = i;
    while (runEnd < open.length && open[runEnd]) runEnd++;
    for (let k = i; k + duration <= runEnd; k += 30) {
      const start = spanStart + k * MINUTE;
      if (start < earliest || start >= latest) continue;
      const end = start + duration * MINUTE;
      const clashes = input.busy.some((b) => {
        const busyStart = ms(b.start);
        const busyEnd = ms(b.end);
        // ARCHITECTURE §5: [start − buffer, end + buffer) against [b.start, b.end) …
        const engineRule = start - buffer * MINUTE < busyEnd && busyStart < end + buffer * MINUTE;
        // … and migration 0002: [start, end + buffer) against [b.start, b.end + b.buffer).
        const constraintRule =
          start < busyEnd + b.bufferMinutes * MINUTE && busyStart < end + buffer * MINUTE;
        return engineRule || constraintRule;
      });
      // Decision 090: [start, end) against each time off's [t.start, t.end), no buffer.
      const off = (input.timeOff ?? []).some((t) => start < ms(t.end) && ms(t.start) < end);
      if (!clashes && !off) slots.push(new Date(start).toISOString());
    }
  }
  return slots;
}
