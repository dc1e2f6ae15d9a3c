import { z } from 'zod';
import type { AdminVendorContact } from './admin.schemas.ts';
import { type ApplicationStatus, MAX_PAGE_SIZE } from './constants.ts';

// The vendor review queue's API contract (decision 048, product §2.16): one schema per input, used by
// the server's validator and by the admin's dialogs alike.

/** The statuses waiting for an admin: new profiles (and proven claims), and those asked for changes. */
export const reviewQueueStatuses = ['submitted', 'pending'] as const satisfies readonly ApplicationStatus[];

export const reviewDecisions = ['approve', 'request_changes', 'reject'] as const;
export type ReviewDecision = (typeof reviewDecisions)[number];

/** What each decision makes of the vendor's application_status. */
export const statusAfterReview = {
  approve: 'approved',
  request_changes: 'pending',
  reject: 'rejected',
} as const satisfies Record<ReviewDecision, ApplicationStatus>;

export const REVIEW_MESSAGE_MAX = 1000;

const message = z
  .string()
  .trim()
  .min(1, 'Write a message for the vendor.')
  .max(REVIEW_MESSAGE_MAX, `At most ${REVIEW_MESSAGE_MAX} characters.`);

/**
 * POST /api/admin/vendors/:id/review. Asking for changes says what to change, rejecting says why:
 * both need the message the vendor receives; an approval carries none. One object (not a union per
 * decision), so that a refusal names the field that is wrong.
 */
export const vendorReviewInputSchema = z
  .object({ decision: z.enum(reviewDecisions), message: message.optional() })
  .strict()
  .superRefine((value, ctx) => {
    if (value.decision === 'approve' && value.message !== undefined)
      ctx.addIssue({ code: 'custom', path: ['message'], message: 'An approval carries no message.' });
    if (value.decision !== 'approve' && value.message === undefined)
      ctx.addIssue({ code: 'custom', path: ['message'], message: 'Write a message for the vendor.' });
  });
export type VendorReviewInput = z.output<typeof vendorReviewInputSchema>;

export const reviewQueueQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
});
export type ReviewQueueQuery = z.infer<typeof reviewQueueQuerySchema>;

/** A vendor waiting for review, as the Review tab shows it (oldest first). */
export interface ReviewQueueItem extends AdminVendorContact {
  application_status: (typeof reviewQueueStatuses)[number];
  /** The last review's message (what to change), when the vendor was asked for changes. */
  review_message: string | null;
  reviewed_at: string | null;
  active_services: number;
  admin_created: boolean;
  /** A proven claim of an admin-created profile (decision 035): approving approves it too. */
  claimed_at: string | null;
  claim_approved_at: string | null;
  created_at: string;
}

/** What a review answers: the vendor's new status and the message stored with it. */
export interface VendorReviewResult {
  id: string;
  application_status: ApplicationStatus;
  review_message: string | null;
  reviewed_at: string;
  claim_approved_at: string | null;
}
