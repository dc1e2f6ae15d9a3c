// ARCHITECTURE §7: the one interface both payment providers implement — Stripe Checkout when it is
// configured, the local sandbox otherwise. Services talk to this, never to a provider directly.

/** Stripe keeps a Checkout Session open for at least 30 minutes and at most 24 hours. */
export const CHECKOUT_MIN_MS = 30 * 60_000;
export const CHECKOUT_MAX_MS = 24 * 60 * 60_000;

export interface CheckoutRequest {
  appointmentId: string;
  /** Centavos (ARCHITECTURE §3); the currency is always MXN. */
  amountMxn: number;
  /** What the customer sees on the checkout: the service and the vendor. */
  description: string;
  customerEmail: string;
  /** When the checkout stops taking payments; already kept within the provider's window. */
  expiresAt: Date;
  /** Contains the literal `{CHECKOUT_SESSION_ID}`, which the provider fills in. */
  successUrl: string;
  cancelUrl: string;
  /** The same key always yields the same checkout (a retry after a lost answer is safe). */
  idempotencyKey: string;
}

export interface Checkout {
  sessionId: string;
  url: string;
}

/**
 * A full refund of a booking's payment (decision 046). The same key always yields the same
 * refund, and a payment already refunded in full is answered with that refund, never a second one.
 */
export interface RefundRequest {
  appointmentId: string;
  /** The checkout the payment was made through. */
  sessionId: string;
  /** The provider's payment (Stripe's PaymentIntent id) when known; else found from the session. */
  paymentRef: string | null;
  /** Centavos, MXN: the whole amount paid. */
  amountMxn: number;
  idempotencyKey: string;
  /** When it is asked: a retry after the provider kept a failure as the key's answer is keyed by its hour. */
  now: Date;
}

export interface Refund {
  /** The provider's refund id (Stripe `re_…`; the sandbox `re_sandbox_…`). */
  refundId: string;
  amountMxn: number;
  /** `pending` while a card network has not yet confirmed it; the money is on its way either way. */
  status: 'succeeded' | 'pending';
}

/** Where a refund stands at the provider; it only moves forward (pending → succeeded → failed/canceled). */
export type ProviderRefundStatus = 'pending' | 'succeeded' | 'failed' | 'canceled';

/** A refund as the provider keeps it (decision 056), keyed by its id. */
export interface ProviderRefund {
  refundId: string;
  amountMxn: number;
  status: ProviderRefundStatus;
  /** Stripe's failure_reason (`expired_or_canceled_card`, `lost_or_stolen_card`, `unknown`). */
  failureReason: string | null;
}

/** A provider's notification, reduced to what the payments service acts on. */
export type PaymentEvent =
  | {
      id: string;
      kind: 'paid';
      sessionId: string;
      appointmentId: string | null;
      /** The provider's payment (Stripe's PaymentIntent id), kept for its refund. */
      paymentRef: string | null;
      /**
       * When the customer paid (Stripe: when the event was created), not when the news arrived:
       * lateness is judged by it. Null when unknown (the sandbox pays as it is told).
       */
      paidAt: Date | null;
    }
  /**
   * Stripe's charge.refunded: money paid back on a payment, by us or from the Stripe dashboard. It
   * names no refund and its amount may be older than a refund.failed already heard, so the payment's
   * refunds are read from the provider (`listRefunds`) before it takes effect (decision 056).
   */
  | {
      id: string;
      kind: 'refunded';
      paymentRef: string;
      appointmentId: string | null;
      /** Centavos refunded on that payment when the event was made; logged, never recorded. */
      amountRefunded: number;
    }
  /**
   * Stripe's refund.created, refund.updated, refund.failed (and charge.refund.updated): one refund
   * and where it stands (decision 056). A failed refund — returned by the card network — is owed again.
   */
  | {
      id: string;
      kind: 'refund';
      refund: ProviderRefund;
      paymentRef: string | null;
      appointmentId: string | null;
    }
  /**
   * Stripe's checkout.session.async_payment_failed: an OXXO voucher went unpaid. The customer is told;
   * the booking stays payable until its own deadline.
   */
  | { id: string; kind: 'payment_failed'; sessionId: string; appointmentId: string | null }
  | { id: string; kind: 'expired'; sessionId: string; appointmentId: string | null }
  /**
   * Stripe's account.updated, about a vendor's connected account: what it now may do is read from
   * Stripe (`connect.retrieveAccount`), never from the event, which may be older than one already heard.
   */
  | { id: string; kind: 'account'; accountId: string }
  /**
   * Stripe's transfer.reversed: money sent to a vendor's account came back. How much in all is read
   * from Stripe (`connect.retrieveTransfer`), so a late or repeated event changes nothing.
   */
  | { id: string; kind: 'transfer_reversed'; transferId: string }
  /** Recorded, no effect: e.g. an OXXO voucher issued but not yet paid. */
  | { id: string; kind: 'ignored'; type: string };

