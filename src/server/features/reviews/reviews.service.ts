import { and, asc, count, desc, eq, inArray, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { maskContacts } from '../../../shared/mask-contacts.ts';
import {
  type AdminReview,
  type AdminReviewsResponse,
  type CreatedReview,
  type MyReview,
  type PublicReview,
  type RatingDistribution,
  type ReviewRequest,
  reviewMessages,
  type VendorOwnReview,
  type VendorOwnReviewsResponse,
  type VendorReviewsResponse,
} from '../../../shared/review.schemas.ts';
import type { Db, Tx } from '../../db/client.ts';
import { appointments } from '../../db/schema/bookings.ts';
import { reviewReports, reviews, vendorRatings } from '../../db/schema/reviews.ts';
import { vendorProfiles } from '../../db/schema/vendors.ts';
import { AppError } from '../../lib/app-error.ts';
import { notifyReviewHidden } from '../booking-lifecycle/booking-notifications.ts';
import { effectiveStatus } from '../booking-lifecycle/booking-status.ts';
import { type BookingView, getBookingView, selectBookingViews } from '../booking-lifecycle/booking-view.ts';
import {
  appointmentIdOfManageToken,
  type ManageLink,
  manageLinkOpen,
} from '../booking-lifecycle/manage-links.ts';
import type { BookingUser } from '../booking-lifecycle/request-booking.ts';
import { ownedBy } from '../bookings/bookings.service.ts';
import { findPublicVendorRow, type SeesUnlisted } from '../vendors/vendors.service.ts';
import { ratingAverage, reviewRefusal } from './review-rules.ts';

// Reviews (decision 066): written by the customer of a booking that took place, once; shown with
// contacts masked; answered once by the vendor; reported by anybody; hidden by an admin with a
// reason; deleted by their author. The vendor's rating (rating_count, rating_sum in
// vendor_ratings, decision 067) changes in the transaction of the change that publishes, hides or deletes one.

type ReviewRow = typeof reviews.$inferSelect;

/**
 * "Ana G.": the first name and the first surname's initial, as Mexican names are written (given
 * names, then the father's and the mother's surnames): the last word of two, else the one before it.
 */
export function authorOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const [first] = words;
  if (!first) return '—';
  const surname = words.length >= 3 ? words[words.length - 2] : words[1];
  const initial = surname ? [...surname][0]?.toLocaleUpperCase('es-MX') : undefined;
  return initial ? `${first} ${initial}.` : first;
}

const answerOf = (row: Pick<ReviewRow, 'answer' | 'answeredAt'>) =>
  row.answer && row.answeredAt
    ? { text: maskContacts(row.answer), created_at: row.answeredAt.toISOString() }
    : null;

function toPublicReview(row: ReviewRow): PublicReview {
  return {
    id: row.id,
    rating: row.rating,
    comment: row.comment === null ? null : maskContacts(row.comment),
    author: row.author,
    created_at: row.createdAt.toISOString(),
    answer: answerOf(row),
  };
}

/** The author's own review: their words as they wrote them (they are theirs), the answer masked. */
function toMyReview(row: ReviewRow): MyReview {
  return {
    id: row.id,
    rating: row.rating,
    comment: row.comment,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    answer: answerOf(row),
    hidden_reason: row.status === 'hidden' ? row.hiddenReason : null,
  };
}

/** Adds a published review's rating to its vendor's, or takes it away (`sign` −1). */
async function countRating(tx: Tx, vendorProfileId: string, rating: number, sign: 1 | -1) {
  await tx
    .update(vendorRatings)
    .set({
      ratingCount: sql`${vendorRatings.ratingCount} + ${sign}`,
      ratingSum: sql`${vendorRatings.ratingSum} + ${sign * rating}`,
    })
    .where(eq(vendorRatings.vendorProfileId, vendorProfileId));
}

// ——— The customer ———

const bookingNotFound = () => new AppError('not_found', reviewMessages.bookingNotFound);
const reviewNotFound = () => new AppError('not_found', reviewMessages.notFound);

export interface ReviewerRef {
  /** The review link's token (the booking page's, decision 066). */
  token?: string | undefined;
  /** Or the signed-in customer and the booking's id. */
  user?: BookingUser | undefined;
  bookingId?: string | undefined;
}

