import { createHmac } from 'node:crypto';
import { and, desc, eq, inArray, isNotNull, ne, or, type SQL, sql } from 'drizzle-orm';
import {
  CONTACT_VALUES_PER_DAY,
  type ContactsBand,
  type DeleteContactsResponse,
  type ProcessContactsInput,
  type ProcessContactsResponse,
  type Recommendation,
  type RecommendationType,
  recommendationTypes,
} from '../../../shared/contacts.ts';
import {
  normaliseContactEmail,
  normaliseContactPhone,
  normaliseContacts,
  storedPhoneForms,
} from '../../../shared/contacts-normalise.ts';
import type { Db, Tx } from '../../db/client.ts';
import { user as users } from '../../db/schema/auth.ts';
import { appointments, customers } from '../../db/schema/bookings.ts';
import { contactHashes, recommendations } from '../../db/schema/contacts.ts';
import { profiles, vendorProfiles } from '../../db/schema/vendors.ts';
import { AppError } from '../../lib/app-error.ts';
import { consumeRateLimit } from '../../lib/rate-limit.ts';
import { publicPhotosFrom, publicPhotosJson } from '../media/vendor-photos.service.ts';

// product §1, §7 process-contacts, ARCHITECTURE §3: the customer's contacts become vendor
// recommendations. Raw phones and emails live only in this request's memory: they are matched
// against vendors and against the accounts of people who let their contacts see what they booked,
// then only their HMAC-SHA256 hashes are kept (contact_hashes). Decisions 019 and 037.

/** Distinct values per call beyond which the request is refused (413): 2 per contact on average. */
export const MAX_PHONES_PER_CALL = 10_000;
export const MAX_EMAILS_PER_CALL = 10_000;

/** `in_contacts` is always above any `booked_by_contact` score. */
export const IN_CONTACTS_SCORE = 100;
/**
 * Decision 037: a vendor is "booked by your contacts" only when at least 2 distinct
 * contacts (accounts that opted in) booked it, and the answer is a band. Highest band first; the
 * score is the band's, so neither the score nor the order says more than the band.
 */
const bookedBands: readonly { band: ContactsBand; atLeast: number; score: number }[] = [
  { band: '10+', atLeast: 10, score: 30 },
  { band: '5+', atLeast: 5, score: 20 },
  { band: '2+', atLeast: 2, score: 10 },
];
const DAY_MS = 24 * 60 * 60_000;

/** Values per SQL statement: far below PostgreSQL's 65,535 parameters, and small plans. */
const CHUNK = 1000;
/** Recommendations listed per request (product §2 shows a short list on Home and My Profile). */
export const RECOMMENDATIONS_LIMIT = 50;

const contactDerived = [...recommendationTypes];

/**
 * The key of the contact hashes, derived from the server's auth secret so that it is never the
 * session-signing key itself (decision 019). Rotating AUTH_SECRET makes old hashes unmatchable,
 * which is what a rotation should do.
 */
export function contactHashKey(authSecret: string): Buffer {
  return createHmac('sha256', authSecret).update('contact-hashes').digest();
}

/** HMAC-SHA256 of one normalised phone (E.164) or email (lower case), as 64 hex characters. */
export function hashContactValue(key: Buffer, value: string): string {
  return createHmac('sha256', key).update(value).digest('hex');
}

function chunks<T>(values: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += size) out.push(values.slice(i, i + size));
  return out;
}

/** Runs `query` over each chunk of `values` and concatenates the rows (IN lists stay bounded). */
async function inChunks<T, R>(values: readonly T[], query: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const rows: R[] = [];
  for (const chunk of chunks(values)) rows.push(...(await query(chunk)));
  return rows;
}

/**
 * Normalised phones (only `+` and digits) as one PostgreSQL text[] parameter: one `= any(...)` for
 * all the contacts, served by the customers_phone_idx and profiles_phone_idx indexes.
 */
function phoneArray(phones: string[]): SQL {
  if (!phones.every((p) => /^\+\d+$/.test(p))) throw new Error('phoneArray takes normalised phones only');
  return sql`${`{${phones.join(',')}}`}::text[]`;
}

/** The band of `contacts` distinct contacts who booked one vendor; none below 2 (decision 037). */
export function bookedByContactsBand(contacts: number): { band: ContactsBand; score: number } | undefined {
  return bookedBands.find((b) => contacts >= b.atLeast);
}

/** Vendors listed publicly (decisions 010 and 048) that are not the user's own business. */
function recommendable(userId: string): SQL {
  return and(
    eq(vendorProfiles.applicationStatus, 'approved'),
    or(sql`${vendorProfiles.userId} is null`, ne(vendorProfiles.userId, userId)),
  )!;
}

