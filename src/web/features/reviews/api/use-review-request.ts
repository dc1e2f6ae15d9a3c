import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatedReview, MyReview, ReviewRequest } from '../../../../shared/review.schemas.ts';
import { api, unwrap } from '../../../lib/api-client.ts';
import { managedBookingKeys } from '../../bookings/api/use-managed-booking.ts';
import { myBookingKeys } from '../../bookings/api/use-my-bookings.ts';

// The customer's review page (/review/:code?token=): what is being reviewed, publishing the review
// and deleting it, each by the review link's token.

export const reviewRequestKeys = {
  byToken: (token: string) => ['review-request', token] as const,
};

/** GET /api/reviews/request?token=: the booking, whether it can be reviewed now, and the review once given. */
export function useReviewRequest(token: string | undefined) {
  return useQuery({
    queryKey: reviewRequestKeys.byToken(token ?? ''),
    queryFn: ({ signal }): Promise<ReviewRequest> =>
      unwrap(api.reviews.request.$get({ query: { token: token ?? '' } }, { init: { signal } })),
    enabled: Boolean(token),
  });
}

/**
 * A review published or deleted changes more than this page: the booking's own page and Job History
 * (can_review, my_rating) and the vendor's average and Reviews tab.
 */
function useAfterReview(token: string) {
  const queryClient = useQueryClient();
  return (update: (request: ReviewRequest) => ReviewRequest) => {
    queryClient.setQueryData<ReviewRequest>(reviewRequestKeys.byToken(token), (request) =>
      request ? update(request) : request,
    );
    void queryClient.invalidateQueries({ queryKey: managedBookingKeys.all });
    void queryClient.invalidateQueries({ queryKey: myBookingKeys.list });
    void queryClient.invalidateQueries({ queryKey: ['vendors'] });
  };
}

/** POST /api/reviews {token, rating, comment} → 201: the review, published. */
export function useCreateReview(token: string) {
  const after = useAfterReview(token);
  return useMutation({
    mutationFn: (input: { rating: number; comment: string | null }): Promise<CreatedReview> =>
      unwrap(api.reviews.$post({ json: { token, ...input } })),
    onSuccess: ({ review }) => after((request) => ({ ...request, can_review: false, refusal: null, review })),
  });
}

/** POST /api/reviews/:id/delete {token} → the review, now deleted. */
export function useDeleteReview(token: string) {
  const after = useAfterReview(token);
  return useMutation({
    mutationFn: (id: string): Promise<MyReview> =>
      unwrap(api.reviews[':id'].delete.$post({ param: { id }, json: { token } })),
    onSuccess: (review) => after((request) => ({ ...request, can_review: false, review })),
  });
}
