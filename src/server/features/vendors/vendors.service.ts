import {
  and,
  asc,
  desc,
  eq,
  exists,
  gte,
  lte,
  notInArray,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { DEFAULT_CANCELLATION_POLICY } from '../../../shared/cancellation-policy.ts';
import { FEATURED_VENDORS, SIMILAR_VENDORS, VENDOR_COUNT_CAP } from '../../../shared/constants.ts';
import { searchTimes } from '../../../shared/search-query.ts';
import { serviceLocationOf } from '../../../shared/service-location.ts';
import {
  isVendorId,
  type PublicServiceDetail,
  type PublicVendor,
  type PublicVendorDetail,
  type VendorListQuery,
  type VendorListResponse,
} from '../../../shared/vendor.schemas.ts';
import {
  type PhotoKind,
  type PublicPhoto,
  type PublicPhotos,
  photoKinds,
} from '../../../shared/vendor-photos.ts';
import type { Db } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { vendorRatings } from '../../db/schema/reviews.ts';
import { services, vendorProfiles } from '../../db/schema/vendors.ts';
import { AppError } from '../../lib/app-error.ts';
import { colonias } from '../colonias/colonias-catalogue.ts';
import { type PublicPhotoRow, publicPhotosFrom, publicPhotosJson } from '../media/vendor-photos.service.ts';
import { ratingAverage } from '../reviews/review-rules.ts';
import { assertBookableDay, vendorsOpenOn, vendorsOpenWhen } from './vendor-open-days.ts';
import { vendorPromises } from './vendor-promises.ts';
import { type VendorSearch, vendorSearch } from './vendor-search.ts';

/** product §3 safe_vendor_profiles: the only columns a public read selects. */
export const publicVendorColumns = {
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
  instant_booking: vendorProfiles.instantBooking,
};

/**
 * Decision 048: only vendors an admin approved are public — lists, search, similar vendors,
 * profiles, slots, booking requests and link-preview pictures. Others are seen by their owner and
 * admins only (`SeesUnlisted`).
 */
export const publiclyListed = eq(vendorProfiles.applicationStatus, 'approved');

/**
 * Whether the reader may see a vendor that is not approved: its owner and admins may (decision
 * 048). Asked only for such a vendor.
 */
export type SeesUnlisted = (vendorProfileId: string) => Promise<boolean>;

/** Which vendors a list shows (decided once per request: a search reads the typo lexicon first). */
export interface VendorListFilter {
  where: SQL;
  /** The category chip, which a best rated page also asks of vendor_ratings' own index. */
  category?: string;
  /** Whether the list is all approved vendors, or a category's, and nothing narrower. */
  plain: boolean;
  /** How a search's finds rank; none without a search text. */
  search?: VendorSearch;
  /** Which of the search's levels finds (0: every word). */
  level?: number;
}

const newestFirst = [desc(vendorProfiles.createdAt), desc(vendorProfiles.id)];
/**
 * "Best rated" (decision 066): the Bayesian average, then the newest — walked on vendor_ratings'
 * copies of the vendor's columns (vendor_ratings_approved_score_idx, decision 067).
 */
const bestRatedFirst = [
  desc(vendorRatings.ratingScore),
  desc(vendorRatings.createdAt),
  desc(vendorRatings.vendorProfileId),
];

/** vendor_ratings' copies of the filter's approval and category, which its best rated indexes hold. */
const bestRatedWhere = (filter: VendorListFilter) =>
  and(
    sql`${vendorRatings.approved}`,
    filter.category ? eq(vendorRatings.serviceCategory, filter.category) : undefined,
  )!;

type ListFilters = Pick<VendorListQuery, 'category' | 'colonia' | 'min_price' | 'max_price' | 'verified'>;

/**
 * How a filter's value enters its statement: as a parameter of this statement, or as a named
 * placeholder of a statement prepared once per shape (decision 080).
 */
type Bind = (name: string, value: unknown) => SQL | Placeholder;
const inline: Bind = (_name, value) => sql`${sql.param(value)}`;

/** The conditions of product §2's filters, each in SQL (the day's availability is read after). */
function filterConditions(
  db: Db,
  { category, colonia, min_price, max_price, verified }: ListFilters,
  bind: Bind,
): SQL[] {
  const conditions: SQL[] = [publiclyListed];
  if (category) conditions.push(eq(vendorProfiles.serviceCategory, bind('category', category)));
  // A colonia is served by the vendors that name it, one of product §3's ten that covers it, or its
  // alcaldía whole (decision 073).
  if (colonia)
    conditions.push(
      sql`${vendorProfiles.serviceAreas} && ${bind('areas', colonias().areasServing(colonia))}::text[]`,
    );
  if (verified) conditions.push(eq(vendorProfiles.isVerified, true));
  // An active service priced within the range: up to a price, the cheapest active service is; from
  // a price, the dearest is (the row's range, kept by the services' trigger: decision 088). Between
  // two prices a vendor may have services on either side and none within: the services then decide.
  const min = min_price !== undefined ? bind('min', min_price * 100) : undefined;
  const max = max_price !== undefined ? bind('max', max_price * 100) : undefined;
  if (max) conditions.push(lte(vendorProfiles.activePriceMinCents, max));
  if (min) conditions.push(gte(vendorProfiles.activePriceMaxCents, min));
  if (min && max)
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(services)
          .where(
            and(
              eq(services.vendorProfileId, vendorProfiles.id),
              eq(services.isActive, true),
              gte(services.priceCents, min),
              lte(services.priceCents, max),
            ),
          ),
      ),
    );
  return conditions;
}

