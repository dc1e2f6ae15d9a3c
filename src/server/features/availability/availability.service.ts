import { and, eq, gt, inArray, isNotNull, lt, ne, or } from 'drizzle-orm';
import {
  AVAILABILITY_MAX_RANGE_DAYS,
  type AvailabilityResponse,
} from '../../../shared/availability/availability.schemas.ts';
import { computeOpenSlots } from '../../../shared/availability/open-slots.ts';
import { activeAppointmentStatuses, BOOKING_RANGE_DAYS, BUFFER_MINUTES } from '../../../shared/constants.ts';
import { isVendorId } from '../../../shared/vendor.schemas.ts';
import type { Db } from '../../db/client.ts';
import { appointments } from '../../db/schema/bookings.ts';
import { availabilityWindows, services, vendorProfiles } from '../../db/schema/vendors.ts';
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

/**
 * compute-availability (product §7, ARCHITECTURE §5 and §6): the open start times of one service of one
 * vendor. Busy time is every appointment in an active status, exactly the rows the exclusion
 * constraint compares against, so that no slot offered here is refused on insert.
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
      timezone: vendorProfiles.timezone,
      availability: vendorProfiles.availability,
      bufferMinutes: vendorProfiles.bufferMinutes,
      leadTimeMinutes: vendorProfiles.leadTimeMinutes,
      advanceBookingDays: vendorProfiles.advanceBookingDays,
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

  // A busy appointment reaches `duration + buffer` before its start and up to the longest buffer
  // after its end: read that margin around the range.
  const margin = (service.durationMinutes + BUFFER_MINUTES.max) * MINUTE_MS;
  const [windows, busy] = await Promise.all([
    db
      .select({
        start: availabilityWindows.startTz,
        end: availabilityWindows.endTz,
        recurrence: availabilityWindows.recurrenceRule,
        isActive: availabilityWindows.isActive,
      })
      .from(availabilityWindows)
      .where(
        and(
          eq(availabilityWindows.vendorProfileId, vendor.id),
          eq(availabilityWindows.isActive, true),
          // A recurring window may have begun long ago; a one-off one matters only near the range.
          or(
            isNotNull(availabilityWindows.recurrenceRule),
            and(
              lt(availabilityWindows.startTz, new Date(to.getTime() + margin)),
              gt(availabilityWindows.endTz, new Date(from.getTime() - DAY_MS)),
            ),
          ),
        ),
      ),
    db
      .select({
        start: appointments.startTz,
        end: appointments.endTz,
        bufferMinutes: appointments.bufferMinutes,
      })
      .from(appointments)
      .where(
        and(
          eq(appointments.vendorProfileId, vendor.id),
          inArray(appointments.status, [...activeAppointmentStatuses]),
          exceptAppointmentId ? ne(appointments.id, exceptAppointmentId) : undefined,
          lt(appointments.startTz, new Date(to.getTime() + margin)),
          gt(appointments.endTz, new Date(from.getTime() - BUFFER_MINUTES.max * MINUTE_MS)),
        ),
      ),
  ]);

  const slots = computeOpenSlots({
    weekly: vendor.availability,
    timezone: vendor.timezone,
    windows,
    busy,
    durationMinutes: service.durationMinutes,
    bufferMinutes: vendor.bufferMinutes,
    leadTimeMinutes: vendor.leadTimeMinutes,
    advanceBookingDays: vendor.advanceBookingDays,
    now,
    from,
    to,
  });
  return { slots, timezone: vendor.timezone };
}
