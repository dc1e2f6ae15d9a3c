import {
  firstInstantAtWall,
  MINUTES_PER_DAY,
  offsetSegments,
  wallMinuteAt,
  weekdayIndex,
} from '../../../shared/availability/zone-time.ts';

// The booking form's pure parts: the spec's demo slots (product §4, §9) and slots grouped by the
// vendor's local day (decision 013: slots are shown in the vendor's timezone).

const DEMO_HOURS = [9, 10, 11, 14, 15, 16, 17];
const DEMO_DAYS = 7;

/** product §9: the next 7 weekdays at 09, 10, 11, 14, 15, 16 and 17 h, on the vendor's clocks. */
export function demoSlots(now: Date, timeZone: string): string[] {
  const nowMinute = Math.floor(now.getTime() / 60_000);
  const segments = offsetSegments(timeZone, nowMinute - MINUTES_PER_DAY, nowMinute + 14 * MINUTES_PER_DAY);
  const today = Math.floor(wallMinuteAt(nowMinute, timeZone) / MINUTES_PER_DAY);
  const slots: string[] = [];
  for (let day = today + 1; slots.length < DEMO_DAYS * DEMO_HOURS.length; day++) {
    if (weekdayIndex(day) >= 5) continue;
    for (const hour of DEMO_HOURS) {
      const instant = firstInstantAtWall(segments, day * MINUTES_PER_DAY + hour * 60);
      slots.push(new Date(instant * 60_000).toISOString());
    }
  }
  return slots;
}

export interface SlotDay {
  /** The local date, YYYY-MM-DD in the vendor's zone. */
  key: string;
  label: string;
  slots: { iso: string; label: string }[];
}

/**
 * The day and time formats of a zone and language, made once: a page's first Intl.DateTimeFormat
 * loads the browser's date data, a long task on a phone (decision 027), so none is made before a
 * service's slots are shown.
 */
const slotFormats = new Map<string, { day: Intl.DateTimeFormat; time: Intl.DateTimeFormat }>();
function slotFormatsFor(timeZone: string, locale: string) {
  const key = `${locale} ${timeZone}`;
  let formats = slotFormats.get(key);
  if (!formats) {
    formats = {
      day: new Intl.DateTimeFormat(locale, { timeZone, weekday: 'short', day: 'numeric', month: 'short' }),
      time: new Intl.DateTimeFormat(locale, { timeZone, hour: 'numeric', minute: '2-digit' }),
    };
    slotFormats.set(key, formats);
  }
  return formats;
}

/** Slots grouped by the vendor's local day, labelled in the reader's language. */
export function groupSlotsByDay(slots: string[], timeZone: string, locale: string): SlotDay[] {
  if (slots.length === 0) return [];
  const formats = slotFormatsFor(timeZone, locale);
  const days = new Map<string, SlotDay>();
  for (const iso of slots) {
    const at = new Date(iso);
    const wall = wallMinuteAt(Math.floor(at.getTime() / 60_000), timeZone);
    const key = new Date(wall * 60_000).toISOString().slice(0, 10);
    let day = days.get(key);
    if (!day) {
      day = { key, label: formats.day.format(at), slots: [] };
      days.set(key, day);
    }
    day.slots.push({ iso, label: formats.time.format(at) });
  }
  return [...days.values()];
}
