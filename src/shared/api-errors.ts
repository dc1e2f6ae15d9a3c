// What the server can answer when it refuses, as machine-readable names, in one place. The server's
// English message stays for logs and API clients; the web app shows its own words for these names,
// in each language (src/web/i18n/api-errors.ts), and never the server's message.

/** The classes of refusal, one per HTTP status (ARCHITECTURE §6.2): the body's `error.code`. */
export const errorCodes = [
  'bad_request',
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'gone',
  'unprocessable',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'internal',
  'unavailable',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/**
 * Why, when a person can meet the refusal and the class alone would not tell them what to do: the
 * body's `error.reason`. A refusal without one is worded by its code.
 */
export const errorReasons = [
  // Signing in and who may do what.
  'sign_in_required',
  'admin_only',
  'vendor_profile_required',
  'weak_password',
  'magic_link_spent',
  'too_many_for_email',
  'account_exists',
  'already_vendor',
  'signup_fields_missing',
  'current_password_wrong',
  'service_area_unknown',
  // Requesting a booking.
  'vendor_not_found',
  'service_not_offered',
  'service_inactive',
  'slot_taken',
  'address_required',
  'colonia_unknown',
  'colonia_not_served',
  'postal_code_not_in_colonia',
  'not_accepted',
  'too_many_pending',
  // A booking afterwards.
  'booking_not_found',
  'booking_changed',
  'change_too_late',
  'booking_started',
  'booking_not_started',
  'booking_ended',
  'proposal_same_time',
  'confirm_link_invalid',
  'confirm_link_expired',
  'booking_already_processed',
  'not_awaiting_payment',
  'payment_session_not_found',
  'payment_session_expired',
  // A vendor's time off (decision 090).
  'vendor_time_off',
  'time_off_not_found',
  'time_off_end_before_start',
  'time_off_in_past',
  'time_off_too_long',
  'time_off_too_far',
  'time_off_full',
  'time_off_covered',
  // The admin panel.
  'vendor_not_waiting_review',
  'vendor_reviewed_by_other',
  'no_change_waiting',
  'change_decided_by_other',
  'no_claim_waiting',
  'vendor_has_active_bookings',
  'vendor_has_earnings',
  'customer_not_found',
  'customer_email_taken',
  'refund_not_owed',
  'already_refunded',
  'refund_no_payment',
  'refund_provider_failed',
  'window_not_found',
  'window_out_of_calendar',
  'window_end_before_start',
  'whatsapp_phone_invalid',
  'whatsapp_phone_missing',
  'whatsapp_not_pending',
  'whatsapp_vendor_no_phone',
  // A vendor's photos.
  'photo_not_image',
  'photo_corrupt',
  'photo_too_many_pixels',
  'photo_too_large',
  'photo_busy',
  'portfolio_full',
  'photo_service_unknown',
  'photo_order_incomplete',
  'photo_decided_by_other',
  // The database said no.
  'record_exists',
  'record_in_use',
] as const;
export type ErrorReason = (typeof errorReasons)[number];

/** Values a reason's text names (`colonia_not_served`: the colonia asked for and those served). */
export type ErrorParams = Record<string, string>;

export const isErrorCode = (value: unknown): value is ErrorCode =>
  (errorCodes as readonly unknown[]).includes(value);
export const isErrorReason = (value: unknown): value is ErrorReason =>
  (errorReasons as readonly unknown[]).includes(value);
