import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import { listDevMail } from './dev-mailbox.service.ts';

/** GET /api/dev/mailbox: the mails as a JSON array, newest first. Mounted only while the dev mailbox is the mail transport (app.ts). */
export const devMailboxRoutes = new Hono<AppEnv>().get('/mailbox', async (c) => {
  return c.json(await listDevMail(c.var.deps.db));
});
