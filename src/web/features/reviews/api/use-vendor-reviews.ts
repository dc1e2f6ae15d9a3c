import { infiniteQueryOptions, useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { REVIEWS_PAGE_SIZE, type VendorReviewsResponse } from '../../../../shared/review.schemas.ts';
import { type ApiClient, api, unwrap } from '../../../lib/api-client.ts';

export const vendorReviewsKeys = {
  // Under `vendors`: whatever refreshes a vendor (a review given, hidden or deleted) refreshes these.
  list: (idOrSlug: string) => ['vendors', 'reviews', idOrSlug] as const,
};

/**
 * GET /api/vendors/:idOrSlug/reviews: the vendor's published reviews, newest first, in pages of
 * REVIEWS_PAGE_SIZE; each page carries the total, the average and the distribution. The next page
 * starts after the reviews loaded so far, while fewer than the total are.
 */
export function vendorReviewsQuery(idOrSlug: string, client: ApiClient = api) {
  return infiniteQueryOptions({
    queryKey: vendorReviewsKeys.list(idOrSlug),
    queryFn: ({ pageParam, signal }): Promise<VendorReviewsResponse> =>
      unwrap(
        client.vendors[':idOrSlug'].reviews.$get(
          { param: { idOrSlug }, query: { offset: String(pageParam), limit: String(REVIEWS_PAGE_SIZE) } },
          { init: { signal } },
        ),
      ),
    initialPageParam: 0,
    getNextPageParam: (lastPage: VendorReviewsResponse, pages: VendorReviewsResponse[]) => {
      const loaded = pages.reduce((count, page) => count + page.items.length, 0);
      return lastPage.items.length > 0 && loaded < lastPage.total ? loaded : undefined;
    },
  });
}

export function useVendorReviews(idOrSlug: string) {
  return useInfiniteQuery(vendorReviewsQuery(idOrSlug));
}

/** POST /api/reviews/:id/report: anybody may report a review for an admin to look at (202). */
export function useReportReview() {
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      unwrap(api.reviews[':id'].report.$post({ param: { id }, json: { reason } })),
  });
}
