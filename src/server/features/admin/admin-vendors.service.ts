import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type {
  AdminListQuery,
  AdminPage,
  AdminUnreadablePhone,
  AdminVendor,
  AdminVendorUpdate,
  AdminVendorValues,
} from '../../../shared/admin.schemas.ts';
import { activeAppointmentStatuses } from '../../../shared/constants.ts';
import { toE164 } from '../../../shared/phone.ts';
import { categoriesContaining } from '../../../shared/search-query.ts';
import { slugify, uniqueSlug } from '../../../shared/slug.ts';
import { defaultWeeklyAvailability } from '../../../shared/weekly-availability.ts';
import type { Db } from '../../db/client.ts';
import { appointments } from '../../db/schema/bookings.ts';
import { vendorProfiles } from '../../db/schema/vendors.ts';
import { AppError } from '../../lib/app-error.ts';
import { hasLedgerEntries } from '../payouts/payouts.service.ts';

/** The columns of AdminVendorContact: how every admin list of vendors starts a row. */
export const adminVendorContactColumns = {
  id: vendorProfiles.id,
  slug: vendorProfiles.slug,
  business_name: vendorProfiles.businessName,
  service_category: vendorProfiles.serviceCategory,
  business_email: vendorProfiles.businessEmail,
  business_phone: vendorProfiles.businessPhone,
};

const adminVendorColumns = {
  ...adminVendorContactColumns,
  business_phone_unreadable: vendorProfiles.businessPhoneUnreadable,
  bio: vendorProfiles.bio,
  address: vendorProfiles.address,
  application_status: vendorProfiles.applicationStatus,
  is_verified: vendorProfiles.isVerified,
  pricing_type: vendorProfiles.pricingType,
  admin_created: vendorProfiles.adminCreated,
  is_claimed: vendorProfiles.isClaimed,
  claimed_at: vendorProfiles.claimedAt,
  claim_approved_at: vendorProfiles.claimApprovedAt,
  timezone: vendorProfiles.timezone,
  created_at: vendorProfiles.createdAt,
};

type VendorRow = Omit<
  AdminVendor,
  'created_at' | 'application_status' | 'claimed_at' | 'claim_approved_at'
> & {
  application_status: string;
  claimed_at: Date | null;
  claim_approved_at: Date | null;
  created_at: Date;
};

