import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { messages, outbox } from '../../db/schema/messaging.ts';
import { createCloudTransport } from '../../integrations/whatsapp/cloud-transport.ts';
import { createLogTransport } from '../../integrations/whatsapp/log-transport.ts';
import { createOutboxDispatcher } from '../../jobs/outbox.ts';
import { fixedClock } from '../../lib/clock.ts';
import { createLogger } from '../../lib/logger.ts';
import { type FakeGraphApi, startFakeGraphApi } from '../../test/fake-graph-api.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestDatabase, testEngine } from '../../test/test-db.ts';
import { HOUR, NOW } from '../../test/test-week.ts';
import { checkoutDeps } from '../booking-lifecycle/booking-checkout.ts';
import { storeInbound } from './whatsapp-inbound.service.ts';
import { deliverWhatsApp, enqueueWhatsApp } from './whatsapp-outbound.service.ts';
import { whatsappOutboxHandler } from './whatsapp-outbox.ts';

// ARCHITECTURE §9: the cloud transport against a local fake Graph API — the request Meta receives, the
// bearer token, text inside the 24-hour window and a template outside it, 131047 → failed, and
// the outbox's retries delivering each message exactly once.

const TOKEN = 'EAAG-test-token';
const PHONE_NUMBER_ID = '109876543210';
const VENDOR_PHONE = '+525511112222';

