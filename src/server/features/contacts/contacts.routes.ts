import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { MAX_CONTACTS_PER_CALL, processContactsSchema } from '../../../shared/contacts.ts';
import type { AppEnv } from '../../app-env.ts';
import { requireUser } from '../../auth/guards.ts';
import { requireSameOrigin } from '../../auth/same-origin.ts';
import { AppError } from '../../lib/app-error.ts';
import { consumeRateLimit } from '../../lib/rate-limit.ts';
import { validate } from '../../lib/validate.ts';
import {
  contactHashKey,
  deleteContactsData,
  listRecommendations,
  processContacts,
} from './contacts.service.ts';

const tooLarge = () =>
  new AppError(
    'payload_too_large',
    `Send at most ${MAX_CONTACTS_PER_CALL.toLocaleString('en')} contacts per request.`,
  );

/**
 * Decision 037: uploads and deletes per account, so that uploading one number, reading
 * the answer, deleting and starting again is slow; the new values per day are capped by the
 * service. Per account rather than per address: the caller is always signed in.
 */
export const contactsRateLimits = {
  upload: { max: 20, windowMs: 60 * 60_000 },
  delete: { max: 10, windowMs: 60 * 60_000 },
} as const;

const perAccountLimit = (action: keyof typeof contactsRateLimits) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const { db, clock, config } = c.var.deps;
    if (config.rateLimits && c.var.user) {
      await consumeRateLimit({
        db,
        key: `contacts-${action}:${c.var.user.id}`,
        ...contactsRateLimits[action],
        now: clock.now(),
        message: 'Too many contacts requests. Please wait an hour and try again.',
        details: { limit: `contacts_${action}` },
      });
    }
    await next();
  });

/**
 * /api/me/contacts and /api/me/recommendations (ARCHITECTURE §6). The user is always the
 * session's: a `userId` in the body is never read.
 */
export const contactsRoutes = new Hono<AppEnv>()
  .post(
    '/contacts',
    requireUser,
    requireSameOrigin,
    perAccountLimit('upload'),
    // The body itself is bounded by app.ts (CONTACTS_BODY_LIMIT_BYTES for this route).
    validate('json', processContactsSchema),
    async (c) => {
      const { db, config, clock } = c.var.deps;
      const input = c.req.valid('json');
      // More than 5,000 contacts is a 413 like an oversized body, not a 400: the request is too
      // big, not wrong; the client sends the list in parts.
      if (input.contacts.length > MAX_CONTACTS_PER_CALL) throw tooLarge();
      return c.json(
        await processContacts(db, {
          user: { id: c.var.user.id, email: c.var.user.email },
          input,
          hashKey: contactHashKey(config.authSecret),
          now: clock.now(),
          dailyCap: config.rateLimits,
        }),
      );
    },
  )
  .delete('/contacts', requireUser, requireSameOrigin, perAccountLimit('delete'), async (c) => {
    return c.json(await deleteContactsData(c.var.deps.db, c.var.user.id));
  })
  .get('/recommendations', requireUser, async (c) => {
    return c.json({ items: await listRecommendations(c.var.deps.db, c.var.user.id) });
  });
