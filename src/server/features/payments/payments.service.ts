import { and, eq, gt, inArray, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { AppointmentStatus } from '../../../shared/constants.ts';
import type {
  AppointmentCheckout,
  PaymentSessionDetails,
  SandboxCheckout,
} from '../../../shared/payment.schemas.ts';
import type { AppDeps } from '../../app-env.ts';
import type { Db, Tx } from '../../db/client.ts';
import { appointments } from '../../db/schema/bookings.ts';
import { webhookEvents } from '../../db/schema/messaging.ts';
import { services, vendorProfiles } from '../../db/schema/vendors.ts';
import {
  checkoutExpiry,
  type PaymentEvent,
  type PaymentProvider,
} from '../../integrations/payments/payment-provider.ts';
// The one adapter a feature imports: the sandbox checkout's Pay button (sandboxCheckoutAction, mounted
// only while the sandbox provider is in use) is the sandbox's stand-in for a Stripe webhook, and the
// event it becomes (its id format) belongs to the sandbox adapter, not to the provider port.
// biome-ignore lint/style/noRestrictedImports: sandbox-only behaviour, explained above.
import { sandboxEvent } from '../../integrations/payments/sandbox-provider.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Logger } from '../../lib/logger.ts';
import { enqueue, enqueueMail } from '../outbox/outbox.service.ts';
import {
  bookingCalendar,
  latePaymentMail,
  type PaymentMailFacts,
  paidCustomerMail,
  paidVendorMail,
  paidWhatsApp,
  paymentLinkMail,
  paymentLinkWhatsApp,
  unpaidCancelledMails,
} from './payment-mails.ts';

// The payment step of the booking lifecycle (DESIGN §4, §7; decision 017):
// - confirmation commits first; the checkout is then created outside any transaction (a network
//   call) with an idempotency key per appointment, and stored by a conditional UPDATE that also
//   queues the payment link — so the link is sent exactly when a checkout is stored. A failed
//   attempt is retried by the sweeper (attachMissingCheckouts) until the deadline;
// - provider events (Stripe webhooks, sandbox clicks) go through applyPaymentEvent: the event id is
//   recorded in webhook_events in the same transaction as its effect, so a duplicate — even a
//   concurrent one — has no second effect.

/** What creating and storing a checkout needs; `checkoutDeps(c.var.deps)` builds it in a route. */
export interface CheckoutDeps {
  payments: PaymentProvider;
  appUrl: string;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
}

export function checkoutDeps(deps: Pick<AppDeps, 'payments' | 'config' | 'logger'>): CheckoutDeps {
  return { payments: deps.payments, appUrl: deps.config.appUrl, logger: deps.logger };
}

const columns = {
  id: appointments.id,
  code: appointments.code,
  status: appointments.status,
  startTz: appointments.startTz,
  endTz: appointments.endTz,
  amountMxn: appointments.amountMxn,
  notes: appointments.notes,
  confirmedAt: appointments.confirmedAt,
  paymentDueAt: appointments.paymentDueAt,
  paidAt: appointments.paidAt,
  checkoutSessionId: appointments.checkoutSessionId,
  paymentUrl: appointments.paymentUrl,
  vendorProfileId: appointments.vendorProfileId,
  vendorName: vendorProfiles.businessName,
  vendorEmail: vendorProfiles.businessEmail,
  vendorPhone: vendorProfiles.businessPhone,
  timezone: vendorProfiles.timezone,
  serviceName: services.name,
  // The contact given with this booking (issue 28), never the shared customers row: a later booking
  // with the same email must not send this one's payment link to another phone.
  customerName: appointments.customerName,
  customerEmail: appointments.customerEmail,
  customerPhone: appointments.customerPhone,
};

function selectPayments(db: Db | Tx, where: SQL | undefined) {
  return db
    .select(columns)
    .from(appointments)
    .innerJoin(vendorProfiles, eq(vendorProfiles.id, appointments.vendorProfileId))
    .leftJoin(services, eq(services.id, appointments.serviceId))
    .where(where);
}

type PaymentRow = Awaited<ReturnType<typeof selectPayments>>[number];

function factsOf(row: PaymentRow): PaymentMailFacts {
  return {
    appointmentId: row.id,
    code: row.code,
    vendorName: row.vendorName,
    vendorEmail: row.vendorEmail,
    vendorPhone: row.vendorPhone,
    serviceName: row.serviceName ?? '—',
    start: row.startTz,
    end: row.endTz,
    timezone: row.timezone,
    amountMxn: row.amountMxn,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    customerPhone: row.customerPhone,
    notes: row.notes,
  };
}

/** DESIGN §4: an unpaid booking past its deadline reads as cancelled before the sweeper moves it. */
function statusAt(row: Pick<PaymentRow, 'status' | 'paymentDueAt'>, now: Date): AppointmentStatus {
  if (row.status === 'awaiting_payment' && row.paymentDueAt && row.paymentDueAt <= now) return 'cancelled';
  return row.status;
}

const isPayable = (row: PaymentRow, now: Date) => statusAt(row, now) === 'awaiting_payment';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const successUrl = (appUrl: string) => `${appUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`;
export const cancelUrl = (appUrl: string, appointmentId: string) =>
  `${appUrl}/payment-cancel?appointment_id=${appointmentId}`;

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
}: {
  db: Db;
  checkout: CheckoutDeps;
  appointmentId: string;
  now: Date;
}): Promise<string | null> {
  const [row] = await selectPayments(db, eq(appointments.id, appointmentId));
  if (!row?.paymentDueAt || !isPayable(row, now)) return null;
  if (row.checkoutSessionId) return row.paymentUrl;

  const expiresAt = checkoutExpiry(row.paymentDueAt, now);
  const created = await checkout.payments.createCheckout({
    appointmentId: row.id,
    amountMxn: row.amountMxn,
    description: `${row.serviceName ?? 'Servicio'} · ${row.vendorName}`,
    customerEmail: row.customerEmail,
    expiresAt,
    successUrl: successUrl(checkout.appUrl),
    cancelUrl: cancelUrl(checkout.appUrl, row.id),
    // Per appointment and parameters: Stripe refuses a key reused with other parameters, and a
    // retry minutes later may clamp the expiry differently.
    idempotencyKey: `barrio-checkout-${row.id}-${expiresAt.getTime() / 1000}`,
  });

  const facts = factsOf(row);
  const dueAt = row.paymentDueAt;
  const stored = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(appointments)
      .set({ checkoutSessionId: created.sessionId, paymentUrl: created.url, updatedAt: now })
      .where(
        and(
          eq(appointments.id, row.id),
          eq(appointments.status, 'awaiting_payment'),
          isNull(appointments.checkoutSessionId),
        ),
      )
      .returning({ id: appointments.id });
    if (!updated) return false;
    await enqueueMail(tx, paymentLinkMail(facts, created.url, dueAt));
    if (facts.customerPhone) {
      await enqueue(tx, {
        kind: 'whatsapp',
        payload: {
          type: 'payment_link',
          to: facts.customerPhone,
          appointmentId: row.id,
          text: paymentLinkWhatsApp(facts, created.url, dueAt),
        },
      });
    }
    return true;
  });
  if (stored) return created.url;

  // Another instance stored a checkout first (the same one, by the idempotency key), or the booking
  // moved on meanwhile: close ours unless it is the stored one.
  const [after] = await selectPayments(db, eq(appointments.id, row.id));
  if (after?.checkoutSessionId === created.sessionId) return after.paymentUrl;
  await checkout.payments
    .expireCheckout(created.sessionId)
    .catch((err: unknown) =>
      checkout.logger.warn(
        { err, sessionId: created.sessionId },
        'payments: could not close a spare checkout',
      ),
    );
  return after?.checkoutSessionId && after.status === 'awaiting_payment' ? after.paymentUrl : null;
}

