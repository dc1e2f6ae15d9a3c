import { z } from 'zod';
import { availabilityQuerySchema } from './availability/availability.schemas.ts';
import type { CancellationPolicy } from './cancellation-policy.ts';
import type { AppointmentStatus, BookingOutcome } from './constants.ts';
import { phoneAsTypedSchema, toE164 } from './phone.ts';
import { type BookingAddress, bookingAddressSchema, type ServiceLocation } from './service-location.ts';

// ARCHITECTURE §6: the booking request payload in camelCase exactly as product §3 gives it. One schema for
// the server's validator and the booking form.

/** An optional text field: the form sends '' for an untouched input, which means "not given". */
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((v) => (v ? v : undefined));

export const createBookingSchema = z.object({
  // product §3: vendorId is the id or the slug of the profile URL (product §2).
  vendorId: z.string().trim().min(1, 'vendorId is required').max(200),
  serviceId: z.uuid('Please choose one of the vendor’s services.'),
  startTime: z.iso.datetime({ offset: true, message: 'Please choose a time.' }),
  customerName: z.string().trim().min(1, 'Please enter your name.').max(120, 'The name is too long.'),
  customerEmail: z.string().trim().max(254).pipe(z.email('Please enter a valid email address.')),
  // product §5: optional; the form has already prepended the dial code when it did not start with +.
  customerPhone: optionalText(40, 'The phone number is too long.').refine(
    (phone) => phone === undefined || toE164(phone) !== undefined,
    'Please enter a valid phone number.',
  ),
  notes: optionalText(1000, 'Notes may be at most 1000 characters.'),
  /** Where the service is done, required when that is the customer's place. */
  address: bookingAddressSchema.optional(),
  /**
   * The form's WhatsApp consent, ticked by the customer (decision 070): without it, or without a
   * phone, the customer hears of the booking by mail only. Left out means false.
   */
  whatsappOptIn: z.boolean().optional(),
});
/** What the form sends: optional fields present, possibly undefined (the validator's typed input). */
export type CreateBookingInput = z.output<typeof createBookingSchema>;

/**
 * The booking form (product §5) as it holds its fields: the request's own fields, checked by the same
 * rules as the server's, and the phone as typed with its country. Its output is the request without
 * the vendor, which the form adds.
 */
export const bookingFormSchema = z
  .object({
    serviceId: createBookingSchema.shape.serviceId,
    startTime: createBookingSchema.shape.startTime,
    customerName: createBookingSchema.shape.customerName,
    customerEmail: createBookingSchema.shape.customerEmail,
    customerPhone: phoneAsTypedSchema,
    notes: createBookingSchema.shape.notes,
    whatsappOptIn: z.boolean(),
    /** Set by the form from the chosen service: it is done at the customer's address. */
    addressNeeded: z.boolean(),
    address: z.object({
      street: z.string(),
      colonia: z.string(),
      postalCode: z.string(),
      references: z.string(),
    }),
  })
  .superRefine(({ addressNeeded, address }, ctx) => {
    if (!addressNeeded) return;
    const checked = bookingAddressSchema.safeParse(address);
    for (const issue of checked.error?.issues ?? [])
      ctx.addIssue({ code: 'custom', message: issue.message, path: ['address', ...issue.path] });
  })
  .transform(({ customerPhone, addressNeeded, address, whatsappOptIn, ...fields }) => ({
    ...fields,
    customerPhone: customerPhone || undefined,
    // Consent to messages at no phone is no consent to anything.
    whatsappOptIn: Boolean(customerPhone) && whatsappOptIn,
    address: addressNeeded ? bookingAddressSchema.parse(address) : undefined,
  }));
export type BookingForm = z.input<typeof bookingFormSchema>;

export interface CreateBookingResponse {
  id: string;
  code: string;
  status: AppointmentStatus;
  message: string;
  /** The customer's booking page, `/booking/{code}?token=…`, also mailed with the receipt. */
  manage_path: string;
  /**
   * An instant booking's checkout (decision 097), to open right away; null for a request, a free
   * booking, or while the checkout could not be created yet (the booking page shows it once it is).
   */
  payment_url: string | null;
  /** When an unpaid instant booking is cancelled and its slot freed (ISO UTC); null otherwise. */
  payment_due_at: string | null;
}

