import { and, asc, desc, eq, exists, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/client.ts';
import { services, vendorProfiles } from '../src/server/db/schema/vendors.ts';
import { type VendorSearch, vendorSearch } from '../src/server/features/vendors/vendor-search.ts';
import { VENDOR_COUNT_CAP } from '../src/shared/constants.ts';
import type { VendorListQuery } from '../src/shared/vendor.schemas.ts';

// Browse Vendors' statements as the service built them before reviews (commit 55b70bc,
// src/server/features/vendors/vendors.service.ts), frozen here so that bench/reviews.ts can time the
// old shape in the same process, on the same data, as the current one. Copied, not imported: the
// service has moved on. Do not "fix" these: they are the baseline.

const publicVendorColumns = {
  id: vendorProfiles.id,
  slug: vendorProfiles.slug,
  business_name: vendorProfiles.businessName,
  service_category: vendorProfiles.serviceCategory,
  bio: vendorProfiles.bio,
  profile_image_url: vendorProfiles.profileImageUrl,
  cover_image_url: vendorProfiles.coverImageUrl,
  pricing_type: vendorProfiles.pricingType,
  is_verified: vendorProfiles.isVerified,
  certifications: vendorProfiles.certifications,
  application_status: vendorProfiles.applicationStatus,
  experience_years: vendorProfiles.experienceYears,
  service_areas: vendorProfiles.serviceAreas,
  languages: vendorProfiles.languages,
  timezone: vendorProfiles.timezone,
  created_at: vendorProfiles.createdAt,
};

export interface PreReviewsFilter {
  where: SQL;
  search?: VendorSearch;
}

const newestFirst = [desc(vendorProfiles.createdAt), desc(vendorProfiles.id)];

export async function preReviewsFilter(
  db: Db,
  {
    category,
    q,
    colonia,
    min_price,
    max_price,
    verified,
  }: Pick<VendorListQuery, 'category' | 'q' | 'colonia' | 'min_price' | 'max_price' | 'verified'>,
): Promise<PreReviewsFilter> {
  const conditions: SQL[] = [eq(vendorProfiles.applicationStatus, 'approved')];
  if (category) conditions.push(eq(vendorProfiles.serviceCategory, category));
  if (colonia) conditions.push(sql`${vendorProfiles.serviceAreas} @> array[${colonia}]::text[]`);
  if (verified) conditions.push(eq(vendorProfiles.isVerified, true));
  if (min_price !== undefined || max_price !== undefined) {
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(services)
          .where(
            and(
              eq(services.vendorProfileId, vendorProfiles.id),
              eq(services.isActive, true),
              min_price !== undefined ? gte(services.priceCents, min_price * 100) : undefined,
              max_price !== undefined ? lte(services.priceCents, max_price * 100) : undefined,
            ),
          ),
      ),
    );
  }
  if (!q) return { where: and(...conditions)! };
  const search = await vendorSearch(db, q);
  // Every word, as the search was then (its only level; the bench's queries all find somebody).
  conditions.push(search.levels[0]!);
  return { where: and(...conditions)!, search };
}

export function preReviewsPageQuery(
  db: Db,
  query: Pick<VendorListQuery, 'offset' | 'limit'>,
  filter: PreReviewsFilter,
) {
  return db
    .select(publicVendorColumns)
    .from(vendorProfiles)
    .where(filter.where)
    .orderBy(...newestFirst)
    .limit(query.limit + 1)
    .offset(query.offset);
}

export function preReviewsCountQuery(db: Db, filter: PreReviewsFilter, cap = VENDOR_COUNT_CAP) {
  return db.select({ total: sql<number>`count(*)::int` }).from(
    db
      .select({ one: sql`1` })
      .from(vendorProfiles)
      .where(filter.where)
      .orderBy(...newestFirst)
      .limit(cap + 1)
      .as('matching'),
  );
}

export function preReviewsSearchBlockQuery(db: Db, filter: PreReviewsFilter, cap = VENDOR_COUNT_CAP) {
  const search = filter.search!;
  const matched = db.$with('matched').as(
    db
      .select({
        ...publicVendorColumns,
        name_first: sql<boolean>`${search.nameContains}`.as('name_first'),
        tier: search.tier.as('tier'),
        rank: search.rank.as('rank'),
      })
      .from(vendorProfiles)
      .where(filter.where)
      .orderBy(...newestFirst)
      .limit(cap + 1),
  );
  return db
    .with(matched)
    .select()
    .from(matched)
    .orderBy(
      sql`row_number() over (order by ${matched.created_at} desc, ${matched.id} desc) > ${cap}`,
      desc(matched.name_first),
      asc(matched.tier),
      desc(matched.is_verified),
      desc(matched.rank),
      desc(matched.created_at),
      desc(matched.id),
    );
}

/** The page's services (attachServices' statement). */
export function preReviewsServicesQuery(db: Db, vendorIds: string[]) {
  return db
    .select({
      vendorProfileId: services.vendorProfileId,
      id: services.id,
      name: services.name,
      price_cents: services.priceCents,
      duration_minutes: services.durationMinutes,
    })
    .from(services)
    .where(and(inArray(services.vendorProfileId, vendorIds), eq(services.isActive, true)))
    .orderBy(services.createdAt, services.id);
}

/**
 * One uncached Browse Vendors request as listPublicVendors made it (without "available on"):
 * page and count at once (or a search's block, and its tail past the hundredth), then the
 * page's services. For the in-process timing against the current service.
 */
export async function preReviewsList(db: Db, query: VendorListQuery) {
  const filter = await preReviewsFilter(db, query);
  let rows: { id: string }[];
  if (filter.search) {
    const cap = VENDOR_COUNT_CAP;
    const block = await preReviewsSearchBlockQuery(db, filter, cap);
    const end = query.offset + query.limit + 1;
    rows = block.slice(0, cap).slice(query.offset, end);
    if (end > cap && block.length > cap) {
      const start = Math.max(query.offset, cap);
      rows.push(...(await preReviewsPageQuery(db, { offset: start, limit: end - start - 1 }, filter)));
    }
  } else {
    const [page] = await Promise.all([
      preReviewsPageQuery(db, query, filter),
      preReviewsCountQuery(db, filter),
    ]);
    rows = page;
  }
  const ids = rows.slice(0, query.limit).map((row) => row.id);
  return ids.length > 0 ? preReviewsServicesQuery(db, ids) : [];
}
