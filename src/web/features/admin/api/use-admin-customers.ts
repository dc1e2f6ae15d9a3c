import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminCustomerValues } from '../../../../shared/admin.schemas.ts';
import { api, unwrap } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

/** GET /api/admin/customers: customer profiles and booking-only customers, newest first. */
export function useAdminCustomers(q: string, limit: number) {
  return useQuery({
    queryKey: adminKeys.customers(q, limit),
    queryFn: ({ signal }) =>
      unwrap(
        api.admin.customers.$get(
          { query: { q: q || undefined, offset: '0', limit: String(limit) } },
          { init: { signal } },
        ),
      ),
    placeholderData: keepPreviousData,
  });
}

type CustomerSave = Omit<AdminCustomerValues, 'preferred_categories'> &
  Partial<Pick<AdminCustomerValues, 'preferred_categories'>>;

export function useSaveCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    // A guest's edit sends no preferred categories: a guest has none.
    mutationFn: ({ id, input }: { id?: string; input: CustomerSave }) =>
      id
        ? unwrap(api.admin.customers[':id'].$patch({ param: { id }, json: input }))
        : unwrap(api.admin.customers.$post({ json: { preferred_categories: [], ...input } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useDeleteCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.admin.customers[':id'].$delete({ param: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