/** The events about a booking's payment: all but a connected account's. */
export type BookingPaymentEvent = Exclude<PaymentEvent, { kind: 'account' | 'transfer_reversed' }>;

/** The signature (or its age) did not check out: the webhook answers 400. */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** A vendor's Stripe Express account as Stripe holds it now. */
export interface ConnectAccount {
  accountId: string;
  /** Stripe lets it receive payouts: its onboarding is complete and nothing is due. */
  payoutsEnabled: boolean;
}

/**
 * Stripe Connect (decision 065): vendors' Express accounts, their hosted onboarding, and transfers of
 * their balances. Every create carries an idempotency key, so a retry never makes a second one.
 */
export interface PayoutConnect {
  createAccount(request: {
    vendorProfileId: string;
    email: string | null;
    businessName: string;
    idempotencyKey: string;
  }): Promise<{ accountId: string }>;
  /** A one-time link to Stripe's onboarding; `refreshUrl` is where an expired link sends the vendor. */
  onboardingLink(request: {
    accountId: string;
    refreshUrl: string;
    returnUrl: string;
  }): Promise<{ url: string }>;
  retrieveAccount(accountId: string): Promise<ConnectAccount>;
  /** A transfer as Stripe holds it now: how much of it was reversed, in centavos. */
  retrieveTransfer(transferId: string): Promise<{ transferId: string; amountReversed: number }>;
  /** Sends a payout's amount (centavos, MXN) to the account; the same key always yields one transfer. */
  transfer(request: {
    payoutId: string;
    vendorProfileId: string;
    accountId: string;
    amountMxn: number;
    idempotencyKey: string;
  }): Promise<{ transferId: string }>;
}

export interface PaymentProvider {
  readonly kind: 'stripe' | 'sandbox';
  /** Payouts to vendors' connected accounts: Stripe only. */
  readonly connect?: PayoutConnect;
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /** Closes a checkout so that it can no longer be paid; closing a closed one is not an error. */
  expireCheckout(sessionId: string): Promise<void>;
  /** Pays a booking's payment back in full (RefundRequest); idempotent by its key. */
  refund(request: RefundRequest): Promise<Refund>;
  /** Every refund the provider holds for a payment, as it stands now (decision 056). */
  listRefunds(paymentRef: string): Promise<ProviderRefund[]>;
  /** Verifies a webhook on its raw body; throws WebhookSignatureError when it does not verify. */
  parseWebhook(rawBody: string, signature: string | undefined, now: Date): PaymentEvent;
}

/**
 * ARCHITECTURE §4, §7: the checkout expires at payment_due_at, kept inside the provider's window. When
 * the booking starts less than 30 minutes from now the checkout stays open 30 minutes, but our own
 * deadline does not move: the sweeper expires the checkout at payment_due_at (decision 017).
 * Whole seconds, as Stripe takes them.
 */
export function checkoutExpiry(paymentDueAt: Date, now: Date): Date {
  const min = now.getTime() + CHECKOUT_MIN_MS + 60_000; // a minute's slack for the request's flight
  const max = now.getTime() + CHECKOUT_MAX_MS - 60_000;
  const ms = Math.min(Math.max(paymentDueAt.getTime(), min), max);
  return new Date(Math.ceil(ms / 1000) * 1000);
}
