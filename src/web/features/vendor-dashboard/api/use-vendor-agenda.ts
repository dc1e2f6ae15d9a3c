import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VendorBookingAction } from '../../../../shared/booking.schemas.ts';
import type { AgendaResponse, AgendaStatus, VendorStats } from '../../../../shared/vendor-agenda.schemas.ts';
import { api, unwrap } from '../../../lib/api-client.ts';
import { useDecideVendorBooking } from '../../bookings/api/use-vendor-bookings.ts';

// The dashboard's agenda (decision 093): GET /api/vendor/agenda and GET /api/vendor/stats. Under the
// `vendor-account` key, so that signing out drops them with the rest of the vendor's data.

export const agendaKey = ['vendor-account', 'agenda'] as const;
export const statsKey = ['vendor-account', 'stats'] as const;

export interface AgendaQuery {
  status?: AgendaStatus;
  /** Days in the vendor's zone, YYYY-MM-DD; both or neither. */
  from?: string;
  to?: string;
}

export function useVendorAgenda(query: AgendaQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...agendaKey, query],
    queryFn: ({ signal }): Promise<AgendaResponse> =>
      unwrap(api.vendor.agenda.$get({ query }, { init: { signal } })),
    enabled,
    // Moving between days or filters keeps the last answer on screen until the next arrives.
    placeholderData: keepPreviousData,
  });
}

export function useVendorStats() {
  return useQuery({
    queryKey: statsKey,
    queryFn: ({ signal }): Promise<VendorStats> => unwrap(api.vendor.stats.$get({}, { init: { signal } })),
  });
}

/** The vendor's answer to a request, then the agenda and the month's numbers read again. */
export function useAnswerRequest() {
  const queryClient = useQueryClient();
  const decide = useDecideVendorBooking();
  return {
    isPending: decide.isPending,
    answer: async (id: string, action: VendorBookingAction) => {
      try {
        return await decide.mutateAsync({ id, action });
      } finally {
        void queryClient.invalidateQueries({ queryKey: agendaKey });
        void queryClient.invalidateQueries({ queryKey: statsKey });
      }
    },
  };
}
