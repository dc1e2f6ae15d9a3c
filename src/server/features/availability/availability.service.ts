import { and, eq, gt, inArray, isNotNull, lt, ne, or, type SQL } from 'drizzle-orm';
import {
  AVAILABILITY_MAX_RANGE_DAYS,
  type AvailabilityResponse,
} from '../../../shared/availability/availability.schemas.ts';
import { computeOpenSlots, type OpenSlotsInput } from '../../../shared/availability/open-slots.ts';
import { activeAppointmentStatuses, BOOKING_RANGE_DAYS, BUFFER_MINUTES } from '../../../shared/constants.ts';
import { isVendorId } from '../../../shared/vendor.schemas.ts';
import type { Db } from '../../db/client.ts';
import { appointments } from '../../db/schema/bookings.ts';
import { availabilityWindows, services, vendorProfiles, vendorTimeOff } from '../../db/schema/vendors.ts';
import { AppError } from '../../lib/app-error.ts';

const DAY_MS = 24 * 60 * 60_000;
const MINUTE_MS = 60_000;

export interface ComputeAvailabilityOptions {
  db: Db;
  /** The vendor's id or slug, as in the profile URL (product §2). */
  idOrSlug: string;
  serviceId: string;
  from?: Date | undefined;
  to?: Date | undefined;
  /** From the injectable clock. */
  now: Date;
  /** A booking whose own time is not busy: the one being moved. */
  exceptAppointmentId?: string | undefined;
  /**
   * The public route: whether the reader may see a vendor that is not approved (its owner, admins;
   * decision 048). Without it, any vendor not turned down is found (the server's own reads).
   */
  seesUnlisted?: (vendorProfileId: string) => Promise<boolean>;
}

function invalidTo(message: string): AppError {
  return new AppError('validation_failed', `Invalid query (to): ${message}`, [{ path: 'to', message }]);
}

/** What the engine needs of a vendor (its profile's schedule and rules). */
export const engineVendorColumns = {
  timezone: vendorProfiles.timezone,
  availability: vendorProfiles.availability,
  bufferMinutes: vendorProfiles.bufferMinutes,
  leadTimeMinutes: vendorProfiles.leadTimeMinutes,
  advanceBookingDays: vendorProfiles.advanceBookingDays,
};

/** What the engine needs of a vendor's availability window and of a busy appointment. */
export const windowColumns = {
  start: availabilityWindows.startTz,
  end: availabilityWindows.endTz,
  recurrence: availabilityWindows.recurrenceRule,
  isActive: availabilityWindows.isActive,
};
export const busyColumns = {
  start: appointments.startTz,
  end: appointments.endTz,
  bufferMinutes: appointments.bufferMinutes,
};

/**
 * The instants around [from, to) whose windows and bookings can touch its slots: a busy appointment
 * reaches `duration + buffer` before its start and up to the longest buffer after its end, so that
 * margin is read around the range; a one-off window, a day before.
 */
export interface EngineReach {
  /** Windows and bookings starting before this. */
  until: Date;
  /** One-off windows ending after this. */
  windowsAfter: Date;
  /** Bookings ending after this. */
  busyAfter: Date;
}

export function engineReach(from: Date, to: Date, durationMinutes: number): EngineReach {
  return {
    until: new Date(to.getTime() + (durationMinutes + BUFFER_MINUTES.max) * MINUTE_MS),
    windowsAfter: new Date(from.getTime() - DAY_MS),
    busyAfter: new Date(from.getTime() - BUFFER_MINUTES.max * MINUTE_MS),
  };
}

/**
 * A vendor's active windows near a range. `vendorId` and the reach are values for one vendor, or
 * columns of a list of vendors joined with their own reach (vendor-open-days.ts).
 */
export function windowsNear(vendorId: string | SQL, reach: Reaching) {
  return and(
    eq(availabilityWindows.vendorProfileId, vendorId),
    eq(availabilityWindows.isActive, true),
    // A recurring window may have begun long ago; a one-off one matters only near the range.
    or(
      isNotNull(availabilityWindows.recurrenceRule),
      and(lt(availabilityWindows.startTz, reach.until), gt(availabilityWindows.endTz, reach.windowsAfter)),
    ),
  );
}

/**
 * A vendor's busy time near a range: every appointment in an active status, exactly the rows the
 * exclusion constraint compares against, so that no slot offered is refused on insert.
 */
export function busyNear(vendorId: string | SQL, reach: Reaching) {
  return and(
    eq(appointments.vendorProfileId, vendorId),
    inArray(appointments.status, [...activeAppointmentStatuses]),
    lt(appointments.startTz, reach.until),
    gt(appointments.endTz, reach.busyAfter),
  );
}

