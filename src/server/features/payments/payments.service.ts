import { and, eq } from 'drizzle-orm';
import type {
  AppointmentCheckout,
  PaymentSessionDetails,
  SandboxCheckout,
} from '../../../shared/payment.schemas.ts';
import type { Db } from '../../db/client.ts';
import { appointments } from '../../db/schema/bookings.ts';
// The one adapter a feature imports: the sandbox checkout's Pay button (sandboxCheckoutAction, mounted
// only while the sandbox provider is in use) is the sandbox's stand-in for a Stripe webhook, and the
// event it becomes (its id format) belongs to the sandbox adapter, not to the provider port.
// biome-ignore lint/style/noRestrictedImports: sandbox-only behaviour, explained above.
import { sandboxEvent } from '../../integrations/payments/sandbox-provider.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Logger } from '../../lib/logger.ts';
import { isPayable, paymentCancelPath, paymentSuccessPath } from '../booking-lifecycle/booking-checkout.ts';
import { type BookingView, bookingHeadline, selectBookingViews } from '../booking-lifecycle/booking-view.ts';
import type { ManageLink } from '../booking-lifecycle/manage-links.ts';
import { appointmentIdOfManageToken } from '../booking-lifecycle/manage-links.ts';
import { applyPaymentEvent, type PaymentEventOutcome } from '../booking-lifecycle/pay-booking.ts';
import type { RefundDeps } from '../booking-lifecycle/refund-booking.ts';
import type { BookingUser } from '../booking-lifecycle/request-booking.ts';
import { ownedBy } from '../bookings/bookings.service.ts';

// What the payment pages read (ARCHITECTURE §7; decision 017), and the sandbox checkout's buttons.
// The payment step itself — the checkout, provider events, unpaid cancellations — is part of the
// booking lifecycle (features/booking-lifecycle: booking-checkout.ts, pay-booking.ts,
// expire-bookings.ts).

const bySession = async (db: Db, sessionId: string) =>
  (await selectBookingViews(db, eq(appointments.checkoutSessionId, sessionId), { limit: 1 }))[0];

function details(row: BookingView, now: Date) {
  return {
    appointment_id: row.id,
    ...bookingHeadline(row, now),
    amount_mxn: row.amountMxn,
    currency: 'MXN' as const,
    payment_due_at: row.paymentDueAt?.toISOString() ?? null,
  };
}

/** What the pages of a checkout session ask by: the session id is the key, read at `now`. */
interface SessionRead {
  db: Db;
  sessionId: string;
  now: Date;
}

const bookingNotFound = () => new AppError('not_found', 'Reserva No Encontrada').because('booking_not_found');

/** GET /api/payments/session/:sessionId: what /payment-success shows (the session id is the key). */
export async function getPaymentSession({ db, sessionId, now }: SessionRead): Promise<PaymentSessionDetails> {
  const row = await bySession(db, sessionId);
  if (!row) throw bookingNotFound();
  return { ...details(row, now), paid_at: row.paidAt?.toISOString() ?? null };
}

/**
 * GET /api/payments/appointment/:id: /payment-cancel's retry — the link while it is still valid.
 * Only with the booking's page token (the cancel URL carries it) or to its owner signed in: the
 * answer holds the payment link. Anyone else gets the 404 of an unknown booking.
 */
export async function getAppointmentCheckout({
  db,
  appointmentId,
  now,
  token,
  user,
  secret,
}: {
  db: Db;
  appointmentId: string;
  now: Date;
  /** The booking page's token (decision 044), from the cancel URL. */
  token: string | undefined;
  user: BookingUser | null;
  /** The server's secret the page tokens are made with (config.authSecret). */
  secret: string;
}): Promise<AppointmentCheckout> {
  const byToken = token !== undefined && appointmentIdOfManageToken(secret, token) === appointmentId;
  const which = byToken
    ? eq(appointments.id, appointmentId)
    : user
      ? and(eq(appointments.id, appointmentId), ownedBy(user))
      : undefined;
  if (!which) throw bookingNotFound();
  const [row] = await selectBookingViews(db, which, { limit: 1 });
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
export async function getSandboxCheckout({ db, sessionId, now }: SessionRead): Promise<SandboxCheckout> {
  const row = await bySession(db, sessionId);
  if (!row)
    throw new AppError('not_found', 'Sesión de pago no encontrada').because('payment_session_not_found');
  return { ...details(row, now), session_id: sessionId, payable: isPayable(row, now) };
}

/** The sandbox's Pay and Cancel buttons: where the browser goes next (like Stripe's redirects). */
export async function sandboxCheckoutAction({
  db,
  sessionId,
  action,
  now,
  logger,
  manageLink,
  refunds,
  commissionBps,
}: {
  db: Db;
  sessionId: string;
  action: 'pay' | 'cancel';
  now: Date;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  manageLink: ManageLink;
  /** The sandbox provider, which pays a late payment back at once, as the Stripe webhook does. */
  refunds?: RefundDeps;
  /** The platform's commission (PLATFORM_FEE_BPS), fixed on the booking it pays. */
  commissionBps: number;
}): Promise<{ redirect_url: string; outcome?: PaymentEventOutcome }> {
  const checkout = await getSandboxCheckout({ db, sessionId, now });
  if (action === 'cancel')
    return {
      redirect_url: paymentCancelPath({ id: checkout.appointment_id, code: checkout.code }, manageLink),
    };
  // Like an expired Stripe checkout, a closed sandbox checkout takes no payment. A booking paid
  // already answers with its success page (a second click after a slow first one).
  if (!checkout.payable && checkout.status !== 'paid')
    throw new AppError(
      'gone',
      'Esta sesión de pago ya expiró. La reserva no está pendiente de pago.',
    ).because('payment_session_expired');
  const outcome = await applyPaymentEvent({
    db,
    provider: 'sandbox',
    event: sandboxEvent('paid', sessionId),
    now,
    logger,
    manageLink,
    commissionBps,
    ...(refunds ? { refunds } : {}),
  });
  const booking = { id: checkout.appointment_id, code: checkout.code };
  return { redirect_url: paymentSuccessPath(encodeURIComponent(sessionId), booking, manageLink), outcome };
}
