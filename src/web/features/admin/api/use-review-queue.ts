import type { PendingChangeDecision } from '../../../../shared/vendor-changes.schemas.ts';
import type { VendorReviewInput } from '../../../../shared/vendor-review.schemas.ts';
import { api, unwrap } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';
import { useAdminList, useAdminMutation } from './admin-queries.ts';

/** Under `adminKeys.all`, so that every admin mutation refreshes the queue too. */
const reviewKey = (limit: number) => [...adminKeys.all, 'review', { limit }] as const;

/** GET /api/admin/vendors/review: the vendors waiting for a review, oldest first (decision 048). */
export function useReviewQueue(limit: number) {
  return useAdminList(reviewKey(limit), limit, (page, signal) =>
    unwrap(api.admin.vendors.review.$get({ query: page }, { init: { signal } })),
  );
}

/** POST /api/admin/vendors/:id/review: approve, ask for changes or reject. */
export function useReviewVendor() {
  return useAdminMutation(
    ({ id, input }: { id: string; input: VendorReviewInput }) =>
      unwrap(api.admin.vendors[':id'].review.$post({ param: { id }, json: input })),
    // The public lists this browser read before: an approved vendor shows in them at once.
    { publicLists: true },
  );
}

const changesKey = (kind: 'pending' | 'recent', limit: number) =>
  [...adminKeys.all, 'changes', kind, { limit }] as const;

/** GET /api/admin/vendors/pending-changes: approved vendors' identity changes, oldest first (decision 055). */
export function usePendingChanges(limit: number) {
  return useAdminList(changesKey('pending', limit), limit, (page, signal) =>
    unwrap(api.admin.vendors['pending-changes'].$get({ query: page }, { init: { signal } })),
  );
}

/** GET /api/admin/vendors/recent-changes: the descriptive edits published at once, newest first. */
export function useRecentChanges(limit: number) {
  return useAdminList(changesKey('recent', limit), limit, (page, signal) =>
    unwrap(api.admin.vendors['recent-changes'].$get({ query: page }, { init: { signal } })),
  );
}

/** POST /api/admin/vendors/:id/pending-change: approve the change, or reject it with the reason. */
export function useDecidePendingChange() {
  return useAdminMutation(
    ({ id, input }: { id: string; input: PendingChangeDecision }) =>
      unwrap(api.admin.vendors[':id']['pending-change'].$post({ param: { id }, json: input })),
    { publicLists: true },
  );
}
