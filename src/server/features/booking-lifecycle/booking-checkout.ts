import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import type { AppDeps } from '../../app-env.ts';
import type { Db } from '../../db/client.ts';
import { appointments } from '../../db/schema/bookings.ts';
import { checkoutExpiry, type PaymentProvider } from '../../integrations/payments/payment-provider.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Logger } from '../../lib/logger.ts';
import { notifyPaymentLink } from './booking-notifications.ts';
import { effectiveStatus, movesFrom } from './booking-status.ts';
import { type BookingView, getBookingView } from './booking-view.ts';
import { type ManageLink, manageLinkOf } from './manage-links.ts';

// The checkout of a confirmed booking (ARCHITECTURE §4, §7; decision 017): confirmation commits
// first; the checkout is then created outside any transaction (a network call) with an idempotency
// key per appointment, and stored by a conditional UPDATE that also queues the payment link — so the
// link is sent exactly when a checkout is stored. A failed attempt is retried by the sweeper
// (attachMissingCheckouts) until the deadline.

/**
 * What creating and storing a checkout needs, and what the messages after a vendor's answer link to
 * (the customer's booking page); `checkoutDeps(c.var.deps)` builds it in a route.
 */
export interface CheckoutDeps {
  payments: PaymentProvider;
  appUrl: string;
  manageLink: ManageLink;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
}

export function checkoutDeps(deps: Pick<AppDeps, 'payments' | 'config' | 'logger'>): CheckoutDeps {
  return {
    payments: deps.payments,
    appUrl: deps.config.appUrl,
    manageLink: manageLinkFor(deps),
    logger: deps.logger,
  };
}

/** The customer's booking page links, from the app's address and secret. */
export function manageLinkFor(deps: Pick<AppDeps, 'config'>): ManageLink {
  return manageLinkOf({ appUrl: deps.config.appUrl, secret: deps.config.authSecret });
}

/**
 * The booking page's token (decision 044), for the pages the checkout returns to. Taken from the
 * page's link, which is made with the server's secret (manage-links.ts).
 */
const pageTokenOf = (booking: { id: string; code: string }, manageLink: ManageLink) =>
  encodeURIComponent(new URL(manageLink(booking)).searchParams.get('token') ?? '');

/** The payment success page, with the booking page's token for its link back to the booking. */
export function paymentSuccessPath(
  sessionId: string,
  booking: { id: string; code: string },
  manageLink: ManageLink,
): string {
  return `/payment-success?session_id=${sessionId}&token=${pageTokenOf(booking, manageLink)}`;
}
export const successUrl = (
  checkout: Pick<CheckoutDeps, 'appUrl' | 'manageLink'>,
  booking: { id: string; code: string },
) => `${checkout.appUrl}${paymentSuccessPath('{CHECKOUT_SESSION_ID}', booking, checkout.manageLink)}`;

/**
 * The payment cancel page of a booking, with the booking page's token: GET
 * /api/payments/appointment/:id answers only with it or to the booking's owner signed in.
 */
export function paymentCancelPath(booking: { id: string; code: string }, manageLink: ManageLink): string {
  return `/payment-cancel?appointment_id=${booking.id}&token=${pageTokenOf(booking, manageLink)}`;
}
export const cancelUrl = (
  checkout: Pick<CheckoutDeps, 'appUrl' | 'manageLink'>,
  booking: { id: string; code: string },
) => `${checkout.appUrl}${paymentCancelPath(booking, checkout.manageLink)}`;

/** Still waiting for its payment, as reads see it (an overdue one reads as cancelled). */
export const isPayable = (row: BookingView, now: Date) => effectiveStatus(row, now) === 'awaiting_payment';

export interface AttachCheckoutOptions {
  db: Db;
  checkout: CheckoutDeps;
  appointmentId: string;
  now: Date;
  /**
   * The checkout this one replaces (its voucher went unpaid): part of the key, so that the provider
   * makes a new checkout rather than answering the closed one again.
   */
  replaces?: string;
}

/**
 * Creates the checkout of an awaiting_payment booking that has none yet, stores it, and queues the
 * payment link to the customer (mail, and WhatsApp when a phone was given). Returns the stored URL,
 * or null when the booking is not (or no longer) waiting for a payment. Throws when the provider
 * fails; the booking then waits for the sweeper's retry.
 */
