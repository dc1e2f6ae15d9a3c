import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appointments, extraPayments } from '../../db/schema/bookings.ts';
import type { PaymentProvider } from '../../integrations/payments/payment-provider.ts';
import type { Logger } from '../../lib/logger.ts';
import { notifyRefunded } from './booking-notifications.ts';
import { getBookingView } from './booking-view.ts';
import type { ManageLink } from './manage-links.ts';
import { recordRefunds, settleRefunds } from './refund-ledger.ts';

// Paying money back (ARCHITECTURE §7; decision 046). A booking owes a refund when `refund_needed`
// is set — a paid booking cancelled with something to pay back (all of it, or its cancellation
// policy's share in `refund_due_mxn`: decision 095), or a payment that arrived for a booking
// no longer payable — in the same transaction as that change. The refund itself is a network call,
// made after the commit with one idempotency key per booking, and recorded by a conditional UPDATE
// (`refund_needed` still set); the sweeper retries whatever is still owed. The provider answers a
// repeated key, or a payment already refunded in full, with the refund it made: never twice.

export interface RefundDeps {
  payments: PaymentProvider;
  manageLink: ManageLink;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
}

/** The one key of a booking's refund: a retry, from any instance, is the same refund. */
export const refundIdempotencyKey = (appointmentId: string) => `barrio-refund-${appointmentId}`;

/**
 * What a refund asks the provider for: what the booking owes back in all — the whole amount, or the
 * share its cancellation policy gave when it was cancelled (`refund_due_mxn`, decision 095) — less
 * what was already paid back (a partial refund made in the Stripe dashboard, recorded by
 * charge.refunded), so that a partial refund does not make every later try fail (decision 049). The
 * key stays the booking's own for a full refund; any other amount gets a key of its own, naming it,
 * since Stripe refuses a key reused with another amount, and so does a refund made again after the
 * card network returned one.
 */
export function refundRequestOf(owed: {
  id: string;
  amountMxn: number;
  refundDueMxn: number | null;
  refundedAmountMxn: number | null;
  refundId: string | null;
}) {
  const left = (owed.refundDueMxn ?? owed.amountMxn) - (owed.refundedAmountMxn ?? 0);
  // A refund owed although one was recorded: that one failed (refund.failed), and its key would
  // answer with it again for a day. The next is keyed by the failed one, the same on every instance.
  const key = owed.refundId
    ? `${refundIdempotencyKey(owed.id)}-after-${owed.refundId}`
    : refundIdempotencyKey(owed.id);
  return { amountMxn: left, idempotencyKey: left === owed.amountMxn ? key : `${key}-${left}` };
}

/** A provider's refusal as an admin reads it (decision 049), short enough for the booking's row. */
const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

/**
 * Refunds one booking's payment if it is still owed, records it and tells the customer. Returns
 * whether this call recorded it. Throws when the provider fails: the flag stays for the retry, and
 * the provider's answer is kept in `refund_error` for the admins (decision 049).
 */
export async function refundBooking({
  db,
  refunds,
  appointmentId,
  now,
}: {
  db: Db;
  refunds: RefundDeps;
  appointmentId: string;
  now: Date;
}): Promise<boolean> {
  const [owed] = await db
    .select({
      id: appointments.id,
      sessionId: appointments.checkoutSessionId,
      paymentRef: appointments.paymentRef,
      amountMxn: appointments.amountMxn,
      refundDueMxn: appointments.refundDueMxn,
      refundedAmountMxn: appointments.refundedAmountMxn,
      refundId: appointments.refundId,
    })
    .from(appointments)
    .where(and(eq(appointments.id, appointmentId), eq(appointments.refundNeeded, true)))
    .limit(1);
  if (!owed) return false;
  const owedStill = and(eq(appointments.id, appointmentId), eq(appointments.refundNeeded, true));
  if (!owed.sessionId) {
    // Nothing was paid through a checkout: there is nothing to pay back.
    refunds.logger.error({ appointmentId }, 'refunds: refund owed without a checkout; left for an admin');
    await db
      .update(appointments)
      .set({ refundError: 'No payment through a checkout is known: settle it with the provider by hand.' })
      .where(owedStill);
    return false;
  }
  const request = refundRequestOf(owed);
  let refund: Awaited<ReturnType<PaymentProvider['refund']>> | null = null;
  if (request.amountMxn > 0) {
    try {
      refund = await refunds.payments.refund({
        appointmentId,
        sessionId: owed.sessionId,
        paymentRef: owed.paymentRef,
        amountMxn: request.amountMxn,
        idempotencyKey: request.idempotencyKey,
        now,
      });
    } catch (err) {
      await db
        .update(appointments)
        .set({ refundError: errorText(err) })
        .where(owedStill)
        .catch(() => undefined);
      throw err;
    }
  }
  return db.transaction(async (tx) => {
    // Locked and read again: whoever records first wins; a second press, the sweeper or another
    // instance finds nothing owed (the same refund, by its key) and records nothing.
    const [still] = await tx
      .select({ id: appointments.id })
      .from(appointments)
      .where(owedStill)
      .for('update');
    if (!still) return false;
    if (refund)
      await recordRefunds(
        tx,
        appointmentId,
        [{ refundId: refund.refundId, amountMxn: refund.amountMxn, status: refund.status }],
        now,
      );
    const settled = await settleRefunds(tx, appointmentId, now, refund ? { refundId: refund.refundId } : {});
    if (settled?.owed) {
      // The provider answered with a refund already counted (or one since failed): still owed.
      refunds.logger.warn({ appointmentId, refundId: refund?.refundId }, 'refunds: refund still owed');
      return false;
    }
    const booking = await getBookingView(tx, appointmentId);
    if (booking && refund) await notifyRefunded(tx, booking, refund.amountMxn, refunds.manageLink);
    refunds.logger.info({ appointmentId, refundId: refund?.refundId }, 'refunds: payment refunded');
    return true;
  });
}

