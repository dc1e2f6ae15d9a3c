import Stripe from 'stripe';
import {
  type Checkout,
  type CheckoutRequest,
  type PaymentEvent,
  type PaymentProvider,
  type ProviderRefund,
  type ProviderRefundStatus,
  type Refund,
  type RefundRequest,
  WebhookSignatureError,
} from './payment-provider.ts';

// ARCHITECTURE §7: Stripe Checkout Sessions in MXN through the official SDK. Tests point the same SDK at a
// local fake Stripe (`host`, `port`, `protocol`), which checks what we send (src/server/test/fake-stripe.ts).

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** STRIPE_OXXO=1: OXXO cash vouchers besides cards (paid later: async_payment_succeeded). */
  oxxo: boolean;
  /** Where the API lives (STRIPE_API_BASE): a local stand-in in tests. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
  /** The Connect webhook endpoint's secret (STRIPE_CONNECT_WEBHOOK_SECRET): connected accounts' events. */
  connectWebhookSecret?: string | undefined;
}

/** How old a webhook's signed timestamp may be (Stripe's default, 5 minutes). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export function createStripeProvider({
  secretKey,
  webhookSecret,
  oxxo,
  api,
  connectWebhookSecret,
}: StripeProviderOptions) {
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

    // Decision 065: vendors' Express accounts in Mexico, paid by transfer from Barrio's balance.
    connect: {
      async createAccount({ vendorProfileId, email, businessName, idempotencyKey }) {
        const account = await stripe.accounts.create(
          {
            type: 'express',
            country: 'MX',
            ...(email ? { email } : {}),
            capabilities: { transfers: { requested: true } },
            business_profile: { name: businessName },
            metadata: { vendor_profile_id: vendorProfileId },
          },
          { idempotencyKey },
        );
        return { accountId: account.id };
      },
      async onboardingLink({ accountId, refreshUrl, returnUrl }) {
        const link = await stripe.accountLinks.create({
          account: accountId,
          type: 'account_onboarding',
          refresh_url: refreshUrl,
          return_url: returnUrl,
        });
        return { url: link.url };
      },
      async retrieveAccount(accountId) {
        const account = await stripe.accounts.retrieve(accountId);
        return { accountId: account.id, payoutsEnabled: account.payouts_enabled === true };
      },
      async retrieveTransfer(transferId) {
        const transfer = await stripe.transfers.retrieve(transferId);
        return { transferId: transfer.id, amountReversed: transfer.amount_reversed };
      },
      async transfer({ payoutId, vendorProfileId, accountId, amountMxn, idempotencyKey }) {
        const transfer = await stripe.transfers.create(
          {
            amount: amountMxn,
            currency: 'mxn',
            destination: accountId,
            transfer_group: `payout-${payoutId}`,
            metadata: { payout_id: payoutId, vendor_profile_id: vendorProfileId },
          },
          { idempotencyKey },
        );
        return { transferId: transfer.id };
      },
    },

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

    async refund(request: RefundRequest): Promise<Refund> {
      // The PaymentIntent arrives with the paid event; a booking paid before we kept it (or whose
      // event is late) still has its session, which knows it.
      const paymentIntent = request.paymentRef ?? (await paymentIntentOf(request.sessionId));
      const create = (idempotencyKey: string) =>
        stripe.refunds.create(
          {
            payment_intent: paymentIntent,
            amount: request.amountMxn,
            reason: 'requested_by_customer',
            metadata: { appointment_id: request.appointmentId },
          },
          // Decision 046: one key, one refund; the SDK's own retry reuses it too.
          { idempotencyKey },
        );
      /** A refund Stripe holds for this payment (of this booking's, when `appointmentId` is given). */
      const existing = async (appointmentId?: string) => {
        const { data } = await stripe.refunds.list({ payment_intent: paymentIntent, limit: 10 });
        return data.find(
          (r) =>
            r.status !== 'failed' &&
            r.status !== 'canceled' &&
            (!appointmentId || r.metadata?.appointment_id === appointmentId),
        );
      };
      try {
        return toRefund(await create(request.idempotencyKey));
      } catch (err) {
        // Refunded in full already: by an earlier try whose answer was lost (Stripe forgets keys
        // after 24 h) or from the dashboard. Never a second refund: answer the one that exists.
        if (
          err instanceof Stripe.errors.StripeInvalidRequestError &&
          err.code === 'charge_already_refunded'
        ) {
          const refund = await existing();
          if (refund) return toRefund(refund);
        }
        // Stripe keeps a key's first answer for 24 h, a 500 too, and replays it to every retry
        // (decision 063). Whether that try refunded, the payment knows: answer its
        // refund, or ask again under a key of this hour, the same on every instance.
        if (err instanceof Stripe.errors.StripeError && isReplayedFailure(err)) {
          const refund = await existing(request.appointmentId);
          if (refund) return toRefund(refund);
          const hour = Math.floor(request.now.getTime() / 3_600_000);
          return toRefund(await create(`${request.idempotencyKey}-retry-${hour}`));
        }
        throw err;
      }
    },

    async listRefunds(paymentRef: string): Promise<ProviderRefund[]> {
      const found: ProviderRefund[] = [];
      for await (const refund of stripe.refunds.list({ payment_intent: paymentRef, limit: 100 }))
        found.push(providerRefundOf(refund));
      return found;
    },

    parseWebhook(rawBody: string, signature: string | undefined, now: Date): PaymentEvent {
      if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header.');
      // The platform's endpoint and, when set, the Connect endpoint (connected accounts' events)
      // sign with secrets of their own; either proves the event is Stripe's.
      let failure: unknown;
      for (const secret of [webhookSecret, connectWebhookSecret]) {
        if (!secret) continue;
        try {
          const event = stripe.webhooks.constructEvent(
            rawBody,
            signature,
            secret,
            WEBHOOK_TOLERANCE_SECONDS,
            undefined,
            now.getTime(),
          );
          return toPaymentEvent(event);
        } catch (err) {
          failure = err;
        }
      }
      throw new WebhookSignatureError(
        failure instanceof Error ? failure.message : 'Stripe signature verification failed.',
      );
    },
  };
  return provider;

  async function paymentIntentOf(sessionId: string): Promise<string> {
    const session = await stripe.checkout.sessions.retrieve(sessionId);
    const id = idOf(session.payment_intent);
    if (!id) throw new Error(`Stripe checkout session ${sessionId} has no payment to refund`);
    return id;
  }
}

