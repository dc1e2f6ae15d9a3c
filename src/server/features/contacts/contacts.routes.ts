import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  CONTACTS_BODY_LIMIT_BYTES,
  MAX_CONTACTS_PER_CALL,
  processContactsSchema,
} from '../../../shared/contacts.ts';
import type { AppEnv } from '../../app-env.ts';
import { requireUser } from '../../auth/guards.ts';
import { requireSameOrigin } from '../../auth/same-origin.ts';
import { AppError } from '../../lib/app-error.ts';
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
 * /api/me/contacts and /api/me/recommendations (issue 10, DESIGN §6). The user is always the
 * session's: a `userId` in the body is never read.
 */
export const contactsRoutes = new Hono<AppEnv>()
  .post(
    '/contacts',
    requireUser,
    requireSameOrigin,
    bodyLimit({
      maxSize: CONTACTS_BODY_LIMIT_BYTES,
      onError: () => {
        throw tooLarge();
      },
    }),
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
        }),
      );
    },
  )
  .delete('/contacts', requireUser, requireSameOrigin, async (c) => {
    return c.json(await deleteContactsData(c.var.deps.db, c.var.user.id));
  })
  .get('/recommendations', requireUser, async (c) => {
    return c.json({ items: await listRecommendations(c.var.deps.db, c.var.user.id) });
  });
