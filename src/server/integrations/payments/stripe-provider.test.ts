import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, signedStripeEvent, startFakeStripe } from '../../test/fake-stripe.ts';
import { CHECKOUT_MAX_MS, CHECKOUT_MIN_MS, checkoutExpiry } from './payment-provider.ts';
import { createStripeProvider } from './stripe-provider.ts';

// The provider against the fake Stripe: the fake refuses what Stripe refuses, so these show that its
// checks bite (a test that trusts the fake must be able to fail), and checkoutExpiry keeps us inside.
const NOW = new Date('2026-11-22T18:00:00Z');
const MINUTE = 60_000;

describe('checkoutExpiry', () => {
  it('keeps payment_due_at when it is inside [now + 30 min, now + 24 h], in whole seconds', () => {
    const due = new Date(NOW.getTime() + 5 * 60 * MINUTE + 500);
    expect(checkoutExpiry(due, NOW).getTime()).toBe(NOW.getTime() + 5 * 60 * MINUTE + 1000);
  });
  it('clamps a deadline under 30 minutes up, and one of a full 24 h down, with a minute to spare', () => {
    const soon = checkoutExpiry(new Date(NOW.getTime() + 10 * MINUTE), NOW).getTime();
    expect(soon).toBe(NOW.getTime() + CHECKOUT_MIN_MS + MINUTE);
    const far = checkoutExpiry(new Date(NOW.getTime() + CHECKOUT_MAX_MS), NOW).getTime();
    expect(far).toBe(NOW.getTime() + CHECKOUT_MAX_MS - MINUTE);
  });
});