/** Vendors whose business phone or email is among the contacts (both columns are indexed). */
async function vendorsInContacts(
  tx: Tx,
  userId: string,
  phones: string[],
  emails: string[],
): Promise<Set<string>> {
  const phoneForms = phones.flatMap(storedPhoneForms);
  const byPhone = await inChunks(phoneForms, (chunk) =>
    tx
      .select({ id: vendorProfiles.id })
      .from(vendorProfiles)
      .where(and(inArray(vendorProfiles.businessPhone, chunk), recommendable(userId))),
  );
  const byEmail = await inChunks(emails, (chunk) =>
    tx
      .select({ id: vendorProfiles.id })
      .from(vendorProfiles)
      .where(and(inArray(vendorProfiles.businessEmail, chunk), recommendable(userId))),
  );
  return new Set([...byPhone, ...byEmail].map((r) => r.id));
}

/**
 * The accounts among the contacts, other than the user, that let their contacts see what they
 * booked (`profiles.share_bookings_with_contacts`): by their proven sign-in email or by
 * their profile phone. A guest's booking is never matched: only people who said yes count.
 */
async function optedInAccountsAmong(
  tx: Tx,
  me: { id: string },
  phones: string[],
  emails: string[],
): Promise<string[]> {
  const phoneForms = phones.flatMap(storedPhoneForms);
  const optedIn = and(eq(profiles.shareBookingsWithContacts, true), ne(profiles.userId, me.id))!;
  const byEmail = await inChunks(emails, (chunk) =>
    tx
      .select({ id: users.id })
      .from(users)
      .innerJoin(profiles, eq(profiles.userId, users.id))
      .where(and(inArray(users.email, chunk), eq(users.emailVerified, true), optedIn)),
  );
  const byPhone =
    phoneForms.length === 0
      ? []
      : await tx
          .select({ id: profiles.userId })
          .from(profiles)
          .where(
            and(sql`${profiles.phone} = any(${phoneArray(phoneForms)})`, isNotNull(profiles.userId), optedIn),
          );
  return [...new Set([...byEmail, ...byPhone].flatMap((r) => (r.id ? [r.id] : [])))];
}

/**
 * For each vendor, the accounts among `accountIds` that booked it (paid or confirmed). A booking is
 * an account's when its customer row is linked to the account, or when the booking's own email is
 * the account's proven email. The latter is read through the customer row of that email (its
 * unique index), since every booking with an email is attached to the one row of that email.
 */
async function vendorsBookedByAccounts(
  tx: Tx,
  userId: string,
  accountIds: string[],
): Promise<Map<string, Set<string>>> {
  const counted = and(inArray(appointments.status, ['paid', 'confirmed']), recommendable(userId))!;
  const rows = await inChunks(accountIds, async (chunk) => [
    ...(await tx
      .selectDistinct({ vendorId: appointments.vendorProfileId, accountId: customers.userId })
      .from(appointments)
      .innerJoin(customers, eq(customers.id, appointments.customerId))
      .innerJoin(vendorProfiles, eq(vendorProfiles.id, appointments.vendorProfileId))
      .where(and(inArray(customers.userId, chunk), counted))),
    ...(await tx
      .selectDistinct({ vendorId: appointments.vendorProfileId, accountId: users.id })
      .from(users)
      .innerJoin(customers, eq(customers.email, sql`${users.email}::citext`))
      .innerJoin(appointments, eq(appointments.customerId, customers.id))
      .innerJoin(vendorProfiles, eq(vendorProfiles.id, appointments.vendorProfileId))
      .where(
        and(
          inArray(users.id, chunk),
          eq(users.emailVerified, true),
          eq(appointments.customerEmail, sql`${users.email}::citext`),
          counted,
        ),
      )),
  ]);
  const bookers = new Map<string, Set<string>>();
  for (const { vendorId, accountId } of rows) {
    if (!accountId) continue;
    const seen = bookers.get(vendorId) ?? new Set<string>();
    seen.add(accountId);
    bookers.set(vendorId, seen);
  }
  return bookers;
}

/**
 * What an account may have checked per day is capped, counted in new values only (those
 * not already among its hashes), so re-sending an address book is free while deleting and sending
 * other numbers again is not. A call over the day's budget is refused whole and costs nothing.
 */
