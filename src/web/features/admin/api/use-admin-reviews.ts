import type { AdminReview, AdminReviewsResponse } from '../../../../shared/review.schemas.ts';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { AdminReviewFilter } from '../admin-href.ts';
import { adminKeys } from './admin-keys.ts';
import { useAdminList, useAdminMutation } from './admin-queries.ts';

// The admin's Reviews tab (decision 066): the reviews reported, hidden or all, hiding one with a
// reason and dismissing a report. Under `adminKeys.all`, so that every admin change refreshes the
// list and the summary cards' count together.

const reviewsKey = (status: AdminReviewFilter, limit: number) =>
  [...adminKeys.all, 'reviews', { status, limit }] as const;

/** GET /api/admin/reviews?status=: reported ones with their open reports, hidden ones, or all. */
export function useAdminReviews(status: AdminReviewFilter, limit: number) {
  return useAdminList(
    reviewsKey(status, limit),
    limit,
    (page, signal): Promise<AdminReviewsResponse> =>
      unwrap(api.admin.reviews.$get({ query: { status, ...page } }, { init: { signal } })),
  );
}

/**
 * POST /api/admin/reviews/:id/hide {reason}: the review leaves the vendor's page and average, so
 * the public lists this browser read (their ratings) are read again too.
 */
export function useHideReview() {
  return useAdminMutation(
    ({ id, reason }: { id: string; reason: string }): Promise<AdminReview> =>
      unwrap(api.admin.reviews[':id'].hide.$post({ param: { id }, json: { reason } })),
    { publicLists: true },
  );
}

/** POST /api/admin/reviews/:id/dismiss-report: the review stays as it is, its reports closed. */
export function useDismissReviewReport() {
  return useAdminMutation(
    (id: string): Promise<AdminReview> =>
      unwrap(api.admin.reviews[':id']['dismiss-report'].$post({ param: { id } })),
  );
}
