import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateBookingInput, CreateBookingResponse } from '../../../../shared/booking.schemas.ts';
import { api, unwrap } from '../../../lib/api-client.ts';

/** POST /api/bookings (create-booking, product §7). Any outcome makes the shown slots stale. */
export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateBookingInput): Promise<CreateBookingResponse> =>
      unwrap(api.bookings.$post({ json: input })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['availability'] }),
  });
}
