import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  AdminAvailabilityWindow,
  availabilityWindowsCreateSchema,
  availabilityWindowUpdateSchema,
} from '../../../shared/admin.schemas.ts';
import { adminCalendarDays, dayIn } from '../../../shared/calendar-day.ts';
import { ADMIN_CALENDAR_DAYS } from '../../../shared/constants.ts';
import type { Db } from '../../db/client.ts';
import { availabilityWindows, vendorProfiles } from '../../db/schema/vendors.ts';
import { AppError } from '../../lib/app-error.ts';

const windowColumns = {
  id: availabilityWindows.id,
  vendor_profile_id: availabilityWindows.vendorProfileId,
  start_tz: availabilityWindows.startTz,
  end_tz: availabilityWindows.endTz,
  recurrence_rule: availabilityWindows.recurrenceRule,
  is_active: availabilityWindows.isActive,
  created_at: availabilityWindows.createdAt,
};

type WindowRow = Omit<AdminAvailabilityWindow, 'start_tz' | 'end_tz' | 'created_at'> & {
  start_tz: Date;
  end_tz: Date;
  created_at: Date;
};

function toWindow(row: WindowRow): AdminAvailabilityWindow {
  return {
    ...row,
    start_tz: row.start_tz.toISOString(),
    end_tz: row.end_tz.toISOString(),
    created_at: row.created_at.toISOString(),
  };
}

/** GET /api/admin/availability-windows?vendor_profile_id= — the vendor's windows, earliest first. */
export async function listAvailabilityWindows(
  db: Db,
  { vendorProfileId }: { vendorProfileId: string },
): Promise<{ items: AdminAvailabilityWindow[] }> {
  const rows = await db
    .select(windowColumns)
    .from(availabilityWindows)
    .where(eq(availabilityWindows.vendorProfileId, vendorProfileId))
    .orderBy(asc(availabilityWindows.startTz), asc(availabilityWindows.id));
  return { items: rows.map(toWindow) };
}

/**
 * product §5: a window starts on a day from today to ADMIN_CALENDAR_DAYS ahead in the vendor's zone,
 * whichever of the admin's forms or clients sends it.
 */
function assertInAdminCalendar(startTz: Date, timeZone: string, now: Date): void {
  const { min, max } = adminCalendarDays(now, timeZone);
  const day = dayIn(startTz, timeZone);
  if (day < min || day > max) {
    throw new AppError(
      'validation_failed',
      `Invalid json (start_tz): Pick a date from today to ${ADMIN_CALENDAR_DAYS} days ahead`,
    ).because('window_out_of_calendar', { days: String(ADMIN_CALENDAR_DAYS) });
  }
}

async function vendorTimeZone(db: Db, vendorProfileId: string): Promise<string> {
  const [vendor] = await db
    .select({ timezone: vendorProfiles.timezone })
    .from(vendorProfiles)
    .where(eq(vendorProfiles.id, vendorProfileId))
    .limit(1);
  if (!vendor) throw new AppError('not_found', 'Vendor not found.').because('vendor_not_found');
  return vendor.timezone;
}

/**
 * POST /api/admin/availability-windows (product §7: insert an array). All rows or none: one
 * statement, and an unknown vendor is a 404 rather than a foreign-key 409.
 */
export async function createAvailabilityWindows(
  db: Db,
  { input, now }: { input: z.output<typeof availabilityWindowsCreateSchema>; now: Date },
): Promise<AdminAvailabilityWindow[]> {
  const vendorIds = [...new Set(input.map((w) => w.vendor_profile_id))];
  const zones = new Map<string, string>();
  for (const id of vendorIds) zones.set(id, await vendorTimeZone(db, id));
  for (const w of input) assertInAdminCalendar(new Date(w.start_tz), zones.get(w.vendor_profile_id)!, now);
  const rows = await db
    .insert(availabilityWindows)
    .values(
      input.map((w) => ({
        vendorProfileId: w.vendor_profile_id,
        startTz: new Date(w.start_tz),
        endTz: new Date(w.end_tz),
        recurrenceRule: w.recurrence_rule,
        isActive: w.is_active,
      })),
    )
    .returning(windowColumns);
  return rows.map(toWindow);
}

/**
 * PATCH …/:id: any of start, end, repeat rule and Active; the end stays after the start, and a start
 * that moves lands inside the admin's calendar (an old repeating window keeps its own start).
 */
export async function updateAvailabilityWindow(
  db: Db,
  { id, input, now }: { id: string; input: z.output<typeof availabilityWindowUpdateSchema>; now: Date },
): Promise<AdminAvailabilityWindow> {
  const [current] = await db
    .select(windowColumns)
    .from(availabilityWindows)
    .where(eq(availabilityWindows.id, id));
  if (!current) throw new AppError('not_found', 'Availability window not found.').because('window_not_found');
  const startTz = input.start_tz ? new Date(input.start_tz) : current.start_tz;
  const endTz = input.end_tz ? new Date(input.end_tz) : current.end_tz;
  // The table's check constraint would say so too, but as a 500; this is the caller's mistake.
  if (endTz <= startTz) {
    throw new AppError('validation_failed', 'Invalid json (end_tz): The end must be after the start').because(
      'window_end_before_start',
    );
  }
  if (startTz.getTime() !== current.start_tz.getTime()) {
    assertInAdminCalendar(startTz, await vendorTimeZone(db, current.vendor_profile_id), now);
  }
  // Only the fields sent: writing back the other bound as read above would undo another
  // admin's change to it made in between.
  const changes = {
    ...(input.start_tz !== undefined && { startTz }),
    ...(input.end_tz !== undefined && { endTz }),
    ...(input.recurrence_rule !== undefined && { recurrenceRule: input.recurrence_rule }),
    ...(input.is_active !== undefined && { isActive: input.is_active }),
  };
  if (Object.keys(changes).length === 0) return toWindow(current);
  const [row] = await db
    .update(availabilityWindows)
    .set(changes)
    .where(eq(availabilityWindows.id, id))
    .returning(windowColumns);
  if (!row) throw new AppError('not_found', 'Availability window not found.').because('window_not_found');
  return toWindow(row);
}

export async function deleteAvailabilityWindow(db: Db, { id }: { id: string }): Promise<{ id: string }> {
  const [row] = await db
    .delete(availabilityWindows)
    .where(eq(availabilityWindows.id, id))
    .returning({ id: availabilityWindows.id });
  if (!row) throw new AppError('not_found', 'Availability window not found.').because('window_not_found');
  return row;
}
