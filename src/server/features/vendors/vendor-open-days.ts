import { and, eq, min, sql } from 'drizzle-orm';
import { zonedWallTimeToUtc } from '../../../shared/admin.schemas.ts';
import { addDays, bookableDays, dayIn } from '../../../shared/calendar-day.ts';
import { daysNamed, type SearchTime } from '../../../shared/search-query.ts';
import type { Db } from '../../db/client.ts';
import { appointments } from '../../db/schema/bookings.ts';
import { availabilityWindows, services, vendorProfiles, vendorTimeOff } from '../../db/schema/vendors.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  busyColumns,
  busyNear,
  type EngineReach,
  engineReach,
  engineVendorColumns,
  openSlotsOf,
  timeOffColumns,
  timeOffNear,
  windowColumns,
  windowsNear,
} from '../availability/availability.service.ts';

// "available on" a day — a vendor is listed when the availability engine gives at least one open
// slot that day (in the vendor's timezone) for one of its active services. The shortest service is
// the one asked: a longer service's open start is open for a shorter one too (same windows, same busy
// times, same buffer). All candidates are asked at once, in a fixed number of statements (decision
// 085): the answer is always fresh, and a request's work is bounded whatever the directory's size.

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

function byVendor<Row extends { vendorId: string }>(rows: Row[]): Map<string, Row[]> {
  const grouped = new Map<string, Row[]>();
  for (const row of rows) {
    const list = grouped.get(row.vendorId);
    if (list) list.push(row);
    else grouped.set(row.vendorId, [row]);
  }
  return grouped;
}

/** Local calendar days, the first to the last (YYYY-MM-DD). */
export interface DaySpan {
  first: string;
  last: string;
}

/**
 * The instants of the days in `timeZone` still ahead at `now`: what the booking form would ask the
 * engine for those days. Null when they are over.
 */
export function dayRange(
  { first, last }: DaySpan,
  timeZone: string,
  now: Date,
): { from: Date; to: Date } | null {
  const from = zonedWallTimeToUtc(first, '00:00', timeZone);
  const to = zonedWallTimeToUtc(addDays(last, 1), '00:00', timeZone);
  if (to <= now) return null;
  return { from: from < now ? now : from, to };
}

/** Of `vendorIds`, those with an open slot on `day` (`openSlotsOn`). */
export function vendorsOpenOn(db: Db, vendorIds: string[], day: string, now: Date): Promise<Set<string>> {
  return vendorsOpenWithin(db, vendorIds, () => ({ first: day, last: day }), now);
}

/** Of `vendorIds`, those with an open slot on the days a search's time words name, in each one's zone. */
export function vendorsOpenWhen(
  db: Db,
  vendorIds: string[],
  times: readonly SearchTime[],
  now: Date,
): Promise<Set<string>> {
  return vendorsOpenWithin(db, vendorIds, (timeZone) => daysNamed(times, dayIn(now, timeZone)), now);
}

async function vendorsOpenWithin(
  db: Db,
  vendorIds: string[],
  days: (timeZone: string) => DaySpan,
  now: Date,
): Promise<Set<string>> {
  const open = new Set<string>();
  for (const [id, slots] of await openSlotsOn(db, vendorIds, days, now)) if (slots.length > 0) open.add(id);
  return open;
}

/**
 * The open starts on the `days` of each of `vendorIds` (in its zone) that has an active service,
 * exactly as `computeAvailability` gives them for its shortest one over `dayRange`, in four statements whatever
 * their number: the vendors with that service's duration, then their windows, their busy time and
 * their time off near the day (in parallel), each vendor joined with its own reach; then the engine
 * per vendor, in memory.
 */
export async function openSlotsOn(
  db: Db,
  vendorIds: string[],
  days: (timeZone: string) => DaySpan,
  now: Date,
): Promise<Map<string, string[]>> {
  const open = new Map<string, string[]>();
  if (vendorIds.length === 0) return open;
  const vendors = await db
    .select({
      id: vendorProfiles.id,
      ...engineVendorColumns,
      durationMinutes: min(services.durationMinutes),
    })
    .from(vendorProfiles)
    .leftJoin(services, and(eq(services.vendorProfileId, vendorProfiles.id), eq(services.isActive, true)))
    .where(sql`${vendorProfiles.id} = any(${sql.param(vendorIds)}::uuid[])`)
    .groupBy(vendorProfiles.id);
  // Most vendors share a timezone: its day is computed once.
  const rangeIn = new Map<string, ReturnType<typeof dayRange>>();
  const asked = vendors.flatMap(({ durationMinutes, ...vendor }) => {
    if (!durationMinutes) return [];
    if (!rangeIn.has(vendor.timezone))
      rangeIn.set(vendor.timezone, dayRange(days(vendor.timezone), vendor.timezone, now));
    const range = rangeIn.get(vendor.timezone);
    if (!range) {
      open.set(vendor.id, []);
      return [];
    }
    return [{ vendor, durationMinutes, ...range, reach: engineReach(range.from, range.to, durationMinutes) }];
  });
  if (asked.length === 0) return open;

  // Each vendor beside its own reach, one array parameter per column.
  const column = (values: string[], type: 'uuid' | 'timestamptz') =>
    sql`${sql.param(values)}::${sql.raw(type)}[]`;
  const instants = (pick: (reach: EngineReach) => Date) =>
    column(
      asked.map((a) => pick(a.reach).toISOString()),
      'timestamptz',
    );
  const reachOf = sql`unnest(${column(
    asked.map((a) => a.vendor.id),
    'uuid',
  )}, ${instants((r) => r.until)}, ${instants((r) => r.windowsAfter)}, ${instants((r) => r.busyAfter)})
    as asked(vendor_id, until, windows_after, busy_after)`;
  const vendorId = sql`asked.vendor_id`;
  const reach = {
    until: sql`asked.until`,
    windowsAfter: sql`asked.windows_after`,
    busyAfter: sql`asked.busy_after`,
  };
  const [windows, busy, timeOff] = await Promise.all([
    db
      .select({ vendorId: availabilityWindows.vendorProfileId, ...windowColumns })
      .from(reachOf)
      .innerJoin(availabilityWindows, windowsNear(vendorId, reach)),
    db
      .select({ vendorId: appointments.vendorProfileId, ...busyColumns })
      .from(reachOf)
      .innerJoin(appointments, busyNear(vendorId, reach)),
    db
      .select({ vendorId: vendorTimeOff.vendorProfileId, ...timeOffColumns })
      .from(reachOf)
      .innerJoin(vendorTimeOff, timeOffNear(vendorId, reach)),
  ]);
  const windowsOf = byVendor(windows);
  const busyOf = byVendor(busy);
  const timeOffOf = byVendor(timeOff);
  for (const { vendor, durationMinutes, from, to } of asked) {
    open.set(
      vendor.id,
      openSlotsOf({
        vendor,
        windows: windowsOf.get(vendor.id) ?? [],
        busy: busyOf.get(vendor.id) ?? [],
        timeOff: timeOffOf.get(vendor.id) ?? [],
        durationMinutes,
        now,
        from,
        to,
      }),
    );
  }
  return open;
}
