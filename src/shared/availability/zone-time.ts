// Wall-clock time in an IANA zone, in integer minutes, for the availability engine (ARCHITECTURE §5).
//
// "Wall minutes" count minutes since 1970-01-01T00:00 *as shown on the zone's clocks*, so that
// `Math.floor(wall / 1440)` is the local date (a day number) and `wall % 1440` the local time of day.
// An instant (UTC minutes) has exactly one wall minute; a wall minute may have none (inside a
// spring-forward gap) or two (inside a fall-back overlap). That is why wall ranges are turned into
// instants by membership (`wallRangeToInstants`) rather than by converting their two ends.

export const MINUTES_PER_DAY = 1440;

// ARCHITECTURE §1: build Intl.DateTimeFormat objects once. One per zone for the life of the process.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    // Throws a RangeError for a zone that is not IANA: the caller learns at once.
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

// `format()` and a parse is three times faster than `formatToParts()`; en-US numeric output is
// stable: "11/21/2026, 18:05" (year may carry more digits or an era far from today: not our range).
const wallPattern = /^(\d+)\/(\d+)\/(\d+),? (\d+):(\d+)$/;

/** The wall minute that clocks in `timeZone` show at the instant `utcMinute`. */
export function wallMinuteAt(utcMinute: number, timeZone: string): number {
  const text = formatterFor(timeZone).format(utcMinute * 60_000);
  const m = wallPattern.exec(text);
  if (!m) throw new Error(`Unexpected date format from Intl: ${text}`);
  const [, month, day, year, hour, minute] = m;
  return Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute)) / 60_000;
}

/** The zone's UTC offset in minutes at an instant (wall − utc). */
export function offsetAt(utcMinute: number, timeZone: string): number {
  return wallMinuteAt(utcMinute, timeZone) - utcMinute;
}

/** A stretch of time with one UTC offset: [start, end) in UTC minutes. */
export interface OffsetSegment {
  start: number;
  end: number;
  offset: number;
}

// Zones change offset at most once in any 12 hours (tzdb has no closer pair in the range a
// marketplace books), so sampling at this step and bisecting between differing samples finds
// every transition to the minute with a few dozen Intl calls for a 14-day range.
const SAMPLE_STEP = 12 * 60;

/**
 * The zone's offsets over [from, to) (UTC minutes) as consecutive segments; the first starts at
 * −Infinity and the last ends at +Infinity (the offsets at the edges are taken to hold beyond).
 */
export function offsetSegments(timeZone: string, from: number, to: number): OffsetSegment[] {
  const segments: OffsetSegment[] = [];
  let start = Number.NEGATIVE_INFINITY;
  let at = from;
  let offset = offsetAt(at, timeZone);
  while (at < to) {
    const next = Math.min(at + SAMPLE_STEP, to);
    const nextOffset = offsetAt(next, timeZone);
    if (nextOffset !== offset) {
      // Bisect: the offset is `offset` at lo and `nextOffset` at hi; find the first minute of the new one.
      let lo = at;
      let hi = next;
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        if (offsetAt(mid, timeZone) === offset) lo = mid;
        else hi = mid;
      }
      segments.push({ start, end: hi, offset });
      start = hi;
      offset = nextOffset;
    }
    at = next;
  }
  segments.push({ start, end: Number.POSITIVE_INFINITY, offset });
  return segments;
}

/** The wall minute of an instant, looked up in precomputed segments (no Intl call). */
export function wallMinuteIn(segments: OffsetSegment[], utcMinute: number): number {
  for (const s of segments) if (utcMinute < s.end) return utcMinute + s.offset;
  return utcMinute + segments[segments.length - 1]!.offset;
}

/**
 * Every instant whose wall time lies in [wallStart, wallEnd), as UTC ranges appended to `out`.
 * A wall time that does not exist (spring-forward gap) contributes nothing; one that exists twice
 * (fall-back overlap) contributes both of its instants.
 */
export function wallRangeToInstants(
  segments: OffsetSegment[],
  wallStart: number,
  wallEnd: number,
  out: [number, number][],
): void {
  for (const s of segments) {
    const start = Math.max(s.start, wallStart - s.offset);
    const end = Math.min(s.end, wallEnd - s.offset);
    if (start < end) out.push([start, end]);
  }
}

/**
 * The first instant at which clocks show `wall` or later: where a local day begins, even when its
 * midnight falls in a gap (then it is the end of the gap).
 */
export function firstInstantAtWall(segments: OffsetSegment[], wall: number): number {
  for (const s of segments) {
    const candidate = Math.max(s.start, wall - s.offset);
    if (candidate < s.end) return candidate;
  }
  return wall - segments[segments.length - 1]!.offset;
}

/** Monday = 0 … Sunday = 6 for a local day number (1970-01-01, day 0, was a Thursday). */
export function weekdayIndex(dayNumber: number): number {
  return (((dayNumber + 3) % 7) + 7) % 7;
}
