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
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
  let format: Intl.DateTimeFormat;
  try {
    format = dateTimeFormat(locale, { ...options, timeZone: booking.timezone });
  } catch {
    format = dateTimeFormat(locale, options);
  }
  return format.formatRange(new Date(booking.start_time), new Date(booking.end_time));
}
