import { useMutation, useQuery } from '@tanstack/react-query';
import type { AvailabilityResponse } from '../../../../shared/availability/availability.schemas.ts';
import { api, unwrap } from '../../../lib/api-client.ts';
import { useRefreshAgenda } from '../../vendor-dashboard/api/use-vendor-agenda.ts';

// The vendor's actions on a booking already agreed (decision 094), its proposal of another time and
// the decline with a reason (decision 096): each refreshes the agenda and the month's figures, whose
// bookings say what the vendor may do next.

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

/**
 * GET /api/vendor/bookings/:id/proposal-slots: the vendor's own open times for the booking's service
 * in the next 14 days, its own time left out (decision 096); asked while a dialog shows them.
 */
export function useProposalSlots(id: string) {
  return useQuery({
    queryKey: ['vendor-account', 'proposal-slots', id],
    queryFn: ({ signal }): Promise<AvailabilityResponse> =>
      unwrap(
        api.vendor.bookings[':id']['proposal-slots'].$get({ param: { id }, query: {} }, { init: { signal } }),
      ),
    // Slots go fast: each opening asks again.
    staleTime: 0,
  });
}

/** POST /api/vendor/bookings/:id/propose { startTime }: the customer is asked; the booking keeps its time. */
export function useProposeTime() {
  const refresh = useRefreshAgenda();
  return useMutation({
    mutationFn: ({ id, startTime }: { id: string; startTime: string }) =>
      unwrap(api.vendor.bookings[':id'].propose.$post({ param: { id }, json: { startTime } })),
    onSettled: refresh,
  });
}

/** POST /api/vendor/bookings/:id/decline { reason, proposeStartTime? }: declined, the customer told why. */
export function useDeclineRequest() {
  const refresh = useRefreshAgenda();
  return useMutation({
    mutationFn: ({
      id,
      reason,
      proposeStartTime,
    }: {
      id: string;
      reason: string;
      proposeStartTime?: string;
    }) =>
      unwrap(
        api.vendor.bookings[':id'].decline.$post({
          param: { id },
          json: { reason, ...(proposeStartTime ? { proposeStartTime } : {}) },
        }),
      ),
    onSettled: refresh,
  });
}
