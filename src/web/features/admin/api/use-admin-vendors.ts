import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminVendorUpdate, AdminVendorValues } from '../../../../shared/admin.schemas.ts';
import { api, unwrap } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

/**
 * GET /api/admin/vendors: the first `limit` matches and the number of all of them. "Load more"
 * raises the limit, so the list stays one request however far the admin has read.
 */
export function useAdminVendors(q: string, limit: number) {
  return useQuery({
    queryKey: adminKeys.vendors(q, limit),
    queryFn: ({ signal }) =>
      unwrap(
        api.admin.vendors.$get(
          { query: { q: q || undefined, offset: '0', limit: String(limit) } },
          { init: { signal } },
        ),
      ),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/vendors/unreadable-phones: stored phones no number could be read from. */
export function useUnreadablePhones() {
  return useQuery({
    queryKey: adminKeys.unreadablePhones,
    queryFn: ({ signal }) => unwrap(api.admin.vendors['unreadable-phones'].$get({}, { init: { signal } })),
  });
}

export function useSaveVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    // An edit sends only the fields it changes; a new vendor sends them all.
    mutationFn: (
      save: { id: string; input: AdminVendorUpdate } | { id?: undefined; input: AdminVendorValues },
    ) =>
      save.id !== undefined
        ? unwrap(api.admin.vendors[':id'].$patch({ param: { id: save.id }, json: save.input }))
        : unwrap(api.admin.vendors.$post({ json: save.input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useDeleteVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.admin.vendors[':id'].$delete({ param: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** POST /api/admin/vendors/:id/approve-claim: the claimant then sees the earlier bookings. */
export function useApproveVendorClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.admin.vendors[':id']['approve-claim'].$post({ param: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