/** The booking a review link or a signed-in customer names: 404 alike for a bad link and another's booking. */
async function bookingOfReviewer(
  db: Db | Tx,
  { secret, now, ref }: { secret: string; now: Date; ref: ReviewerRef },
): Promise<BookingView> {
  if (ref.token !== undefined) {
    const id = appointmentIdOfManageToken(secret, ref.token);
    const row = id ? await getBookingView(db, id) : undefined;
    if (!row || !manageLinkOpen(row.endTz, now)) throw bookingNotFound();
    return row;
  }
  if (!ref.user || !ref.bookingId) throw bookingNotFound();
  const [row] = await selectBookingViews(db, and(eq(appointments.id, ref.bookingId), ownedBy(ref.user)), {
    limit: 1,
  });
  if (!row) throw bookingNotFound();
  return row;
}

async function reviewOfBooking(db: Db | Tx, appointmentId: string) {
  const [row] = await db.select().from(reviews).where(eq(reviews.appointmentId, appointmentId));
  return row;
}

/** GET /api/reviews/request?token=: the booking, whether it can be reviewed now, and its review. */
export async function getReviewRequest(
  db: Db,
  { secret, now, token }: { secret: string; now: Date; token: string },
): Promise<ReviewRequest> {
  const booking = await bookingOfReviewer(db, { secret, now, ref: { token } });
  const review = await reviewOfBooking(db, booking.id);
  const refusal = review ? null : reviewRefusal(effectiveStatus(booking, now), booking.endTz, now);
  return {
    code: booking.code,
    vendor: { name: booking.vendorName, slug: booking.vendorSlug },
    service_name: booking.serviceName,
    start_time: booking.startTz.toISOString(),
    end_time: booking.endTz.toISOString(),
    timezone: booking.timezone,
    can_review: !review && !refusal,
    refusal: refusal?.message ?? null,
    review: review ? toMyReview(review) : null,
  };
}

/**
 * POST /api/reviews: the review of a booking that took place, once. The booking's row is locked
 * while the review is written, so an admin's cancellation and a review never cross; the unique
 * appointment_id makes a second review (another tab, another instance) a 409.
 */
export async function createReview(
  db: Db,
  {
    secret,
    now,
    ref,
    rating,
    comment,
  }: { secret: string; now: Date; ref: ReviewerRef; rating: number; comment: string | null },
): Promise<CreatedReview> {
  const booking = await bookingOfReviewer(db, { secret, now, ref });
  return db.transaction((tx) => publishReview(tx, { appointmentId: booking.id, rating, comment, now }));
}

/**
 * The rules of a review, in the caller's transaction: the booking took place and ended, within the
 * window, and has no review yet. The demo seed writes its reviews through this too.
 */
export async function publishReview(
  tx: Tx,
  {
    appointmentId,
    rating,
    comment,
    now,
  }: { appointmentId: string; rating: number; comment: string | null; now: Date },
): Promise<CreatedReview> {
  const [locked] = await selectBookingViews(tx, eq(appointments.id, appointmentId), {
    limit: 1,
    forUpdate: true,
  });
  if (!locked) throw bookingNotFound();
  if (await reviewOfBooking(tx, locked.id)) throw new AppError('conflict', reviewMessages.alreadyReviewed);
  const refused = reviewRefusal(effectiveStatus(locked, now), locked.endTz, now);
  if (refused) throw refused;
  const [review] = await tx
    .insert(reviews)
    .values({
      appointmentId: locked.id,
      vendorProfileId: locked.vendorProfileId,
      customerId: locked.customerId,
      rating,
      comment,
      author: authorOf(locked.customerName),
      createdAt: now,
    })
    .onConflictDoNothing({ target: reviews.appointmentId })
    .returning();
  if (!review) throw new AppError('conflict', reviewMessages.alreadyReviewed);
  await countRating(tx, locked.vendorProfileId, rating, 1);
  const [vendor] = await tx
    .select({ slug: vendorProfiles.slug, count: vendorRatings.ratingCount, sum: vendorRatings.ratingSum })
    .from(vendorProfiles)
    .innerJoin(vendorRatings, eq(vendorRatings.vendorProfileId, vendorProfiles.id))
    .where(eq(vendorProfiles.id, locked.vendorProfileId));
  return {
    review: toMyReview(review),
    vendor: {
      slug: vendor!.slug,
      rating_average: ratingAverage(vendor!.sum, vendor!.count),
      rating_count: vendor!.count,
    },
  };
}

