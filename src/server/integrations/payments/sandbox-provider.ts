import { createHmac } from 'node:crypto';
import type {
  BookingPaymentEvent,
  Checkout,
  CheckoutRequest,
  PaymentEvent,
  PaymentProvider,
  ProviderRefund,
  Refund,
  RefundRequest,
} from './payment-provider.ts';
import { WebhookSignatureError } from './payment-provider.ts';

// ARCHITECTURE §7, §13: the default provider. Its "hosted checkout" is our own page at
// /sandbox/checkout/:sessionId, whose Pay and Cancel buttons call the local-only sandbox API; that
// API turns a click into the same PaymentEvent a Stripe webhook becomes, and hands it to the same
// service function. The sandbox keeps no state of its own: a checkout is open while its booking is
// awaiting payment before its deadline, so expiring one has nothing to do.

export const SANDBOX_SESSION_PREFIX = 'cs_sandbox_';

export function createSandboxProvider({ appUrl, secret }: { appUrl: string; secret: string }) {
  const provider: PaymentProvider = {
    kind: 'sandbox',

    async createCheckout(request: CheckoutRequest): Promise<Checkout> {
      // Like Stripe's idempotency: the same key gives the same session. Keyed by the server secret,
      // so a session id cannot be derived from an appointment id.
      const digest = createHmac('sha256', secret).update(request.idempotencyKey).digest('hex').slice(0, 40);
      const sessionId = `${SANDBOX_SESSION_PREFIX}${digest}`;
      return { sessionId, url: `${appUrl}/sandbox/checkout/${sessionId}` };
    },

    async expireCheckout(): Promise<void> {
      // Nothing to close: the sandbox page refuses to pay once the booking is no longer payable.
    },

    async refund(request: RefundRequest): Promise<Refund> {
      // Pays back nothing real; like Stripe's, one key gives one refund id, recorded on the booking.
      const digest = createHmac('sha256', secret).update(request.idempotencyKey).digest('hex').slice(0, 24);
      return { refundId: `re_sandbox_${digest}`, amountMxn: request.amountMxn, status: 'succeeded' };
    },

    async listRefunds(): Promise<ProviderRefund[]> {
      // The sandbox keeps nothing: its refunds are recorded on the booking as they are made.
      return [];
    },
    parseWebhook(): PaymentEvent {
      throw new WebhookSignatureError('The sandbox provider receives no webhooks.');
    },
  };
  return provider;
}

/** What a click on the sandbox page means, as the event a Stripe webhook would carry. */
export function sandboxEvent(kind: 'paid' | 'expired', sessionId: string): BookingPaymentEvent {
  // One id per session and outcome: a second click is a duplicate delivery, applied once.
  const id = `evt_sandbox_${kind}_${sessionId}`;
  return kind === 'paid'
    ? { id, kind, sessionId, appointmentId: null, paymentRef: sessionId, paidAt: null }
    : { id, kind, sessionId, appointmentId: null };
}
