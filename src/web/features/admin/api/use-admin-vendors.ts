import { useQuery } from '@tanstack/react-query';
import type { AdminVendorUpdate, AdminVendorValues } from '../../../../shared/admin.schemas.ts';
import { api, unwrap } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';
import { useAdminList, useAdminMutation } from './admin-queries.ts';

/** GET /api/admin/vendors: the first `limit` matches and the number of all of them. */
export function useAdminVendors(q: string, limit: number) {
  return useAdminList(adminKeys.vendors(q, limit), limit, (page, signal) =>
    unwrap(api.admin.vendors.$get({ query: { q: q || undefined, ...page } }, { init: { signal } })),
  );
}

/** GET /api/admin/vendors/unreadable-phones: stored phones no number could be read from. */
export function useUnreadablePhones() {
  return useQuery({
    queryKey: adminKeys.unreadablePhones,
    queryFn: ({ signal }) => unwrap(api.admin.vendors['unreadable-phones'].$get({}, { init: { signal } })),
  });
}

export function useSaveVendor() {
  // An edit sends only the fields it changes; a new vendor sends them all.
  return useAdminMutation(
    (save: { id: string; input: AdminVendorUpdate } | { id?: undefined; input: AdminVendorValues }) =>
      save.id !== undefined
        ? unwrap(api.admin.vendors[':id'].$patch({ param: { id: save.id }, json: save.input }))
        : unwrap(api.admin.vendors.$post({ json: save.input })),
  );
}

export function useDeleteVendor() {
  return useAdminMutation((id: string) => unwrap(api.admin.vendors[':id'].$delete({ param: { id } })));
}

/** POST /api/admin/vendors/:id/approve-claim: the claimant then sees the earlier bookings. */
export function useApproveVendorClaim() {
  return useAdminMutation((id: string) =>
    unwrap(api.admin.vendors[':id']['approve-claim'].$post({ param: { id } })),
  );
}