/**
 * POST /api/reviews/{id}/delete: its author takes it down. The row stays, without its words, so
 * the booking is never reviewed again; a published one leaves the average. Deleting a deleted
 * review answers it as it is.
 */
export async function deleteReview(
  db: Db,
  { secret, now, id, ref }: { secret: string; now: Date; id: string; ref: Omit<ReviewerRef, 'bookingId'> },
): Promise<MyReview> {
  const [found] = await db
    .select({ appointmentId: reviews.appointmentId })
    .from(reviews)
    .where(eq(reviews.id, id));
  if (!found) throw reviewNotFound();
  // Only its author: the link of its booking, or the booking's signed-in customer.
  const booking = await bookingOfReviewer(db, {
    secret,
    now,
    ref: { ...ref, bookingId: found.appointmentId },
  }).catch(() => undefined);
  if (booking?.id !== found.appointmentId) throw reviewNotFound();
  return db.transaction(async (tx) => {
    const gone = { status: 'deleted' as const, comment: null, deletedAt: now, reportedAt: null };
    const [published] = await tx
      .update(reviews)
      .set(gone)
      .where(and(eq(reviews.id, id), eq(reviews.status, 'published')))
      .returning();
    if (published) await countRating(tx, published.vendorProfileId, published.rating, -1);
    const [row] = published
      ? [published]
      : await tx
          .update(reviews)
          .set(gone)
          .where(and(eq(reviews.id, id), eq(reviews.status, 'hidden')))
          .returning();
    await resolveReports(tx, id, now);
    if (row) return toMyReview(row);
    const [current] = await tx.select().from(reviews).where(eq(reviews.id, id));
    return toMyReview(current!);
  });
}

// ——— Anybody ———

const published = eq(reviews.status, 'published');
const newestFirst = [desc(reviews.createdAt), desc(reviews.id)];

/** GET /api/vendors/{idOrSlug}/reviews: the published reviews, newest first, and their distribution. */
export async function listVendorReviews(
  db: Db,
  {
    idOrSlug,
    offset,
    limit,
    seesUnlisted,
  }: { idOrSlug: string; offset: number; limit: number; seesUnlisted?: SeesUnlisted },
): Promise<VendorReviewsResponse> {
  const vendor = await findPublicVendorRow(db, idOrSlug, seesUnlisted);
  const ofVendor = and(eq(reviews.vendorProfileId, vendor.id), published);
  const [rows, counts, [totals]] = await Promise.all([
    db
      .select()
      .from(reviews)
      .where(ofVendor)
      .orderBy(...newestFirst)
      .limit(limit)
      .offset(offset),
    db.select({ rating: reviews.rating, n: count() }).from(reviews).where(ofVendor).groupBy(reviews.rating),
    db
      .select({ count: vendorRatings.ratingCount, sum: vendorRatings.ratingSum })
      .from(vendorRatings)
      .where(eq(vendorRatings.vendorProfileId, vendor.id)),
  ]);
  const distribution: RatingDistribution = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 };
  for (const { rating, n } of counts) distribution[String(rating) as keyof RatingDistribution] = n;
  return {
    items: rows.map(toPublicReview),
    total: totals?.count ?? 0,
    average: ratingAverage(totals?.sum ?? 0, totals?.count ?? 0),
    distribution,
  };
}

/**
 * POST /api/reviews/{id}/report: a published review goes to the admins' queue. One open report per
 * reporter (the vendor's account, or a visitor's address key): reporting again changes nothing.
 */
export async function reportReview(
  db: Db,
  {
    id,
    reason,
    now,
    reporter,
  }: { id: string; reason: string; now: Date; reporter: { vendorProfileId: string | null; key: string } },
): Promise<{ reported: true }> {
  return db.transaction(async (tx) => {
    const [review] = await tx
      .select({ vendorProfileId: reviews.vendorProfileId })
      .from(reviews)
      .where(and(eq(reviews.id, id), published));
    if (!review) throw reviewNotFound();
    const byVendor = reporter.vendorProfileId === review.vendorProfileId;
    await tx
      .insert(reviewReports)
      .values({
        reviewId: id,
        reason,
        by: byVendor ? 'vendor' : 'visitor',
        reporterKey: byVendor ? `vendor:${review.vendorProfileId}` : reporter.key,
        createdAt: now,
      })
      .onConflictDoNothing();
    await tx
      .update(reviews)
      .set({ reportedAt: sql`coalesce(${reviews.reportedAt}, ${now})` })
      .where(eq(reviews.id, id));
    return { reported: true as const };
  });
}

