import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AvailabilityResponse } from '../../../../shared/availability/availability.schemas.ts';
import type { BookingChangeRefusal, ManagedBooking } from '../../../../shared/booking.schemas.ts';
import { ApiError, api, unwrap } from '../../../lib/api-client.ts';
import { managedBookingKeys } from './use-managed-booking.ts';
import { myBookingKeys } from './use-my-bookings.ts';

// The customer's own changes on the booking page (decision 046), by the page's link: cancel,
// reschedule, and the times a booking may move to. Each change answers the booking as it now stands,
// which replaces the page's copy; a refused one (409) makes stale what it was refused for.

export const bookingChangeKeys = {
  rescheduleSlots: (token: string) => ['managed-booking-slots', token] as const,
};

const refusals: readonly BookingChangeRefusal[] = ['changed', 'too_late', 'slot_taken'];

/** Why the server refused a change (`error.details.reason` of its 409), if that is what `err` is. */
export function changeRefusal(err: unknown): BookingChangeRefusal | undefined {
  if (!(err instanceof ApiError) || err.status !== 409) return undefined;
  const reason = (err.details as { reason?: unknown } | undefined)?.reason;
  return refusals.find((known) => known === reason);
}

/**
 * GET /api/bookings/manage/availability?token=: the open times of the booking's service in the next
 * 14 days, its own time left out; asked while the customer is choosing (the picker is shown).
 */
export function useRescheduleSlots(token: string) {
  return useQuery({
    queryKey: bookingChangeKeys.rescheduleSlots(token),
    queryFn: ({ signal }): Promise<AvailabilityResponse> =>
      unwrap(api.bookings.manage.availability.$get({ query: { token } }, { init: { signal } })),
    // Slots go fast: each opening of the picker asks again.
    staleTime: 0,
  });
}

/** After a change or its refusal: the page shows what the server answered, or asks again. */
function useSettle(token: string) {
  const queryClient = useQueryClient();
  return {
    changed: (booking: ManagedBooking) => {
      queryClient.setQueryData(managedBookingKeys.byToken(token), booking);
      void queryClient.invalidateQueries({ queryKey: myBookingKeys.list });
      void queryClient.invalidateQueries({ queryKey: ['availability'] });
    },
    refused: (err: Error) => {
      const refusal = changeRefusal(err);
      // `slot_taken`: only the picked time is gone; `changed`, `too_late`: the booking itself moved on.
      if (refusal === 'slot_taken')
        void queryClient.invalidateQueries({ queryKey: bookingChangeKeys.rescheduleSlots(token) });
      else if (refusal) void queryClient.invalidateQueries({ queryKey: managedBookingKeys.byToken(token) });
    },
  };
}

/** POST /api/bookings/manage/cancel {token, reason?}: cancelled (a paid one refunded in full). */
export function useCancelBooking(token: string) {
  const settle = useSettle(token);
  return useMutation({
    mutationFn: ({ reason }: { reason?: string }): Promise<ManagedBooking> =>
      unwrap(api.bookings.manage.cancel.$post({ json: { token, ...(reason ? { reason } : {}) } })),
    onSuccess: settle.changed,
    onError: settle.refused,
  });
}

/** POST /api/bookings/manage/reschedule {token, startTime}: moved; status and payment deadline stay. */
export function useRescheduleBooking(token: string) {
  const settle = useSettle(token);
  return useMutation({
    mutationFn: ({ startTime }: { startTime: string }): Promise<ManagedBooking> =>
      unwrap(api.bookings.manage.reschedule.$post({ json: { token, startTime } })),
    onSuccess: settle.changed,
    onError: settle.refused,
  });
}

/**
 * POST /api/bookings/manage/accept-proposal or /reject-proposal {token, proposedStartTime}
 * (decision 096): the customer's answer to the vendor's other time — the booking moves to it, or keeps
 * its own. The proposal the page showed is sent, so a newer one is never accepted unseen (409).
 */
export function useAnswerProposal(token: string) {
  const settle = useSettle(token);
  return useMutation({
    mutationFn: ({
      accept,
      proposedStartTime,
    }: {
      accept: boolean;
      proposedStartTime: string;
    }): Promise<ManagedBooking> =>
      unwrap(
        accept
          ? api.bookings.manage['accept-proposal'].$post({ json: { token, proposedStartTime } })
          : api.bookings.manage['reject-proposal'].$post({ json: { token, proposedStartTime } }),
      ),
    onSuccess: settle.changed,
    onError: settle.refused,
  });
}
