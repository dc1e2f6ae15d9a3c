import { z } from 'zod';
import { MAX_PAGE_SIZE } from './constants.ts';

// ARCHITECTURE §6: the reviews API. A review comes only from the customer of a booking that took
// place (paid, or confirmed when free, and ended), once per booking; nobody edits its words
// (decision 066).

export const REVIEW_COMMENT_MAX = 1000;
export const REVIEW_ANSWER_MAX = 1000;
export const REVIEW_REPORT_REASON_MAX = 500;
export const REVIEW_HIDE_REASON_MAX = 500;
/** A page of the Reviews tab. */
export const REVIEWS_PAGE_SIZE = 10;

export const reviewMessages = {
  rating: 'Choose a rating from 1 to 5 stars.',
  commentTooLong: `The comment can have at most ${REVIEW_COMMENT_MAX} characters.`,
  answerRequired: 'Write your answer.',
  answerTooLong: `The answer can have at most ${REVIEW_ANSWER_MAX} characters.`,
  reasonRequired: 'Say why.',
  reasonTooLong: `The reason can have at most ${REVIEW_REPORT_REASON_MAX} characters.`,
  tokenOrBooking: 'Send the review link’s token or the booking’s id.',
  // The refusals (409, 422, 404, 410) the server answers and the pages show as they come.
  alreadyReviewed: 'This booking has already been reviewed.',
  notEnded: 'You can review this booking once the appointment has ended.',
  didNotTakePlace:
    'Only a booking that took place can be reviewed: this one was cancelled, declined or expired.',
  linkExpired: 'This review link has expired: reviews are taken until 30 days after the appointment.',
  notFound: 'Review not found.',
  bookingNotFound: 'Booking not found.',
  alreadyAnswered: 'This review already has your answer.',
  alreadyHidden: 'This review is already hidden.',
  noOpenReport: 'This review has no report to dismiss.',
} as const;

const rating = z.coerce
  .number({ message: reviewMessages.rating })
  .int(reviewMessages.rating)
  .min(1, reviewMessages.rating)
  .max(5, reviewMessages.rating);

const comment = z
  .string()
  .trim()
  .max(REVIEW_COMMENT_MAX, reviewMessages.commentTooLong)
  .transform((value) => value || null);

const token = z.string().trim().min(1).max(200);

/** POST /api/reviews: by the review link's token, or by the booking's id for its signed-in customer. */
export const createReviewSchema = z
  .object({
    token: token.optional(),
    booking_id: z.uuid(reviewMessages.bookingNotFound).optional(),
    rating,
    comment: comment.optional(),
  })
  .refine((input) => (input.token === undefined) !== (input.booking_id === undefined), {
    message: reviewMessages.tokenOrBooking,
    path: ['token'],
  });
export type CreateReviewInput = z.input<typeof createReviewSchema>;

/** GET /api/reviews/request?token= */
export const reviewTokenQuerySchema = z.object({ token });

/** POST /api/reviews/{id}/delete: the customer's own review, by the link's token or signed in. */
export const deleteReviewSchema = z.object({ token: token.optional() });

export const reviewIdParamSchema = z.object({ id: z.uuid(reviewMessages.notFound) });

export const reviewAnswerSchema = z.object({
  text: z
    .string()
    .trim()
    .min(1, reviewMessages.answerRequired)
    .max(REVIEW_ANSWER_MAX, reviewMessages.answerTooLong),
});

const reason = z
  .string()
  .trim()
  .min(3, reviewMessages.reasonRequired)
  .max(REVIEW_REPORT_REASON_MAX, reviewMessages.reasonTooLong);

/** POST /api/reviews/{id}/report and POST /api/admin/reviews/{id}/hide */
export const reviewReasonSchema = z.object({ reason });

const page = {
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(REVIEWS_PAGE_SIZE),
};
export const reviewPageQuerySchema = z.object(page);

export const adminReviewStatuses = ['reported', 'hidden', 'all'] as const;
export const adminReviewsQuerySchema = z.object({
  status: z.enum(adminReviewStatuses, 'status must be reported, hidden or all').default('reported'),
  ...page,
});

export type ReviewStatus = 'published' | 'hidden' | 'deleted';

/** 1 to 5: how many published reviews gave each number of stars. */
export type RatingDistribution = Record<'1' | '2' | '3' | '4' | '5', number>;

/** A published review as anybody sees it. Phone numbers and emails in the words are masked. */
export interface PublicReview {
  id: string;
  rating: number;
  comment: string | null;
  /** The customer's first name and last initial ("Ana G."). */
  author: string;
  created_at: string;
  /** The vendor's answer, shown under the review. */
  answer: { text: string; created_at: string } | null;
}

/** GET /api/vendors/{idOrSlug}/reviews */
export interface VendorReviewsResponse {
  items: PublicReview[];
  total: number;
  /** The mean of the published ratings, one decimal; null with none. */
  average: number | null;
  distribution: RatingDistribution;
}

/** The customer's own review of a booking. */
export interface MyReview {
  id: string;
  rating: number;
  comment: string | null;
  status: ReviewStatus;
  created_at: string;
  answer: { text: string; created_at: string } | null;
  /** Why an admin hid it, when hidden. */
  hidden_reason: string | null;
}

/**
 * GET /api/reviews/request?token=: what the review page shows — the booking, whether a review can
 * be given now (and if not, why, in the server's words), and the review once given.
 */
export interface ReviewRequest {
  code: string;
  vendor: { name: string; slug: string };
  service_name: string | null;
  start_time: string;
  end_time: string;
  timezone: string;
  can_review: boolean;
  /** Why a review cannot be given (one of reviewMessages), null when it can or when given. */
  refusal: string | null;
  review: MyReview | null;
}

/** POST /api/reviews → 201 */
export interface CreatedReview {
  review: MyReview;
  vendor: { slug: string; rating_average: number | null; rating_count: number };
}

/** GET /api/vendor/reviews: the signed-in vendor's reviews, newest first, published and hidden. */
export interface VendorOwnReview extends PublicReview {
  status: ReviewStatus;
  booking_code: string;
  /** Why an admin hid it. */
  hidden_reason: string | null;
  /** Whether this vendor already reported it and an admin has not decided yet. */
  reported: boolean;
}
export interface VendorOwnReviewsResponse {
  items: VendorOwnReview[];
  total: number;
  average: number | null;
  count: number;
}

/** GET /api/admin/reviews: a review with what the moderator needs. */
export interface AdminReview {
  id: string;
  status: ReviewStatus;
  rating: number;
  /** The customer's words, masked as the public sees them; never editable. */
  comment: string | null;
  /** The words as written, contacts included, for the admins who judge a report about them. */
  comment_as_written: string | null;
  author: string;
  created_at: string;
  vendor: { id: string; name: string; slug: string };
  booking_code: string;
  answer: { text: string; created_at: string } | null;
  /** The open reports, oldest first. */
  reports: { reason: string; by: 'vendor' | 'visitor'; created_at: string }[];
  hidden_reason: string | null;
  hidden_at: string | null;
}
export interface AdminReviewsResponse {
  items: AdminReview[];
  total: number;
}
