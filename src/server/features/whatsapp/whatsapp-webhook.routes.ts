import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import { AppError } from '../../lib/app-error.ts';
import { hasValidSignature, receiveDelivery, verifySubscription } from './whatsapp-webhook.service.ts';

/** Meta's deliveries are small; anything bigger is not one (enforced by app.ts's body limit). */
export const WHATSAPP_WEBHOOK_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * /api/webhooks/whatsapp (ARCHITECTURE §6, §9): Meta calls it, so it takes no session and no Origin
 * check (ARCHITECTURE §10: webhooks rely on their signatures). GET is the verification handshake; POST a
 * delivery, signed over its raw bytes — so the body is read raw, never re-serialised.
 */
export const whatsappWebhookRoutes = new Hono<AppEnv>()
  .get('/', (c) => {
    const challenge = verifySubscription(
      {
        mode: c.req.query('hub.mode'),
        token: c.req.query('hub.verify_token'),
        challenge: c.req.query('hub.challenge'),
      },
      c.var.deps.config.whatsapp.verifyToken,
    );
    if (challenge === undefined) throw new AppError('forbidden', 'Webhook verification failed.');
    return c.text(challenge, 200);
  })
  .post('/', async (c) => {
    const rawBody = new Uint8Array(await c.req.arrayBuffer());
    const { appSecret } = c.var.deps.config.whatsapp;
    if (!hasValidSignature(rawBody, c.req.header('x-hub-signature-256'), appSecret))
      throw new AppError('unauthorized', 'Invalid webhook signature.');
    // Stored in one transaction; the commands run after the commit, through the outbox.
    const received = await receiveDelivery({ db: c.var.deps.db, rawBody, now: c.var.deps.clock.now() });
    return c.json({ ok: true, ...received }, 200);
  });