describe('stripe provider against the fake Stripe', () => {
  let fake: FakeStripe;
  const request = (
    overrides: Partial<Parameters<ReturnType<typeof createStripeProvider>['createCheckout']>[0]> = {},
  ) => ({
    appointmentId: '6f1b2a4e-1111-4222-8333-944455556666',
    amountMxn: 45_000,
    description: 'Limpieza profunda · Casa Limpia',
    customerEmail: 'ana@example.test',
    expiresAt: new Date(NOW.getTime() + 2 * 60 * MINUTE),
    successUrl: 'http://barrio.test/payment-success?session_id={CHECKOUT_SESSION_ID}',
    cancelUrl: 'http://barrio.test/payment-cancel?appointment_id=6f1b2a4e-1111-4222-8333-944455556666',
    idempotencyKey: `key-${Math.random()}`,
    ...overrides,
  });

  beforeAll(async () => {
    fake = await startFakeStripe({ secretKey: 'sk_test_p', now: () => NOW });
  });
  afterAll(() => fake.close());
  const provider = (oxxo = false) =>
    createStripeProvider({ secretKey: 'sk_test_p', webhookSecret: 'whsec_p', oxxo, api: fake.api });

  it('creates a card-only checkout; the same idempotency key gives the same session', async () => {
    const once = request();
    const a = await provider().createCheckout(once);
    const b = await provider().createCheckout(once);
    expect(b).toEqual(a);
    const sent = fake.requests.filter((r) => r.idempotencyKey === once.idempotencyKey);
    expect(sent).toHaveLength(2);
    expect(sent[0]!.params.allowed_payment_method_types).toEqual(['card']);
    expect(sent[0]!.params.locale).toBe('es-419');
  });

  it('is refused by the fake, as by Stripe, for an expiry outside the window or a reused key', async () => {
    await expect(
      provider().createCheckout(request({ expiresAt: new Date(NOW.getTime() + 10 * MINUTE) })),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    await expect(
      provider().createCheckout(request({ expiresAt: new Date(NOW.getTime() + 25 * 60 * MINUTE) })),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    const key = 'key-reused';
    await provider().createCheckout(request({ idempotencyKey: key }));
    await expect(provider().createCheckout(request({ idempotencyKey: key, amountMxn: 1 }))).rejects.toThrow(
      /same parameters/,
    );
    expect(fake.rejections).toHaveLength(3);
  });

  it('expires an open checkout, and treats an already closed one as done', async () => {
    const { sessionId } = await provider().createCheckout(request());
    await provider().expireCheckout(sessionId);
    expect(fake.sessions.get(sessionId)!.status).toBe('expired');
    await expect(provider().expireCheckout(sessionId)).resolves.toBeUndefined();
  });

  describe('refunds (decision 046)', () => {
    /** A checkout the customer has paid: its session and the PaymentIntent Stripe made for it. */
    async function paid() {
      const { sessionId } = await provider().createCheckout(request());
      const paymentRef = fake.complete(sessionId).payment_intent!;
      return { sessionId, paymentRef };
    }
    const refundRequest = (
      sessionId: string,
      paymentRef: string | null,
      key = `refund-${Math.random()}`,
    ) => ({
      appointmentId: '6f1b2a4e-1111-4222-8333-944455556666',
      sessionId,
      paymentRef,
      amountMxn: 45_000,
      idempotencyKey: key,
      now: NOW,
    });
    const sentSince = (before: number) => fake.requests.slice(before).map((r) => `${r.method} ${r.path}`);
    const refundsOf = (paymentRef: string) => fake.refunds.filter((r) => r.payment_intent === paymentRef);

    it('finds the payment through the session when its ref is unknown, and refunds it in full', async () => {
      const { sessionId, paymentRef } = await paid();
      const before = fake.requests.length;
      const refund = await provider().refund(refundRequest(sessionId, null, 'refund-by-session'));
      expect(sentSince(before)).toEqual([`GET /v1/checkout/sessions/${sessionId}`, 'POST /v1/refunds']);
      const [made] = refundsOf(paymentRef);
      expect(refund).toEqual({ refundId: made!.id, amountMxn: 45_000, status: 'succeeded' });
      expect(made!.id).toMatch(/^re_test_/);
      const create = fake.requests.at(-1)!;
      expect(create.idempotencyKey).toBe('refund-by-session');
      expect(create.params).toEqual({
        payment_intent: paymentRef,
        amount: '45000',
        reason: 'requested_by_customer',
        metadata: { appointment_id: '6f1b2a4e-1111-4222-8333-944455556666' },
      });
      expect(fake.paymentIntents.get(paymentRef)!.amount_refunded).toBe(45_000);
    });

    it('refunds by the payment ref directly, without reading the session', async () => {
      const { sessionId, paymentRef } = await paid();
      const before = fake.requests.length;
      const refund = await provider().refund(refundRequest(sessionId, paymentRef));
      expect(sentSince(before)).toEqual(['POST /v1/refunds']);
      expect(refund.refundId).toBe(refundsOf(paymentRef)[0]!.id);
    });

    it('the same key twice is one refund (Stripe replays the first answer)', async () => {
      const { sessionId, paymentRef } = await paid();
      const once = refundRequest(sessionId, paymentRef);
      const a = await provider().refund(once);
      const before = fake.requests.length;
      const b = await provider().refund(once);
      expect(b).toEqual(a);
      // Replayed by its key, not refused and looked up.
      expect(sentSince(before)).toEqual(['POST /v1/refunds']);
      expect(refundsOf(paymentRef)).toHaveLength(1);
    });

    it('a new key after a full refund answers the refund made, never a second one', async () => {
      const { sessionId, paymentRef } = await paid();
      const first = await provider().refund(refundRequest(sessionId, paymentRef));
      const rejected = fake.rejections.length;
      const before = fake.requests.length;
      const again = await provider().refund(refundRequest(sessionId, paymentRef));
      expect(again).toEqual(first);
      expect(sentSince(before)).toEqual(['POST /v1/refunds', 'GET /v1/refunds']);
      expect(fake.rejections.slice(rejected)).toEqual([
        `Charge for PaymentIntent ${paymentRef} has already been refunded.`,
      ]);
      expect(fake.requests.at(-1)!.params).toEqual({ payment_intent: paymentRef, limit: '10' });
      expect(refundsOf(paymentRef)).toHaveLength(1);
    });

    it('is refused by the fake, as by Stripe, for a payment not made or more than was paid', async () => {
      const { sessionId } = await provider().createCheckout(request());
      await expect(provider().refund(refundRequest(sessionId, null))).rejects.toThrow(/no payment to refund/);
      const voucher = fake.complete(sessionId, 'unpaid').payment_intent!;
      await expect(provider().refund(refundRequest(sessionId, voucher))).rejects.toBeInstanceOf(
        Stripe.errors.StripeInvalidRequestError,
      );
      const { paymentRef } = await paid();
      await expect(
        provider().refund({ ...refundRequest(sessionId, paymentRef), amountMxn: 45_001 }),
      ).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(refundsOf(voucher)).toEqual([]);
      expect(refundsOf(paymentRef)).toEqual([]);
    });

    it('throws when Stripe is down, so that the caller tries again later', async () => {
      const { sessionId, paymentRef } = await paid();
      fake.failNext(1);
      await expect(provider().refund(refundRequest(sessionId, paymentRef))).rejects.toBeInstanceOf(
        Stripe.errors.StripeAPIError,
      );
      expect(refundsOf(paymentRef)).toEqual([]);
    });

    it('after a 500 that Stripe keeps for its key, the retry asks the payment, then refunds under a key of the hour', async () => {
      const { sessionId, paymentRef } = await paid();
      const owed = refundRequest(sessionId, paymentRef);
      const rejected = fake.rejections.length;
      fake.failNext(1, 'kept');
      await expect(provider().refund(owed)).rejects.toBeInstanceOf(Stripe.errors.StripeAPIError);
      expect(refundsOf(paymentRef)).toEqual([]);

      // The sweeper's retry: the same key gets the same 500 back; the payment holds no refund of
      // this booking, so it is made under the hour's key, once.
      const before = fake.requests.length;
      const refund = await provider().refund(owed);
      // (The SDK may send the replayed key once more before it gives up.)
      expect(sentSince(before).slice(-2)).toEqual(['GET /v1/refunds', 'POST /v1/refunds']);
      const hour = Math.floor(NOW.getTime() / 3_600_000);
      expect(fake.requests.at(-1)!.idempotencyKey).toBe(`${owed.idempotencyKey}-retry-${hour}`);
      expect(refundsOf(paymentRef)).toEqual([
        expect.objectContaining({ id: refund.refundId, amount: 45_000 }),
      ]);
      expect(fake.rejections.slice(rejected)).toEqual([]);

      // Every later retry in the hour, on any instance, answers that refund.
      expect(await provider().refund(owed)).toEqual(refund);
      expect(refundsOf(paymentRef)).toHaveLength(1);
    });

    it('after a kept 500, a refund of the booking that Stripe holds is the answer, never a second one', async () => {
      const { sessionId, paymentRef } = await paid();
      // The booking's refund exists (made by an earlier try whose answer was lost) …
      const made = await provider().refund(refundRequest(sessionId, paymentRef));
      // … and another key's request failed inside Stripe.
      const owed = refundRequest(sessionId, paymentRef);
      fake.failNext(1, 'kept');
      await expect(provider().refund(owed)).rejects.toBeInstanceOf(Stripe.errors.StripeAPIError);
      const before = fake.requests.length;
      expect(await provider().refund(owed)).toEqual(made);
      expect(sentSince(before).at(-1)).toBe('GET /v1/refunds');
      expect(fake.requests.slice(before).map((r) => r.idempotencyKey)).not.toContain(
        expect.stringContaining('-retry-'),
      );
      expect(refundsOf(paymentRef)).toHaveLength(1);
    });
  });
});

describe('stripe webhooks', () => {
  const SECRET = 'whsec_events';
  const at = Math.floor(NOW.getTime() / 1000);
  const provider = createStripeProvider({ secretKey: 'sk_test_p', webhookSecret: SECRET, oxxo: false });
  const parse = (type: string, object: Record<string, unknown>) => {
    const event = signedStripeEvent({ type, object, secret: SECRET, id: 'evt_test_1', timestamp: at });
    return provider.parseWebhook(event.payload, event.header, NOW);
  };
  const session = {
    id: 'cs_test_paid',
    object: 'checkout.session',
    status: 'complete',
    payment_status: 'paid',
    client_reference_id: '6f1b2a4e-1111-4222-8333-944455556666',
    metadata: { appointment_id: '6f1b2a4e-1111-4222-8333-944455556666' },
    payment_intent: 'pi_test_paid',
  };
  const charge = {
    id: 'ch_test_1',
    object: 'charge',
    amount: 45_000,
    amount_refunded: 45_000,
    currency: 'mxn',
    refunded: true,
    payment_intent: 'pi_test_paid',
    metadata: { appointment_id: '6f1b2a4e-1111-4222-8333-944455556666' },
  };

  it('a paid event carries its PaymentIntent as paymentRef, by id or expanded', () => {
    const paid = {
      id: 'evt_test_1',
      kind: 'paid',
      sessionId: 'cs_test_paid',
      appointmentId: '6f1b2a4e-1111-4222-8333-944455556666',
      paymentRef: 'pi_test_paid',
      // The payment's own time: when Stripe made the event, not when it arrived.
      paidAt: new Date(at * 1000),
    };
    expect(parse('checkout.session.completed', session)).toEqual(paid);
    expect(
      parse('checkout.session.async_payment_succeeded', {
        ...session,
        payment_intent: { id: 'pi_test_paid', object: 'payment_intent' },
      }),
    ).toEqual(paid);
    expect(parse('checkout.session.completed', { ...session, payment_intent: null })).toEqual({
      ...paid,
      paymentRef: null,
    });
  });

  it('charge.refunded is the refunded event of its payment; a charge without one is not ours', () => {
    expect(parse('charge.refunded', charge)).toEqual({
      id: 'evt_test_1',
      kind: 'refunded',
      paymentRef: 'pi_test_paid',
      appointmentId: '6f1b2a4e-1111-4222-8333-944455556666',
      amountRefunded: 45_000,
    });
    expect(parse('charge.refunded', { ...charge, amount_refunded: 10_000, metadata: {} })).toMatchObject({
      kind: 'refunded',
      appointmentId: null,
      amountRefunded: 10_000,
    });
    expect(parse('charge.refunded', { ...charge, payment_intent: null })).toEqual({
      id: 'evt_test_1',
      kind: 'ignored',
      type: 'charge.refunded',
    });
  });

  it('refund events name one refund and its status, as the ledger keeps them (decision 056)', () => {
    const refund = {
      id: 're_test_1',
      object: 'refund',
      amount: 45_000,
      currency: 'mxn',
      payment_intent: 'pi_test_paid',
      status: 'failed',
      failure_reason: 'expired_or_canceled_card',
      metadata: { appointment_id: '6f1b2a4e-1111-4222-8333-944455556666' },
    };
    expect(parse('refund.failed', refund)).toEqual({
      id: 'evt_test_1',
      kind: 'refund',
      refund: {
        refundId: 're_test_1',
        amountMxn: 45_000,
        status: 'failed',
        failureReason: 'expired_or_canceled_card',
      },
      paymentRef: 'pi_test_paid',
      appointmentId: '6f1b2a4e-1111-4222-8333-944455556666',
    });
    expect(parse('refund.failed', { ...refund, metadata: {}, failure_reason: null })).toMatchObject({
      appointmentId: null,
      refund: { failureReason: null },
    });
    for (const type of ['refund.created', 'refund.updated', 'charge.refund.updated'])
      expect(parse(type, { ...refund, status: 'requires_action', failure_reason: null })).toMatchObject({
        kind: 'refund',
        refund: { status: 'pending' },
      });
    expect(parse('refund.updated', { ...refund, status: 'succeeded' })).toMatchObject({
      refund: { status: 'succeeded' },
    });
  });

  it('an OXXO voucher left unpaid (async_payment_failed) is a failed payment of its checkout', () => {
    expect(parse('checkout.session.async_payment_failed', { ...session, payment_status: 'unpaid' })).toEqual({
      id: 'evt_test_1',
      kind: 'payment_failed',
      sessionId: 'cs_test_paid',
      appointmentId: '6f1b2a4e-1111-4222-8333-944455556666',
    });
  });
});
