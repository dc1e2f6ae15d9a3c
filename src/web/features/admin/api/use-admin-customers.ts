import type { AdminCustomerValues } from '../../../../shared/admin.schemas.ts';
import { api, unwrap } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';
import { useAdminList, useAdminMutation } from './admin-queries.ts';

/** GET /api/admin/customers: customer profiles and booking-only customers, newest first. */
export function useAdminCustomers(q: string, limit: number) {
  return useAdminList(adminKeys.customers(q, limit), limit, (page, signal) =>
    unwrap(api.admin.customers.$get({ query: { q: q || undefined, ...page } }, { init: { signal } })),
  );
}

type CustomerSave = Omit<AdminCustomerValues, 'preferred_categories'> &
  Partial<Pick<AdminCustomerValues, 'preferred_categories'>>;

export function useSaveCustomer() {
  // A guest's edit sends no preferred categories: a guest has none.
  return useAdminMutation(({ id, input }: { id?: string; input: CustomerSave }) =>
    id
      ? unwrap(api.admin.customers[':id'].$patch({ param: { id }, json: input }))
      : unwrap(api.admin.customers.$post({ json: { preferred_categories: [], ...input } })),
  );
}

export function useDeleteCustomer() {
  return useAdminMutation((id: string) => unwrap(api.admin.customers[':id'].$delete({ param: { id } })));
}
