import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import {
  paymentAppointmentParamSchema,
  paymentAppointmentQuerySchema,
  paymentSessionParamSchema,
} from '../../../shared/payment.schemas.ts';
import { payoutMessages } from '../../../shared/payout.schemas.ts';
import type { AppEnv } from '../../app-env.ts';
import { requireSameOrigin } from '../../auth/same-origin.ts';
import { WebhookSignatureError } from '../../integrations/payments/payment-provider.ts';
import { AppError } from '../../lib/app-error.ts';
import { clientAddress } from '../../lib/client-address.ts';
import { consumeRateLimit } from '../../lib/rate-limit.ts';
import { validate } from '../../lib/validate.ts';
import { checkoutDeps, manageLinkFor } from '../booking-lifecycle/booking-checkout.ts';
import { applyPaymentEvent } from '../booking-lifecycle/pay-booking.ts';
import { applyAccountEvent, applyTransferReversal } from '../payouts/stripe-payouts.ts';
import {
  getAppointmentCheckout,
  getPaymentSession,
  getSandboxCheckout,
  sandboxCheckoutAction,
} from './payments.service.ts';

/** ARCHITECTURE §10: lookups by an unguessable id are still rate-limited per client address. */
const lookupLimit = createMiddleware<AppEnv>(async (c, next) => {
  const { db, clock, config } = c.var.deps;
  if (config.rateLimits) {
    await consumeRateLimit({
      db,
      key: `payments.lookup:${clientAddress(c)}`,
      max: 60,
      windowMs: 60_000,
      now: clock.now(),
    });
  }
  await next();
});

/** /api/payments (ARCHITECTURE §6): what the Spanish payment pages show. */
export const paymentsRoutes = new Hono<AppEnv>()
  .get('/session/:sessionId', lookupLimit, validate('param', paymentSessionParamSchema), async (c) => {
    const { db, clock } = c.var.deps;
    return c.json(
      await getPaymentSession({ db, sessionId: c.req.valid('param').sessionId, now: clock.now() }),
    );
  })
  .get(
    '/appointment/:id',
    lookupLimit,
    validate('param', paymentAppointmentParamSchema),
    validate('query', paymentAppointmentQuerySchema),
    async (c) => {
      const { db, clock, config } = c.var.deps;
      const user = c.var.user;
      c.header('Cache-Control', 'no-store');
      return c.json(
        await getAppointmentCheckout({
          db,
          appointmentId: c.req.valid('param').id,
          now: clock.now(),
          token: c.req.valid('query').token || undefined,
          user: user ? { id: user.id, email: user.email, emailVerified: user.emailVerified } : null,
          secret: config.authSecret,
        }),
      );
    },
  );

/** Stripe sends small events; anything far larger is not one (enforced by app.ts's body limit). */
export const STRIPE_WEBHOOK_BODY_LIMIT_BYTES = 512 * 1024;

/**
 * POST /api/webhooks/stripe (ARCHITECTURE §7, §10): no Origin check — the signature, verified by the SDK
 * on the raw body before anything parses it, is the only credential. 400 when it does not verify;
 * 5xx (Stripe retries) when the database fails; 200 once the event is recorded.
 */
export const stripeWebhookRoutes = new Hono<AppEnv>().post('/', async (c) => {
  const { db, clock, logger, payments } = c.var.deps;
  if (payments.kind !== 'stripe') throw new AppError('not_found', 'Stripe payments are not configured.');
  const raw = await c.req.text();
  const now = clock.now();
  let event: ReturnType<typeof payments.parseWebhook>;
  try {
    event = payments.parseWebhook(raw, c.req.header('stripe-signature'), now);
  } catch (err) {
    if (err instanceof WebhookSignatureError) {
      logger.warn({ reqId: c.var.requestId, reason: err.message }, 'stripe webhook refused');
      throw new AppError('bad_request', 'Invalid Stripe signature.');
    }
    throw err;
  }
  if (event.kind === 'account' || event.kind === 'transfer_reversed') {
    // A vendor's connected account or a payout's transfer (decision 065): not a booking's payment.
    if (!payments.connect) throw new AppError('not_found', payoutMessages.stripeNotConfigured);
    const deps = { db, connect: payments.connect, now };
    const outcome =
      event.kind === 'account'
        ? await applyAccountEvent({ ...deps, event })
        : await applyTransferReversal({ ...deps, event });
    logger.info({ eventId: event.id, kind: event.kind, outcome }, 'stripe webhook');
    return c.json({ received: true, outcome });
  }
  const outcome = await applyPaymentEvent({
    db,
    provider: 'stripe',
    event,
    now,
    logger,
    manageLink: manageLinkFor(c.var.deps),
    commissionBps: c.var.deps.config.payouts.feeBps,
    refunds: checkoutDeps(c.var.deps),
    checkout: checkoutDeps(c.var.deps),
  });
  logger.info({ eventId: event.id, kind: event.kind, outcome }, 'stripe webhook');
  return c.json({ received: true, outcome });
});

/**
 * The sandbox checkout's API (ARCHITECTURE §13): mounted only while the sandbox provider is in use and
 * never in production (app.ts). Pay goes through applyPaymentEvent, like a Stripe webhook.
 */
export const sandboxCheckoutRoutes = new Hono<AppEnv>()
  .get('/:sessionId', validate('param', paymentSessionParamSchema), async (c) => {
    const { db, clock } = c.var.deps;
    return c.json(
      await getSandboxCheckout({ db, sessionId: c.req.valid('param').sessionId, now: clock.now() }),
    );
  })
  .post('/:sessionId/pay', requireSameOrigin, validate('param', paymentSessionParamSchema), async (c) => {
    const { db, clock, logger } = c.var.deps;
    const { redirect_url } = await sandboxCheckoutAction({
      db,
      sessionId: c.req.valid('param').sessionId,
      action: 'pay',
      now: clock.now(),
      logger,
      manageLink: manageLinkFor(c.var.deps),
      commissionBps: c.var.deps.config.payouts.feeBps,
      refunds: checkoutDeps(c.var.deps),
    });
    return c.json({ redirect_url });
  })
  .post('/:sessionId/cancel', requireSameOrigin, validate('param', paymentSessionParamSchema), async (c) => {
    const { db, clock, logger } = c.var.deps;
    const { redirect_url } = await sandboxCheckoutAction({
      db,
      sessionId: c.req.valid('param').sessionId,
      action: 'cancel',
      now: clock.now(),
      logger,
      manageLink: manageLinkFor(c.var.deps),
      commissionBps: c.var.deps.config.payouts.feeBps,
    });
    return c.json({ redirect_url });
  });
