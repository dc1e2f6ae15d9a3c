import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../app-env.ts';
import { validate } from '../../lib/validate.ts';
import { listDevMail } from './dev-mailbox.service.ts';

const mailboxQuerySchema = z.object({ to: z.string().trim().min(1).max(320).optional() });

/**
 * GET /api/dev/mailbox[?to=address]: the mails as a JSON array, newest first; `to` keeps one
 * address's. Mounted only while the dev mailbox is the mail transport (app.ts).
 */
export const devMailboxRoutes = new Hono<AppEnv>().get(
  '/mailbox',
  validate('query', mailboxQuerySchema),
  async (c) => c.json(await listDevMail(c.var.deps.db, { to: c.req.valid('query').to })),
);