async function chargeNewValues(
  db: Db,
  { userId, hashes, now }: { userId: string; hashes: { kind: 'phone' | 'email'; hash: string }[]; now: Date },
): Promise<void> {
  const known = new Set(
    (
      await inChunks(hashes, (chunk) =>
        db
          .select({ kind: contactHashes.kind, hash: contactHashes.hash })
          .from(contactHashes)
          .where(
            and(
              eq(contactHashes.userId, userId),
              inArray(
                contactHashes.hash,
                chunk.map((h) => h.hash),
              ),
            ),
          ),
      )
    ).map((h) => `${h.kind}:${h.hash}`),
  );
  const fresh = hashes.filter((h) => !known.has(`${h.kind}:${h.hash}`)).length;
  if (fresh === 0) return;
  await consumeRateLimit({
    db,
    key: `contacts-daily:${userId}`,
    max: CONTACT_VALUES_PER_DAY,
    windowMs: DAY_MS,
    now,
    cost: fresh,
    message: `You can check up to ${CONTACT_VALUES_PER_DAY.toLocaleString('en')} new phone numbers and emails a day. The contacts already checked are kept; try the rest tomorrow.`,
    details: { limit: 'contacts_per_day' },
  });
}

/**
 * POST /api/me/contacts. `user` comes from the session, never from the body. Everything happens in
 * one transaction: the hashes and the recommendations are stored together or not at all.
 */
export async function processContacts(
  db: Db,
  {
    user,
    input,
    hashKey,
    now,
    dailyCap,
  }: {
    user: { id: string; email: string };
    input: ProcessContactsInput;
    hashKey: Buffer;
    now: Date;
    /** config.rateLimits: the per-day cap on new values (off only in benchmarks). */
    dailyCap: boolean;
  },
): Promise<ProcessContactsResponse> {
  const { phones, emails } = normaliseContacts(input.contacts);
  if (phones.length > MAX_PHONES_PER_CALL || emails.length > MAX_EMAILS_PER_CALL) {
    throw new AppError(
      'payload_too_large',
      `Send at most ${MAX_PHONES_PER_CALL.toLocaleString('en')} phone numbers and ${MAX_EMAILS_PER_CALL.toLocaleString('en')} emails per request.`,
    );
  }

  const hashes = [
    ...phones.map((v) => ({ userId: user.id, kind: 'phone' as const, hash: hashContactValue(hashKey, v) })),
    ...emails.map((v) => ({ userId: user.id, kind: 'email' as const, hash: hashContactValue(hashKey, v) })),
  ];
  if (dailyCap) await chargeNewValues(db, { userId: user.id, hashes, now });

  const recommended = await db.transaction(async (tx) => {
    for (const chunk of chunks(hashes)) {
      await tx
        .insert(contactHashes)
        .values(chunk.map((h) => ({ ...h, createdAt: now })))
        .onConflictDoNothing();
    }

    const scores = new Map<string, { type: RecommendationType; score: number }>();
    const accounts = await optedInAccountsAmong(tx, user, phones, emails);
    for (const [vendorId, bookers] of await vendorsBookedByAccounts(tx, user.id, accounts)) {
      const band = bookedByContactsBand(bookers.size);
      if (band) scores.set(vendorId, { type: 'booked_by_contact', score: band.score });
    }
    for (const vendorId of await vendorsInContacts(tx, user.id, phones, emails)) {
      scores.set(vendorId, { type: 'in_contacts', score: IN_CONTACTS_SCORE });
    }

    const rows = [...scores].map(([vendorProfileId, { type, score }]) => ({
      userId: user.id,
      vendorProfileId,
      recommendationType: type,
      score,
      createdAt: now,
    }));
    for (const chunk of chunks(rows)) {
      // A later call (the next 5,000 contacts, or the same list again) never weakens a
      // recommendation: the higher score and its type win; the first created_at stays.
      await tx
        .insert(recommendations)
        .values(chunk)
        .onConflictDoUpdate({
          target: [recommendations.userId, recommendations.vendorProfileId],
          set: {
            score: sql`greatest(${recommendations.score}, excluded.score)`,
            recommendationType: sql`case when excluded.score > ${recommendations.score} then excluded.recommendation_type else ${recommendations.recommendationType} end`,
          },
        });
    }
    return rows.length;
  });

  const contacts = input.contacts.length;
  return {
    message: `Processed ${contacts} ${contacts === 1 ? 'contact' : 'contacts'}: ${recommended} ${recommended === 1 ? 'vendor recommendation' : 'vendor recommendations'} found.`,
    contacts,
    phones: phones.length,
    emails: emails.length,
    recommendations: recommended,
  };
}

/**
 * A vendor who joins after people shared their contacts: everyone whose stored hashes hold the
 * vendor's business phone or email gets the `in_contacts` recommendation now (decision 019). The
 * hashes are compared, never raw contacts. Runs in the caller's transaction; returns how many
 * people were matched.
 */
