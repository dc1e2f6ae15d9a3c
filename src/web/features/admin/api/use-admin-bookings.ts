import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminBookingsFilter } from '../../../../shared/admin-bookings.schemas.ts';
import { api, unwrap } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';
import { useAdminList } from './admin-queries.ts';

// The admin's Bookings tab (decision 049): GET /api/admin/bookings with its filters, one
// booking's detail, and the three actions. Each action refreshes the whole admin cache (the list,
// the detail and the summary cards agree).

/** The filters as the query string carries them: only those set. */
export function filterQuery(filters: AdminBookingsFilter): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters)) if (value) query[key] = String(value);
  return query;
}

/** The CSV export of the same filters: a plain link, downloaded by the browser as it streams. */
export function bookingsCsvHref(filters: AdminBookingsFilter): string {
  const query = new URLSearchParams(filterQuery(filters)).toString();
  return `/api/admin/bookings.csv${query ? `?${query}` : ''}`;
}

/** The first `limit` matches, newest first, and the number of all of them ("Load more" raises it). */
export function useAdminBookings(filters: AdminBookingsFilter, limit: number) {
  const query = filterQuery(filters);
  return useAdminList(adminKeys.bookings(query, limit), limit, (page, signal) =>
    unwrap(api.admin.bookings.$get({ query: { ...query, ...page } }, { init: { signal } })),
  );
}

export function useAdminBooking(id: string | null) {
  return useQuery({
    queryKey: adminKeys.booking(id ?? ''),
    queryFn: ({ signal }) =>
      unwrap(api.admin.bookings[':id'].$get({ param: { id: id! } }, { init: { signal } })),
    enabled: id !== null,
  });
}

function useBookingAction<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useCancelAdminBooking() {
  return useBookingAction(({ id, reason }: { id: string; reason?: string }) =>
    unwrap(api.admin.bookings[':id'].cancel.$post({ param: { id }, json: reason ? { reason } : {} })),
  );
}

export function useRefundAdminBooking() {
  return useBookingAction((id: string) => unwrap(api.admin.bookings[':id'].refund.$post({ param: { id } })));
}

export function useMarkRefundedAdminBooking() {
  return useBookingAction(({ id, reference }: { id: string; reference: string }) =>
    unwrap(api.admin.bookings[':id']['mark-refunded'].$post({ param: { id }, json: { reference } })),
  );
}

export function useResendPaymentLink() {
  return useBookingAction((id: string) =>
    unwrap(api.admin.bookings[':id']['resend-payment-link'].$post({ param: { id } })),
  );
}
