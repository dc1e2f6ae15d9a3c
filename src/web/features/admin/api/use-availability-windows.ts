import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  availabilityWindowsCreateSchema,
  availabilityWindowUpdateSchema,
} from '../../../../shared/admin.schemas.ts';
import { api, unwrap } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

/** GET /api/admin/availability-windows?vendor_profile_id= (ARCHITECTURE §6). */
export function useAvailabilityWindows(vendorProfileId: string) {
  return useQuery({
    queryKey: adminKeys.windows(vendorProfileId),
    queryFn: ({ signal }) =>
      unwrap(
        api.admin['availability-windows'].$get(
          { query: { vendor_profile_id: vendorProfileId } },
          { init: { signal } },
        ),
      ),
  });
}

function useInvalidateWindows(vendorProfileId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminKeys.windows(vendorProfileId) });
}

/** POST an array of windows (product §7): one per time slot of the editor. */
export function useCreateWindows(vendorProfileId: string) {
  const invalidate = useInvalidateWindows(vendorProfileId);
  return useMutation({
    mutationFn: (windows: z.output<typeof availabilityWindowsCreateSchema>) =>
      unwrap(api.admin['availability-windows'].$post({ json: windows })),
    onSuccess: invalidate,
  });
}

export function useUpdateWindow(vendorProfileId: string) {
  const invalidate = useInvalidateWindows(vendorProfileId);
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: z.output<typeof availabilityWindowUpdateSchema> }) =>
      unwrap(api.admin['availability-windows'][':id'].$patch({ param: { id }, json: input })),
    onSuccess: invalidate,
  });
}

export function useDeleteWindow(vendorProfileId: string) {
  const invalidate = useInvalidateWindows(vendorProfileId);
  return useMutation({
    mutationFn: (id: string) => unwrap(api.admin['availability-windows'][':id'].$delete({ param: { id } })),
    onSuccess: invalidate,
  });
}