export async function recommendNewVendorToContacts(
  tx: Db | Tx,
  {
    vendor,
    hashKey,
    now,
  }: {
    vendor: { id: string; userId: string | null; businessPhone: string | null; businessEmail: string | null };
    hashKey: Buffer;
    now: Date;
  },
): Promise<number> {
  const phone = vendor.businessPhone ? normaliseContactPhone(vendor.businessPhone) : undefined;
  const email = vendor.businessEmail ? normaliseContactEmail(vendor.businessEmail) : undefined;
  const wanted = [
    ...(phone
      ? [and(eq(contactHashes.kind, 'phone'), eq(contactHashes.hash, hashContactValue(hashKey, phone)))]
      : []),
    ...(email
      ? [and(eq(contactHashes.kind, 'email'), eq(contactHashes.hash, hashContactValue(hashKey, email)))]
      : []),
  ];
  if (wanted.length === 0) return 0;
  const rows = await tx
    .selectDistinct({ userId: contactHashes.userId })
    .from(contactHashes)
    .where(or(...wanted));
  const userIds = rows.map((r) => r.userId).filter((id) => id !== vendor.userId);
  for (const chunk of chunks(userIds)) {
    await tx
      .insert(recommendations)
      .values(
        chunk.map((userId) => ({
          userId,
          vendorProfileId: vendor.id,
          recommendationType: 'in_contacts' as const,
          score: IN_CONTACTS_SCORE,
          createdAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: [recommendations.userId, recommendations.vendorProfileId],
        set: { score: IN_CONTACTS_SCORE, recommendationType: 'in_contacts' },
      });
  }
  return userIds.length;
}

/**
 * GET /api/me/recommendations: score desc, then newest first (product §7, §9), then by name, public
 * fields only. A `booked_by_contact` score is its band's (decision 037), and `created_at` is when
 * the user's own upload found it, so the order tells nothing about anyone's bookings.
 */
export async function listRecommendations(db: Db, userId: string): Promise<Recommendation[]> {
  const rows = await db
    .select({
      id: recommendations.id,
      vendorProfileId: recommendations.vendorProfileId,
      type: recommendations.recommendationType,
      score: recommendations.score,
      createdAt: recommendations.createdAt,
      // decision 010: the public vendor fields, never business_phone, business_email or user_id.
      vendorId: vendorProfiles.id,
      slug: vendorProfiles.slug,
      businessName: vendorProfiles.businessName,
      serviceCategory: vendorProfiles.serviceCategory,
      bio: vendorProfiles.bio,
      profileImageUrl: vendorProfiles.profileImageUrl,
      // The approved profile photo (decision 074), for the card's srcset; else the initials art.
      photos: publicPhotosJson(sql`${vendorProfiles.id}`, ['profile']),
    })
    .from(recommendations)
    .innerJoin(vendorProfiles, eq(vendorProfiles.id, recommendations.vendorProfileId))
    .where(
      and(
        eq(recommendations.userId, userId),
        eq(vendorProfiles.applicationStatus, 'approved'),
        // Rows scored before decision 037 carry a count of bookings in their score: never shown.
        or(
          eq(recommendations.recommendationType, 'in_contacts'),
          inArray(
            recommendations.score,
            bookedBands.map((b) => b.score),
          ),
        ),
      ),
    )
    .orderBy(desc(recommendations.score), desc(recommendations.createdAt), vendorProfiles.businessName)
    .limit(RECOMMENDATIONS_LIMIT);
  return rows.map((r) => {
    const { profile } = publicPhotosFrom(r.photos);
    return {
      id: r.id,
      vendor_profile_id: r.vendorProfileId,
      recommendation_type: r.type as RecommendationType,
      contacts_band:
        r.type === 'booked_by_contact' ? (bookedBands.find((b) => b.score === r.score)?.band ?? null) : null,
      score: r.score,
      created_at: r.createdAt.toISOString(),
      vendor: {
        id: r.vendorId,
        slug: r.slug,
        business_name: r.businessName,
        service_category: r.serviceCategory,
        bio: r.bio,
        profile_image_url: profile?.variants.at(-1)?.url ?? r.profileImageUrl,
        profile_photo: profile,
      },
    };
  });
}

/** Settings → "Delete my contacts data": the user's hashes and contact-derived recommendations. */
export async function deleteContactsData(db: Db, userId: string): Promise<DeleteContactsResponse> {
  return db.transaction(async (tx) => {
    const hashes = await tx
      .delete(contactHashes)
      .where(eq(contactHashes.userId, userId))
      .returning({ id: contactHashes.id });
    const removed = await tx
      .delete(recommendations)
      .where(
        and(eq(recommendations.userId, userId), inArray(recommendations.recommendationType, contactDerived)),
      )
      .returning({ id: recommendations.id });
    return {
      message: 'Your contacts data was deleted.',
      hashes: hashes.length,
      recommendations: removed.length,
    };
  });
}
