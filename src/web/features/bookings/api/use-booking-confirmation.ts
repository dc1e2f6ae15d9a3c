import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  BookingDecisionResponse,
  BookingSummary,
  ConfirmBookingInput,
} from '../../../../shared/booking.schemas.ts';
import { api, unwrap } from '../../../lib/api-client.ts';

/** GET /api/bookings/confirm?token=: the booking behind a confirm link; changes nothing. */
export function useBookingByToken(token: string | undefined) {
  return useQuery({
    queryKey: ['booking-by-token', token ?? ''],
    queryFn: ({ signal }): Promise<BookingSummary> =>
      unwrap(api.bookings.confirm.$get({ query: { token: token ?? '' } }, { init: { signal } })),
    enabled: Boolean(token),
    retry: false,
  });
}

/** POST /api/bookings/confirm {token, action} (vendor-confirm, spec §7). */
export function useDecideBooking() {
  return useMutation({
    mutationFn: (input: ConfirmBookingInput): Promise<BookingDecisionResponse> =>
      unwrap(api.bookings.confirm.$post({ json: input })),
  });
}