/** A server error Stripe kept as an idempotency key's answer and sent again. */
function isReplayedFailure(err: InstanceType<typeof Stripe.errors.StripeError>): boolean {
  const headers = (err.headers ?? {}) as Record<string, string | undefined>;
  return (err.statusCode ?? 0) >= 500 && headers['idempotent-replayed'] === 'true';
}

/** Decision 046: a refund still on its way counts (Stripe has taken it); a failed one does not. */
function toRefund(refund: Stripe.Refund): Refund {
  switch (refund.status) {
    case 'succeeded':
      return { refundId: refund.id, amountMxn: refund.amount, status: 'succeeded' };
    case 'pending':
    case 'requires_action':
      return { refundId: refund.id, amountMxn: refund.amount, status: 'pending' };
    default:
      // failed or canceled: nothing was paid back; an error, so that the caller tries again later.
      throw new Error(`Stripe refund ${refund.id} is ${refund.status ?? 'without a status'}`);
  }
}

/** Stripe answers a reference as its id, or as the object when expanded. */
function idOf(ref: string | { id: string } | null | undefined): string | null {
  if (typeof ref === 'string') return ref;
  return ref?.id ?? null;
}

/** A refund's status as the ledger keeps it: Stripe's requires_action is still on its way. */
function statusOf(status: string | null | undefined): ProviderRefundStatus {
  switch (status) {
    case 'succeeded':
    case 'failed':
    case 'canceled':
      return status;
    default:
      return 'pending';
  }
}

function providerRefundOf(refund: Stripe.Refund): ProviderRefund {
  return {
    refundId: refund.id,
    amountMxn: refund.amount,
    status: statusOf(refund.status),
    failureReason: refund.failure_reason ?? null,
  };
}

function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  // The payment's own time: Stripe makes the event when the customer pays, whenever it arrives.
  const paidAt = new Date(event.created * 1000);
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      // An OXXO voucher completes the session unpaid; its payment arrives as async_payment_succeeded.
      if (event.type === 'checkout.session.completed' && event.data.object.payment_status !== 'paid')
        return { id: event.id, kind: 'ignored', type: event.type };
      return {
        id: event.id,
        kind: 'paid',
        ...refs(event.data.object),
        ...paymentRef(event.data.object),
        paidAt,
      };
    case 'checkout.session.async_payment_failed':
      return { id: event.id, kind: 'payment_failed', ...refs(event.data.object) };
    case 'account.updated':
      return { id: event.id, kind: 'account', accountId: event.data.object.id };
    case 'transfer.reversed':
      return { id: event.id, kind: 'transfer_reversed', transferId: event.data.object.id };
    case 'checkout.session.expired':
      return { id: event.id, kind: 'expired', ...refs(event.data.object) };
    case 'charge.refunded': {
      // Decision 046: a refund from the dashboard arrives here too. Its payment is what ties it to a
      // booking; a charge made outside Checkout has none and is not ours.
      const charge = event.data.object;
      const ref = idOf(charge.payment_intent);
      if (!ref) return { id: event.id, kind: 'ignored', type: event.type };
      return {
        id: event.id,
        kind: 'refunded',
        paymentRef: ref,
        appointmentId: charge.metadata?.appointment_id ?? null,
        amountRefunded: charge.amount_refunded,
      };
    }
    case 'refund.created':
    case 'refund.updated':
    case 'refund.failed':
    case 'charge.refund.updated': {
      // Decision 056: one refund and its status; a failed one (returned by the card network) is owed again.
      const refund = event.data.object;
      return {
        id: event.id,
        kind: 'refund',
        refund: providerRefundOf(refund),
        paymentRef: idOf(refund.payment_intent),
        appointmentId: refund.metadata?.appointment_id ?? null,
      };
    }
    default:
      return { id: event.id, kind: 'ignored', type: event.type };
  }
}

/** Kept with the booking so that its refund needs no look-up of the session (decision 046). */
function paymentRef(session: Stripe.Checkout.Session) {
  return { paymentRef: idOf(session.payment_intent) };
}

function refs(session: Stripe.Checkout.Session) {
  return {
    sessionId: session.id,
    appointmentId: session.client_reference_id ?? session.metadata?.appointment_id ?? null,
  };
}