// ——— The vendor ———

/** GET /api/vendor/reviews: the vendor's published and hidden reviews, newest first. */
export async function listOwnReviews(
  db: Db,
  { vendorProfileId, offset, limit }: { vendorProfileId: string; offset: number; limit: number },
): Promise<VendorOwnReviewsResponse> {
  const mine = and(eq(reviews.vendorProfileId, vendorProfileId), ne(reviews.status, 'deleted'));
  const [rows, [total], [vendor]] = await Promise.all([
    db
      .select({ review: reviews, code: appointments.code })
      .from(reviews)
      .innerJoin(appointments, eq(appointments.id, reviews.appointmentId))
      .where(mine)
      .orderBy(...newestFirst)
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(reviews).where(mine),
    db
      .select({ count: vendorRatings.ratingCount, sum: vendorRatings.ratingSum })
      .from(vendorRatings)
      .where(eq(vendorRatings.vendorProfileId, vendorProfileId)),
  ]);
  const reported = await openReportsBy(
    db,
    rows.map((r) => r.review.id),
    `vendor:${vendorProfileId}`,
  );
  return {
    items: rows.map(({ review, code }) => toOwnReview(review, code, reported.has(review.id))),
    total: total?.n ?? 0,
    average: ratingAverage(vendor?.sum ?? 0, vendor?.count ?? 0),
    count: vendor?.count ?? 0,
  };
}

function toOwnReview(row: ReviewRow, bookingCode: string, reported: boolean): VendorOwnReview {
  return {
    ...toPublicReview(row),
    status: row.status,
    booking_code: bookingCode,
    hidden_reason: row.status === 'hidden' ? row.hiddenReason : null,
    reported,
  };
}

async function openReportsBy(db: Db | Tx, reviewIds: string[], reporterKey: string): Promise<Set<string>> {
  if (reviewIds.length === 0) return new Set();
  const rows = await db
    .select({ reviewId: reviewReports.reviewId })
    .from(reviewReports)
    .where(
      and(
        inArray(reviewReports.reviewId, reviewIds),
        eq(reviewReports.reporterKey, reporterKey),
        isNull(reviewReports.resolvedAt),
      ),
    );
  return new Set(rows.map((r) => r.reviewId));
}

/** POST /api/vendor/reviews/{id}/answer: the vendor's one public answer; a second is 409. */
export async function answerReview(
  db: Db | Tx,
  { vendorProfileId, id, text, now }: { vendorProfileId: string; id: string; text: string; now: Date },
): Promise<VendorOwnReview> {
  const ofVendor = and(
    eq(reviews.id, id),
    eq(reviews.vendorProfileId, vendorProfileId),
    ne(reviews.status, 'deleted'),
  );
  const [row] = await db
    .update(reviews)
    .set({ answer: text, answeredAt: now })
    .where(and(ofVendor, isNull(reviews.answer)))
    .returning();
  if (!row) {
    const [exists] = await db.select({ id: reviews.id }).from(reviews).where(ofVendor);
    throw exists ? new AppError('conflict', reviewMessages.alreadyAnswered) : reviewNotFound();
  }
  const [booking] = await db
    .select({ code: appointments.code })
    .from(appointments)
    .where(eq(appointments.id, row.appointmentId));
  const reported = await openReportsBy(db, [row.id], `vendor:${vendorProfileId}`);
  return toOwnReview(row, booking!.code, reported.has(row.id));
}

// ——— Admins ———

async function resolveReports(tx: Tx, reviewId: string, now: Date) {
  await tx
    .update(reviewReports)
    .set({ resolvedAt: now })
    .where(and(eq(reviewReports.reviewId, reviewId), isNull(reviewReports.resolvedAt)));
}

const adminFilters: Record<'reported' | 'hidden' | 'all', { where: SQL; orderBy: SQL[] }> = {
  reported: {
    where: and(isNotNull(reviews.reportedAt), published)!,
    orderBy: [asc(reviews.reportedAt), asc(reviews.id)],
  },
  hidden: { where: eq(reviews.status, 'hidden'), orderBy: [desc(reviews.hiddenAt), desc(reviews.id)] },
  all: { where: ne(reviews.status, 'deleted'), orderBy: newestFirst },
};

