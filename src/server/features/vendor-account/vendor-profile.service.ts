import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  VendorAccountProfile,
  VendorProfilePatch,
  VendorService,
  vendorServicePatchSchema,
  vendorServiceSchema,
} from '../../../shared/vendor-signup.schemas.ts';
import { assertOwnedBy } from '../../auth/guards.ts';
import type { Db } from '../../db/client.ts';
import { services, vendorProfiles } from '../../db/schema/vendors.ts';
import { AppError } from '../../lib/app-error.ts';

type VendorRow = typeof vendorProfiles.$inferSelect;
type ServiceRow = typeof services.$inferSelect;

export function toVendorAccountProfile(row: VendorRow): VendorAccountProfile {
  return {
    id: row.id,
    slug: row.slug,
    business_name: row.businessName,
    service_category: row.serviceCategory,
    bio: row.bio,
    address: row.address,
    experience_years: row.experienceYears,
    business_phone: row.businessPhone,
    business_email: row.businessEmail,
    service_areas: row.serviceAreas,
    languages: row.languages,
    buffer_minutes: row.bufferMinutes,
    advance_booking_days: row.advanceBookingDays,
    lead_time_minutes: row.leadTimeMinutes,
    availability: row.availability,
    application_status: row.applicationStatus,
    review_message: row.reviewMessage,
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
    is_verified: row.isVerified,
    onboarding_completed: row.onboardingCompleted,
    admin_created: row.adminCreated,
    is_claimed: row.isClaimed,
    timezone: row.timezone,
    created_at: row.createdAt.toISOString(),
  };
}

/** GET /api/vendor/profile: the dashboard's data (product §7 "select all fields for the dashboard"). */
export async function getVendorAccountProfile(
  db: Db,
  { vendorProfileId }: { vendorProfileId: string },
): Promise<VendorAccountProfile> {
  const [row] = await db.select().from(vendorProfiles).where(eq(vendorProfiles.id, vendorProfileId));
  if (!row) throw new AppError('not_found', 'Vendor profile not found.');
  return toVendorAccountProfile(row);
}

/**
 * PATCH /api/vendor/profile: Edit Profile, Update Availability and Booking Settings. Only the
 * fields given change; status, verification and claim flags are the admins' and never come from
 * here (the schema does not even accept them).
 */
export async function updateVendorAccountProfile(
  db: Db,
  { vendorProfileId, input }: { vendorProfileId: string; input: VendorProfilePatch },
): Promise<VendorAccountProfile> {
  const changes: Partial<typeof vendorProfiles.$inferInsert> = {
    ...(input.business_name !== undefined && { businessName: input.business_name }),
    // A phone set again replaces one the repair could not read (db/phone-repair.ts).
    ...(input.business_phone !== undefined && {
      businessPhone: input.business_phone,
      businessPhoneUnreadable: null,
    }),
    ...(input.bio !== undefined && { bio: input.bio || null }),
    ...(input.experience_years !== undefined && { experienceYears: input.experience_years }),
    ...(input.service_category !== undefined && { serviceCategory: input.service_category }),
    ...(input.service_areas !== undefined && { serviceAreas: input.service_areas }),
    ...(input.languages !== undefined && { languages: input.languages }),
    ...(input.address !== undefined && { address: input.address }),
    ...(input.buffer_minutes !== undefined && { bufferMinutes: input.buffer_minutes }),
    ...(input.advance_booking_days !== undefined && { advanceBookingDays: input.advance_booking_days }),
    ...(input.lead_time_minutes !== undefined && { leadTimeMinutes: input.lead_time_minutes }),
    ...(input.availability !== undefined && { availability: input.availability }),
  };
  const [row] = await db
    .update(vendorProfiles)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(vendorProfiles.id, vendorProfileId))
    .returning();
  if (!row) throw new AppError('not_found', 'Vendor profile not found.');
  return toVendorAccountProfile(row);
}

function toVendorService(row: ServiceRow): VendorService {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price_cents: row.priceCents,
    duration_minutes: row.durationMinutes,
    location: row.location,
    is_active: row.isActive,
  };
}

/** GET /api/vendor/services: the vendor's services, active and deactivated, oldest first. */
export async function listVendorServices(
  db: Db,
  { vendorProfileId }: { vendorProfileId: string },
): Promise<{ items: VendorService[] }> {
  const rows = await db
    .select()
    .from(services)
    .where(eq(services.vendorProfileId, vendorProfileId))
    .orderBy(asc(services.createdAt), asc(services.id));
  return { items: rows.map(toVendorService) };
}

export async function createVendorService(
  db: Db,
  { vendorProfileId, input }: { vendorProfileId: string; input: z.output<typeof vendorServiceSchema> },
): Promise<VendorService> {
  const [row] = await db
    .insert(services)
    .values({
      vendorProfileId,
      name: input.name,
      description: input.description || null,
      priceCents: input.price_cents,
      durationMinutes: input.duration_minutes,
      location: input.location,
    })
    .returning();
  return toVendorService(row!);
}

/** ARCHITECTURE §10: another vendor's service is a 404, the same as a missing one. */
async function loadOwned(db: Db, { vendorProfileId, id }: { vendorProfileId: string; id: string }) {
  const [row] = await db.select().from(services).where(eq(services.id, id));
  assertOwnedBy(row, vendorProfileId);
  return row;
}

export async function updateVendorService(
  db: Db,
  {
    vendorProfileId,
    id,
    input,
  }: { vendorProfileId: string; id: string; input: z.output<typeof vendorServicePatchSchema> },
): Promise<VendorService> {
  const owned = await loadOwned(db, { vendorProfileId, id });
  const changes: Partial<typeof services.$inferInsert> = {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.description !== undefined && { description: input.description || null }),
    ...(input.price_cents !== undefined && { priceCents: input.price_cents }),
    ...(input.duration_minutes !== undefined && { durationMinutes: input.duration_minutes }),
    ...(input.location !== undefined && { location: input.location }),
    ...(input.is_active !== undefined && { isActive: input.is_active }),
  };
  // An empty patch names no field, so it changes nothing (an UPDATE with nothing to set is an error).
  if (Object.keys(changes).length === 0) return toVendorService(owned);
  const [row] = await db
    .update(services)
    .set(changes)
    .where(and(eq(services.id, id), eq(services.vendorProfileId, vendorProfileId)))
    .returning();
  return toVendorService(row!);
}

/**
 * DELETE deactivates: bookings keep pointing at the service (appointments reference it), and the
 * public profile lists only active services (product §7).
 */
export async function deactivateVendorService(
  db: Db,
  { vendorProfileId, id }: { vendorProfileId: string; id: string },
): Promise<VendorService> {
  return updateVendorService(db, { vendorProfileId, id, input: { is_active: false } });
}