/**
 * product §2 lists: the public vendors of a category chip, and of a search (ARCHITECTURE §3.6).
 * `walk`: how many of the newest vendors a sentence's levels are looked for among before the
 * indexes are asked (firstLevelFinding).
 */
export async function vendorListFilter(
  db: Db,
  query: ListFilters & Pick<VendorListQuery, 'q'>,
  walk = SEARCH_WALK,
): Promise<VendorListFilter> {
  const conditions = filterConditions(db, query, inline);
  const { category, q } = query;
  if (!q) return { where: and(...conditions)!, category, plain: conditions.length === (category ? 2 : 1) };
  const search = await vendorSearch(db, q);
  const level = await firstLevelFinding(db, search.levels, and(...conditions)!, walk);
  conditions.push(search.levels[level]!);
  return { where: and(...conditions)!, category, plain: false, search, level };
}

/**
 * How many of the newest listed vendors a search reads one by one before it asks the indexes
 * instead (decision 089): a level or a block whose matches are this rare among them is rare
 * enough for its index scans to be cheaper than the rest of the walk.
 */
export const SEARCH_WALK = 2000;

/**
 * The newest `walk` listed vendors, named like the table, so that a search's conditions
 * (written on vendor_profiles) apply to them as they are.
 */
const newestListed = (db: Db, walk: number) =>
  db
    .select()
    .from(vendorProfiles)
    .where(publiclyListed)
    .orderBy(...newestFirst)
    .limit(walk)
    .as('vendor_profiles');

/**
 * The strictest of a search's levels that finds a vendor within the list's other conditions (the
 * last when no other does): one statement, which stops at the first level with a match. Each level
 * is looked for among the newest `walk` vendors, then, when none of them has it, counted
 * through the indexes: a bare EXISTS is planned to stop at the first match, and for a level
 * nobody has (every word of a sentence) the planner then read the whole directory (175 ms at
 * 100,000 vendors). A search of one word has one level and asks nothing.
 */
async function firstLevelFinding(db: Db, levels: SQL[], where: SQL, walk: number): Promise<number> {
  if (levels.length === 1) return 0;
  const probes = levels.slice(0, -1).map((level, i) => {
    const condition = and(where, level);
    const walked = db.select({ one: sql`1` }).from(newestListed(db, walk)).where(condition);
    const counted = db.select({ found: sql`count(*)` }).from(vendorProfiles).where(condition);
    return sql`when exists (${walked}) or (${counted}) > 0 then ${i}`;
  });
  const result = (await db.execute(
    sql`select case ${sql.join(probes, sql` `)} else ${levels.length - 1} end as level`,
  )) as unknown as { rows: { level: number }[] };
  return Number(result.rows[0]?.level ?? 0);
}

/**
 * One page of Browse Vendors, newest first or best rated first (one row more than asked, to tell
 * whether there are more).
 */
