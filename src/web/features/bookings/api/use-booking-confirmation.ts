import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BookingByToken,
  BookingDecisionResponse,
  ConfirmBookingInput,
} from '../../../../shared/booking.schemas.ts';
import { api, unwrap } from '../../../lib/api-client.ts';

/**
 * GET /api/bookings/confirm?token=: the booking behind a confirm link; changes nothing. A link
 * already used or expired answers only its code and status.
 */
export function useBookingByToken(token: string | undefined) {
  return useQuery({
    queryKey: ['booking-by-token', token ?? ''],
    queryFn: ({ signal }): Promise<BookingByToken> =>
      unwrap(api.bookings.confirm.$get({ query: { token: token ?? '' } }, { init: { signal } })),
    enabled: Boolean(token),
    retry: false,
  });
}

/** POST /api/bookings/confirm {token, action} (vendor-confirm, product §7). */
export function useDecideBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ConfirmBookingInput): Promise<BookingDecisionResponse> =>
      unwrap(api.bookings.confirm.$post({ json: input })),
    // The link is used now, so asked again the server would tell only the code and the status:
    // the details the vendor has just read stay on screen, with the new status.
    onSuccess: (answer, { token }) => {
      queryClient.setQueryData<BookingByToken>(['booking-by-token', token], (shown) =>
        shown ? { ...shown, status: answer.status } : shown,
      );
    },
  });
}
