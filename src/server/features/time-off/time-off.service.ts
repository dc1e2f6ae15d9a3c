import { and, asc, eq, gt, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { zonedWallTimeToUtc } from '../../../shared/admin.schemas.ts';
import type { ErrorReason } from '../../../shared/api-errors.ts';
import { addDays, dayIn } from '../../../shared/calendar-day.ts';
import { activeAppointmentStatuses } from '../../../shared/constants.ts';
import {
  isDay,
  TIME_OFF_AHEAD_DAYS,
  TIME_OFF_MAX_DAYS,
  type TimeOff,
  type TimeOffBooking,
  type TimeOffCreated,
  type TimeOffList,
  type timeOffCreateSchema,
} from '../../../shared/time-off.schemas.ts';
import type { Db } from '../../db/client.ts';
import { appointments } from '../../db/schema/bookings.ts';
import { services, vendorProfiles, vendorTimeOff } from '../../db/schema/vendors.ts';
import { AppError } from '../../lib/app-error.ts';

// A vendor's time off (decision 090): the vendor's own rows, read by the availability engine
// (`timeOffNear`), and the bookings already inside each, which the vendor decides about.

const DAY_MS = 24 * 60 * 60_000;
/** A vendor with more upcoming time off than this is refused another: the list stays readable. */
export const MAX_UPCOMING_TIME_OFF = 100;

const timeOffRow = {
  id: vendorTimeOff.id,
  startTz: vendorTimeOff.startTz,
  endTz: vendorTimeOff.endTz,
  allDay: vendorTimeOff.allDay,
  reason: vendorTimeOff.reason,
};
type TimeOffRow = { id: string; startTz: Date; endTz: Date; allDay: boolean; reason: string | null };

function toTimeOff(row: TimeOffRow, timezone: string): TimeOff {
  return {
    id: row.id,
    start: row.startTz.toISOString(),
    end: row.endTz.toISOString(),
    all_day: row.allDay,
    // The last day off is the one its last minute falls on: the end is the next day's midnight.
    first_day: row.allDay ? dayIn(row.startTz, timezone) : null,
    last_day: row.allDay ? dayIn(new Date(row.endTz.getTime() - 60_000), timezone) : null,
    reason: row.reason,
    timezone,
  };
}

function invalid(path: 'from' | 'to', reason: ErrorReason, message: string, params?: Record<string, string>) {
  return new AppError('validation_failed', `Invalid json (${path}): ${message}`, [{ path, message }]).because(
    reason,
    params,
  );
}

async function vendorTimezone(db: Db, vendorProfileId: string): Promise<string> {
  const [vendor] = await db
    .select({ timezone: vendorProfiles.timezone })
    .from(vendorProfiles)
    .where(eq(vendorProfiles.id, vendorProfileId));
  if (!vendor) throw new AppError('not_found', 'Vendor not found.').because('vendor_not_found');
  return vendor.timezone;
}

/**
 * The instants a request names: whole days from the first date's midnight to the midnight after the
 * last, in the vendor's zone; hours as given. Refuses an end not after the start, a start before
 * today (in the vendor's zone), a span over TIME_OFF_MAX_DAYS and a start past TIME_OFF_AHEAD_DAYS.
 */
export function timeOffRange(
  input: { from: string; to: string },
  timezone: string,
  now: Date,
): { start: Date; end: Date; allDay: boolean } {
  const today = dayIn(now, timezone);
  const allDay = isDay(input.from);
  const start = allDay ? zonedWallTimeToUtc(input.from, '00:00', timezone) : new Date(input.from);
  const end = allDay ? zonedWallTimeToUtc(addDays(input.to, 1), '00:00', timezone) : new Date(input.to);
  if (allDay ? input.to < input.from : end <= start)
    throw invalid(
      'to',
      'time_off_end_before_start',
      allDay ? 'The last day may not be before the first' : 'The end must be after the start',
    );
  if (start < zonedWallTimeToUtc(today, '00:00', timezone))
    throw invalid('from', 'time_off_in_past', `Time off may start today (${today}) or later`);
  // Whole days count as dates, so that a day an hour short or long at a clock change is still one.
  const span = allDay
    ? (Date.parse(input.to) - Date.parse(input.from)) / DAY_MS + 1
    : (end.getTime() - start.getTime()) / DAY_MS;
  if (span > TIME_OFF_MAX_DAYS)
    throw invalid('to', 'time_off_too_long', `Time off may last at most ${TIME_OFF_MAX_DAYS} days`, {
      days: String(TIME_OFF_MAX_DAYS),
    });
  if (start > zonedWallTimeToUtc(addDays(today, TIME_OFF_AHEAD_DAYS), '00:00', timezone))
    throw invalid(
      'from',
      'time_off_too_far',
      `Time off may start at most ${TIME_OFF_AHEAD_DAYS} days ahead`,
      {
        days: String(TIME_OFF_AHEAD_DAYS),
      },
    );
  return { start, end, allDay };
}

/** The vendor's bookings holding their time (an active status) that overlap [start, end). */
async function bookingsWithin(
  db: Db,
  vendorProfileId: string,
  start: Date,
  end: Date,
): Promise<TimeOffBooking[]> {
  const rows = await db
    .select({
      id: appointments.id,
      code: appointments.code,
      status: appointments.status,
      startTz: appointments.startTz,
      endTz: appointments.endTz,
      customerName: appointments.customerName,
      serviceName: services.name,
    })
    .from(appointments)
    .leftJoin(services, eq(services.id, appointments.serviceId))
    .where(
      and(
        eq(appointments.vendorProfileId, vendorProfileId),
        inArray(appointments.status, [...activeAppointmentStatuses]),
        lt(appointments.startTz, end),
        gt(appointments.endTz, start),
      ),
    )
    .orderBy(asc(appointments.startTz));
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    status: r.status,
    start_time: r.startTz.toISOString(),
    end_time: r.endTz.toISOString(),
    customer_name: r.customerName,
    service_name: r.serviceName,
  }));
}