// ARCHITECTURE §6: GET /api/bookings/confirm?token= and POST /api/bookings/confirm {token, action}.
const token = z
  .string()
  .trim()
  .min(16, 'Token de confirmación inválido')
  .max(200, 'Token de confirmación inválido');

/** GET /api/bookings/manage?token=: the booking page's token, as the link carries it. */
export const manageTokenQuerySchema = z.object({
  token: z.string().trim().min(1, 'Booking not found.').max(200, 'Booking not found.'),
});

/** A booking's own changes by its customer (decision 046): by the page's link, or signed in. */
const reason = z.string().trim().max(500, 'The reason may be at most 500 characters.').optional();
const newStartTime = z.iso.datetime({ offset: true, message: 'Please choose a time.' });
export const manageCancelSchema = manageTokenQuerySchema.extend({ reason });
export const manageRescheduleSchema = manageTokenQuerySchema.extend({ startTime: newStartTime });
export const myBookingCancelSchema = z.object({ reason });
export const myBookingRescheduleSchema = z.object({ startTime: newStartTime });
/**
 * POST /api/bookings/manage/accept-proposal and /reject-proposal (decision 096): the customer's
 * answer to the vendor's proposed time; `proposedStartTime` is the proposal the page showed, so an
 * answer to a proposal the vendor has since replaced changes nothing (409 `changed`).
 */
export const manageProposalSchema = manageTokenQuerySchema.extend({
  proposedStartTime: newStartTime.optional(),
});
/** GET /api/bookings/manage/availability?token=&from=&to=: the new times a booking may move to. */
export const manageAvailabilityQuerySchema = manageTokenQuerySchema.extend({
  from: availabilityQuerySchema.shape.from,
  to: availabilityQuerySchema.shape.to,
});
export const myBookingAvailabilityQuerySchema = manageAvailabilityQuerySchema.omit({ token: true });
export const myBookingParamSchema = z.object({ id: z.uuid('Booking not found.') });

/**
 * Why a customer's change was refused (`error.details.reason` of its 409): the booking moved on
 * meanwhile (`changed`), it starts within CUSTOMER_CHANGE_HOURS (`too_late`), or the new time was
 * taken (`slot_taken`).
 */
export type BookingChangeRefusal = 'changed' | 'too_late' | 'slot_taken';

export const bookingActions = ['confirm', 'decline'] as const;
export type BookingAction = (typeof bookingActions)[number];

export const confirmTokenQuerySchema = z.object({ token });
export const confirmBookingSchema = z.object({
  token,
  action: z.enum(bookingActions, 'action must be confirm or decline'),
});
export type ConfirmBookingInput = z.infer<typeof confirmBookingSchema>;

/**
 * The vendor's own list confirms, or declines and blocks the requester; its plain decline carries
 * a reason (POST …/:id/decline, decision 096). A link only answers.
 */
export const vendorBookingActions = ['confirm', 'decline-and-block'] as const;
export type VendorBookingAction = (typeof vendorBookingActions)[number];

export const vendorBookingParamSchema = z.object({
  id: z.uuid('Not a booking id'),
  action: z.enum(vendorBookingActions, 'action must be confirm or decline-and-block'),
});

/**
 * POST /api/vendor/bookings/:id/cancel (decision 094): the vendor cancels a booking already agreed,
 * and the customer reads why.
 */
export const vendorCancelBookingSchema = z.object({
  reason: z
    .string({ error: 'Write why you cancel: the customer reads it.' })
    .trim()
    .min(1, 'Write why you cancel: the customer reads it.')
    .max(500, 'The reason may be at most 500 characters.'),
});
export const vendorBookingIdSchema = z.object({ id: z.uuid('Not a booking id') });

/** POST /api/vendor/bookings/:id/propose (decision 096): another time for a booking already agreed. */
export const vendorProposeTimeSchema = z.object({
  startTime: z.iso.datetime({ offset: true, message: 'Please choose a time.' }),
});

/**
 * POST /api/vendor/bookings/:id/decline (decision 096): the vendor's decline of a request, with the
 * reason the customer reads and, optionally, another open time the customer may book instead.
 */
export const vendorDeclineBookingSchema = z.object({
  reason: z
    .string({ error: 'Write why you decline: the customer reads it.' })
    .trim()
    .min(1, 'Write why you decline: the customer reads it.')
    .max(500, 'The reason may be at most 500 characters.'),
  proposeStartTime: z.iso.datetime({ offset: true, message: 'Please choose a time.' }).optional(),
});

