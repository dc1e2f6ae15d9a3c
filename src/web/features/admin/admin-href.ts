import type { BookingStatusFilter } from '../../../shared/admin-bookings.schemas.ts';

/** The admin dashboard's tabs, as the address names them (/admin?tab=…). */
export const adminTabs = ['vendors', 'review', 'customers', 'bookings', 'payouts'] as const;
export type AdminTab = (typeof adminTabs)[number];

/** The address of a tab of the admin dashboard, with the Bookings tab's status filter. */
export function adminHref(tab: AdminTab, filters: { status?: BookingStatusFilter } = {}): string {
  const params = new URLSearchParams({ tab });
  if (filters.status) params.set('status', filters.status);
  return `/admin?${params}`;
}
