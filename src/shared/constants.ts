// product §9: business constants and limits. One place; both runtimes read them.
export const BROWSE_PAGE_SIZE = 6;
export const DIRECTORY_PAGE_SIZE = 12;
export const SEARCH_DEBOUNCE_MS = 500;
export const MAX_PAGE_SIZE = 50; // ARCHITECTURE §6: limit ≤ 50
/**
 * Counting stops here: '100+ vendors found' says enough, and each vendor counted is a row read and,
 * for a search, matched again: at 1000, a broad search's count took 20–55 ms on PGlite with
 * 100,000 vendors (docs/decisions/024-api-benchmarks-and-query-plans.md).
 */
export const VENDOR_COUNT_CAP = 100;
/** Search text shorter than this cannot use the trigram indexes (decision 024): it is not sent. */
export const MIN_SEARCH_LENGTH = 3;
export const FEATURED_VENDORS = 3;
export const CARD_TAGS = 3;
export const COMPACT_CARD_TAGS = 2;
export const SIMILAR_VENDORS = 10;
export const BOOKING_RANGE_DAYS = 14;
/** product §9: the admin availability calendar reaches today … 30 days ahead in the vendor's zone. */
export const ADMIN_CALENDAR_DAYS = 30;
export const VENDOR_CONFIRMATION_TARGET_HOURS = 8;
/** A vendor has 24 hours to answer a request, never past its start (ARCHITECTURE §4). */
export const VENDOR_ANSWER_HOURS = 24;
export const PAYMENT_WINDOW_HOURS = 24;
/**
 * An instant booking (decision 097) holds its slot unpaid this long by default
 * (INSTANT_HOLD_MINUTES), then the sweeper cancels it. Stripe Checkout's `expires_at` must be 30
 * minutes to 24 hours after its creation, so the hold is never shorter than the checkout can be.
 */
export const DEFAULT_INSTANT_HOLD_MINUTES = 30;
export const INSTANT_HOLD_MINUTES = { min: 30, max: PAYMENT_WINDOW_HOURS * 60 } as const;
/** The vendor's agenda answers at most this many days at once (decision 093). */
export const AGENDA_MAX_DAYS = 62;
/**
 * A customer cancels or moves a booking online up to this long before its start (decision
 * 046): a paid one then gets a full refund; later, only the vendor can agree to a change.
 */
export const CUSTOMER_CHANGE_HOURS = 24;
/** Customer and vendor are reminded of a confirmed or paid booking this long before its start. */
export const REMINDER_HOURS_BEFORE = 24;

// Reviews and measured promises (decision 066).
/** The customer is asked for a review this long after the appointment's end. */
export const REVIEW_REQUEST_HOURS_AFTER = 2;
/** A review can be given until this many days after the appointment's end. */
export const REVIEW_WINDOW_DAYS = 30;
/** "Best rated": the Bayesian prior — every vendor starts as if it had this many reviews of this mean. */
export const RATING_PRIOR_MEAN = 3.5;
export const RATING_PRIOR_WEIGHT = 5;
/** The response time is the median over the requests of this many days, once there are this many answers. */
export const RESPONSE_TIME_DAYS = 90;
export const RESPONSE_TIME_MIN_ANSWERS = 3;
/** The completion rate is shown once this many confirmed bookings have ended. */
export const COMPLETION_MIN_BOOKINGS = 5;
/**
 * Open booking requests (pending_vendor, not yet overdue) one requester may hold at a time (
 * decision 036): each holds its slot for up to a day, so without a cap one address could hold a
 * vendor's whole calendar. Per customer email, per phone and per client address, for one vendor and
 * over all vendors; a real customer waiting for answers never has this many.
 */
export const OPEN_REQUEST_CAPS = {
  perVendor: { email: 2, phone: 2, address: 3 },
  overall: { email: 5, phone: 5, address: 10 },
} as const;
/** Stripe's smallest charge in MXN ($10): a paid service costs at least this; 0 makes it free. */
export const MIN_PAID_PRICE_CENTS = 1000;
export const WHATSAPP_LOG_SIZE = 10;
/**
 * Where people write to exercise their ARCO rights or revoke consent (the privacy notice
 * of product §2.23): Mexico's LFPDPPP asks the notice to name a contact for them.
 */
export const PRIVACY_EMAIL = 'privacidad@barrio.mx';
/** Support's address: Settings (product §2.9) and the policies pages show it. */
export const SUPPORT_EMAIL = 'soporte@barrio.test';
export const DEFAULT_TIMEZONE = 'America/Mexico_City';

// product §9 wizard defaults, with ARCHITECTURE §12's advance-booking deviation (14 days, not 1).
export const DEFAULT_BUFFER_MINUTES = 15;
export const DEFAULT_ADVANCE_BOOKING_DAYS = 14;
export const DEFAULT_LEAD_TIME_MINUTES = 120;

// product §5: input bounds.
export const BUFFER_MINUTES = { min: 0, max: 120 } as const;
export const ADVANCE_BOOKING_DAYS = { min: 1, max: 365 } as const;
export const LEAD_TIME_MINUTES = { min: 0, max: 1440 } as const;

// product §4 / ARCHITECTURE §4: appointment statuses. Active ones hold their slot (exclusion constraint).
export const appointmentStatuses = [
  'pending_vendor',
  'awaiting_payment',
  'confirmed',
  'paid',
  'declined',
  'expired',
  'cancelled',
] as const;
export type AppointmentStatus = (typeof appointmentStatuses)[number];
export const activeAppointmentStatuses = ['pending_vendor', 'awaiting_payment', 'confirmed', 'paid'] as const;
/**
 * How a confirmed or paid booking went, as its vendor marks it once it has started (decision 094):
 * beside the status, which stays.
 */
export const bookingOutcomes = ['completed', 'no_show'] as const;
export type BookingOutcome = (typeof bookingOutcomes)[number];

// product §4: application statuses seen, with their badge colour.
export const applicationStatuses = ['submitted', 'pending', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];

export const pricingTypes = ['hourly', 'fixed', 'other'] as const;
export type PricingType = (typeof pricingTypes)[number];

export const recurrenceRules = ['daily', 'weekly', 'weekdays', 'weekends'] as const;
export type RecurrenceRule = (typeof recurrenceRules)[number];