describe(`WhatsApp outbound through the cloud transport (${testEngine})`, () => {
  let database: Database;
  let graph: FakeGraphApi;
  const clock = fixedClock(NOW);

  beforeAll(async () => {
    database = await createTestDatabase();
    graph = await startFakeGraphApi({ token: TOKEN, phoneNumberId: PHONE_NUMBER_ID });
  });
  afterAll(async () => {
    await graph.close();
    await database.close();
  });
  beforeEach(async () => {
    graph.behave({ kind: 'ok' });
    graph.requests.length = 0;
    graph.sent.length = 0;
    clock.set(NOW);
    await database.db.delete(outbox);
    await database.db.delete(messages);
  });

  const transport = () =>
    createCloudTransport({ token: TOKEN, phoneNumberId: PHONE_NUMBER_ID, apiBase: graph.baseUrl });
  const confirmation = {
    type: 'send-vendor-confirmation' as const,
    phone: VENDOR_PHONE,
    businessName: 'Limpiezas Roma',
    serviceCategory: 'Limpieza',
  };

  it('sends a template outside the 24-hour window, with the bearer token and Meta’s request shape', async () => {
    const row = await deliverWhatsApp({
      db: database.db,
      transport: transport(),
      now: clock.now(),
      payload: confirmation,
    });
    expect(graph.requests).toHaveLength(1);
    const [request] = graph.requests;
    expect(request).toMatchObject({
      method: 'POST',
      path: `/v21.0/${PHONE_NUMBER_ID}/messages`,
      authorization: `Bearer ${TOKEN}`,
      contentType: 'application/json',
    });
    expect(request!.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '525511112222',
      type: 'template',
      template: {
        name: 'barrio_vendor_welcome',
        language: { code: 'es_MX' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Limpiezas Roma' },
              { type: 'text', text: 'Limpieza' },
            ],
          },
        ],
      },
    });
    expect(row).toMatchObject({
      status: 'sent',
      externalId: graph.sent[0]!.wamid,
      direction: 'out',
      phone: VENDOR_PHONE,
    });
    expect(row.body).toContain('Limpiezas Roma');
  });

  it('sends free-form text inside the window (the vendor wrote less than 24 h ago, in either Mexican form)', async () => {
    await storeInbound(database.db, [
      {
        externalId: 'wamid.in-1',
        phone: VENDOR_PHONE,
        body: 'HOLA',
        receivedAt: new Date(clock.now().getTime() - 23 * HOUR),
      },
    ]);
    const row = await deliverWhatsApp({
      db: database.db,
      transport: transport(),
      now: clock.now(),
      payload: { ...confirmation, phone: '+5215511112222' },
    });
    expect(graph.requests[0]!.body).toMatchObject({
      type: 'text',
      to: '525511112222',
      text: { body: row.body },
    });
    expect(row.status).toBe('sent');

    // 25 hours later the window has closed: the template again.
    clock.advance(2 * HOUR);
    await deliverWhatsApp({
      db: database.db,
      transport: transport(),
      now: clock.now(),
      payload: confirmation,
    });
    expect(graph.requests[1]!.body).toMatchObject({ type: 'template' });
  });

  it('a simulated message from the testing page opens no window (Meta never saw it)', async () => {
    await storeInbound(database.db, [
      { externalId: null, phone: VENDOR_PHONE, body: 'HELP', receivedAt: clock.now() },
    ]);
    await deliverWhatsApp({
      db: database.db,
      transport: transport(),
      now: clock.now(),
      payload: confirmation,
    });
    expect(graph.requests[0]!.body).toMatchObject({ type: 'template' });
  });

  it('stores Meta’s 131047 (re-engagement required) as a failed message, without retrying', async () => {
    graph.behave({ kind: 'error', status: 400, code: 131047, message: 'Re-engagement message' });
    const row = await deliverWhatsApp({
      db: database.db,
      transport: transport(),
      now: clock.now(),
      payload: confirmation,
    });
    expect(row.status).toBe('failed');
    expect(row.error).toContain('131047');
    expect(row.externalId).toBeNull();
  });

  it('throws on a transient error (rate limit) so that the outbox retries, storing nothing', async () => {
    graph.behave({ kind: 'error', status: 429, code: 130429, message: 'Rate limit hit' });
    await expect(
      deliverWhatsApp({ db: database.db, transport: transport(), now: clock.now(), payload: confirmation }),
    ).rejects.toThrow(/130429/);
    expect(await database.db.select().from(messages)).toEqual([]);
  });

  it('the log transport stores the text with status logged and sends nothing', async () => {
    const row = await deliverWhatsApp({
      db: database.db,
      transport: createLogTransport(),
      now: clock.now(),
      payload: confirmation,
    });
    expect(row).toMatchObject({ status: 'logged', externalId: null, phone: VENDOR_PHONE });
    expect(graph.requests).toHaveLength(0);
  });

  it('outbox: the fake Graph API is down, the item is retried, and after recovery it is sent exactly once', async () => {
    // enqueue() stamps next_attempt_at with the database's now(): the dispatcher's clock must not be
    // behind the real time, or the item is never due.
    clock.set(new Date(Date.now() + 1000));
    const { payments, config } = createTestApp(database, { clock });
    const dispatcher = createOutboxDispatcher({
      db: database.db,
      clock,
      logger: createLogger('silent'),
      baseBackoffMs: 1000,
      handlers: {
        whatsapp: whatsappOutboxHandler({
          db: database.db,
          transport: transport(),
          clock,
          appUrl: config.appUrl,
          checkout: checkoutDeps({ payments, config, logger: createLogger('silent') }),
        }),
      },
    });
    await enqueueWhatsApp(database.db, confirmation);

    graph.behave({ kind: 'down' });
    expect(await dispatcher.runOnce()).toMatchObject({ claimed: 1, retried: 1, sent: 0 });
    clock.advance(1000);
    expect(await dispatcher.runOnce()).toMatchObject({ claimed: 1, retried: 1 });
    expect(await database.db.select().from(messages)).toEqual([]);

    graph.behave({ kind: 'ok' });
    expect(await dispatcher.runOnce()).toMatchObject({ claimed: 0 }); // backing off: 2 s after attempt 2
    clock.advance(2000);
    expect(await dispatcher.runOnce()).toMatchObject({ claimed: 1, sent: 1 });
    clock.advance(60 * 60_000);
    expect(await dispatcher.runOnce()).toMatchObject({ claimed: 0 });

    expect(graph.requests).toHaveLength(3);
    expect(graph.sent).toHaveLength(1);
    const stored = await database.db.select().from(messages);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ status: 'sent', externalId: graph.sent[0]!.wamid });
    const [item] = await database.db.select().from(outbox);
    expect(item).toMatchObject({ status: 'sent', attempts: 3 });
    expect(await database.db.select().from(outbox).where(eq(outbox.status, 'pending'))).toEqual([]);
  });

  it('checks the credentials against the Graph API', async () => {
    expect(await transport().checkCredentials()).toMatchObject({ outcome: 'passed' });
    const wrong = createCloudTransport({
      token: 'nope',
      phoneNumberId: PHONE_NUMBER_ID,
      apiBase: graph.baseUrl,
    });
    expect(await wrong.checkCredentials()).toMatchObject({
      outcome: 'failed',
      message: expect.stringContaining('190'),
    });
  });
});
