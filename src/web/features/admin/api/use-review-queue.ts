import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VendorReviewInput } from '../../../../shared/vendor-review.schemas.ts';
import { api, unwrap } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

/** Under `adminKeys.all`, so that every admin mutation refreshes the queue too. */
const reviewKey = (limit: number) => [...adminKeys.all, 'review', { limit }] as const;

/** GET /api/admin/vendors/review: the vendors waiting for a review, oldest first (decision 048). */
export function useReviewQueue(limit: number) {
  return useQuery({
    queryKey: reviewKey(limit),
    queryFn: ({ signal }) =>
      unwrap(
        api.admin.vendors.review.$get({ query: { offset: '0', limit: String(limit) } }, { init: { signal } }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/admin/vendors/:id/review: approve, ask for changes or reject. */
export function useReviewVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: VendorReviewInput }) =>
      unwrap(api.admin.vendors[':id'].review.$post({ param: { id }, json: input })),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.all }),
        // The public lists this browser read before: an approved vendor shows in them at once.
        queryClient.invalidateQueries({ queryKey: ['vendors'] }),
      ]),
  });
}