export function vendorPageQuery(
  db: Db,
  query: Pick<VendorListQuery, 'offset' | 'limit' | 'sort'>,
  filter: VendorListFilter,
) {
  if (query.sort === 'rating' && filter.plain) {
    // Nothing but approval and the category: the page is found in vendor_ratings' index alone and
    // only its rows are joined, where a join per row skipped read five pages each (1,200 rows deep:
    // 6,500 pages).
    const ranked = db
      .select({
        id: vendorRatings.vendorProfileId,
        score: vendorRatings.ratingScore,
        createdAt: vendorRatings.createdAt,
      })
      .from(vendorRatings)
      .where(bestRatedWhere(filter))
      .orderBy(...bestRatedFirst)
      .limit(query.limit + 1)
      .offset(query.offset)
      .as('ranked');
    return db
      .select(publicVendorColumns)
      .from(ranked)
      .innerJoin(vendorProfiles, eq(vendorProfiles.id, ranked.id))
      .orderBy(desc(ranked.score), desc(ranked.createdAt), desc(ranked.id));
  }
  if (query.sort === 'rating')
    return db
      .select(publicVendorColumns)
      .from(vendorRatings)
      .innerJoin(vendorProfiles, eq(vendorProfiles.id, vendorRatings.vendorProfileId))
      .where(and(bestRatedWhere(filter), filter.where))
      .orderBy(...bestRatedFirst)
      .limit(query.limit + 1)
      .offset(query.offset);
  return db
    .select(publicVendorColumns)
    .from(vendorProfiles)
    .where(filter.where)
    .orderBy(...newestFirst)
    .limit(query.limit + 1)
    .offset(query.offset);
}

/**
 * How many vendors match, counted up to `cap` + 1: the inner LIMIT stops the scan there, however
 * large the directory. Counted newest first, like the page (decision 024): the planner then reads
 * the rows the page reads, through the same index, and they are in memory. Unordered, it chose a
 * sequential scan for broad filters, and PostgreSQL reads a table larger than a quarter of its
 * buffers through a small ring, so on PGlite every count read its pages again (10–60 ms).
 */
