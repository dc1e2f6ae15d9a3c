import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingDecisionResponse, VendorBookingAction } from '../../../../shared/booking.schemas.ts';
import { api, unwrap } from '../../../lib/api-client.ts';

export const vendorBookingKeys = { list: ['vendor', 'bookings'] as const };

/**
 * POST /api/vendor/bookings/:id/confirm|decline: the same answer as the mailed link, without a token;
 * or decline-and-block, which also refuses the requester's later requests.
 */
export function useDecideVendorBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      action,
    }: {
      id: string;
      action: VendorBookingAction;
    }): Promise<BookingDecisionResponse> =>
      unwrap(api.vendor.bookings[':id'][':action'].$post({ param: { id, action } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: vendorBookingKeys.list }),
  });
}
