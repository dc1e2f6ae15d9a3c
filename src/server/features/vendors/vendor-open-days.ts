import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { zonedWallTimeToUtc } from '../../../shared/admin.schemas.ts';
import { addDays, bookableDays } from '../../../shared/calendar-day.ts';
import type { Db } from '../../db/client.ts';
import { services } from '../../db/schema/vendors.ts';
import { AppError } from '../../lib/app-error.ts';
import { computeAvailability } from '../availability/availability.service.ts';

// "available on" a day — a vendor is listed when the availability engine gives at
// least one open slot that day (in the vendor's timezone) for one of its active services. The
// shortest service is the one asked: a longer service's open start is open for a shorter one too
// (same windows, same busy times, same buffer). Answers are kept a minute per vendor and day, so that
// paging and repeated searches do not compute them again; a booking made meanwhile shows after that
// minute at the latest, and the booking form's own slots are always computed fresh.

/** How long an answer is kept (ms). */
export const OPEN_DAY_MAX_AGE_MS = 60_000;
const MAX_ENTRIES = 20_000;

export interface OpenDayCache {
  /** Of `vendorIds`, those with an open slot on `day` (YYYY-MM-DD), in the order given. */
  openOn(db: Db, vendorIds: string[], day: string, now: Date): Promise<Set<string>>;
}

/** A day the filter may ask about: the days the booking form offers (`bookableDays`). */
export function assertBookableDay(day: string, now: Date): void {
  const { min, max } = bookableDays(now);
  if (day < min || day > max) {
    const message = `Date must be between ${min} and ${max}`;
    throw new AppError('validation_failed', `Invalid query (available_on): ${message}`, [
      { path: 'available_on', message },
    ]);
  }
}

/** Whether one vendor has an open slot on `day` for `serviceId`, by the availability engine. */
async function hasOpenSlot(
  db: Db,
  vendorId: string,
  serviceId: string,
  day: string,
  timeZone: string,
  now: Date,
) {
  const from = zonedWallTimeToUtc(day, '00:00', timeZone);
  const to = zonedWallTimeToUtc(addDays(day, 1), '00:00', timeZone);
  if (to <= now) return false;
  const { slots } = await computeAvailability({
    db,
    idOrSlug: vendorId,
    serviceId,
    from: from < now ? now : from,
    to,
    now,
  });
  return slots.length > 0;
}

export function createOpenDayCache({ now: clockNow = () => Date.now() } = {}): OpenDayCache {
  const entries = new Map<string, { open: boolean; at: number }>();
  return {
    async openOn(db, vendorIds, day, now) {
      const open = new Set<string>();
      const unknown: string[] = [];
      for (const id of vendorIds) {
        const kept = entries.get(`${id}:${day}`);
        if (kept && clockNow() - kept.at < OPEN_DAY_MAX_AGE_MS) {
          if (kept.open) open.add(id);
        } else unknown.push(id);
      }
      if (unknown.length === 0) return open;
      // Each vendor's shortest active service, and its timezone, in one statement.
      const shortest = await db
        .selectDistinctOn([services.vendorProfileId], {
          vendorId: services.vendorProfileId,
          serviceId: services.id,
          timezone: sql<string>`(select timezone from vendor_profiles v where v.id = ${services.vendorProfileId})`,
        })
        .from(services)
        .where(and(inArray(services.vendorProfileId, unknown), eq(services.isActive, true)))
        .orderBy(services.vendorProfileId, asc(services.durationMinutes), asc(services.id));
      const answers = new Map<string, boolean>(unknown.map((id) => [id, false]));
      for (const { vendorId, serviceId, timezone } of shortest) {
        answers.set(vendorId, await hasOpenSlot(db, vendorId, serviceId, day, timezone, now));
      }
      if (entries.size + answers.size > MAX_ENTRIES) entries.clear();
      const at = clockNow();
      for (const [id, isOpen] of answers) {
        entries.set(`${id}:${day}`, { open: isOpen, at });
        if (isOpen) open.add(id);
      }
      return open;
    },
  };
}
