import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

/** GET /api/admin/stats: the four summary cards (product §2). */
export function useAdminStats() {
  return useQuery({
    queryKey: adminKeys.stats,
    queryFn: ({ signal }) => unwrap(api.admin.stats.$get({}, { init: { signal } })),
  });
}
