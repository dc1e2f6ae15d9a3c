// A vendor's time zone as iCalendar writes it (RFC 5545 §3.6.5): events at local times of a TZID,
// and the VTIMEZONE that defines it, which Outlook requires and Google and Apple read. The offsets
// come from the runtime's own time zone data (Intl), the same the availability engine uses, so a
// zone that changed its rules (Mexico left daylight saving time in 2022) is written as it is now,
// never as a bundled table remembered it.

const formats = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at `instant`, in minutes (Mexico City: −360). */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    formats.set(timeZone, format);
  }
  const name = format.formatToParts(instant).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /^GMT([+-])(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(name);
  if (!match) return 0; // "GMT" alone: UTC itself
  const minutes = Number(match[2]) * 60 + Number(match[3]) + Math.round(Number(match[4] ?? 0) / 60);
  return match[1] === '-' ? -minutes : minutes;
}

/** A wall-clock time as iCalendar's local DATE-TIME: 20261123T100000 (no Z). */
function stampOf(wall: Date): string {
  return wall.toISOString().replace(/[-:]/g, '').slice(0, 15);
}

/** `instant` as the local time of `timeZone`, for a `DTSTART;TZID=…:` value. */
export function localStamp(instant: Date, timeZone: string): string {
  return stampOf(new Date(instant.getTime() + zoneOffsetMinutes(instant, timeZone) * 60_000));
}

/** ±HHMM, as TZOFFSETFROM and TZOFFSETTO want it. */
function offsetText(minutes: number): string {
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

const DAY = 24 * 60 * 60_000;

/** The instants in [from, to] where the zone's offset changes: found day by day, then to the millisecond. */
function transitions(timeZone: string, from: Date, to: Date): { at: Date; before: number; after: number }[] {
  const found: { at: Date; before: number; after: number }[] = [];
  let low = from.getTime();
  let offset = zoneOffsetMinutes(from, timeZone);
  while (low < to.getTime()) {
    const high = Math.min(low + DAY, to.getTime());
    const next = zoneOffsetMinutes(new Date(high), timeZone);
    if (next !== offset) {
      // The first instant with the new offset, between low (old) and high (new).
      let a = low;
      let b = high;
      while (b - a > 1) {
        const middle = Math.floor((a + b) / 2);
        if (zoneOffsetMinutes(new Date(middle), timeZone) === offset) a = middle;
        else b = middle;
      }
      found.push({ at: new Date(b), before: offset, after: next });
      offset = next;
    }
    low = high;
  }
  return found;
}

/**
 * The VTIMEZONE of `timeZone` for the events between `from` and `to`: its offset at `from`, then
 * each change within the span as an observance of its own (DTSTART in the wall time before the
 * change). An observance is DAYLIGHT when its offset is above the smallest one the zone keeps in
 * the span's years, STANDARD otherwise.
 */
export function vtimezone(timeZone: string, from: Date, to: Date): string[] {
  const changes = transitions(timeZone, from, to);
  const first = zoneOffsetMinutes(from, timeZone);
  const offsets = [first, ...changes.map((c) => c.after)];
  for (let year = from.getUTCFullYear(); year <= to.getUTCFullYear(); year++)
    for (const month of [0, 6]) offsets.push(zoneOffsetMinutes(new Date(Date.UTC(year, month, 1)), timeZone));
  const standard = Math.min(...offsets);
  const observance = (start: Date, before: number, after: number) => {
    const kind = after > standard ? 'DAYLIGHT' : 'STANDARD';
    return [
      `BEGIN:${kind}`,
      `DTSTART:${stampOf(new Date(start.getTime() + before * 60_000))}`,
      `TZOFFSETFROM:${offsetText(before)}`,
      `TZOFFSETTO:${offsetText(after)}`,
      `END:${kind}`,
    ];
  };
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${timeZone}`,
    ...observance(from, first, first),
    ...changes.flatMap((c) => observance(c.at, c.before, c.after)),
    'END:VTIMEZONE',
  ];
}
