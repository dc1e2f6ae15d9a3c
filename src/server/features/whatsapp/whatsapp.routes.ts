import { Hono } from 'hono';
import {
  notifySchema,
  simulateMessageSchema,
  whatsappMessagesQuerySchema,
} from '../../../shared/whatsapp.schemas.ts';
import type { AppEnv } from '../../app-env.ts';
import { requireAdmin } from '../../auth/guards.ts';
import { requireSameOrigin } from '../../auth/same-origin.ts';
import { createWhatsAppTransport } from '../../integrations/whatsapp/create-whatsapp-transport.ts';
import { validate } from '../../lib/validate.ts';
import { checkoutDeps } from '../booking-lifecycle/booking-checkout.ts';
import {
  getStatus,
  listMessages,
  listPendingAppointments,
  runSelfTest,
  sendNotification,
  simulateIncoming,
} from './whatsapp-admin.service.ts';
import { streamMessages } from './whatsapp-stream.ts';

/**
 * /api/admin/whatsapp (ARCHITECTURE §6, §12): the WhatsApp testing and status pages. The page needs only
 * a signed-in user (product §6), but the log holds vendors' phone numbers, so the API is admin only.
 */
export const whatsappAdminRoutes = new Hono<AppEnv>()
  .use('*', requireAdmin)
  .get('/messages', validate('query', whatsappMessagesQuerySchema), async (c) =>
    c.json({ items: await listMessages(c.var.deps.db, c.req.valid('query').limit) }),
  )
  .get('/messages/stream', (c) => streamMessages(c))
  .get('/pending-appointments', async (c) =>
    c.json({ items: await listPendingAppointments(c.var.deps.db, c.var.deps.clock.now()) }),
  )
  .post('/simulate', requireSameOrigin, validate('json', simulateMessageSchema), async (c) => {
    const { db, clock, config } = c.var.deps;
    return c.json(
      await simulateIncoming({
        db,
        input: c.req.valid('json'),
        now: clock.now(),
        appUrl: config.appUrl,
        checkout: checkoutDeps(c.var.deps),
      }),
    );
  })
  .post('/notify', requireSameOrigin, validate('json', notifySchema), async (c) => {
    const { db, clock, config } = c.var.deps;
    return c.json(
      await sendNotification({
        db,
        input: c.req.valid('json'),
        adminUserId: c.var.user.id,
        config,
        now: clock.now(),
      }),
    );
  })
  .get('/status', async (c) => {
    const { db, clock, config } = c.var.deps;
    return c.json(await getStatus({ db, config, now: clock.now() }));
  })
  .post('/self-test', requireSameOrigin, async (c) => {
    const { db, clock, config } = c.var.deps;
    return c.json(
      await runSelfTest({ db, config, transport: createWhatsAppTransport(config), now: clock.now() }),
    );
  });