/** GET: the time off that has not ended at `now`, soonest first, each with the bookings inside it. */
export async function listTimeOff(db: Db, vendorProfileId: string, now: Date): Promise<TimeOffList> {
  const timezone = await vendorTimezone(db, vendorProfileId);
  const rows = await db
    .select(timeOffRow)
    .from(vendorTimeOff)
    .where(and(eq(vendorTimeOff.vendorProfileId, vendorProfileId), gt(vendorTimeOff.endTz, now)))
    .orderBy(asc(vendorTimeOff.startTz), asc(vendorTimeOff.id))
    .limit(MAX_UPCOMING_TIME_OFF);
  if (rows.length === 0) return { items: [], timezone };
  // One read for all: the bookings from the first start to the last end, shared out in memory.
  const first = rows[0]!.startTz;
  const last = new Date(Math.max(...rows.map((r) => r.endTz.getTime())));
  const bookings = await bookingsWithin(db, vendorProfileId, first, last);
  return {
    timezone,
    items: rows.map((row) => ({
      ...toTimeOff(row, timezone),
      bookings: bookings.filter(
        (b) =>
          Date.parse(b.start_time) < row.endTz.getTime() && Date.parse(b.end_time) > row.startTz.getTime(),
      ),
    })),
  };
}

/** POST: a new time off, and the active bookings already inside it (they keep their time). */
export async function createTimeOff(
  db: Db,
  {
    vendorProfileId,
    input,
    now,
  }: { vendorProfileId: string; input: z.output<typeof timeOffCreateSchema>; now: Date },
): Promise<TimeOffCreated> {
  const timezone = await vendorTimezone(db, vendorProfileId);
  const { start, end, allDay } = timeOffRange(input, timezone, now);
  const [{ upcoming } = { upcoming: 0 }] = await db
    .select({ upcoming: sql<number>`count(*)::int` })
    .from(vendorTimeOff)
    .where(and(eq(vendorTimeOff.vendorProfileId, vendorProfileId), gt(vendorTimeOff.endTz, now)));
  if (upcoming >= MAX_UPCOMING_TIME_OFF)
    throw new AppError(
      'conflict',
      `At most ${MAX_UPCOMING_TIME_OFF} upcoming time off; delete one first.`,
    ).because('time_off_full', { max: String(MAX_UPCOMING_TIME_OFF) });
  // A time off inside one already there would change nothing but add a second row to the list (a
  // form sent twice): refused, so that the vendor sees the one they have. An overlap that reaches
  // past it is a new time off, kept beside the first.
  const [covering] = await db
    .select(timeOffRow)
    .from(vendorTimeOff)
    .where(
      and(
        eq(vendorTimeOff.vendorProfileId, vendorProfileId),
        lte(vendorTimeOff.startTz, start),
        gte(vendorTimeOff.endTz, end),
      ),
    )
    .limit(1);
  if (covering)
    throw new AppError('conflict', 'You already have time off covering that time.').because(
      'time_off_covered',
    );
  const [row] = await db
    .insert(vendorTimeOff)
    .values({ vendorProfileId, startTz: start, endTz: end, allDay, reason: input.reason ?? null })
    .returning(timeOffRow);
  return {
    time_off: toTimeOff(row!, timezone),
    bookings: await bookingsWithin(db, vendorProfileId, start, end),
  };
}

/** DELETE: the vendor's own time off only; another's is not found, as a missing one is. */
export async function deleteTimeOff(
  db: Db,
  { vendorProfileId, id }: { vendorProfileId: string; id: string },
) {
  const deleted = await db
    .delete(vendorTimeOff)
    .where(and(eq(vendorTimeOff.id, id), eq(vendorTimeOff.vendorProfileId, vendorProfileId)))
    .returning({ id: vendorTimeOff.id });
  if (deleted.length === 0)
    throw new AppError('not_found', 'Time off not found.').because('time_off_not_found');
}

/**
 * Whether a booking of `serviceId` starting at `start` would overlap the vendor's time off: what a
 * refused request or move is told instead of "taken" (the engine already left the time out).
 */
export async function startsInTimeOff(
  db: Db,
  { vendorProfileId, serviceId, start }: { vendorProfileId: string; serviceId: string; start: Date },
): Promise<boolean> {
  const rows = await db
    .select({ id: vendorTimeOff.id })
    .from(vendorTimeOff)
    .innerJoin(services, eq(services.id, serviceId))
    .where(
      and(
        eq(vendorTimeOff.vendorProfileId, vendorProfileId),
        gt(vendorTimeOff.endTz, start),
        sql`${vendorTimeOff.startTz} < ${start.toISOString()}::timestamptz + make_interval(mins => ${services.durationMinutes})`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The refusal of a booking or a move into time off (409), with its own words. */
export const vendorTimeOffRefusal = () =>
  new AppError('conflict', 'The vendor is not working at that time. Please pick another time.', {
    reason: 'slot_taken',
  }).because('vendor_time_off');
