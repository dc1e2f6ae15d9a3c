import type { BookingStatusFilter } from '../../../shared/admin-bookings.schemas.ts';
import type { adminReviewStatuses } from '../../../shared/review.schemas.ts';

/** The admin dashboard's tabs, as the address names them (/admin?tab=…). */
export const adminTabs = [
  'vendors',
  'review',
  'photos',
  'customers',
  'bookings',
  'payouts',
  'reviews',
] as const;
export type AdminTab = (typeof adminTabs)[number];

/** The Reviews tab's filter (`reported` when the address names none). */
export type AdminReviewFilter = (typeof adminReviewStatuses)[number];

/**
 * The address of a tab of the admin dashboard, with its `status` filter: the Bookings tab's, or the
 * Reviews tab's.
 */
export function adminHref(tab: 'bookings', filters?: { status?: BookingStatusFilter }): string;
export function adminHref(tab: 'reviews', filters?: { status?: AdminReviewFilter }): string;
export function adminHref(tab: AdminTab): string;
export function adminHref(tab: AdminTab, filters: { status?: string } = {}): string {
  const params = new URLSearchParams({ tab });
  if (filters.status) params.set('status', filters.status);
  return `/admin?${params}`;
}
