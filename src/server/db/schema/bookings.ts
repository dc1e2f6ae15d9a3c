import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { type CancellationPolicy, cancellationPolicies } from '../../../shared/cancellation-policy.ts';
import {
  type AppointmentStatus,
  appointmentStatuses,
  type BookingOutcome,
} from '../../../shared/constants.ts';
import { languages as appLanguages } from '../../../shared/language.ts';
import type { BookingAddress, ServiceLocation } from '../../../shared/service-location.ts';
import { user } from './auth.ts';
import { citext, createdAt, id, updatedAt } from './columns.ts';
import { services, vendorProfiles } from './vendors.ts';

// product §3 customers, plus user_id: set when the email matches a signed-in user (ARCHITECTURE §3).
export const customers = pgTable(
  'customers',
  {
    id: id(),
    name: text('name').notNull(),
    phoneE164: text('phone_e164'),
    email: citext('email').notNull().unique(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('customers_user_idx').on(t.userId),
    // Contacts processing finds customers in a user's contacts by phone (features/contacts).
    index('customers_phone_idx').on(t.phoneE164),
  ],
);

const statusList = sql.raw(appointmentStatuses.map((s) => `'${s}'`).join(', '));

// product §3 appointments with ARCHITECTURE §3's additions. The exclusion constraint that forbids two
// active appointments of one vendor from overlapping (buffer included) is in a custom migration.
export const appointments = pgTable(
  'appointments',
  {
    id: id(),
    status: text('status').$type<AppointmentStatus>().notNull().default('pending_vendor'),
    vendorProfileId: uuid('vendor_profile_id')
      .notNull()
      .references(() => vendorProfiles.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id').references(() => services.id, { onDelete: 'set null' }),
    // Null once an admin deleted the customers row of a guest: the booking keeps its own
    // contact (customer_name, customer_email, customer_phone) and goes on.
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    startTz: timestamp('start_tz', { withTimezone: true }).notNull(),
    endTz: timestamp('end_tz', { withTimezone: true }).notNull(),
    // The vendor's buffer when the request was made: the constraint needs it on the row.
    bufferMinutes: integer('buffer_minutes').notNull().default(0),
    amountMxn: integer('amount_mxn').notNull(),
    notes: text('notes'),
    // Where it is done, as it was when requested, and the customer's address when that is
    // where (street, colonia, postal code, references).
    serviceLocation: text('service_location').$type<ServiceLocation>(),
    address: jsonb('address').$type<BookingAddress>(),
    // The contact given with this request: a booking keeps its own name, email and phone,
    // so a later booking with the same email never rewrites what vendors saw on earlier ones.
    customerName: text('customer_name').notNull(),
    customerEmail: citext('customer_email').notNull(),
    customerPhone: text('customer_phone'),
    // The customer ticked the booking form's WhatsApp consent (decision 070): without it the
    // customer hears of this booking by mail only.
    whatsappOptIn: boolean('whatsapp_opt_in').notNull().default(false),
    // Decision 072: the language the customer booked in (the page's, or their account's), which
    // every mail and WhatsApp message to the customer of this booking speaks; it never changes.
    language: text('language', { enum: appLanguages }).notNull().default('es-MX'),
    // HMAC of the requesting client's address (IPv4, or the IPv6 /64): counts open requests per
    // address for the request caps and lets a vendor block a requester. Never the address itself.
    requesterKey: text('requester_key'),
    code: text('code').notNull(),
    confirmTokenHash: text('confirm_token_hash').unique(),
    confirmTokenExpiresAt: timestamp('confirm_token_expires_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    // When the vendor confirmed or declined it: the vendor's response time is measured from it.
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    paymentDueAt: timestamp('payment_due_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    // Why it was cancelled: 'payment_timeout' (the sweeper, a late payment), 'customer', 'admin'
    // or 'vendor' (decision 094), with what the customer wrote or the admin's or vendor's reason.
    cancelReason: text('cancel_reason'),
    cancelNote: text('cancel_note'),
    // How it went, as the vendor marked it once it started (decision 094); null until then. The
    // status stays confirmed or paid: completing changes no money, nor does a no-show yet.
    outcome: text('outcome').$type<BookingOutcome>(),
    outcomeAt: timestamp('outcome_at', { withTimezone: true }),
    // Decision 095: the vendor's cancellation policy when the booking was requested; a later change
    // of the vendor's never rewrites what the customer agreed to.
    cancellationPolicy: text('cancellation_policy').$type<CancellationPolicy>().notNull().default('flexible'),
    // The vendor's open proposal of another time (decision 096): the customer accepts it (the
    // booking moves) or refuses it (it keeps its time); a new one replaces it, any move clears it.
    proposedStartTz: timestamp('proposed_start_tz', { withTimezone: true }),
    proposedAt: timestamp('proposed_at', { withTimezone: true }),
    // A declined request's reason and the other time the vendor offered instead (decision 096).
    declineNote: text('decline_note'),
    offeredStartTz: timestamp('offered_start_tz', { withTimezone: true }),
    // When the customer last moved it to another time.
    rescheduledAt: timestamp('rescheduled_at', { withTimezone: true }),
    // How many times it was moved: the SEQUENCE of its calendar event (RFC 5545 §3.8.7.4), so a
    // calendar that holds an earlier .ics of the booking takes the later one as the newer revision.
    rescheduleCount: integer('reschedule_count').notNull().default(0),
    // When both sides were reminded of it: at most once per start time.
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    // When the customer was asked for a review (decision 066): at most once per booking.
    reviewRequestedAt: timestamp('review_requested_at', { withTimezone: true }),
    checkoutSessionId: text('checkout_session_id').unique(),
    paymentUrl: text('payment_url'),
    // The provider's payment (Stripe's PaymentIntent id; the sandbox's session), kept for its refund.
    paymentRef: text('payment_ref'),
    // ARCHITECTURE §7, decision 046: money owed back (a late payment, a paid booking cancelled in
    // time) until the provider accepts its refund, which is then recorded here: never paid back twice.
    refundNeeded: boolean('refund_needed').notNull().default(false),
    refundId: text('refund_id'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundedAmountMxn: integer('refunded_amount_mxn'),
    // What a cancel of the paid booking owes back in all (decision 095), written by the cancel's
    // own UPDATE: the policy's share, or the whole amount. Null: the whole amount (a late payment).
    refundDueMxn: integer('refund_due_mxn'),
    // Why the provider last refused or failed the refund still owed (decision 049): shown to
    // admins until a refund is recorded, which clears it.
    refundError: text('refund_error'),
    // The platform's commission, fixed when it was paid (basis points of the amount, and the
    // centavos they came to): a later change of PLATFORM_FEE_BPS never rewrites a paid booking.
    commissionBps: integer('commission_bps'),
    commissionMxn: integer('commission_mxn'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('appointments_vendor_start_idx').on(t.vendorProfileId, t.startTz),
    index('appointments_status_due_idx').on(t.status, t.paymentDueAt),
    index('appointments_customer_idx').on(t.customerId),
    // My bookings finds a deleted guest's bookings by their email once it is proven.
    index('appointments_orphan_email_idx').on(t.customerEmail).where(sql`${t.customerId} is null`),
    // The sweeper's reminders and refunds read only the rows still due one.
    index('appointments_remind_due_idx')
      .on(t.startTz)
      .where(sql`${t.remindedAt} is null and ${t.status} in ('confirmed', 'paid')`),
    // The review requests: paid or free confirmed bookings not yet asked, by their end.
    index('appointments_review_due_idx')
      .on(t.endTz)
      .where(sql`${t.reviewRequestedAt} is null and ${t.status} in ('confirmed', 'paid')`),
    index('appointments_refund_due_idx').on(t.updatedAt).where(sql`${t.refundNeeded}`),
    index('appointments_payment_ref_idx').on(t.paymentRef),
    // The admin's list and CSV export, newest first, in keyset pages (decision 049).
    index('appointments_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The request caps count open requests by email, phone and client address.
    index('appointments_open_email_idx').on(t.customerEmail).where(sql`${t.status} = 'pending_vendor'`),
    index('appointments_open_phone_idx').on(t.customerPhone).where(sql`${t.status} = 'pending_vendor'`),
    index('appointments_open_requester_idx').on(t.requesterKey).where(sql`${t.status} = 'pending_vendor'`),
    // The code is unique among active bookings (ARCHITECTURE §3): WhatsApp commands name it.
    uniqueIndex('appointments_active_code_idx')
      .on(t.code)
      .where(sql`${t.status} in ('pending_vendor', 'awaiting_payment', 'confirmed', 'paid')`),
    check('appointments_status_check', sql`${t.status} in (${statusList})`),
    check('appointments_range_check', sql`${t.endTz} > ${t.startTz}`),
    check('appointments_amount_check', sql`${t.amountMxn} >= 0`),
    check('appointments_buffer_check', sql`${t.bufferMinutes} between 0 and 120`),
    check('appointments_language_check', sql`${t.language} in ('es-MX', 'en')`),
    check('appointments_outcome_check', sql`${t.outcome} in ('completed', 'no_show')`),
    check(
      'appointments_cancellation_policy_check',
      sql`${t.cancellationPolicy} in (${sql.raw(cancellationPolicies.map((p) => `'${p}'`).join(', '))})`,
    ),
    check('appointments_refund_due_check', sql`${t.refundDueMxn} between 0 and ${t.amountMxn}`),
    check('appointments_proposal_check', sql`(${t.proposedStartTz} is null) = (${t.proposedAt} is null)`),
  ],
);

// A requester a vendor declined and blocked: later requests to that vendor from the same
// email, phone or client address are refused. At least one of the three is set.
export const vendorBlocks = pgTable(
  'vendor_blocks',
  {
    id: id(),
    vendorProfileId: uuid('vendor_profile_id')
      .notNull()
      .references(() => vendorProfiles.id, { onDelete: 'cascade' }),
    email: citext('email'),
    phone: text('phone'),
    requesterKey: text('requester_key'),
    // The booking whose requester was blocked, kept for the vendor's and the admins' record.
    appointmentId: uuid('appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('vendor_blocks_vendor_idx').on(t.vendorProfileId),
    check(
      'vendor_blocks_someone_check',
      sql`${t.email} is not null or ${t.phone} is not null or ${t.requesterKey} is not null`,
    ),
  ],
);

/**
 * Every refund of a booking's payment, keyed by the provider's refund id (decision 056): Stripe
 * tells of a refund in events that arrive in any order and again for days, so a refund's status only
 * moves forward (pending → succeeded → failed or canceled) and the money paid back is the sum of
 * the refunds not failed — never an amount an event carries. An admin's record of money paid back
 * outside the provider is a row too (`manual_…`, with the admin's reference).
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    refundId: text('refund_id').primaryKey(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    amountMxn: integer('amount_mxn').notNull(),
    status: text('status').$type<RefundStatus>().notNull(),
    failureReason: text('failure_reason'),
    reference: text('reference'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payment_refunds_appointment_idx').on(t.appointmentId),
    check('payment_refunds_amount_check', sql`${t.amountMxn} > 0`),
    check('payment_refunds_status_check', sql`${t.status} in ('pending', 'succeeded', 'failed', 'canceled')`),
  ],
);

export type RefundStatus = 'pending' | 'succeeded' | 'failed' | 'canceled';

/**
 * A second payment for a booking already paid (two checkouts paid, a voucher paid late): never the
 * booking's, always paid back in full (decision 056). Kept by the provider's payment, in the
 * transaction of the event that brought it, until its refund is recorded; the sweeper retries it.
 */
export const extraPayments = pgTable(
  'extra_payments',
  {
    paymentRef: text('payment_ref').primaryKey(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    sessionId: text('session_id').notNull(),
    amountMxn: integer('amount_mxn').notNull(),
    refundId: text('refund_id'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundError: text('refund_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('extra_payments_owed_idx').on(t.updatedAt).where(sql`${t.refundedAt} is null`),
    check('extra_payments_amount_check', sql`${t.amountMxn} >= 0`),
  ],
);
