import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { BookingHeadline } from '../../../shared/booking.schemas.ts';
import type { Db, Tx } from '../../db/client.ts';
import { appointments, customers } from '../../db/schema/bookings.ts';
import { profiles, services, vendorProfiles } from '../../db/schema/vendors.ts';
import { effectiveStatus } from './booking-status.ts';

// The one read model of the lifecycle (ARCHITECTURE §4): a booking with its vendor, service and
// customer. Every read that needs more than the appointments row goes through selectBookingViews,
// so the four-table join is written here only.

/** The profile of the account that owns the vendor: its language is the vendor's (decision 072). */
const vendorAccount = alias(profiles, 'vendor_account');

export const bookingViewColumns = {
  id: appointments.id,
  code: appointments.code,
  status: appointments.status,
  startTz: appointments.startTz,
  endTz: appointments.endTz,
  createdAt: appointments.createdAt,
  /** When the row last changed: a declined or expired booking's end. */
  updatedAt: appointments.updatedAt,
  amountMxn: appointments.amountMxn,
  notes: appointments.notes,
  serviceLocation: appointments.serviceLocation,
  address: appointments.address,
  vendorAddress: vendorProfiles.address,
  confirmTokenExpiresAt: appointments.confirmTokenExpiresAt,
  confirmedAt: appointments.confirmedAt,
  paymentDueAt: appointments.paymentDueAt,
  paidAt: appointments.paidAt,
  cancelledAt: appointments.cancelledAt,
  cancelReason: appointments.cancelReason,
  cancelNote: appointments.cancelNote,
  rescheduledAt: appointments.rescheduledAt,
  /** The vendor's open proposal of another time, and a decline's reason and offer (decision 096). */
  proposedStartTz: appointments.proposedStartTz,
  proposedAt: appointments.proposedAt,
  declineNote: appointments.declineNote,
  offeredStartTz: appointments.offeredStartTz,
  /** How it went, as the vendor marked it once it started (decision 094). */
  outcome: appointments.outcome,
  outcomeAt: appointments.outcomeAt,
  rescheduleCount: appointments.rescheduleCount,
  /** A refund is owed and not yet accepted by the provider (decision 046). */
  refundNeeded: appointments.refundNeeded,
  refundedAt: appointments.refundedAt,
  refundedAmountMxn: appointments.refundedAmountMxn,
  /** What its cancel owes back in all; null: the whole amount (decision 095). */
  refundDueMxn: appointments.refundDueMxn,
  /** The vendor's cancellation policy when it was requested (decision 095). */
  cancellationPolicy: appointments.cancellationPolicy,
  refundId: appointments.refundId,
  /** The provider's last refusal of the refund still owed (decision 049). */
  refundError: appointments.refundError,
  checkoutSessionId: appointments.checkoutSessionId,
  paymentUrl: appointments.paymentUrl,
  vendorProfileId: appointments.vendorProfileId,
  serviceId: appointments.serviceId,
  /** Null for a guest an admin deleted; the booking keeps its own contact below. */
  customerId: appointments.customerId,
  vendorName: vendorProfiles.businessName,
  vendorSlug: vendorProfiles.slug,
  vendorEmail: vendorProfiles.businessEmail,
  vendorPhone: vendorProfiles.businessPhone,
  timezone: vendorProfiles.timezone,
  /** Null once the service is deleted (appointments.service_id is set null). */
  serviceName: services.name,
  // The contact given with this booking, never the shared customers row, which another
  // booking with the same email does not change (request-booking.ts's upsertCustomer): a later
  // booking with the same email must not send this one's payment link to another phone.
  customerName: appointments.customerName,
  customerEmail: appointments.customerEmail,
  customerPhone: appointments.customerPhone,
  /** The customer agreed to this booking's messages by WhatsApp (decision 070). */
  whatsappOptIn: appointments.whatsappOptIn,
  /** The language the customer booked in (decision 072): every message to the customer speaks it. */
  language: appointments.language,
  /** The vendor's account's language and spoken languages: what the vendor's messages speak. */
  vendorAccountLanguage: vendorAccount.language,
  vendorLanguages: vendorProfiles.languages,
};

export interface SelectBookingViewsOptions {
  orderBy?: SQL | SQL[];
  limit?: number;
  /** Locks the appointments rows (FOR UPDATE OF appointments) until the transaction ends. */
  forUpdate?: boolean;
}

/**
 * Bookings with their vendor, service and customer, filtered by `where` (on any of the four
 * tables: `customers` is joined for the reads by account, listMyBookings). A booking whose guest
 * an admin deleted has no customers row: it reads the same, from its own contact.
 */
export function selectBookingViews(
  db: Db | Tx,
  where: SQL | undefined,
  { orderBy, limit, forUpdate = false }: SelectBookingViewsOptions = {},
) {
  let query = db
    .select(bookingViewColumns)
    .from(appointments)
    .innerJoin(vendorProfiles, eq(vendorProfiles.id, appointments.vendorProfileId))
    .leftJoin(vendorAccount, eq(vendorAccount.userId, vendorProfiles.userId))
    .leftJoin(customers, eq(customers.id, appointments.customerId))
    .leftJoin(services, eq(services.id, appointments.serviceId))
    .where(where)
    .$dynamic();
  if (orderBy) query = query.orderBy(...(Array.isArray(orderBy) ? orderBy : [orderBy]));
  if (limit !== undefined) query = query.limit(limit);
  if (forUpdate) query = query.for('update', { of: appointments });
  return query;
}

/** A booking with its vendor, service and customer. */
export type BookingView = Awaited<ReturnType<typeof selectBookingViews>>[number];

/** What every page about the booking names of it, its status as read at `now`. */
export function bookingHeadline(row: BookingView, now: Date): BookingHeadline {
  return {
    code: row.code,
    status: effectiveStatus(row, now),
    vendor_name: row.vendorName,
    service_name: row.serviceName,
    start_time: row.startTz.toISOString(),
    end_time: row.endTz.toISOString(),
    timezone: row.timezone,
  };
}

/** One booking by its id, or undefined. */
export async function getBookingView(db: Db | Tx, appointmentId: string): Promise<BookingView | undefined> {
  const [row] = await selectBookingViews(db, eq(appointments.id, appointmentId), { limit: 1 });
  return row;
}

/** The bookings an operation just moved (its `UPDATE … RETURNING id`), to tell their parties. */
export function bookingViewsOf(db: Db | Tx, moved: readonly { id: string }[]) {
  return selectBookingViews(
    db,
    inArray(
      appointments.id,
      moved.map((m) => m.id),
    ),
  );
}

/**
 * Decision 035: a claimed profile's bookings made before its claim stay hidden from the
 * account that claimed it until an admin approves the claim. Every read or answer of bookings by a
 * vendor's account adds this; admins and the token links (the stored phone and email) do not.
 */
export function visibleToVendorAccount(vendorProfileId: string): SQL {
  return sql`${appointments.createdAt} >= coalesce((select ${vendorProfiles.claimedAt} from ${vendorProfiles} where ${vendorProfiles.id} = ${vendorProfileId} and ${vendorProfiles.claimApprovedAt} is null), '-infinity'::timestamptz)`;
}
