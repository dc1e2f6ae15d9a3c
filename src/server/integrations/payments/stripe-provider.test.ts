import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../../test/fake-stripe.ts';
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
});