/** What every page about one booking names of it: the vendor's, the customer's and the payment pages. */
export interface BookingHeadline {
  code: string;
  /**
   * Read as the sweeper will leave it, even before it moves the booking (ARCHITECTURE §4): an overdue
   * request as expired, an unpaid booking past its deadline as cancelled.
   */
  status: AppointmentStatus;
  vendor_name: string;
  service_name: string | null;
  start_time: string;
  end_time: string;
  /** The vendor's IANA timezone: times are shown in it. */
  timezone: string;
}

/** What the confirm page and the vendor list show of one booking. */
export interface BookingSummary extends BookingHeadline {
  id: string;
  customer_name: string;
  amount_mxn: number;
  payment_due_at: string | null;
}

/**
 * GET /api/bookings/confirm?token=: the summary while the link can still be answered. Once it has
 * been used or has expired, only the code and the status, enough for the page to say so: an old
 * link no longer tells who booked.
 */
export type BookingByToken = (BookingSummary & { answerable: true }) | ClosedBookingByToken;

/**
 * A confirm link with nothing left to answer: what happened and when, so that the page
 * can say "Ya confirmaste esta reserva el …"; still nothing about the customer.
 */
export interface ClosedBookingByToken {
  answerable: false;
  code: string;
  status: AppointmentStatus;
  /** When the vendor confirmed or declined it; null when they never answered. */
  answered_at: string | null;
  /** When it expired unanswered or was cancelled; null while it is still on. */
  ended_at: string | null;
  /** Why a cancelled booking was cancelled: `customer`, `admin`, `vendor` or `payment_timeout`; null otherwise. */
  cancel_reason: string | null;
  /** The vendor's IANA timezone: the times are shown in it. */
  timezone: string;
}

/**
 * GET /api/bookings/manage?token=: what the customer's booking page shows. The token comes
 * in every mail to the customer about the booking and in the answer to the request; it is valid until
 * 30 days after the appointment.
 */
export interface ManagedBooking {
  code: string;
  /** Overdue requests read as expired even before the sweeper moves them (ARCHITECTURE §4). */
  status: AppointmentStatus;
  vendor: {
    name: string;
    slug: string;
    /** wa.me digits of the vendor's phone, once the vendor has confirmed; null before, or without one. */
    whatsapp: string | null;
  };
  /** Null once the vendor deleted the service. */
  service_name: string | null;
  start_time: string;
  end_time: string;
  /** The vendor's IANA timezone: times are shown in it. */
  timezone: string;
  amount_mxn: number;
  /** The timeline: when it was requested, confirmed, paid, or ended (declined, expired, cancelled). */
  requested_at: string;
  confirmed_at: string | null;
  paid_at: string | null;
  ended_at: string | null;
  /** Why a cancelled booking was cancelled: `payment_timeout`, `customer`, `admin` or `vendor`. */
  cancel_reason: string | null;
  /** What the customer wrote when cancelling, or the vendor's reason (decision 094), if anything. */
  cancel_note: string | null;
  /** When the customer last moved the booking to another time. */
  rescheduled_at: string | null;
  /**
   * The vendor's open proposal of another time (decision 096), while it can be answered: the
   * customer accepts it (the booking moves) or keeps their time. Null when there is none.
   */
  proposal: { start_time: string; end_time: string; proposed_at: string } | null;
  /** Why the vendor declined the request (decision 096), when they said. */
  decline_note: string | null;
  /**
   * The other time the vendor offered with a decline, while it is still ahead and the service is
   * offered: `book_path` opens the booking form for the same service at that time.
   */
  offered: { start_time: string; book_path: string } | null;
  /** What happens next: the vendor's answer is aimed within 8 h of the request and due by this time. */
  answer_due_at: string | null;
  /** The 24-hour payment deadline, while awaiting payment. */
  payment_due_at: string | null;
  /** Pay now: the checkout's address, while awaiting payment. */
  payment_url: string | null;
  /** Add to calendar: the .ics download (GET /api/bookings/manage/calendar.ics?token=). */
  calendar_url: string;
  /** The booked service (null once deleted): a new time is picked among its slots. */
  service_id: string | null;
  /** Where it is done: null on bookings made before it was asked. */
  location: ServiceLocation | null;
  /** The customer's address, for a service done there. */
  address: BookingAddress | null;
  /** The vendor's address, for a service done there. */
  place_address: string | null;
  /**
   * Until when the customer may move it online (start − CUSTOMER_CHANGE_HOURS; decision 046); null
   * once it has ended.
   */
  change_deadline: string | null;
  /**
   * Until when the customer may cancel it online: change_deadline under the flexible policy, the
   * start under the others (decision 095); null once it has ended.
   */
  cancel_deadline: string | null;
  /** The vendor's cancellation policy when it was requested, which its cancel follows (decision 095). */
  cancellation_policy: CancellationPolicy;
  /** Cancel applies now (an active booking before cancel_deadline). */
  can_cancel: boolean;
  /** Reschedule applies now (an active booking before change_deadline, its service still offered). */
  can_reschedule: boolean;
  /**
   * What cancelling now pays back, in centavos: the policy's share of a paid booking's amount
   * (rounded down), else 0.
   */
  refund_on_cancel_mxn: number;
  /**
   * It took place: paid, or confirmed when free, and its time has passed (nothing left to come),
   * unless the vendor marked that the customer did not come.
   */
  took_place: boolean;
  /** How it went, as the vendor marked it once it started (decision 094); null before. */
  outcome: BookingOutcome | null;
  /** True while the customer can still review it; `review_path` opens the review page. */
  can_review: boolean;
  /** The review page, `/review/{code}?token=…`, while a review can be given or once it was. */
  review_path: string | null;
  /** The money paid back (a cancelled paid booking, a late payment): null when none is owed. */
  refund: {
    amount_mxn: number;
    /** `pending` until the payment provider has accepted it. */
    status: 'pending' | 'refunded';
    refunded_at: string | null;
  } | null;
}

