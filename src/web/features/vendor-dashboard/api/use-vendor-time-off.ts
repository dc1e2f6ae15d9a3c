import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TimeOffCreate, TimeOffCreated, TimeOffList } from '../../../../shared/time-off.schemas.ts';
import { api, unwrap } from '../../../lib/api-client.ts';

// The dashboard's Time off (decision 090): GET, POST and DELETE /api/vendor/time-off. Under the
// `vendor-account` key, so that signing out drops it with the rest of the vendor's data.

export const timeOffKey = ['vendor-account', 'time-off'] as const;

export function useVendorTimeOff() {
  return useQuery({
    queryKey: timeOffKey,
    queryFn: ({ signal }): Promise<TimeOffList> =>
      unwrap(api.vendor['time-off'].$get({}, { init: { signal } })),
  });
}

export function useAddTimeOff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ from, to, reason }: TimeOffCreate): Promise<TimeOffCreated> =>
      unwrap(api.vendor['time-off'].$post({ json: { from, to, reason } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: timeOffKey }),
  });
}

export function useDeleteTimeOff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.vendor['time-off'][':id'].$delete({ param: { id } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: timeOffKey }),
  });
}