export async function attachCheckout({
  db,
  checkout,
  appointmentId,
  now,
  replaces,
}: AttachCheckoutOptions): Promise<string | null> {
  const row = await getBookingView(db, appointmentId);
  if (!row?.paymentDueAt || !isPayable(row, now)) return null;
  if (row.checkoutSessionId) return row.paymentUrl;

  const expiresAt = checkoutExpiry(row.paymentDueAt, now);
  const created = await checkout.payments.createCheckout({
    appointmentId: row.id,
    amountMxn: row.amountMxn,
    description: `${row.serviceName ?? 'Servicio'} · ${row.vendorName}`,
    customerEmail: row.customerEmail,
    expiresAt,
    successUrl: successUrl(checkout, row),
    cancelUrl: cancelUrl(checkout, row),
    // Per appointment and parameters: Stripe refuses a key reused with other parameters, and a
    // retry minutes later may clamp the expiry differently.
    idempotencyKey: `barrio-checkout-${row.id}-${expiresAt.getTime() / 1000}${replaces ? `-after-${replaces}` : ''}`,
  });

  const dueAt = row.paymentDueAt;
  const stored = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(appointments)
      .set({ checkoutSessionId: created.sessionId, paymentUrl: created.url, updatedAt: now })
      .where(and(eq(appointments.id, row.id), movesFrom('pay'), isNull(appointments.checkoutSessionId)))
      .returning({ id: appointments.id });
    if (!updated) return false;
    await notifyPaymentLink(tx, row, { url: created.url, dueAt, manageLink: checkout.manageLink });
    return true;
  });
  if (stored) return created.url;

  // Another instance stored a checkout first (the same one, by the idempotency key), or the booking
  // moved on meanwhile: close ours unless it is the stored one.
  const after = await getBookingView(db, row.id);
  if (after?.checkoutSessionId === created.sessionId) return after.paymentUrl;
  await closeCheckout(checkout, created.sessionId, 'payments: could not close a spare checkout', {
    sessionId: created.sessionId,
  });
  return after?.checkoutSessionId && after.status === 'awaiting_payment' ? after.paymentUrl : null;
}

/** The confirm path: never fails the vendor's answer; a provider failure is retried by the sweeper. */
export async function attachCheckoutAfterConfirm(options: AttachCheckoutOptions) {
  try {
    await attachCheckout(options);
  } catch (err) {
    options.checkout.logger.warn(
      { err, appointmentId: options.appointmentId },
      'payments: checkout creation failed; the sweeper retries it',
    );
  }
}

/** How long after confirmation the sweeper leaves a missing checkout to the confirm request itself. */
const ATTACH_GRACE_MS = 60_000;

/** The sweeper's retry: every payable booking without a checkout gets one (ARCHITECTURE §4). */
export async function attachMissingCheckouts({
  db,
  checkout,
  now,
  limit = 20,
}: {
  db: Db;
  checkout: CheckoutDeps;
  now: Date;
  limit?: number;
}): Promise<number> {
  const rows = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        movesFrom('pay'),
        isNull(appointments.checkoutSessionId),
        gt(appointments.paymentDueAt, now),
        lte(appointments.confirmedAt, new Date(now.getTime() - ATTACH_GRACE_MS)),
      ),
    )
    .limit(limit);
  let attached = 0;
  for (const { id } of rows) {
    try {
      if (await attachCheckout({ db, checkout, appointmentId: id, now })) attached++;
    } catch (err) {
      checkout.logger.warn(
        { err, appointmentId: id },
        'payments: checkout creation failed again; retrying later',
      );
    }
  }
  return attached;
}

/** Closes a checkout at the provider; a failure is only logged (the checkout expires on its own). */
export async function closeCheckout(
  checkout: CheckoutDeps,
  sessionId: string,
  message: string,
  context: Record<string, unknown>,
) {
  await checkout.payments
    .expireCheckout(sessionId)
    .catch((err: unknown) => checkout.logger.warn({ err, ...context }, message));
}

/**
 * An administrator resends the payment link (decision 049), only while the booking awaits
 * its payment: the stored checkout, open until the deadline, is sent again (mail, and WhatsApp with a
 * phone); a booking whose checkout was never stored gets one now, within the same deadline
 * (attachCheckout), which sends it. Never a second checkout for a booking that has one.
 */
export async function resendPaymentLink({
  db,
  checkout,
  appointmentId,
  now,
}: AttachCheckoutOptions): Promise<{ url: string; dueAt: Date }> {
  const row = await getBookingView(db, appointmentId);
  if (!row) throw new AppError('not_found', 'Booking not found.').because('booking_not_found');
  if (!row.paymentDueAt || !isPayable(row, now))
    throw new AppError('conflict', 'Only a booking awaiting its payment has a payment link to send.', {
      reason: 'not_payable',
    }).because('not_awaiting_payment');
  const dueAt = row.paymentDueAt;
  if (row.checkoutSessionId && row.paymentUrl) {
    const url = row.paymentUrl;
    await db.transaction((tx) => notifyPaymentLink(tx, row, { url, dueAt, manageLink: checkout.manageLink }));
    return { url, dueAt };
  }
  const url = await attachCheckout({ db, checkout, appointmentId, now });
  if (!url)
    throw new AppError('conflict', 'This booking has just changed. Reload it to see where it stands.', {
      reason: 'changed',
    }).because('booking_changed');
  return { url, dueAt };
}
