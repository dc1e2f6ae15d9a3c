import { createHmac } from 'node:crypto';
import { and, desc, eq, inArray, isNotNull, ne, or, type SQL, sql } from 'drizzle-orm';
import {
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

// Issue 10 (spec §1, §7 process-contacts, DESIGN §3): the customer's contacts become vendor
// recommendations. Raw phones and emails live only in this request's memory: they are matched
// against vendors and against the customers of paid or confirmed bookings, then only their
// HMAC-SHA256 hashes are kept (contact_hashes). Decision 019.

/** Distinct values per call beyond which the request is refused (413): 2 per contact on average. */
export const MAX_PHONES_PER_CALL = 10_000;
export const MAX_EMAILS_PER_CALL = 10_000;

/** `in_contacts` is always above any `booked_by_contact` score. */
export const IN_CONTACTS_SCORE = 100;
const BOOKED_SCORE_PER_BOOKING = 10;
const BOOKED_SCORE_COUNT_CAP = 90;
const BOOKED_SCORE_RECENCY = 9;
const RECENCY_DAYS = 365;
const DAY_MS = 24 * 60 * 60_000;

/** Values per SQL statement: far below PostgreSQL's 65,535 parameters, and small plans. */
const CHUNK = 1000;
/** Recommendations listed per request (spec §2 shows a short list on Home and My Profile). */
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

/** spec §9 / decision 019: more bookings score higher, recent ones a little higher still (< 100). */
export function bookedByContactScore(count: number, latest: Date, now: Date): number {
  const ageDays = Math.max(0, (now.getTime() - latest.getTime()) / DAY_MS);
  const recency = Math.max(0, 1 - ageDays / RECENCY_DAYS);
  const score =
    Math.min(BOOKED_SCORE_COUNT_CAP, count * BOOKED_SCORE_PER_BOOKING) + BOOKED_SCORE_RECENCY * recency;
  return Math.round(score * 100) / 100;
}

/** Vendors listed publicly (decision 010) that are not the user's own business. */
function recommendable(userId: string): SQL {
  return and(
    ne(vendorProfiles.applicationStatus, 'rejected'),
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
 * The customer rows of the contacts, other than the user: by the phone or email of the booking
 * itself, and by the account of another user (their sign-in email or their profile phone).
 */
async function customersOfContacts(
  tx: Tx,
  me: { id: string; email: string },
  phones: string[],
  emails: string[],
): Promise<string[]> {
  const phoneForms = phones.flatMap(storedPhoneForms);
  const notMe = and(
    or(sql`${customers.userId} is null`, ne(customers.userId, me.id)),
    ne(customers.email, me.email),
  )!;
  const direct = [
    ...(phoneForms.length === 0
      ? []
      : await tx
          .select({ id: customers.id })
          .from(customers)
          .where(and(sql`${customers.phoneE164} = any(${phoneArray(phoneForms)})`, notMe))),
    ...(await inChunks(emails, (chunk) =>
      tx
        .select({ id: customers.id })
        .from(customers)
        .where(and(inArray(customers.email, chunk), notMe)),
    )),
  ];
  const otherUsers = new Set([
    ...(
      await inChunks(emails, (chunk) =>
        tx
          .select({ id: users.id })
          .from(users)
          .where(and(inArray(users.email, chunk), ne(users.id, me.id))),
      )
    ).map((r) => r.id),
    ...(phoneForms.length === 0
      ? []
      : await tx
          .select({ id: profiles.userId })
          .from(profiles)
          .where(
            and(
              sql`${profiles.phone} = any(${phoneArray(phoneForms)})`,
              isNotNull(profiles.userId),
              ne(profiles.userId, me.id),
            ),
          )
    ).flatMap((r) => (r.id ? [r.id] : [])),
  ]);
  const viaAccounts = await inChunks([...otherUsers], (chunk) =>
    tx
      .select({ id: customers.id })
      .from(customers)
      .where(and(inArray(customers.userId, chunk), notMe)),
  );
  return [...new Set([...direct, ...viaAccounts].map((r) => r.id))];
}

/** Vendors booked (paid or confirmed) by those customers: how often and how recently. */
async function vendorsBookedBy(
  tx: Tx,
  userId: string,
  customerIds: string[],
): Promise<Map<string, { count: number; latest: Date }>> {
  const booked = new Map<string, { count: number; latest: Date }>();
  const rows = await inChunks(customerIds, (chunk) =>
    tx
      .select({
        vendorId: appointments.vendorProfileId,
        count: sql<number>`count(*)::int`,
        latest: sql<string>`max(${appointments.createdAt})`,
      })
      .from(appointments)
      .innerJoin(vendorProfiles, eq(vendorProfiles.id, appointments.vendorProfileId))
      .where(
        and(
          inArray(appointments.customerId, chunk),
          inArray(appointments.status, ['paid', 'confirmed']),
          recommendable(userId),
        ),
      )
      .groupBy(appointments.vendorProfileId),
  );
  for (const row of rows) {
    const latest = new Date(row.latest);
    const seen = booked.get(row.vendorId);
    booked.set(row.vendorId, {
      count: (seen?.count ?? 0) + Number(row.count),
      latest: seen && seen.latest > latest ? seen.latest : latest,
    });
  }
  return booked;
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
  }: {
    user: { id: string; email: string };
    input: ProcessContactsInput;
    hashKey: Buffer;
    now: Date;
  },
): Promise<ProcessContactsResponse> {
  const { phones, emails } = normaliseContacts(input.contacts);
  if (phones.length > MAX_PHONES_PER_CALL || emails.length > MAX_EMAILS_PER_CALL) {
    throw new AppError(
      'payload_too_large',
      `Send at most ${MAX_PHONES_PER_CALL.toLocaleString('en')} phone numbers and ${MAX_EMAILS_PER_CALL.toLocaleString('en')} emails per request.`,
    );
  }

  const recommended = await db.transaction(async (tx) => {
    const hashes = [
      ...phones.map((v) => ({ userId: user.id, kind: 'phone' as const, hash: hashContactValue(hashKey, v) })),
      ...emails.map((v) => ({ userId: user.id, kind: 'email' as const, hash: hashContactValue(hashKey, v) })),
    ];
    for (const chunk of chunks(hashes)) {
      await tx
        .insert(contactHashes)
        .values(chunk.map((h) => ({ ...h, createdAt: now })))
        .onConflictDoNothing();
    }

    const scores = new Map<string, { type: RecommendationType; score: number }>();
    const customerIds = await customersOfContacts(tx, user, phones, emails);
    for (const [vendorId, { count, latest }] of await vendorsBookedBy(tx, user.id, customerIds)) {
      scores.set(vendorId, { type: 'booked_by_contact', score: bookedByContactScore(count, latest, now) });
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

/** GET /api/me/recommendations: score desc, then newest first (spec §7, §9), public fields only. */
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
    })
    .from(recommendations)
    .innerJoin(vendorProfiles, eq(vendorProfiles.id, recommendations.vendorProfileId))
    .where(and(eq(recommendations.userId, userId), ne(vendorProfiles.applicationStatus, 'rejected')))
    .orderBy(desc(recommendations.score), desc(recommendations.createdAt))
    .limit(RECOMMENDATIONS_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    vendor_profile_id: r.vendorProfileId,
    recommendation_type: r.type as RecommendationType,
    score: r.score,
    created_at: r.createdAt.toISOString(),
    vendor: {
      id: r.vendorId,
      slug: r.slug,
      business_name: r.businessName,
      service_category: r.serviceCategory,
      bio: r.bio,
      profile_image_url: r.profileImageUrl,
    },
  }));
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