/** The confirm path: never fails the vendor's answer; a provider failure is retried by the sweeper. */
export async function attachCheckoutAfterConfirm(options: Parameters<typeof attachCheckout>[0]) {
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

/** The sweeper's retry: every payable booking without a checkout gets one (DESIGN §4). */
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
        eq(appointments.status, 'awaiting_payment'),
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

export type PaymentEventOutcome =
  | 'duplicate'
  | 'ignored'
  | 'unknown_session'
  | 'paid'
  | 'already_paid'
  | 'refund_needed'
  | 'cancelled'
  | 'unchanged';

/**
 * The one place a provider event takes effect (DESIGN §7): a Stripe webhook and a sandbox click
 * both end here. The event id is inserted first; a duplicate — sequential, or concurrent and
 * waiting on the first one's unique key — inserts nothing and changes nothing.
 */
export async function applyPaymentEvent({
  db,
  provider,
  event,
  now,
  logger,
}: {
  db: Db;
  provider: 'stripe' | 'sandbox';
  event: PaymentEvent;
  now: Date;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
}): Promise<PaymentEventOutcome> {
  return db.transaction(async (tx) => {
    const [recorded] = await tx
      .insert(webhookEvents)
      .values({ provider, eventId: event.id, receivedAt: now })
      .onConflictDoNothing()
      .returning({ id: webhookEvents.id });
    if (!recorded) return 'duplicate';
    if (event.kind === 'ignored') return 'ignored';

    // The stored session, or — for a checkout that lost the race to be stored — the appointment
    // it names. The row is locked against the sweeper and the other provider events.
    const byAppointment =
      event.appointmentId && UUID.test(event.appointmentId)
        ? eq(appointments.id, event.appointmentId)
        : undefined;
    const rows = await selectPayments(
      tx,
      byAppointment
        ? or(eq(appointments.checkoutSessionId, event.sessionId), byAppointment)
        : eq(appointments.checkoutSessionId, event.sessionId),
    ).for('update', { of: appointments });
    const row = rows.find((r) => r.checkoutSessionId === event.sessionId) ?? rows[0];
    if (!row) {
      logger.warn(
        { eventId: event.id, sessionId: event.sessionId },
        'payments: event for an unknown checkout',
      );
      return 'unknown_session';
    }
    const facts = factsOf(row);

    if (event.kind === 'expired') {
      // Only the stored checkout's expiry ends the booking; a spare one closing changes nothing.
      if (row.status !== 'awaiting_payment' || row.checkoutSessionId !== event.sessionId) return 'unchanged';
      await tx
        .update(appointments)
        .set({ status: 'cancelled', cancelReason: 'payment_timeout', cancelledAt: now, updatedAt: now })
        .where(eq(appointments.id, row.id));
      for (const mail of unpaidCancelledMails(facts)) await enqueueMail(tx, mail);
      return 'cancelled';
    }

    if (row.status === 'paid') return 'already_paid';
    if (isPayable(row, now)) {
      await tx
        .update(appointments)
        .set({ status: 'paid', paidAt: now, updatedAt: now })
        .where(eq(appointments.id, row.id));
      await enqueueMail(tx, paidCustomerMail(facts, bookingCalendar(facts, now)));
      if (facts.vendorEmail) await enqueueMail(tx, paidVendorMail(facts.vendorEmail, facts));
      if (facts.customerPhone) await enqueueWhatsApp(tx, facts, facts.customerPhone, 'customer');
      if (facts.vendorPhone)
        await enqueueWhatsApp(tx, facts, facts.vendorPhone, 'vendor', row.vendorProfileId);
      return 'paid';
    }

    // DESIGN §7: money arrived for a booking that is no longer payable (cancelled, or past its
    // deadline): recorded and flagged for a refund, never dropped.
    const overdue = row.status === 'awaiting_payment';
    await tx
      .update(appointments)
      .set({
        refundNeeded: true,
        paidAt: row.paidAt ?? now,
        updatedAt: now,
        ...(overdue
          ? { status: 'cancelled' as const, cancelReason: 'payment_timeout', cancelledAt: now }
          : {}),
      })
      .where(eq(appointments.id, row.id));
    await enqueueMail(tx, latePaymentMail(facts));
    if (overdue) for (const mail of unpaidCancelledMails(facts).slice(1)) await enqueueMail(tx, mail);
    logger.error(
      { appointmentId: row.id, sessionId: event.sessionId, status: row.status },
      'payments: payment for a booking no longer payable; flagged for refund',
    );
    return 'refund_needed';
  });
}

async function enqueueWhatsApp(
  tx: Tx,
  facts: PaymentMailFacts,
  to: string,
  audience: 'customer' | 'vendor',
  vendorProfileId?: string,
) {
  await enqueue(tx, {
    kind: 'whatsapp',
    payload: {
      type: 'payment_received',
      to,
      appointmentId: facts.appointmentId,
      ...(vendorProfileId ? { vendorProfileId } : {}),
      text: paidWhatsApp(facts, audience),
    },
  });
}

/**
 * The sweeper's payment rule (DESIGN §4): awaiting_payment past payment_due_at → cancelled
 * (payment_timeout), both parties told, in one transaction. Returns the checkouts to close.
 */
export async function cancelUnpaidBookings({
  db,
  now,
  vendorProfileId,
}: {
  db: Db;
  now: Date;
  /** Only this vendor's (booking creation frees that vendor's slots first). */
  vendorProfileId?: string;
}): Promise<{ id: string; checkoutSessionId: string | null }[]> {
  return db.transaction(async (tx) => {
    const cancelled = await tx
      .update(appointments)
      .set({ status: 'cancelled', cancelReason: 'payment_timeout', cancelledAt: now, updatedAt: now })
      .where(
        and(
          eq(appointments.status, 'awaiting_payment'),
          lte(appointments.paymentDueAt, now),
          vendorProfileId ? eq(appointments.vendorProfileId, vendorProfileId) : undefined,
        ),
      )
      .returning({ id: appointments.id, checkoutSessionId: appointments.checkoutSessionId });
    if (cancelled.length === 0) return cancelled;
    const rows = await selectPayments(
      tx,
      inArray(
        appointments.id,
        cancelled.map((c) => c.id),
      ),
    );
    for (const row of rows)
      for (const mail of unpaidCancelledMails(factsOf(row))) await enqueueMail(tx, mail);
    return cancelled;
  });
}

function details(row: PaymentRow, now: Date) {
  return {
    appointment_id: row.id,
    code: row.code,
    status: statusAt(row, now),
    vendor_name: row.vendorName,
    service_name: row.serviceName,
    start_time: row.startTz.toISOString(),
    end_time: row.endTz.toISOString(),
    timezone: row.timezone,
    amount_mxn: row.amountMxn,
    currency: 'MXN' as const,
    payment_due_at: row.paymentDueAt?.toISOString() ?? null,
  };
}

const bookingNotFound = () => new AppError('not_found', 'Reserva No Encontrada');

/** GET /api/payments/session/:sessionId: what /payment-success shows (the session id is the key). */
export async function getPaymentSession({
  db,
  sessionId,
  now,
}: {
  db: Db;
  sessionId: string;
  now: Date;
}): Promise<PaymentSessionDetails> {
  const [row] = await selectPayments(db, eq(appointments.checkoutSessionId, sessionId));
  if (!row) throw bookingNotFound();
  return { ...details(row, now), paid_at: row.paidAt?.toISOString() ?? null };
}

/** GET /api/payments/appointment/:id: /payment-cancel's retry — the link while it is still valid. */
export async function getAppointmentCheckout({
  db,
  appointmentId,
  now,
}: {
  db: Db;
  appointmentId: string;
  now: Date;
}): Promise<AppointmentCheckout> {
  const [row] = await selectPayments(db, eq(appointments.id, appointmentId));
  // Only bookings that reached the payment step are known here.
  if (!row?.confirmedAt || row.amountMxn === 0) throw bookingNotFound();
  const payable = isPayable(row, now);
  return {
    ...details(row, now),
    payable,
    payment_url: payable ? row.paymentUrl : null,
  };
}

/** GET /api/sandbox/checkout/:sessionId: what the sandbox checkout page shows. */
export async function getSandboxCheckout({
  db,
  sessionId,
  now,
}: {
  db: Db;
  sessionId: string;
  now: Date;
}): Promise<SandboxCheckout> {
  const [row] = await selectPayments(db, eq(appointments.checkoutSessionId, sessionId));
  if (!row) throw new AppError('not_found', 'Sesión de pago no encontrada');
  return { ...details(row, now), session_id: sessionId, payable: isPayable(row, now) };
}

/** The sandbox's Pay and Cancel buttons: where the browser goes next (like Stripe's redirects). */
export async function sandboxCheckoutAction({
  db,
  sessionId,
  action,
  now,
  logger,
}: {
  db: Db;
  sessionId: string;
  action: 'pay' | 'cancel';
  now: Date;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
}): Promise<{ redirect_url: string; outcome?: PaymentEventOutcome }> {
  const checkout = await getSandboxCheckout({ db, sessionId, now });
  if (action === 'cancel')
    return { redirect_url: `/payment-cancel?appointment_id=${checkout.appointment_id}` };
  // Like an expired Stripe checkout, a closed sandbox checkout takes no payment. A booking paid
  // already answers with its success page (a second click after a slow first one).
  if (!checkout.payable && checkout.status !== 'paid')
    throw new AppError('gone', 'Esta sesión de pago ya expiró. La reserva no está pendiente de pago.');
  const outcome = await applyPaymentEvent({
    db,
    provider: 'sandbox',
    event: sandboxEvent('paid', sessionId),
    now,
    logger,
  });
  return { redirect_url: `/payment-success?session_id=${encodeURIComponent(sessionId)}`, outcome };
}