export interface BookingDecisionResponse {
  id: string;
  code: string;
  status: AppointmentStatus;
  message: string;
}

/** GET /api/vendor/bookings: the signed-in vendor's appointments, newest first. */
export interface VendorBooking extends BookingSummary {
  /** While pending: the vendor's answer deadline (the earlier of 24 h after the request and the start). */
  answer_due_at: string | null;
  customer_email: string;
  customer_phone: string | null;
  notes: string | null;
  created_at: string;
  /** Where the service is done: null on bookings made before it was asked. */
  service_location: ServiceLocation | null;
  /** The customer's address, for a service done there. */
  address: BookingAddress | null;
  /** Why a cancelled booking was cancelled (`customer`, `admin`, `vendor`, `payment_timeout`); else null. */
  cancel_reason: string | null;
  /** The reason written with the cancellation, if any. */
  cancel_note: string | null;
  /** How it went, once the vendor marked it (decision 094); null before. */
  outcome: BookingOutcome | null;
  /** The vendor may cancel it now: confirmed or paid, before its start. */
  can_cancel: boolean;
  /** The vendor may mark it completed or a no-show now: confirmed or paid, started, not yet marked. */
  can_mark_outcome: boolean;
  /** The service booked (null once deleted): a proposed time is one of its open slots. */
  service_id: string | null;
  /** The vendor's open proposal of another time (decision 096), until the customer answers. */
  proposed_start_time: string | null;
  /** The vendor may propose another time now: confirmed or paid, before its start, service offered. */
  can_propose: boolean;
  /** A declined request's reason and the time the vendor offered instead (decision 096). */
  decline_note: string | null;
  offered_start_time: string | null;
}

/** GET /api/me/bookings: the signed-in user's appointments (Job History). */
export interface MyBooking {
  id: string;
  code: string;
  status: AppointmentStatus;
  vendor_id: string;
  vendor_name: string;
  vendor_slug: string;
  service_name: string | null;
  start_time: string;
  end_time: string;
  timezone: string;
  amount_mxn: number;
  created_at: string;
  /** Rehire: the same service, preselected on the vendor's profile; null once it was deleted. */
  service_id: string | null;
  /** The booking's page, `/booking/{code}?token=…`: each row opens it. */
  manage_path: string;
  /** Pay now: the checkout's address, while awaiting payment. */
  payment_url: string | null;
  /** The customer's address given with the booking (a service done there), for the next booking. */
  address: BookingAddress | null;
  /** True while the customer can still review it (it took place, ended, and has no review yet). */
  can_review: boolean;
  /** The review page, `/review/{code}?token=…`, while a review can be given or once it was. */
  review_path: string | null;
  /** The customer's own rating of it, once reviewed (and not deleted). */
  my_rating: number | null;
}

export interface ItemsResponse<T> {
  items: T[];
}
