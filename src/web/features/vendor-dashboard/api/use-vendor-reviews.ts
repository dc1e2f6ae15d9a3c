import { type InfiniteData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  REVIEWS_PAGE_SIZE,
  type VendorOwnReview,
  type VendorOwnReviewsResponse,
} from '../../../../shared/review.schemas.ts';
import { api, unwrap } from '../../../lib/api-client.ts';

// The dashboard's Reviews (decision 066): GET /api/vendor/reviews page by page, the vendor's one
// answer to a review and its report of one. Under the `vendor-account` key, so that signing out
// drops them with the rest of the vendor's data.

export const vendorReviewsKey = ['vendor-account', 'reviews'] as const;

type Pages = InfiniteData<VendorOwnReviewsResponse, number>;

/** The vendor's reviews, newest first, a page at a time; the next starts after those loaded. */
export function useVendorReviews() {
  return useInfiniteQuery({
    queryKey: vendorReviewsKey,
    queryFn: ({ pageParam, signal }): Promise<VendorOwnReviewsResponse> =>
      unwrap(
        api.vendor.reviews.$get(
          { query: { offset: String(pageParam), limit: String(REVIEWS_PAGE_SIZE) } },
          { init: { signal } },
        ),
      ),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, page) => n + page.items.length, 0);
      return loaded < last.total ? loaded : undefined;
    },
  });
}

/** One review changed in the pages loaded, where it is: the list neither jumps nor reloads. */
function patchReview(
  queryClient: ReturnType<typeof useQueryClient>,
  id: string,
  patch: (review: VendorOwnReview) => VendorOwnReview,
) {
  queryClient.setQueryData<Pages>(vendorReviewsKey, (before) =>
    before
      ? {
          ...before,
          pages: before.pages.map((page) => ({
            ...page,
            items: page.items.map((review) => (review.id === id ? patch(review) : review)),
          })),
        }
      : before,
  );
}

/**
 * POST /api/vendor/reviews/:id/answer {text}: once per review, never changed afterwards. The
 * answer shows under the review at once; the public pages this browser read show it when read again.
 */
export function useAnswerReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, text }: { id: string; text: string }): Promise<VendorOwnReview> =>
      unwrap(api.vendor.reviews[':id'].answer.$post({ param: { id }, json: { text } })),
    onSuccess: (answered) => {
      patchReview(queryClient, answered.id, () => answered);
      return queryClient.invalidateQueries({ queryKey: ['vendors'] });
    },
    // A second answer (409) means one was given meanwhile (another tab): read the list again.
    onError: () => queryClient.invalidateQueries({ queryKey: vendorReviewsKey }),
  });
}

/** POST /api/reviews/:id/report {reason}: an admin decides; the review says it is reported. */
export function useReportReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      unwrap(api.reviews[':id'].report.$post({ param: { id }, json: { reason } })),
    onSuccess: (_reported, { id }) =>
      patchReview(queryClient, id, (review) => ({ ...review, reported: true })),
  });
}
