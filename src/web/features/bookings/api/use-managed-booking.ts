import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ManagedBooking } from '../../../../shared/booking.schemas.ts';
import { api, unwrap } from '../../../lib/api-client.ts';

/** Query keys of the customer's booking page: one booking by its token (the page's only key). */
export const managedBookingKeys = {
  all: ['managed-booking'] as const,
  byToken: (token: string) => ['managed-booking', token] as const,
};

/**
 * GET /api/bookings/manage?token=: the booking behind a customer's link. An unknown or
 * expired token is a 404 (an ApiError with status 404), never told apart from an unknown code.
 */
export function managedBookingQuery(token: string) {
  return queryOptions({
    queryKey: managedBookingKeys.byToken(token),
    queryFn: ({ signal }): Promise<ManagedBooking> =>
      unwrap(api.bookings.manage.$get({ query: { token } }, { init: { signal } })),
  });
}

/** The customer's booking page (/booking/:code?token=): asks nothing without a token. */
export function useManagedBooking(token: string | undefined) {
  return useQuery({ ...managedBookingQuery(token ?? ''), enabled: Boolean(token) });
}
