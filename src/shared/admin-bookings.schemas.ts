import { z } from 'zod';
import { ADMIN_PAGE_SIZE } from './admin.schemas.ts';
import { type AppointmentStatus, appointmentStatuses, MAX_PAGE_SIZE } from './constants.ts';
import { whenFieldsParsed } from './cross-field-checks.ts';
import type { BookingAddress, ServiceLocation } from './service-location.ts';

// The admin's Bookings tab (decision 049; product §2 Admin, ARCHITECTURE §6): every booking,
// filtered and paged, its detail, cancel, refund, resend the payment link, and the CSV export of the
// same filters. One schema per input, read by the server's validator and the tab alike.

/** What a booking's money back stands at: nothing owed, owed (not yet accepted), or paid back. */
export const refundStates = ['none', 'owed', 'refunded'] as const;
export type RefundState = (typeof refundStates)[number];

/** An instant of this millennium: the database refuses year 0, and no booking is older than Barrio. */
const instant = z.iso.datetime({ offset: true, message: 'Use an ISO date-time' }).refine((text) => {
  const year = new Date(text).getUTCFullYear();
  return year >= 2000 && year <= 2999;
}, 'Use a date between the years 2000 and 2999');

/**
 * The status filter's choices: a status, or `scheduled`, the bookings a customer will be served for
 * (awaiting payment, confirmed or paid), which the summary card "Services scheduled" counts.
 */
export const scheduledStatuses = ['awaiting_payment', 'confirmed', 'paid'] as const;
export const bookingStatusFilters = [...appointmentStatuses, 'scheduled'] as const;
export type BookingStatusFilter = (typeof bookingStatusFilters)[number];

/** The filters the list and the export share. */
const filterFields = {
  /** The status as people read it: an overdue request is expired, an overdue unpaid booking cancelled. */
  status: z.enum(bookingStatusFilters).optional(),
  vendor_profile_id: z.uuid('Not a valid id').optional(),
  /** A booking code (whole or its beginning) or part of the customer's email, in any case. */
  q: z.string().trim().max(100, 'Search text is too long').optional(),
  /** The start time, from (inclusive) … to (exclusive). */
  from: instant.optional(),
  to: instant.optional(),
  /** Only bookings whose money back is owed, or was paid back. */
  refund: z.enum(['owed', 'refunded']).optional(),
};

const fromBeforeTo = (f: { from?: string | undefined; to?: string | undefined }) =>
  !f.from || !f.to || Date.parse(f.from) < Date.parse(f.to);
const fromBeforeToIssue = { message: '“From” must be before “to”.', path: ['to'], ...whenFieldsParsed };

/** GET /api/admin/bookings.csv: the filters alone. */
export const adminBookingsFilterSchema = z.object(filterFields).refine(fromBeforeTo, fromBeforeToIssue);
export type AdminBookingsFilter = z.infer<typeof adminBookingsFilterSchema>;

/** GET /api/admin/bookings: the filters and a page. */
export const adminBookingsQuerySchema = z
  .object({
    ...filterFields,
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
    limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(ADMIN_PAGE_SIZE),
  })
  .refine(fromBeforeTo, fromBeforeToIssue);
export type AdminBookingsQuery = z.infer<typeof adminBookingsQuerySchema>;

/** POST /api/admin/bookings/:id/cancel: what the admin writes, told to both sides. */
export const adminCancelBookingSchema = z.object({
  reason: z
    .string()
    .trim()
    .max(500, 'Keep the reason under 500 characters.')
    .transform((v) => v || undefined)
    .optional(),
});
export type AdminCancelBooking = z.input<typeof adminCancelBookingSchema>;

/**
 * POST /api/admin/bookings/:id/mark-refunded: the money owed was paid back outside the provider's
 * refund (a transfer, the provider's dashboard); the admin's reference for it is kept (decision 056).
 */
export const adminMarkRefundedSchema = z.object({
  reference: z
    .string({ error: 'Write the reference of the refund.' })
    .trim()
    .min(1, 'Write the reference of the refund.')
    .max(200, 'Keep the reference under 200 characters.')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refused on purpose.
    .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), 'The reference cannot contain control characters.'),
});
export type AdminMarkRefunded = z.input<typeof adminMarkRefundedSchema>;

/** A row of the list. */
export interface AdminBookingItem {
  id: string;
  code: string;
  /** As people read it (ARCHITECTURE §4: an overdue row reads as what the sweeper makes it). */
  status: AppointmentStatus;
  start_time: string;
  end_time: string;
  /** The vendor's IANA timezone: times are shown in it. */
  timezone: string;
  created_at: string;
  /** Centavos, MXN. */
  amount_mxn: number;
  vendor: { id: string; name: string };
  service_name: string | null;
  customer_name: string;
  customer_email: string;
  refund_state: RefundState;
}

export interface AdminBookingPage {
  items: AdminBookingItem[];
  total: number;
}

/** GET /api/admin/bookings/:id: everything an admin needs to act on one booking. */
export interface AdminBookingDetail extends AdminBookingItem {
  vendor: { id: string; name: string; slug: string; email: string | null; phone: string | null };
  customer_phone: string | null;
  notes: string | null;
  location: ServiceLocation | null;
  address: BookingAddress | null;
  place_address: string | null;
  timeline: {
    requested_at: string;
    confirmed_at: string | null;
    payment_due_at: string | null;
    paid_at: string | null;
    rescheduled_at: string | null;
    /** When it was declined, expired or cancelled; null while it is on. */
    ended_at: string | null;
    /** `customer`, `admin` or `payment_timeout` for a cancelled booking. */
    cancel_reason: string | null;
    cancel_note: string | null;
  };
  payment: {
    /** The checkout's address while the booking awaits its payment. */
    payment_url: string | null;
    /** Whether a checkout was made (the provider's session). */
    has_checkout: boolean;
  };
  refund: {
    state: RefundState;
    /** Owed: the amount to pay back; refunded: what was paid back. Centavos. */
    amount_mxn: number;
    refund_id: string | null;
    refunded_at: string | null;
    /** The provider's last refusal of a refund still owed (decision 049). */
    error: string | null;
    /** The admin's reference of money paid back outside the provider (decision 056). */
    reference: string | null;
  };
  actions: {
    can_cancel: boolean;
    can_refund: boolean;
    /** A refund is owed: the admin may record it as paid back by other means, with a reference. */
    can_mark_refunded: boolean;
    can_resend_payment_link: boolean;
  };
}

/** POST …/resend-payment-link. */
export interface ResentPaymentLink {
  payment_url: string;
  payment_due_at: string;
}