function toAdminVendor(row: VendorRow): AdminVendor {
  return {
    ...row,
    application_status: row.application_status as AdminVendor['application_status'],
    claimed_at: row.claimed_at?.toISOString() ?? null,
    claim_approved_at: row.claim_approved_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}

/** `%` and `_` typed by a person are searched for literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * product §2: search by name, category, email or phone. Text with an @ is an email or a part of one
 * ("buho@", "@plomeria"): a case-insensitive contains on the email's text; text of digits (and
 * spaces, `+ ( ) . -`, three digits or more) is a phone or a part of its digits ("5512", "1234 5678"):
 * a contains on the stored E.164 form, or the whole number as typed in Mexico. Anything else is a
 * case-insensitive contains over the name, or a category one of whose labels contains it (the key is
 * stored: decision 050). Every contains is served by a trigram index on the very expression it reads
 * (migrations 0006 and 0014; decisions 016 and 061).
 */
export function vendorSearchFilter(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  if (q.includes('@')) return sql`${vendorProfiles.businessEmail}::text ilike ${containsPattern(q)}`;
  const digits = q.replace(/\D/g, '');
  if (/^\+?[\d\s().-]+$/.test(q) && digits.length >= 3) {
    // "55 1234 5678" is stored as +525512345678: its digits are in it, but a number typed with a
    // national prefix is not, so the whole number's E.164 form is matched too.
    const part = ilike(vendorProfiles.businessPhone, containsPattern(digits));
    const typed = toE164(q);
    return typed ? or(part, eq(vendorProfiles.businessPhone, typed)) : part;
  }
  // The category is stored as its key (decision 050): its labels in either language are matched.
  const categories = categoriesContaining(q);
  return or(
    ilike(vendorProfiles.businessName, containsPattern(q)),
    ...(categories.length > 0 ? [inArray(vendorProfiles.serviceCategory, categories)] : []),
  );
}

/** GET /api/admin/vendors: newest first, one page, with the number of all matches. */
export async function listAdminVendors(db: Db, query: AdminListQuery): Promise<AdminPage<AdminVendor>> {
  const where = vendorSearchFilter(query.q);
  const [rows, [counted]] = await Promise.all([
    db
      .select(adminVendorColumns)
      .from(vendorProfiles)
      .where(where)
      .orderBy(desc(vendorProfiles.createdAt), desc(vendorProfiles.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(vendorProfiles).where(where),
  ]);
  return { items: rows.map(toAdminVendor), total: counted?.total ?? 0 };
}

/** GET /api/admin/vendors/unreadable-phones: every vendor whose stored phone could not be read. */
export async function listUnreadablePhones(db: Db): Promise<{ items: AdminUnreadablePhone[] }> {
  const items = await db
    .select({
      id: vendorProfiles.id,
      business_name: vendorProfiles.businessName,
      business_email: vendorProfiles.businessEmail,
      stored_phone: sql<string>`${vendorProfiles.businessPhoneUnreadable}`,
    })
    .from(vendorProfiles)
    .where(isNotNull(vendorProfiles.businessPhoneUnreadable))
    .orderBy(vendorProfiles.businessName, vendorProfiles.id);
  return { items };
}

async function freeSlug(db: Db, name: string): Promise<string> {
  const base = slugify(name);
  const taken = await db
    .select({ slug: vendorProfiles.slug })
    .from(vendorProfiles)
    .where(or(eq(vendorProfiles.slug, base), sql`${vendorProfiles.slug} ~ ${`^${base}-[0-9]+$`}`));
  return uniqueSlug(name, new Set(taken.map((r) => r.slug)));
}

/**
 * product §3, §6 and ARCHITECTURE §3: an admin-created vendor is approved unless chosen otherwise,
 * admin_created, unclaimed, with no user or profile (NULL, not the spec's zero placeholder) and
 * the wizard's default week until someone sets it.
 */
export async function createAdminVendor(
  db: Db,
  { input }: { input: AdminVendorValues },
): Promise<AdminVendor> {
  // Two admins adding the same name at once: the unique slug index refuses the second (409).
  const slug = await freeSlug(db, input.business_name);
  const [row] = await db
    .insert(vendorProfiles)
    .values({
      slug,
      businessName: input.business_name,
      serviceCategory: input.service_category,
      businessEmail: input.business_email,
      businessPhone: input.business_phone,
      bio: input.bio,
      address: input.address,
      applicationStatus: input.application_status,
      isVerified: input.is_verified,
      pricingType: input.pricing_type,
      availability: defaultWeeklyAvailability(),
      onboardingCompleted: true,
      adminCreated: true,
      isClaimed: false,
      userId: null,
      profileId: null,
    })
    .returning(adminVendorColumns);
  return toAdminVendor(row!);
}

/** PATCH /api/admin/vendors/:id. The slug stays: links to the profile keep working after a rename. */
export async function updateAdminVendor(
  db: Db,
  { id, input }: { id: string; input: AdminVendorUpdate },
): Promise<AdminVendor> {
  const changes = {
    businessName: input.business_name,
    serviceCategory: input.service_category,
    businessEmail: input.business_email,
    businessPhone: input.business_phone,
    // A phone set again (or removed) replaces one the repair could not read (db/phone-repair.ts).
    businessPhoneUnreadable: input.business_phone === undefined ? undefined : null,
    bio: input.bio,
    address: input.address,
    applicationStatus: input.application_status,
    isVerified: input.is_verified,
    pricingType: input.pricing_type,
  };
  const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  if (Object.keys(set).length === 0) {
    const [row] = await db.select(adminVendorColumns).from(vendorProfiles).where(eq(vendorProfiles.id, id));
    if (!row) throw new AppError('not_found', 'Vendor not found.').because('vendor_not_found');
    return toAdminVendor(row);
  }
  const [row] = await db
    .update(vendorProfiles)
    .set(set)
    .where(eq(vendorProfiles.id, id))
    .returning(adminVendorColumns);
  if (!row) throw new AppError('not_found', 'Vendor not found.').because('vendor_not_found');
  return toAdminVendor(row);
}

/**
 * POST /api/admin/vendors/:id/approve-claim (decision 035): the claimant then sees the
 * bookings made before the claim too. One conditional UPDATE; a profile without a claim waiting is 409.
 */
export async function approveVendorClaim(
  db: Db,
  { id, now }: { id: string; now: Date },
): Promise<AdminVendor> {
  const [row] = await db
    .update(vendorProfiles)
    .set({ claimApprovedAt: now, updatedAt: now })
    .where(
      and(
        eq(vendorProfiles.id, id),
        eq(vendorProfiles.isClaimed, true),
        isNotNull(vendorProfiles.claimedAt),
        isNull(vendorProfiles.claimApprovedAt),
      ),
    )
    .returning(adminVendorColumns);
  if (row) return toAdminVendor(row);
  const [exists] = await db
    .select({ id: vendorProfiles.id })
    .from(vendorProfiles)
    .where(eq(vendorProfiles.id, id));
  if (!exists) throw new AppError('not_found', 'Vendor not found.').because('vendor_not_found');
  throw new AppError('conflict', 'This vendor has no claim waiting for approval.').because(
    'no_claim_waiting',
  );
}

/**
 * DELETE /api/admin/vendors/:id. Appointments cascade with their vendor, so a vendor with a live
 * booking is refused (409) rather than silently taking a customer's booking with it, and so is one
 * with money on record.
 */
export async function deleteAdminVendor(db: Db, { id }: { id: string }): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const [active] = await tx
      .select({ id: appointments.id })
      .from(appointments)
      .where(
        and(
          eq(appointments.vendorProfileId, id),
          inArray(appointments.status, [...activeAppointmentStatuses]),
        ),
      )
      .limit(1);
    if (active) {
      throw new AppError('conflict', 'This vendor has active bookings. Cancel or finish them first.').because(
        'vendor_has_active_bookings',
      );
    }
    // Money on record is kept with its vendor (decision 064): the books must still add up.
    if (await hasLedgerEntries(tx, id))
      throw new AppError('conflict', 'This vendor has earnings on record and cannot be deleted.').because(
        'vendor_has_earnings',
      );
    const [row] = await tx
      .delete(vendorProfiles)
      .where(eq(vendorProfiles.id, id))
      .returning({ id: vendorProfiles.id });
    if (!row) throw new AppError('not_found', 'Vendor not found.').because('vendor_not_found');
    return row;
  });
}
