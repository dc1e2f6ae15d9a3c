import { useQuery } from '@tanstack/react-query';
import type { ItemsResponse, MyBooking } from '../../../../shared/booking.schemas.ts';
import { api, unwrap } from '../../../lib/api-client.ts';

export const myBookingKeys = { list: ['me', 'bookings'] as const };

/** GET /api/me/bookings: the signed-in user's real appointments (Job History). */
export function useMyBookings(enabled = true) {
  return useQuery({
    queryKey: myBookingKeys.list,
    queryFn: ({ signal }): Promise<ItemsResponse<MyBooking>> =>
      unwrap(api.me.bookings.$get({}, { init: { signal } })),
    enabled,
  });
}
