import { isDeepStrictEqual } from 'node:util';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type IdentityChanges,
  type IdentityField,
  identityFields,
  type ServiceChange,
} from '../../../shared/vendor-changes.schemas.ts';
import type {
  VendorAccountProfile,
  VendorProfilePatch,
  VendorService,
  vendorServicePatchSchema,
  vendorServiceSchema,
} from '../../../shared/vendor-signup.schemas.ts';
import { assertOwnedBy } from '../../auth/guards.ts';
import type { Db, Tx } from '../../db/client.ts';
import { services, vendorProfileChanges, vendorProfiles } from '../../db/schema/vendors.ts';
import { AppError } from '../../lib/app-error.ts';

type VendorRow = typeof vendorProfiles.$inferSelect;
type ServiceRow = typeof services.$inferSelect;

export function toVendorAccountProfile(
  row: VendorRow,
  lastDecision: {
    kind: string;
    changes: Record<string, unknown>;
    message: string | null;
    createdAt: Date;
  } | null = null,
): VendorAccountProfile {
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
    instant_booking: row.instantBooking,
    cancellation_policy: row.cancellationPolicy,
    application_status: row.applicationStatus,
    review_message: row.reviewMessage,
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
    pending_change:
      row.pendingChanges && row.pendingChangesAt
        ? { fields: row.pendingChanges, submitted_at: row.pendingChangesAt.toISOString() }
        : null,
    // The reason of the last change turned down, until the vendor proposes another.
    rejected_change:
      !row.pendingChanges && lastDecision?.kind === 'rejected'
        ? {
            fields: lastDecision.changes as IdentityChanges,
            message: lastDecision.message,
            decided_at: lastDecision.createdAt.toISOString(),
          }
        : null,
    is_verified: row.isVerified,
    onboarding_completed: row.onboardingCompleted,
    admin_created: row.adminCreated,
    is_claimed: row.isClaimed,
    timezone: row.timezone,
    created_at: row.createdAt.toISOString(),
  };
}

/** The last admin decision on an identity change of this vendor (decision 055). */
async function lastIdentityDecision(db: Db | Tx, vendorProfileId: string) {
  const [decision] = await db
    .select({
      kind: vendorProfileChanges.kind,
      changes: vendorProfileChanges.changes,
      message: vendorProfileChanges.message,
      createdAt: vendorProfileChanges.createdAt,
    })
    .from(vendorProfileChanges)
    .where(
      and(
        eq(vendorProfileChanges.vendorProfileId, vendorProfileId),
        inArray(vendorProfileChanges.kind, ['approved', 'rejected']),
      ),
    )
    .orderBy(desc(vendorProfileChanges.createdAt))
    .limit(1);
  return decision ?? null;
}

/** GET /api/vendor/profile: the dashboard's data (product §7 "select all fields for the dashboard"). */
export async function getVendorAccountProfile(
  db: Db,
  { vendorProfileId }: { vendorProfileId: string },
): Promise<VendorAccountProfile> {
  const [row] = await db.select().from(vendorProfiles).where(eq(vendorProfiles.id, vendorProfileId));
  if (!row) throw new AppError('not_found', 'Vendor profile not found.');
  return toVendorAccountProfile(row, await lastIdentityDecision(db, vendorProfileId));
}

/**
 * The identity fields (decision 055) as the row's columns: where the vendor's patch writes them, and
 * where an admin's approval of a pending change copies them.
 */
export const identityColumnOf = {
  business_name: 'businessName',
  service_category: 'serviceCategory',
  business_phone: 'businessPhone',
  business_email: 'businessEmail',
  address: 'address',
} as const satisfies Record<IdentityField, keyof VendorRow>;

/** The patch's fields as the row's columns: the API's names, the row's values. */
const columnOf = {
  ...identityColumnOf,
  bio: 'bio',
  experience_years: 'experienceYears',
  service_areas: 'serviceAreas',
  languages: 'languages',
  buffer_minutes: 'bufferMinutes',
  advance_booking_days: 'advanceBookingDays',
  lead_time_minutes: 'leadTimeMinutes',
  availability: 'availability',
  instant_booking: 'instantBooking',
  cancellation_policy: 'cancellationPolicy',
} as const satisfies Record<string, keyof VendorRow>;
type PatchField = keyof typeof columnOf;

/**
 * PATCH /api/vendor/profile: Edit Profile, Update Availability and Booking Settings. Only the
 * fields given change; status, verification and claim flags are the admins' and never come from
 * here (the schema does not even accept them).
 *
 * An approved vendor's identity (decision 055) does not change here: each identity field named
 * becomes the pending change's value for that field, replacing an earlier pending value of the same
 * field and keeping the others; a field given back its public value leaves the pending change. The
 * descriptive fields publish at once, and those that changed are recorded for the admins.
 */
