import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import { useRefreshAgenda } from '../../vendor-dashboard/api/use-vendor-agenda.ts';

// The vendor's actions on a booking already agreed (decision 094): each refreshes the agenda and
// the month's figures, whose bookings say what the vendor may do next.

/** POST /api/vendor/bookings/:id/cancel { reason }: the customer is told and a paid one refunded in full. */
export function useVendorCancelBooking() {
  const refresh = useRefreshAgenda();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      unwrap(api.vendor.bookings[':id'].cancel.$post({ param: { id }, json: { reason } })),
    onSettled: refresh,
  });
}

/** POST /api/vendor/bookings/:id/complete or /no-show: how it went, once it has started. */
export function useMarkVendorBooking() {
  const refresh = useRefreshAgenda();
  return useMutation({
    mutationFn: ({ id, outcome }: { id: string; outcome: 'completed' | 'no_show' }) =>
      unwrap(
        outcome === 'completed'
          ? api.vendor.bookings[':id'].complete.$post({ param: { id } })
          : api.vendor.bookings[':id']['no-show'].$post({ param: { id } }),
      ),
    onSettled: refresh,
  });
}
