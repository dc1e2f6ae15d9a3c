import { and, eq, or } from 'drizzle-orm';
import { commissionOf } from '../../../shared/money.ts';
import type { Db, Tx } from '../../db/client.ts';
import { recordPayment } from '../../db/ledger-entries.ts';
import { appointments, extraPayments } from '../../db/schema/bookings.ts';
import { webhookEvents } from '../../db/schema/messaging.ts';
import type { BookingPaymentEvent, ProviderRefund } from '../../integrations/payments/payment-provider.ts';
import type { Logger } from '../../lib/logger.ts';
import { attachCheckoutAfterConfirm, type CheckoutDeps, isPayable } from './booking-checkout.ts';
import {
  notifyBookingPaid,
  notifyLatePayment,
  notifyPaymentFailed,
  notifyUnpaidCancelled,
} from './booking-notifications.ts';
import { movesFrom } from './booking-status.ts';
import { selectBookingViews } from './booking-view.ts';
import type { ManageLink } from './manage-links.ts';
import { type RefundDeps, refundAfterCommit, refundExtraPaymentAfterCommit } from './refund-booking.ts';
import { bookingOfPayment, recordRefunds, settleRefunds } from './refund-ledger.ts';

// pay, and what else a provider event does (ARCHITECTURE §4, §7; decision 017): Stripe webhooks and
// sandbox clicks go through applyPaymentEvent. The event id is recorded in webhook_events in the
// same transaction as its effect, so a duplicate — even a concurrent one — has no second effect.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type PaymentEventOutcome =
  | 'duplicate'
  | 'refunded'
  | 'refund_failed'
  | 'ignored'
  | 'unknown_session'
  | 'paid'
  | 'already_paid'
  | 'refund_needed'
  | 'cancelled'
  | 'payment_failed'
  | 'unchanged';

export interface ApplyPaymentEventOptions {
  db: Db;
  provider: 'stripe' | 'sandbox';
  event: BookingPaymentEvent;
  now: Date;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** The customer's booking page, linked from the messages this event sends (`manageLinkFor`). */
  manageLink: ManageLink;
  /** The platform's commission in basis points (PLATFORM_FEE_BPS), fixed on a booking as it is paid. */
  commissionBps: number;
  /** The provider to pay a late payment back with, at once after the commit (decision 046). */
  refunds?: RefundDeps;
  /** Where a new checkout is made when an OXXO voucher went unpaid (decision 056). */
  checkout?: CheckoutDeps;
}

/**
 * The one place a provider event takes effect (ARCHITECTURE §7): a Stripe webhook and a sandbox click
 * both end here. The event id is inserted first; a duplicate — sequential, or concurrent and
 * waiting on the first one's unique key — inserts nothing and changes nothing.
 */