export async function updateVendorAccountProfile(
  db: Db,
  { vendorProfileId, input, now }: { vendorProfileId: string; input: VendorProfilePatch; now: Date },
): Promise<VendorAccountProfile> {
  const given: Partial<Record<PatchField, unknown>> = {
    ...(input.business_name !== undefined && { business_name: input.business_name }),
    ...(input.business_phone !== undefined && { business_phone: input.business_phone }),
    ...(input.bio !== undefined && { bio: input.bio || null }),
    ...(input.experience_years !== undefined && { experience_years: input.experience_years }),
    ...(input.service_category !== undefined && { service_category: input.service_category }),
    ...(input.service_areas !== undefined && { service_areas: input.service_areas }),
    ...(input.languages !== undefined && { languages: input.languages }),
    ...(input.address !== undefined && { address: input.address }),
    ...(input.buffer_minutes !== undefined && { buffer_minutes: input.buffer_minutes }),
    ...(input.advance_booking_days !== undefined && { advance_booking_days: input.advance_booking_days }),
    ...(input.lead_time_minutes !== undefined && { lead_time_minutes: input.lead_time_minutes }),
    ...(input.availability !== undefined && { availability: input.availability }),
    ...(input.instant_booking !== undefined && { instant_booking: input.instant_booking }),
    ...(input.cancellation_policy !== undefined && { cancellation_policy: input.cancellation_policy }),
  };
  return db.transaction(async (tx) => {
    // Locked: an admin's decision on the pending change and another edit wait for this one.
    const [current] = await tx
      .select()
      .from(vendorProfiles)
      .where(eq(vendorProfiles.id, vendorProfileId))
      .for('update');
    if (!current) throw new AppError('not_found', 'Vendor profile not found.');
    const reviewed = current.applicationStatus === 'approved';

    const changes: Partial<typeof vendorProfiles.$inferInsert> = {};
    const published: Record<string, unknown> = {};
    const pending: IdentityChanges = { ...(current.pendingChanges ?? {}) };
    let pendingTouched = false;
    for (const [field, value] of Object.entries(given) as [PatchField, unknown][]) {
      const column = columnOf[field];
      const same = isDeepStrictEqual(current[column], value);
      if (reviewed && isIdentityField(field)) {
        if (same) {
          if (field in pending) pendingTouched = true;
          delete pending[field];
        } else if (pending[field] !== value) {
          pending[field] = value as string;
          pendingTouched = true;
        }
        continue;
      }
      (changes as Record<string, unknown>)[column] = value;
      if (reviewed && !same) published[field] = value;
    }
    // A phone set again replaces one the repair could not read (db/phone-repair.ts).
    if (changes.businessPhone !== undefined) changes.businessPhoneUnreadable = null;
    const pendingNow = Object.keys(pending).length > 0 ? pending : null;

    const [row] = await tx
      .update(vendorProfiles)
      .set({
        ...changes,
        ...(pendingTouched && { pendingChanges: pendingNow, pendingChangesAt: pendingNow ? now : null }),
        updatedAt: now,
      })
      .where(eq(vendorProfiles.id, vendorProfileId))
      .returning();
    if (Object.keys(published).length > 0)
      await tx
        .insert(vendorProfileChanges)
        .values({ vendorProfileId, kind: 'published', changes: published });
    return toVendorAccountProfile(row!, await lastIdentityDecision(tx, vendorProfileId));
  });
}

const isIdentityField = (field: string): field is IdentityField =>
  (identityFields as readonly string[]).includes(field);

/** An approved vendor's service added, changed or deactivated: listed in the admins' recent changes. */
async function recordServiceChange(
  db: Db | Tx,
  vendorProfileId: string,
  action: ServiceChange['action'],
  service: ServiceRow,
) {
  const [vendor] = await db
    .select({ status: vendorProfiles.applicationStatus })
    .from(vendorProfiles)
    .where(eq(vendorProfiles.id, vendorProfileId));
  if (vendor?.status !== 'approved') return;
  const change: ServiceChange = { action, name: service.name, price_cents: service.priceCents };
  await db
    .insert(vendorProfileChanges)
    .values({ vendorProfileId, kind: 'published', changes: { services: change } });
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
  db: Db | Tx,
  {
    vendorProfileId,
    input,
    createdAt,
  }: {
    vendorProfileId: string;
    input: z.output<typeof vendorServiceSchema>;
    /** Services are listed oldest first: several made in one transaction say their order here. */
    createdAt?: Date;
  },
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
      ...(createdAt ? { createdAt } : {}),
    })
    .returning();
  await recordServiceChange(db, vendorProfileId, 'added', row!);
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
  const changed = (Object.keys(changes) as (keyof typeof changes)[]).some(
    (key) => !isDeepStrictEqual(owned[key as keyof ServiceRow], changes[key]),
  );
  if (changed)
    await recordServiceChange(
      db,
      vendorProfileId,
      owned.isActive && row!.isActive === false ? 'deactivated' : 'changed',
      row!,
    );
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
