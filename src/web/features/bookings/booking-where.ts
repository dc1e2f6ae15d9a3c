import type { TFunction } from 'i18next';
import { addressLine, type BookingAddress, type ServiceLocation } from '../../../shared/service-location.ts';

/**
 * Where a booking's service is done, for the customer: their address, the vendor's place
 * (with its address when the vendor gave one), or online; null for bookings made before it was asked.
 */
export function whereText(
  t: TFunction,
  where: {
    location: ServiceLocation | null | undefined;
    address?: BookingAddress | null;
    place_address?: string | null;
  },
): string | null {
  if (where.location === 'customer')
    return where.address
      ? `${t('bookings.where.customer')}: ${addressLine(where.address)}`
      : t('bookings.where.customer');
  if (where.location === 'vendor')
    return where.place_address
      ? t('bookings.where.vendorAt', { address: where.place_address })
      : t('bookings.where.vendor');
  if (where.location === 'online') return t('bookings.where.online');
  return null;
}
