import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookingDecisionResponse, VendorBookingAction } from '../../../../shared/booking.schemas.ts';
import type { AgendaResponse, AgendaStatus, VendorStats } from '../../../../shared/vendor-agenda.schemas.ts';
import { api, unwrap } from '../../../lib/api-client.ts';

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

/**
 * The agenda and the month's numbers read again: after any of the vendor's actions on a booking
 * (an answer, a cancel, an outcome), whose bookings say what may be done next. Not waited for: the
 * refetch can take the booking out of the list shown, and a caller's own `onSuccess` (a toast)
 * would not run once its component is gone.
 */
export function useRefreshAgenda() {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of [agendaKey, statsKey]) void queryClient.invalidateQueries({ queryKey });
  };
}

/**
 * The vendor's answer to a request — POST /api/vendor/bookings/:id/confirm|decline, the same answer as
 * the mailed link without a token, or decline-and-block, which also refuses the requester's later
 * requests — then the agenda read again.
 */
export function useAnswerRequest() {
  const refresh = useRefreshAgenda();
  const decide = useMutation({
    mutationFn: ({
      id,
      action,
    }: {
      id: string;
      action: VendorBookingAction;
    }): Promise<BookingDecisionResponse> =>
      unwrap(api.vendor.bookings[':id'][':action'].$post({ param: { id, action } })),
    onSettled: refresh,
  });
  return {
    isPending: decide.isPending,
    answer: (id: string, action: VendorBookingAction) => decide.mutateAsync({ id, action }),
  };
}
