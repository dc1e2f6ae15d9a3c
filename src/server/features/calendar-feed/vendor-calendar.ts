import type { AppointmentStatus } from '../../../shared/constants.ts';
import type { Language } from '../../../shared/language.ts';
import { formatMxn } from '../../../shared/money.ts';
import { addressLine } from '../../../shared/service-location.ts';
import type { BookingView } from '../booking-lifecycle/booking-view.ts';
import {
  bookingSequence,
  bookingUid,
  type CalendarEvent,
  calendarFile,
  eventLines,
  icsText,
} from '../booking-lifecycle/messages/booking-calendar.ts';
import { vtimezone } from '../booking-lifecycle/messages/calendar-timezone.ts';

// The vendor's calendar feed as iCalendar text (decision 091): the vendor's bookings as the
// dashboard shows them, each the same event (UID, SEQUENCE) as in the booking's own .ics, at local
// times of the vendor's zone. Nothing of the customer's booking page is in it: its link is the
// customer's secret.

/** A booking's status as the feed shows it: one the calendar keeps, or a cancellation. */
export type FeedStatus = Extract<
  AppointmentStatus,
  'pending_vendor' | 'awaiting_payment' | 'confirmed' | 'paid' | 'cancelled'
>;

interface FeedWords {
  status: Record<FeedStatus, string>;
  /** Before the summary of a booking that is not (or no longer) firm. */
  prefix: Partial<Record<FeedStatus, string>>;
  booking: string;
  phone: string;
  email: string;
  where: string;
  notes: string;
  atCustomer: string;
  atVendor: string;
  online: string;
  /** The calendar's name in the apps' list (X-WR-CALNAME). */
  calendarName: (vendorName: string) => string;
  calendarDescription: string;
}

/** The dashboard's words for the same things (web i18n vendor.dashboard.bookings), in each language. */
const words: Record<Language, FeedWords> = {
  'es-MX': {
    status: {
      pending_vendor: 'Por confirmar',
      awaiting_payment: 'Esperando el pago',
      confirmed: 'Confirmada',
      paid: 'Pagada',
      cancelled: 'Cancelada',
    },
    prefix: { pending_vendor: 'Solicitud', awaiting_payment: 'Por pagar', cancelled: 'Cancelada' },
    booking: 'Reserva',
    phone: 'Teléfono',
    email: 'Correo',
    where: 'Dónde',
    notes: 'Notas',
    atCustomer: 'En el domicilio del cliente',
    atVendor: 'En tu local',
    online: 'En línea',
    calendarName: (name) => `Barrio · ${name}`,
    calendarDescription: 'Tus reservas en Barrio',
  },
  en: {
    status: {
      pending_vendor: 'Awaiting your answer',
      awaiting_payment: 'Awaiting payment',
      confirmed: 'Confirmed',
      paid: 'Paid',
      cancelled: 'Cancelled',
    },
    prefix: { pending_vendor: 'Request', awaiting_payment: 'Unpaid', cancelled: 'Cancelled' },
    booking: 'Booking',
    phone: 'Phone',
    email: 'Email',
    where: 'Where',
    notes: 'Notes',
    atCustomer: 'At the customer’s address',
    atVendor: 'At your place',
    online: 'Online',
    calendarName: (name) => `Barrio · ${name}`,
    calendarDescription: 'Your bookings on Barrio',
  },
};

/** How often calendar apps are asked to fetch the feed again: an hour (Google decides its own). */
const REFRESH = 'PT1H';

export interface FeedBooking {
  row: BookingView;
  /** Its status as read now (booking-status.ts's effectiveStatus). */
  status: FeedStatus;
}

function feedEvent({ row, status }: FeedBooking, w: FeedWords, dashboardUrl: string): CalendarEvent {
  const cancelled = status === 'cancelled';
  const prefix = w.prefix[status];
  const place =
    row.serviceLocation === 'customer' && row.address
      ? { text: `${w.atCustomer}: ${addressLine(row.address)}`, location: addressLine(row.address) }
      : row.serviceLocation === 'vendor'
        ? {
            text: row.vendorAddress ? `${w.atVendor}: ${row.vendorAddress}` : w.atVendor,
            location: row.vendorAddress,
          }
        : row.serviceLocation === 'online'
          ? { text: w.online, location: null }
          : null;
  const description = [
    `${w.booking} ${row.code} · ${w.status[status]} · ${formatMxn(row.amountMxn)}`,
    ...(row.customerPhone ? [`${w.phone}: ${row.customerPhone}`] : []),
    `${w.email}: ${row.customerEmail}`,
    ...(place ? [`${w.where}: ${place.text}`] : []),
    ...(row.notes ? [`${w.notes}: ${row.notes}`] : []),
  ].join('\n');
  return {
    uid: bookingUid(row.id),
    sequence: bookingSequence(row.rescheduleCount, cancelled),
    start: row.startTz,
    end: row.endTz,
    summary: `${prefix ? `${prefix}: ` : ''}${row.serviceName ?? '—'} · ${row.customerName}`,
    description,
    location: place?.location ?? null,
    url: dashboardUrl,
    status: cancelled ? 'CANCELLED' : status === 'paid' || status === 'confirmed' ? 'CONFIRMED' : 'TENTATIVE',
  };
}

export interface VendorCalendarOptions {
  vendorName: string;
  timeZone: string;
  language: Language;
  /** The start of the feed's window: its zone is defined from here. */
  from: Date;
  bookings: FeedBooking[];
  now: Date;
  appUrl: string;
}

/** The feed: a published calendar (as Google's own feeds say), named for the vendor, in its time zone. */
export function vendorCalendar({
  vendorName,
  timeZone,
  language,
  from,
  bookings,
  now,
  appUrl,
}: VendorCalendarOptions): string {
  const w = words[language];
  const last = new Date(Math.max(now.getTime(), ...bookings.map((b) => b.row.endTz.getTime())));
  const dashboardUrl = `${appUrl}/vendor/dashboard`;
  return calendarFile(
    [
      'METHOD:PUBLISH',
      `X-WR-CALNAME:${icsText(w.calendarName(vendorName))}`,
      `X-WR-CALDESC:${icsText(w.calendarDescription)}`,
      `X-WR-TIMEZONE:${timeZone}`,
      `REFRESH-INTERVAL;VALUE=DURATION:${REFRESH}`,
      `X-PUBLISHED-TTL:${REFRESH}`,
    ],
    [
      ...vtimezone(timeZone, from, last),
      ...bookings.flatMap((b) => eventLines(feedEvent(b, w, dashboardUrl), now, timeZone)),
    ],
  );
}
