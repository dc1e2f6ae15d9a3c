import type { MyBooking } from '../../../shared/booking.schemas.ts';
import { dateTimeFormat } from '../../../shared/date-format.ts';

/**
 * A booking's date and time range ('Nov 22, 2026, 10:00 – 12:00 PM'), in the vendor's timezone
 * (the response carries it); the browser's own when that name is unknown to Intl.
 */
export function formatBookingWhen(
  booking: Pick<MyBooking, 'start_time' | 'end_time' | 'timezone'>,
  locale: string,
): string {
  return inVendorZone(locale, booking.timezone, { dateStyle: 'medium', timeStyle: 'short' }).formatRange(
    new Date(booking.start_time),
    new Date(booking.end_time),
  );
}

/** A formatter in the vendor's timezone; the browser's own when that name is unknown to Intl. */
export function inVendorZone(
  locale: string,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  try {
    return dateTimeFormat(locale, { ...options, timeZone });
  } catch {
    return dateTimeFormat(locale, options);
  }
}