/** GET /api/admin/reviews: reported (oldest report first), hidden (latest first) or all (newest first). */
export async function listAdminReviews(
  db: Db,
  { status, offset, limit }: { status: 'reported' | 'hidden' | 'all'; offset: number; limit: number },
): Promise<AdminReviewsResponse> {
  const { where, orderBy } = adminFilters[status];
  const [rows, [total]] = await Promise.all([
    adminReviewRows(db, where)
      .orderBy(...orderBy)
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(reviews).where(where),
  ]);
  return { items: await toAdminReviews(db, rows), total: total?.n ?? 0 };
}

function adminReviewRows(db: Db | Tx, where: SQL) {
  return db
    .select({
      review: reviews,
      code: appointments.code,
      vendor: { id: vendorProfiles.id, name: vendorProfiles.businessName, slug: vendorProfiles.slug },
    })
    .from(reviews)
    .innerJoin(appointments, eq(appointments.id, reviews.appointmentId))
    .innerJoin(vendorProfiles, eq(vendorProfiles.id, reviews.vendorProfileId))
    .where(where)
    .$dynamic();
}

type AdminRow = Awaited<ReturnType<typeof adminReviewRows>>[number];

async function toAdminReviews(db: Db | Tx, rows: AdminRow[]): Promise<AdminReview[]> {
  const ids = rows.map((r) => r.review.id);
  const reports = ids.length
    ? await db
        .select()
        .from(reviewReports)
        .where(and(inArray(reviewReports.reviewId, ids), isNull(reviewReports.resolvedAt)))
        .orderBy(asc(reviewReports.createdAt))
    : [];
  return rows.map(({ review, code, vendor }) => ({
    ...toPublicReview(review),
    comment_as_written: review.comment,
    status: review.status,
    vendor,
    booking_code: code,
    reports: reports
      .filter((r) => r.reviewId === review.id)
      .map((r) => ({ reason: r.reason, by: r.by, created_at: r.createdAt.toISOString() })),
    hidden_reason: review.hiddenReason,
    hidden_at: review.hiddenAt?.toISOString() ?? null,
  }));
}

async function adminReview(tx: Db | Tx, id: string): Promise<AdminReview> {
  const [row] = await adminReviewRows(tx, eq(reviews.id, id));
  if (!row) throw reviewNotFound();
  const [review] = await toAdminReviews(tx, [row]);
  return review!;
}

/**
 * POST /api/admin/reviews/{id}/hide: a published review leaves the profile and the average, its
 * reports are settled, and its author and the vendor are told why. The words stay as written.
 */
export async function hideReview(
  db: Db,
  { id, reason, now, manageLink }: { id: string; reason: string; now: Date; manageLink: ManageLink },
): Promise<AdminReview> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(reviews)
      .set({ status: 'hidden', hiddenReason: reason, hiddenAt: now, reportedAt: null })
      .where(and(eq(reviews.id, id), published))
      .returning();
    if (!row) {
      const [found] = await tx
        .select({ status: reviews.status })
        .from(reviews)
        .where(and(eq(reviews.id, id), ne(reviews.status, 'deleted')));
      throw found ? new AppError('conflict', reviewMessages.alreadyHidden) : reviewNotFound();
    }
    await countRating(tx, row.vendorProfileId, row.rating, -1);
    await resolveReports(tx, id, now);
    const booking = await getBookingView(tx, row.appointmentId);
    if (booking) await notifyReviewHidden(tx, booking, reason, manageLink);
    return adminReview(tx, id);
  });
}

/** POST /api/admin/reviews/{id}/dismiss-report: the review stays; its open reports are settled. */
export async function dismissReviewReport(
  db: Db,
  { id, now }: { id: string; now: Date },
): Promise<AdminReview> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(reviews)
      .set({ reportedAt: null })
      .where(and(eq(reviews.id, id), isNotNull(reviews.reportedAt)))
      .returning({ id: reviews.id });
    if (!row) {
      const [found] = await tx.select({ id: reviews.id }).from(reviews).where(eq(reviews.id, id));
      throw found ? new AppError('conflict', reviewMessages.noOpenReport) : reviewNotFound();
    }
    await resolveReports(tx, id, now);
    return adminReview(tx, id);
  });
}
