import Stripe from 'stripe';
import {
  type Checkout,
  type CheckoutRequest,
  type PaymentEvent,
  type PaymentProvider,
  WebhookSignatureError,
} from './payment-provider.ts';

// ARCHITECTURE §7: Stripe Checkout Sessions in MXN through the official SDK. Tests point the same SDK at a
// local fake Stripe (`host`, `port`, `protocol`), which checks what we send (src/server/test/fake-stripe.ts).

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** STRIPE_OXXO=1: OXXO cash vouchers besides cards (paid later: async_payment_succeeded). */
  oxxo: boolean;
  /** Where the API lives; only tests change it. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

/** How old a webhook's signed timestamp may be (Stripe's default, 5 minutes). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export function createStripeProvider({ secretKey, webhookSecret, oxxo, api }: StripeProviderOptions) {
  const stripe = new Stripe(secretKey, {
    // The SDK retries network failures with the same Idempotency-Key, so a retry never pays twice.
    // Kept short: the vendor's confirm request waits for it, and the sweeper retries later anyway.
    maxNetworkRetries: 1,
    timeout: 10_000,
    telemetry: false,
    ...(api ?? {}),
  });

  const provider: PaymentProvider = {
    kind: 'stripe',

    async createCheckout(request: CheckoutRequest): Promise<Checkout> {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          currency: 'mxn',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'mxn',
                unit_amount: request.amountMxn,
                product_data: { name: request.description },
              },
            },
          ],
          allowed_payment_method_types: oxxo ? ['card', 'oxxo'] : ['card'],
          ...(oxxo ? { payment_method_options: { oxxo: { expires_after_days: 1 } } } : {}),
          expires_at: Math.floor(request.expiresAt.getTime() / 1000),
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          client_reference_id: request.appointmentId,
          customer_email: request.customerEmail,
          locale: 'es-419',
          metadata: { appointment_id: request.appointmentId },
          payment_intent_data: { metadata: { appointment_id: request.appointmentId } },
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL`);
      return { sessionId: session.id, url: session.url };
    },

    async expireCheckout(sessionId: string): Promise<void> {
      try {
        await stripe.checkout.sessions.expire(sessionId);
      } catch (err) {
        // Already expired or completed: nothing is left to close.
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 400) return;
        throw err;
      }
    },

    parseWebhook(rawBody: string, signature: string | undefined, now: Date): PaymentEvent {
      if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header.');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
          undefined,
          now.getTime(),
        );
      } catch (err) {
        throw new WebhookSignatureError(
          err instanceof Error ? err.message : 'Stripe signature verification failed.',
        );
      }
      return toPaymentEvent(event);
    },
  };
  return provider;
}

function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  switch (event.type) {
    case 'checkout.session.completed':
      // An OXXO voucher completes the session unpaid; its payment arrives as async_payment_succeeded.
      if (event.data.object.payment_status !== 'paid')
        return { id: event.id, kind: 'ignored', type: event.type };
      return { id: event.id, kind: 'paid', ...refs(event.data.object) };
    case 'checkout.session.async_payment_succeeded':
      return { id: event.id, kind: 'paid', ...refs(event.data.object) };
    case 'checkout.session.expired':
      return { id: event.id, kind: 'expired', ...refs(event.data.object) };
    default:
      return { id: event.id, kind: 'ignored', type: event.type };
  }
}

function refs(session: Stripe.Checkout.Session) {
  return {
    sessionId: session.id,
    appointmentId: session.client_reference_id ?? session.metadata?.appointment_id ?? null,
  };
}
