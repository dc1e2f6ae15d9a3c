import { useQuery } from '@tanstack/react-query';
import type { PhotoReviewInput } from '../../../../shared/vendor-photos.ts';
import { api, unwrap } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';
import { useAdminMutation } from './admin-queries.ts';

// The admin's Photos tab (decision 074): approved vendors' new photos waiting for review, and the
// decision on one. Under `adminKeys.all`, so that every admin change refreshes the list too.

const pendingPhotosKey = [...adminKeys.all, 'photos', 'pending'] as const;

/** GET /api/admin/photos/pending: oldest first, each with its vendor (the server sends up to 100). */
export function usePendingPhotos() {
  return useQuery({
    queryKey: pendingPhotosKey,
    queryFn: ({ signal }) => unwrap(api.admin.photos.pending.$get({}, { init: { signal } })),
  });
}

/**
 * POST /api/admin/photos/:id/review: approve, or remove with the reason the vendor reads. An approved
 * photo shows on the public pages, so the public lists this browser read are read again too.
 */
export function useReviewPhoto() {
  return useAdminMutation(
    ({ id, input }: { id: string; input: PhotoReviewInput }) =>
      unwrap(api.admin.photos[':id'].review.$post({ param: { id }, json: input })),
    { publicLists: true },
  );
}