export function vendorCountQuery(db: Db, filter: VendorListFilter, cap = VENDOR_COUNT_CAP) {
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

/**
 * A search's first `cap` finds (the newest `cap` matches, as the count reads them), ranked: a name
 * containing the text, then the tier, whole words before beginnings, a vendor that works at the
 * customer's place when asked, verified vendors, `ts_rank` and the newest; then the next match,
 * which says there are more. Ranking every match of a broad search ("limpieza": 14,000 of 100,000)
 * would read every one of them — 80 ms on PGlite — so relevance orders the first hundred, which is as
 * far as the count goes too, and later pages continue newest first (`vendorSearchTailQuery`;
 * decision 050).
 */
export function vendorSearchBlockQuery(db: Db, filter: VendorListFilter, cap = VENDOR_COUNT_CAP) {
  const search = filter.search!;
  const matched = db.$with('matched').as(
    db
      .select({
        ...publicVendorColumns,
        name_first: sql<boolean>`${search.nameContains}`.as('name_first'),
        tier: search.tier.as('tier'),
        at_home: search.atHome.as('at_home'),
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
      // ts_rank counts whole words only: next to nothing (1e-15) when every word was found as the
      // beginning of another ("cort" of cortinas for "cortar"); a vendor that has the words
      // themselves comes first.
      desc(sql`${matched.rank} >= 0.01`),
      desc(matched.at_home),
      desc(matched.is_verified),
      desc(matched.rank),
      desc(matched.created_at),
      desc(matched.id),
    );
}

/** The public columns of a subquery or CTE that selected `publicVendorColumns`. */
const vendorColumnsOf = <Aliased extends Record<keyof typeof publicVendorColumns, unknown>>(
  aliased: Aliased,
) =>
  Object.fromEntries(Object.keys(publicVendorColumns).map((key) => [key, aliased[key as keyof Aliased]])) as {
    [K in keyof typeof publicVendorColumns]: Aliased[K];
  };

/** A search's finds after the first `cap`, newest first, from `start` (as many as `count`). */
export function vendorSearchTailQuery(db: Db, filter: VendorListFilter, start: number, count: number) {
  return vendorPageQuery(db, { offset: start, limit: count - 1 }, filter);
}

/** What a list that depends on the day needs ("available on", a search's time words). */
export interface OpenOn {
  /** From the injectable clock. */
  now: Date;
}

/** Browse, directory and search, offset paging, each vendor with its active services. */
export async function listPublicVendors(
  db: Db,
  query: VendorListQuery,
  openOn?: OpenOn,
): Promise<VendorListResponse> {
  if (query.available_on && openOn) assertBookableDay(query.available_on, openOn.now);
  const filter = await vendorListFilter(db, query);
  if (query.available_on && openOn) return listOpenOn(db, query, filter, query.available_on, openOn);
  // Best rated orders every match by its score, a search's too: relevance is the other order.
  const { items, more, total } =
    filter.search && query.sort !== 'rating'
      ? await searchPage(db, query, filter, openOn)
      : query.sort === 'rating'
        ? await Promise.all([vendorPageQuery(db, query, filter), vendorCountQuery(db, filter)]).then(
            async ([rows, [counted]]) => ({
              items: await attachServices(db, rows.slice(0, query.limit)),
              more: rows.length > query.limit,
              total: counted?.total ?? 0,
            }),
          )
        : await newestPage(db, query);
  return {
    items,
    hasMore: more,
    total: Math.min(total, VENDOR_COUNT_CAP),
    totalCapped: total > VENDOR_COUNT_CAP,
  };
}

/**
 * A page newest first with its cards and the count, in one statement (decision 080): the page is
 * a subquery, so that the card columns are read for its rows only (an OFFSET's skipped rows would
 * read them too), and the count an uncorrelated subquery, computed once. A page past the end has
 * no row to carry the count: then it is counted alone.
 */
function newestPageQuery(
  db: Db,
  query: { offset: number | Placeholder; limit: number | Placeholder },
  filter: Pick<VendorListFilter, 'where'>,
) {
  const page = db
    .select(publicVendorColumns)
    .from(vendorProfiles)
    .where(filter.where)
    .orderBy(...newestFirst)
    .limit(query.limit)
    .offset(query.offset)
    .as('page');
  const vendorId = sql`${page.id}`;
  return db
    .select({
      ...vendorColumnsOf(page),
      ...cardColumns(vendorId, listedServiceColumns, cardPhotoKinds),
      total: sql<number>`(${vendorCountQuery(db, filter as VendorListFilter)})`,
    })
    .from(page)
    .orderBy(desc(page.created_at), desc(page.id));
}

async function newestPage(db: Db, query: VendorListQuery) {
  const values: Record<string, unknown> = { offset: query.offset, limit: query.limit + 1 };
  const conditions = filterConditions(db, query, (name, value) => {
    values[name] = value;
    return sql.placeholder(name);
  });
  // The filters present name the statement: `verified` has no value of its own.
  const shape = [...Object.keys(values).slice(2), ...(query.verified ? ['verified'] : [])]
    .map((name) => `_${name}`)
    .join('');
  const statement = prepared(db, `vendors_newest_page${shape}`, (name) =>
    newestPageQuery(
      db,
      { offset: sql.placeholder('offset'), limit: sql.placeholder('limit') },
      { where: and(...conditions)! },
    ).prepare(name),
  );
  const rows = await statement.execute(values);
  const total =
    rows[0]?.total ??
    (query.offset > 0 ? ((await vendorCountQuery(db, await vendorListFilter(db, query)))[0]?.total ?? 0) : 0);
  return {
    items: rows.slice(0, query.limit).map(({ total: _total, ...row }) => toCard(row)),
    more: rows.length > query.limit,
    total,
  };
}

/**
 * "available on": the first VENDOR_COUNT_CAP + 1 matches in the list's order (a
 * search's ranked block, else newest first) are asked of the availability engine, all at once
 * (`vendorsOpenOn`, decision 085); the list, its
 * count and its pages are those with an open slot that day. Further matches are not looked at: the
 * count then says "100+" and narrowing the search reaches them.
 */
async function listOpenOn(
  db: Db,
  query: VendorListQuery,
  filter: VendorListFilter,
  day: string,
  { now }: OpenOn,
): Promise<VendorListResponse> {
  const cap = VENDOR_COUNT_CAP;
  const candidates: VendorRow[] =
    filter.search && query.sort !== 'rating'
      ? await preferOpen(db, (await vendorSearchBlockQuery(db, filter, cap)).map(blockVendor), query, now)
      : await vendorPageQuery(db, { offset: 0, limit: cap, sort: query.sort }, filter);
  const open = await vendorsOpenOn(
    db,
    candidates.map((vendor) => vendor.id),
    day,
    now,
  );
  const kept = candidates.filter((vendor) => open.has(vendor.id));
  const page = kept.slice(query.offset, query.offset + query.limit);
  return {
    items: await attachServices(db, page.slice(0, Math.max(0, cap - query.offset))),
    hasMore: kept.length > query.offset + query.limit && query.offset + query.limit < cap,
    total: Math.min(kept.length, cap),
    totalCapped: kept.length > cap,
  };
}

/** A vendor of a search's block, without the columns it was ranked by. */
const blockVendor = ({
  name_first: _n,
  tier: _t,
  at_home: _h,
  rank: _r,
  ...vendor
}: Awaited<ReturnType<typeof vendorSearchBlockQuery>>[number]): VendorRow => vendor;

/**
 * A search's time words ("hoy", "mañana", "fin de semana", "urgente"; decision 085): of its ranked
 * block, the vendors with an open slot on the days they name, in each vendor's zone, come first; the
 * others keep their order after them. Without such words, or without the clock, the block as it is.
 */
async function preferOpen<Row extends { id: string }>(
  db: Db,
  block: Row[],
  query: VendorListQuery,
  now: Date | undefined,
): Promise<Row[]> {
  const times = searchTimes(query.q ?? '');
  if (!now || times.length === 0 || block.length === 0) return block;
  const open = await vendorsOpenWhen(
    db,
    block.map((row) => row.id),
    times,
    now,
  );
  return [...block.filter((row) => open.has(row.id)), ...block.filter((row) => !open.has(row.id))];
}

/** One page of a search (one row more than asked) and the count up to the cap + 1. */
async function searchPage(db: Db, query: VendorListQuery, filter: VendorListFilter, openOn?: OpenOn) {
  const cap = VENDOR_COUNT_CAP;
  const block = await vendorSearchBlockQuery(db, filter, cap);
  const end = query.offset + query.limit + 1;
  const ranked = await preferOpen(db, block.slice(0, cap).map(blockVendor), query, openOn?.now);
  const rows: VendorRow[] = ranked.slice(query.offset, end);
  if (end > cap && block.length > cap) {
    const start = Math.max(query.offset, cap);
    rows.push(...(await vendorSearchTailQuery(db, filter, start, end - start)));
  }
  return {
    items: await attachServices(db, rows.slice(0, query.limit)),
    more: rows.length > query.limit,
    total: block.length,
  };
}

type VendorRow = Omit<
  PublicVendor,
  'services' | 'created_at' | 'rating_average' | 'rating_count' | 'profile_photo' | 'cover_photo'
> & {
  created_at: Date;
};

const widest = (photo: PublicPhoto | null) => photo?.variants.at(-1)?.url;

/**
 * A vendor row with its approved photos (decision 074): the image URLs become the photos' widest
 * variants, so that what shows one image (a card, a contact, the link preview) shows the photo; the
 * initials art stays where there is none.
 */
function pictured(vendor: VendorRow, photos: PublicPhotos | undefined) {
  const profile = photos?.profile ?? null;
  const cover = photos?.cover ?? null;
  return {
    ...vendor,
    profile_image_url: widest(profile) ?? vendor.profile_image_url,
    cover_image_url: widest(cover) ?? vendor.cover_image_url,
    profile_photo: profile,
    cover_photo: cover,
  };
}

/** A vendor's published reviews, as vendor_ratings keeps them (decision 067): [count, sum]. */
type Rating = [count: number, sum: number];

/** A vendor row with its rating, as the API shows them (decision 066). */
function rated(
  { created_at, ...vendor }: ReturnType<typeof pictured>,
  rating: Rating | null,
): Omit<PublicVendor, 'services'> {
  const [count, sum] = rating ?? [0, 0];
  return {
    ...vendor,
    created_at: created_at.toISOString(),
    rating_average: ratingAverage(sum, count),
    rating_count: count,
  };
}

const listedServiceColumns = {
  id: services.id,
  name: services.name,
  price_cents: services.priceCents,
  duration_minutes: services.durationMinutes,
};
type ServiceColumns = Record<string, AnyPgColumn>;
type ServiceOf<Columns extends ServiceColumns> = { [K in keyof Columns]: Columns[K]['_']['data'] };

/**
 * What a card shows beyond the vendor's own columns, as columns of the statement that reads the
 * vendor (decision 080): its active services (a JSON array, oldest first), its rating from
 * vendor_ratings, and its approved photos of `photoKinds`. Each is an index lookup per row of the
 * page; a statement of its own each cost a round trip, a parse and a plan on every call, which was
 * most of a cheap page's time.
 */
function cardColumns<Columns extends ServiceColumns>(
  vendorId: SQL,
  serviceColumns: Columns,
  photoKinds: readonly PhotoKind[],
) {
  const fields = sql.join(
    Object.entries(serviceColumns).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`),
    sql`, `,
  );
  return {
    services: sql<
      ServiceOf<Columns>[]
    >`(select coalesce(json_agg(json_build_object(${fields}) order by ${services.createdAt}, ${services.id}), '[]')
      from ${services} where ${services.vendorProfileId} = ${vendorId} and ${services.isActive})`,
    rating: sql<Rating | null>`(select json_build_array(${vendorRatings.ratingCount}, ${vendorRatings.ratingSum})
      from ${vendorRatings} where ${vendorRatings.vendorProfileId} = ${vendorId})`,
    photos: publicPhotosJson(vendorId, photoKinds),
  };
}

/** A card's photos: the profile photo and the cover (the portfolio shows on the profile only). */
const cardPhotoKinds = ['profile', 'cover'] as const;

/** What `cardColumns` adds to a listed vendor's row. */
interface CardExtras {
  services: ServiceOf<typeof listedServiceColumns>[];
  rating: Rating | null;
  photos: PublicPhotoRow[] | null;
}
type CardRow = VendorRow & CardExtras;

/** A listed vendor as the API answers it, from its row and its card columns. */
function toCard({ services: listed, rating, photos, ...vendor }: CardRow): PublicVendor {
  return { ...rated(pictured(vendor, publicPhotosFrom(photos)), rating), services: listed };
}

/** The card columns of some vendors, by id: one statement however many, prepared once per `name`. */
async function cardColumnsOf<Columns extends ServiceColumns>(
  db: Db,
  vendorIds: string[],
  {
    name,
    serviceColumns,
    photoKinds,
  }: { name: string; serviceColumns: Columns; photoKinds: readonly PhotoKind[] },
) {
  const statement = prepared(db, name, (named) => {
    const vendorId = sql`listed.id`;
    return db
      .select({ id: sql<string>`${vendorId}`, ...cardColumns(vendorId, serviceColumns, photoKinds) })
      .from(sql`unnest(${sql.placeholder('ids')}::uuid[]) as listed(id)`)
      .prepare(named);
  });
  const rows = await statement.execute({ ids: vendorIds });
  return new Map(rows.map(({ id, ...columns }) => [id, columns]));
}

const listedCards = {
  name: 'vendors_cards',
  serviceColumns: listedServiceColumns,
  photoKinds: cardPhotoKinds,
};

/** Each listed vendor with its active services, its rating and its photos. */
async function attachServices(db: Db, vendors: VendorRow[]): Promise<PublicVendor[]> {
  if (vendors.length === 0) return [];
  const cards = await cardColumnsOf(
    db,
    vendors.map((v) => v.id),
    listedCards,
  );
  return vendors.map((vendor) =>
    toCard({ ...vendor, ...(cards.get(vendor.id) ?? { services: [], rating: null, photos: null }) }),
  );
}

const hasActiveService = sql`exists (select 1 from ${services} where ${services.vendorProfileId} = ${vendorProfiles.id} and ${services.isActive})`;

/**
 * Home's featured vendors (product §9: 3). The rule
 * (docs/decisions/012-discovery-featured-previews-service-worker.md): approved vendors with at least
 * one active service — something to book — verified ones first, newest first within
 * each group. Two short queries rather than one `ORDER BY is_verified`: each walks the created_at
 * index and stops after a few rows, however large the directory.
 */
export async function listFeaturedVendors(
  db: Db,
  { limit = FEATURED_VENDORS }: { limit?: number } = {},
): Promise<PublicVendor[]> {
  const bookable = and(publiclyListed, hasActiveService)!;
  const pick = (where: SQL, count: number) =>
    db
      .select(publicVendorColumns)
      .from(vendorProfiles)
      .where(where)
      .orderBy(...newestFirst)
      .limit(count);
  const verified = await pick(and(bookable, eq(vendorProfiles.isVerified, true))!, limit);
  const rest =
    verified.length < limit
      ? await pick(and(bookable, eq(vendorProfiles.isVerified, false))!, limit - verified.length)
      : [];
  return attachServices(db, [...verified, ...rest]);
}

/**
 * The vendor a profile URL names (id or slug), or a 404 in the error shape (ARCHITECTURE §6): an
 * approved one for anybody, any other for its owner and admins only (decision 048).
 */
export async function findPublicVendorRow(
  db: Db,
  idOrSlug: string,
  seesUnlisted?: SeesUnlisted,
): Promise<VendorRow> {
  // A UUID-shaped reference is an id, but a slug could (in theory) look like one too: try both.
  const reference = isVendorId(idOrSlug)
    ? or(eq(vendorProfiles.id, idOrSlug), eq(vendorProfiles.slug, idOrSlug))!
    : eq(vendorProfiles.slug, idOrSlug);
  const [row] = await db
    .select(publicVendorColumns)
    .from(vendorProfiles)
    .where(seesUnlisted ? reference : and(reference, publiclyListed))
    .limit(1);
  if (!row) throw new AppError('not_found', 'Vendor not found.');
  if (row.application_status !== 'approved' && !(await seesUnlisted?.(row.id)))
    throw new AppError('not_found', 'Vendor not found.');
  return row;
}

/**
 * The public profile (product §2): public fields only, with the active services and their
 * descriptions. `seesUnlisted` lets an unapproved vendor's owner and admins read it (decision 048).
 */
export async function getPublicVendor(
  db: Db,
  { idOrSlug, seesUnlisted, now = new Date() }: { idOrSlug: string; seesUnlisted?: SeesUnlisted; now?: Date },
): Promise<PublicVendorDetail> {
  const vendor = await findPublicVendorRow(db, idOrSlug, seesUnlisted);
  const promises = vendorPromises(db, [vendor.id], now);
  const card = (
    await cardColumnsOf(db, [vendor.id], {
      name: 'vendors_profile_cards',
      serviceColumns: {
        ...listedServiceColumns,
        description: services.description,
        location: services.location,
      },
      photoKinds,
    })
  ).get(vendor.id);
  const detailed: PublicServiceDetail[] = (card?.services ?? []).map((row) => ({
    ...row,
    location: serviceLocationOf(row.location, vendor.service_category),
  }));
  const [terms] = await db
    .select({ address: vendorProfiles.address, cancellationPolicy: vendorProfiles.cancellationPolicy })
    .from(vendorProfiles)
    .where(eq(vendorProfiles.id, vendor.id));
  const photos = publicPhotosFrom(card?.photos ?? null);
  const promise = (await promises).get(vendor.id);
  return {
    ...rated(pictured(vendor, photos), card?.rating ?? null),
    portfolio: photos.portfolio,
    response_minutes_median: promise?.response_minutes_median ?? null,
    completion_rate: promise?.completion_rate ?? null,
    services: detailed,
    // The vendor's own address is public only where customers go to it.
    place_address: detailed.some((s) => s.location === 'vendor') ? terms?.address?.trim() || null : null,
    cancellation_policy: terms?.cancellationPolicy ?? DEFAULT_CANCELLATION_POLICY,
  };
}

/**
 * product §7 similar vendors: the same service_category, application_status approved, onboarding
 * completed, claimed, not the vendor itself; at most 10 (product §9), newest first.
 */
export async function listSimilarVendors(
  db: Db,
  {
    idOrSlug,
    limit = SIMILAR_VENDORS,
    seesUnlisted,
  }: { idOrSlug: string; limit?: number; seesUnlisted?: SeesUnlisted },
): Promise<PublicVendor[]> {
  const vendor = await findPublicVendorRow(db, idOrSlug, seesUnlisted);
  const rows = await db
    .select(publicVendorColumns)
    .from(vendorProfiles)
    .where(
      and(
        eq(vendorProfiles.serviceCategory, vendor.service_category),
        publiclyListed,
        eq(vendorProfiles.onboardingCompleted, true),
        eq(vendorProfiles.isClaimed, true),
        notInArray(vendorProfiles.id, [vendor.id]),
      ),
    )
    .orderBy(...newestFirst)
    .limit(limit);
  return attachServices(db, rows);
}