/** After a change that owes a refund: tries at once, and leaves a failure to the sweeper. */
export async function refundAfterCommit(options: Parameters<typeof refundBooking>[0]) {
  try {
    await refundBooking(options);
  } catch (err) {
    options.refunds.logger.warn(
      { err, appointmentId: options.appointmentId },
      'refunds: refund failed; the sweeper retries it',
    );
  }
}

/**
 * Pays back a second payment for a booking (extra_payments, decision 056) in full, with one key per
 * payment, and records it by a conditional UPDATE: a retry, from any instance, is the same refund.
 * Throws when the provider fails; the row stays owed, with the provider's words, for the sweeper.
 */
export async function refundExtraPayment({
  db,
  refunds,
  paymentRef,
  now,
}: {
  db: Db;
  refunds: RefundDeps;
  paymentRef: string;
  now: Date;
}): Promise<boolean> {
  const owedStill = and(eq(extraPayments.paymentRef, paymentRef), isNull(extraPayments.refundedAt));
  const [owed] = await db.select().from(extraPayments).where(owedStill).limit(1);
  if (!owed) return false;
  let refund: Awaited<ReturnType<PaymentProvider['refund']>>;
  try {
    refund = await refunds.payments.refund({
      appointmentId: owed.appointmentId,
      sessionId: owed.sessionId,
      paymentRef,
      amountMxn: owed.amountMxn,
      idempotencyKey: `barrio-refund-extra-${paymentRef}`,
      now,
    });
  } catch (err) {
    await db
      .update(extraPayments)
      .set({ refundError: errorText(err), updatedAt: now })
      .where(owedStill)
      .catch(() => undefined);
    throw err;
  }
  const [recorded] = await db
    .update(extraPayments)
    .set({ refundId: refund.refundId, refundedAt: now, refundError: null, updatedAt: now })
    .where(owedStill)
    .returning({ paymentRef: extraPayments.paymentRef });
  if (recorded)
    refunds.logger.info(
      { appointmentId: owed.appointmentId, paymentRef, refundId: refund.refundId },
      'refunds: a second payment refunded',
    );
  return Boolean(recorded);
}

export async function refundExtraPaymentAfterCommit(options: Parameters<typeof refundExtraPayment>[0]) {
  try {
    await refundExtraPayment(options);
  } catch (err) {
    options.refunds.logger.warn(
      { err, paymentRef: options.paymentRef },
      'refunds: refund of a second payment failed; the sweeper retries it',
    );
  }
}

/** The sweeper's retry: every booking still owed a refund. */
export async function refundOwedBookings({
  db,
  refunds,
  now,
  limit = 20,
}: {
  db: Db;
  refunds: RefundDeps;
  now: Date;
  limit?: number;
}): Promise<number> {
  const owed = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.refundNeeded, true), isNotNull(appointments.checkoutSessionId)))
    .orderBy(appointments.updatedAt)
    .limit(limit);
  let refunded = 0;
  for (const { id } of owed) {
    try {
      if (await refundBooking({ db, refunds, appointmentId: id, now })) refunded++;
    } catch (err) {
      refunds.logger.warn({ err, appointmentId: id }, 'refunds: refund failed again; retrying later');
    }
  }
  // Second payments for bookings already paid, paid back whatever the booking's state.
  const extra = await db
    .select({ paymentRef: extraPayments.paymentRef })
    .from(extraPayments)
    .where(isNull(extraPayments.refundedAt))
    .orderBy(extraPayments.updatedAt)
    .limit(limit);
  for (const { paymentRef } of extra) {
    try {
      if (await refundExtraPayment({ db, refunds, paymentRef, now })) refunded++;
    } catch (err) {
      refunds.logger.warn({ err, paymentRef }, 'refunds: refund of a second payment failed again');
    }
  }
  return refunded;
}

/**
 * An admin's record that the money still owed was paid back outside the provider's refund (a
 * transfer, the provider's dashboard when its refund keeps failing): kept as a refund of its own
 * with the admin's reference, in one transaction that finds the refund still owed — so of two
 * records, or a record and a refund at the same moment, one wins (decision 056). Returns whether
 * this call recorded it.
 */
export async function recordRefundMadeElsewhere({
  db,
  manageLink,
  appointmentId,
  reference,
  now,
}: {
  db: Db;
  manageLink: ManageLink;
  appointmentId: string;
  reference: string;
  now: Date;
}): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [owed] = await tx
      .select({
        amountMxn: appointments.amountMxn,
        refundDueMxn: appointments.refundDueMxn,
        refunded: appointments.refundedAmountMxn,
      })
      .from(appointments)
      .where(and(eq(appointments.id, appointmentId), eq(appointments.refundNeeded, true)))
      .for('update');
    if (!owed) return false;
    const left = (owed.refundDueMxn ?? owed.amountMxn) - (owed.refunded ?? 0);
    const refundId = `manual_${randomUUID()}`;
    await recordRefunds(
      tx,
      appointmentId,
      [{ refundId, amountMxn: left, status: 'succeeded', reference }],
      now,
    );
    const settled = await settleRefunds(tx, appointmentId, now, { refundId });
    if (settled?.owed) return false;
    const booking = await getBookingView(tx, appointmentId);
    if (booking && left > 0) await notifyRefunded(tx, booking, left, manageLink);
    return true;
  });
}