/** What the engine needs of a vendor's time off. */
export const timeOffColumns = {
  start: vendorTimeOff.startTz,
  end: vendorTimeOff.endTz,
};

/**
 * A vendor's time off near a range: any that overlaps a slot starting in it (decision 090). The
 * bookings' reach covers it: a slot ends at most `duration` after `to`, and starts at `from`.
 */
export function timeOffNear(vendorId: string | SQL, reach: Reaching) {
  return and(
    eq(vendorTimeOff.vendorProfileId, vendorId),
    lt(vendorTimeOff.startTz, reach.until),
    gt(vendorTimeOff.endTz, reach.busyAfter),
  );
}

type Reaching = { [K in keyof EngineReach]: Date | SQL };

type EngineVendor = { [K in keyof typeof engineVendorColumns]: (typeof engineVendorColumns)[K]['_']['data'] };

/** The engine's answer for one vendor and service duration, from what was read. */
export function openSlotsOf({
  vendor,
  ...rest
}: Pick<OpenSlotsInput, 'windows' | 'busy' | 'timeOff' | 'durationMinutes' | 'now' | 'from' | 'to'> & {
  vendor: EngineVendor;
}): string[] {
  return computeOpenSlots({
    weekly: vendor.availability,
    timezone: vendor.timezone,
    bufferMinutes: vendor.bufferMinutes,
    leadTimeMinutes: vendor.leadTimeMinutes,
    advanceBookingDays: vendor.advanceBookingDays,
    ...rest,
  });
}

/**
 * compute-availability (product §7, ARCHITECTURE §5 and §6): the open start times of one service of one
 * vendor (busy time: `busyNear`; time off: `timeOffNear`).
 */
export async function computeAvailability({
  db,
  idOrSlug,
  serviceId,
  from: requestedFrom,
  to: requestedTo,
  now,
  exceptAppointmentId,
  seesUnlisted,
}: ComputeAvailabilityOptions): Promise<AvailabilityResponse> {
  // product §9: the booking form asks for now … now + 14 days.
  const from = requestedFrom ?? now;
  const to = requestedTo ?? new Date(from.getTime() + BOOKING_RANGE_DAYS * DAY_MS);
  // Named in `details` as validate() names a field: `from` may be the server's now.
  if (to <= from) throw invalidTo('`to` must be after `from`');
  if (to.getTime() - from.getTime() > AVAILABILITY_MAX_RANGE_DAYS * DAY_MS)
    throw invalidTo(`the range may span at most ${AVAILABILITY_MAX_RANGE_DAYS} days`);

  const reference = isVendorId(idOrSlug)
    ? or(eq(vendorProfiles.id, idOrSlug), eq(vendorProfiles.slug, idOrSlug))!
    : eq(vendorProfiles.slug, idOrSlug);
  const [vendor] = await db
    .select({
      id: vendorProfiles.id,
      ...engineVendorColumns,
      applicationStatus: vendorProfiles.applicationStatus,
    })
    .from(vendorProfiles)
    .where(reference)
    .limit(1);
  if (!vendor) throw new AppError('not_found', 'Vendor not found.').because('vendor_not_found');
  // The public sees the slots of approved vendors only, their owner and admins any (decision 048);
  // a customer moving a booking made earlier, or the vendor over WhatsApp, reaches any vendor not
  // turned down.
  const visible = seesUnlisted
    ? vendor.applicationStatus === 'approved' || (await seesUnlisted(vendor.id))
    : vendor.applicationStatus !== 'rejected';
  if (!visible) throw new AppError('not_found', 'Vendor not found.').because('vendor_not_found');

  const [service] = await db
    .select({ durationMinutes: services.durationMinutes, isActive: services.isActive })
    .from(services)
    .where(and(eq(services.id, serviceId), eq(services.vendorProfileId, vendor.id)))
    .limit(1);
  if (!service)
    throw new AppError('not_found', 'This vendor offers no such service.').because('service_not_offered');
  if (!service.isActive)
    throw new AppError('bad_request', 'This service is no longer offered.').because('service_inactive');

  const reach = engineReach(from, to, service.durationMinutes);
  const [windows, busy, timeOff] = await Promise.all([
    db.select(windowColumns).from(availabilityWindows).where(windowsNear(vendor.id, reach)),
    db
      .select(busyColumns)
      .from(appointments)
      .where(
        and(
          busyNear(vendor.id, reach),
          exceptAppointmentId ? ne(appointments.id, exceptAppointmentId) : undefined,
        ),
      ),
    db.select(timeOffColumns).from(vendorTimeOff).where(timeOffNear(vendor.id, reach)),
  ]);

  const slots = openSlotsOf({
    vendor,
    windows,
    busy,
    timeOff,
    durationMinutes: service.durationMinutes,
    now,
    from,
    to,
  });
  return { slots, timezone: vendor.timezone };
}
