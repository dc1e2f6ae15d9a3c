import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PendingChangeDecision } from '../../../../shared/vendor-changes.schemas.ts';
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

const changesKey = (kind: 'pending' | 'recent', limit: number) =>
  [...adminKeys.all, 'changes', kind, { limit }] as const;

/** GET /api/admin/vendors/pending-changes: approved vendors' identity changes, oldest first (decision 055). */
export function usePendingChanges(limit: number) {
  return useQuery({
    queryKey: changesKey('pending', limit),
    queryFn: ({ signal }) =>
      unwrap(
        api.admin.vendors['pending-changes'].$get(
          { query: { offset: '0', limit: String(limit) } },
          { init: { signal } },
        ),
      ),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/vendors/recent-changes: the descriptive edits published at once, newest first. */
export function useRecentChanges(limit: number) {
  return useQuery({
    queryKey: changesKey('recent', limit),
    queryFn: ({ signal }) =>
      unwrap(
        api.admin.vendors['recent-changes'].$get(
          { query: { offset: '0', limit: String(limit) } },
          { init: { signal } },
        ),
      ),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/admin/vendors/:id/pending-change: approve the change, or reject it with the reason. */
export function useDecidePendingChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: PendingChangeDecision }) =>
      unwrap(api.admin.vendors[':id']['pending-change'].$post({ param: { id }, json: input })),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['vendors'] }),
      ]),
  });
}
