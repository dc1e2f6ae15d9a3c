import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AdminPage } from '../../../shared/admin.schemas.ts';
import {
  type ReviewQueueItem,
  type ReviewQueueQuery,
  reviewQueueStatuses,
  statusAfterReview,
  type VendorReviewInput,
  type VendorReviewResult,
} from '../../../shared/vendor-review.schemas.ts';
import type { Db } from '../../db/client.ts';
import { profiles, services, vendorProfiles } from '../../db/schema/vendors.ts';
import { AppError } from '../../lib/app-error.ts';
import { enqueueMail } from '../outbox/outbox.service.ts';
import { enqueueWhatsApp } from '../whatsapp/whatsapp-outbound.service.ts';
import { renderTemplate, vendorLanguage } from '../whatsapp/whatsapp-texts.ts';
import { adminVendorContactColumns } from './admin-vendors.service.ts';
import { type ReviewFacts, vendorReviewMail, vendorReviewTemplate } from './review-messages.ts';

// The vendor review queue (decision 048, product §2.16): self-signed profiles start `submitted`, a
// proven claim puts an admin-created one back there (decision 035), and nothing is public until an
// admin approves it. An admin approves, asks for changes (`pending`, with a message) or rejects (with
// the reason); the vendor is told by mail and WhatsApp, queued in the transaction of the change.

const inQueue = inArray(vendorProfiles.applicationStatus, [...reviewQueueStatuses]);

// Spelled out: inside a select list drizzle would write the outer `id` unqualified, which the
// subquery would read as its own services.id.
const activeServices = sql<number>`(select count(*)::int from ${services} s where s.vendor_profile_id = ${vendorProfiles}.id and s.is_active)`;

/** GET /api/admin/vendors/review: the vendors waiting for a review, oldest first. */
export async function listReviewQueue(db: Db, query: ReviewQueueQuery): Promise<AdminPage<ReviewQueueItem>> {
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        ...adminVendorContactColumns,
        application_status: vendorProfiles.applicationStatus,
        review_message: vendorProfiles.reviewMessage,
        reviewed_at: vendorProfiles.reviewedAt,
        active_services: activeServices,
        admin_created: vendorProfiles.adminCreated,
        claimed_at: vendorProfiles.claimedAt,
        claim_approved_at: vendorProfiles.claimApprovedAt,
        created_at: vendorProfiles.createdAt,
      })
      .from(vendorProfiles)
      .where(inQueue)
      .orderBy(asc(vendorProfiles.createdAt), asc(vendorProfiles.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(vendorProfiles).where(inQueue),
  ]);
  return {
    items: rows.map((row) => ({
      ...row,
      application_status: row.application_status as ReviewQueueItem['application_status'],
      reviewed_at: row.reviewed_at?.toISOString() ?? null,
      claimed_at: row.claimed_at?.toISOString() ?? null,
      claim_approved_at: row.claim_approved_at?.toISOString() ?? null,
      created_at: row.created_at.toISOString(),
    })),
    total: counted?.total ?? 0,
  };
}

export interface ReviewVendorOptions {
  id: string;
  input: VendorReviewInput;
  now: Date;
  appUrl: string;
}

/**
 * POST /api/admin/vendors/:id/review. One conditional UPDATE on the status and the last review the
 * request read: of two admins deciding at once, the second changes nothing and gets 409, and the
 * vendor is told once. Approving a proven claim approves the claim too (decision 035).
 */
export async function reviewVendor(
  db: Db,
  { id, input, now, appUrl }: ReviewVendorOptions,
): Promise<VendorReviewResult> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        status: vendorProfiles.applicationStatus,
        reviewedAt: vendorProfiles.reviewedAt,
        slug: vendorProfiles.slug,
        businessName: vendorProfiles.businessName,
        businessEmail: vendorProfiles.businessEmail,
        businessPhone: vendorProfiles.businessPhone,
        claimedAt: vendorProfiles.claimedAt,
        claimApprovedAt: vendorProfiles.claimApprovedAt,
        vendorLanguages: vendorProfiles.languages,
        vendorAccountLanguage: profiles.language,
      })
      .from(vendorProfiles)
      .leftJoin(profiles, eq(profiles.userId, vendorProfiles.userId))
      .where(eq(vendorProfiles.id, id));
    if (!current) throw new AppError('not_found', 'Vendor not found.').because('vendor_not_found');
    if (!(reviewQueueStatuses as readonly string[]).includes(current.status))
      throw new AppError('conflict', 'This vendor is not waiting for a review.', [
        { path: '', message: 'This vendor is not waiting for a review.', status: current.status },
      ]).because('vendor_not_waiting_review');

    const message = input.decision === 'approve' ? null : (input.message ?? null);
    const approvesClaim = input.decision === 'approve' && current.claimedAt && !current.claimApprovedAt;
    const [row] = await tx
      .update(vendorProfiles)
      .set({
        applicationStatus: statusAfterReview[input.decision],
        reviewMessage: message,
        reviewedAt: now,
        updatedAt: now,
        ...(approvesClaim ? { claimApprovedAt: now } : {}),
      })
      .where(
        and(
          eq(vendorProfiles.id, id),
          eq(vendorProfiles.applicationStatus, current.status),
          current.reviewedAt
            ? eq(vendorProfiles.reviewedAt, current.reviewedAt)
            : isNull(vendorProfiles.reviewedAt),
        ),
      )
      .returning({
        id: vendorProfiles.id,
        applicationStatus: vendorProfiles.applicationStatus,
        reviewMessage: vendorProfiles.reviewMessage,
        claimApprovedAt: vendorProfiles.claimApprovedAt,
      });
    if (!row)
      throw new AppError('conflict', 'Another admin reviewed this vendor first. Reload the queue.').because(
        'vendor_reviewed_by_other',
      );

    const facts: ReviewFacts = {
      businessName: current.businessName,
      decision: input.decision,
      message,
      dashboardUrl: `${appUrl}/vendor/dashboard`,
      profileUrl: `${appUrl}/public/vendor/${current.slug}`,
      language: vendorLanguage(current),
    };
    if (current.businessEmail) await enqueueMail(tx, vendorReviewMail(current.businessEmail, facts));
    if (current.businessPhone) {
      const template = vendorReviewTemplate(facts);
      await enqueueWhatsApp(tx, {
        type: 'vendor_review',
        to: current.businessPhone,
        vendorProfileId: id,
        text: renderTemplate(template.key, template.parameters, template.language),
        template,
      });
    }
    return {
      id: row.id,
      application_status: row.applicationStatus as VendorReviewResult['application_status'],
      review_message: row.reviewMessage,
      reviewed_at: now.toISOString(),
      claim_approved_at: row.claimApprovedAt?.toISOString() ?? null,
    };
  });
}