export async function applyPaymentEvent({
  db,
  provider,
  event,
  now,
  logger,
  manageLink,
  commissionBps,
  refunds,
  checkout,
}: ApplyPaymentEventOptions): Promise<PaymentEventOutcome> {
  let owesRefund: string | undefined;
  let extraPayment: string | undefined;
  let replaced: { appointmentId: string; sessionId: string } | undefined;
  // charge.refunded names no refund: the payment's refunds as the provider holds them now. A failure
  // to read them fails the webhook, which the provider sends again.
  const refundsNow =
    event.kind === 'refunded' && refunds ? await refunds.payments.listRefunds(event.paymentRef) : undefined;
  const outcome = await db.transaction(async (tx): Promise<PaymentEventOutcome> => {
    const [recorded] = await tx
      .insert(webhookEvents)
      .values({ provider, eventId: event.id, receivedAt: now })
      .onConflictDoNothing()
      .returning({ id: webhookEvents.id });
    if (!recorded) return 'duplicate';
    if (event.kind === 'ignored') return 'ignored';
    if (event.kind === 'refunded') return recordRefundNews(tx, event, refundsNow ?? [], now, logger);
    if (event.kind === 'refund') return recordRefundNews(tx, event, [event.refund], now, logger);

    // The stored session, or — for a checkout that lost the race to be stored — the appointment
    // it names. The row is locked against the sweeper and the other provider events; each UPDATE
    // below still names the status it moves from.
    const byAppointment =
      event.appointmentId && UUID.test(event.appointmentId)
        ? eq(appointments.id, event.appointmentId)
        : undefined;
    const rows = await selectBookingViews(
      tx,
      byAppointment
        ? or(eq(appointments.checkoutSessionId, event.sessionId), byAppointment)
        : eq(appointments.checkoutSessionId, event.sessionId),
      { forUpdate: true },
    );
    const row = rows.find((r) => r.checkoutSessionId === event.sessionId) ?? rows[0];
    if (!row) {
      logger.warn(
        { eventId: event.id, sessionId: event.sessionId },
        'payments: event for an unknown checkout',
      );
      return 'unknown_session';
    }
    const thisRow = eq(appointments.id, row.id);

    if (event.kind === 'expired') {
      // cancel_unpaid: only the stored checkout's expiry ends the booking; a spare one closing changes nothing.
      if (row.status !== 'awaiting_payment' || row.checkoutSessionId !== event.sessionId) return 'unchanged';
      await tx
        .update(appointments)
        .set({ status: 'cancelled', cancelReason: 'payment_timeout', cancelledAt: now, updatedAt: now })
        .where(and(thisRow, movesFrom('cancel_unpaid')));
      await notifyUnpaidCancelled(tx, row, { now, manageLink });
      return 'cancelled';
    }

    if (event.kind === 'payment_failed') {
      // An OXXO voucher went unpaid: nothing was charged, and the booking stays payable until its own
      // deadline. Its checkout is complete and takes no other payment, so a new one replaces it
      // after the commit (its link mailed as at confirmation); the customer is told why.
      if (
        row.status !== 'awaiting_payment' ||
        row.checkoutSessionId !== event.sessionId ||
        !isPayable(row, now)
      )
        return 'unchanged';
      const [cleared] = await tx
        .update(appointments)
        .set({ checkoutSessionId: null, paymentUrl: null, updatedAt: now })
        .where(and(thisRow, movesFrom('pay'), eq(appointments.checkoutSessionId, event.sessionId)))
        .returning({ id: appointments.id });
      if (!cleared) return 'unchanged';
      await notifyPaymentFailed(tx, row, row.paymentDueAt!, manageLink);
      replaced = { appointmentId: row.id, sessionId: event.sessionId };
      return 'payment_failed';
    }

    // A second payment for a booking that took one (two checkouts paid, a voucher paid late): kept
    // by its payment and paid back in full after the commit, never dropped nor counted as the
    // booking's (decision 056). The same payment told again is not one.
    const [{ paymentRef: keptRef } = { paymentRef: null }] = row.paidAt
      ? await tx.select({ paymentRef: appointments.paymentRef }).from(appointments).where(thisRow)
      : [];
    if (keptRef && event.paymentRef && event.paymentRef !== keptRef) {
      const [kept] = await tx
        .insert(extraPayments)
        .values({
          paymentRef: event.paymentRef,
          appointmentId: row.id,
          sessionId: event.sessionId,
          amountMxn: row.amountMxn,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning({ paymentRef: extraPayments.paymentRef });
      if (!kept) return 'already_paid';
      logger.error(
        { appointmentId: row.id, sessionId: event.sessionId, paymentRef: event.paymentRef },
        'payments: a second payment for a booking already paid; refunding it',
      );
      extraPayment = event.paymentRef;
      return 'refund_needed';
    }
    // The payment already recorded (paid, or late and owed back), told again by another event.
    if (row.status === 'paid' || (keptRef && event.paymentRef === keptRef)) return 'already_paid';
    // Lateness is judged by when the customer paid, not by when the news arrived (Stripe retries a
    // webhook for days): a payment made before the deadline pays the booking the sweeper has not
    // yet cancelled. A time claimed in the future counts as now.
    const paidAt = event.paidAt && event.paidAt < now ? event.paidAt : now;
    if (isPayable(row, paidAt)) {
      // The commission is fixed here, and the vendor credited in the same transaction (decision 064).
      const commissionMxn = commissionOf(row.amountMxn, commissionBps);
      const [paid] = await tx
        .update(appointments)
        .set({
          status: 'paid',
          paidAt,
          paymentRef: event.paymentRef,
          commissionBps,
          commissionMxn,
          updatedAt: now,
        })
        .where(and(thisRow, movesFrom('pay')))
        .returning({ id: appointments.id });
      if (paid)
        await recordPayment(
          tx,
          { id: row.id, vendorProfileId: row.vendorProfileId, amountMxn: row.amountMxn, commissionMxn },
          now,
        );
      await notifyBookingPaid(tx, row, now, manageLink);
      return 'paid';
    }

    // late_payment (ARCHITECTURE §7): money arrived for a booking that is no longer payable
    // (cancelled, or past its deadline): recorded and owed back, never dropped; the caller refunds
    // it after the commit (refundAfterCommit), the sweeper if that fails (decision 046).
    const overdue = row.status === 'awaiting_payment';
    await tx
      .update(appointments)
      .set({
        refundNeeded: true,
        paidAt: row.paidAt ?? paidAt,
        paymentRef: event.paymentRef,
        updatedAt: now,
        ...(overdue
          ? { status: 'cancelled' as const, cancelReason: 'payment_timeout', cancelledAt: now }
          : {}),
      })
      .where(and(thisRow, eq(appointments.status, row.status)));
    await notifyLatePayment(tx, row, { cancelledNow: overdue, now, manageLink });
    logger.error(
      { appointmentId: row.id, sessionId: event.sessionId, status: row.status },
      'payments: payment for a booking no longer payable; refunding it',
    );
    owesRefund = row.id;
    return 'refund_needed';
  });
  if (owesRefund && refunds) await refundAfterCommit({ db, refunds, appointmentId: owesRefund, now });
  if (replaced && checkout)
    await attachCheckoutAfterConfirm({
      db,
      checkout,
      appointmentId: replaced.appointmentId,
      now,
      replaces: replaced.sessionId,
    });
  if (extraPayment && refunds)
    await refundExtraPaymentAfterCommit({ db, refunds, paymentRef: extraPayment, now });
  return outcome;
}

/**
 * News of refunds (decision 056): Stripe's refund events name one refund and its status; its
 * charge.refunded names none, so the payment's refunds are read from the provider first. Each is
 * recorded by its id, its status only moving forward, and the booking settled from them: what was
 * paid back is their sum, and a cancelled booking that took money owes the rest. A refund that
 * failed is owed again (the sweeper, or an admin's Refund now, asks for it with a new key).
 */
async function recordRefundNews(
  tx: Tx,
  event: Extract<BookingPaymentEvent, { kind: 'refunded' | 'refund' }>,
  facts: readonly ProviderRefund[],
  now: Date,
  logger: ApplyPaymentEventOptions['logger'],
): Promise<PaymentEventOutcome> {
  const appointmentId = await bookingOfPayment(tx, event);
  if (!appointmentId) {
    logger.warn(
      { eventId: event.id, paymentRef: event.paymentRef },
      'payments: refund of an unknown payment',
    );
    return 'unknown_session';
  }
  const moved = await recordRefunds(tx, appointmentId, facts, now);
  if (moved.length === 0) return 'unchanged';
  const failed = facts.find(
    (f) => (f.status === 'failed' || f.status === 'canceled') && moved.some((m) => m.refundId === f.refundId),
  );
  const settled = await settleRefunds(tx, appointmentId, now, {
    ...(failed
      ? { error: `The card network returned refund ${failed.refundId}: ${failed.failureReason ?? 'unknown'}` }
      : {}),
  });
  if (failed) {
    logger.error(
      { appointmentId, refundId: failed.refundId, reason: failed.failureReason },
      'payments: a refund failed; it is owed again',
    );
    return settled?.owed ? 'refund_failed' : 'refunded';
  }
  return 'refunded';
}
