import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Interactive } from '../../../shared/whatsapp.schemas.ts';
import type { Database } from '../../db/client.ts';
import { messages, outbox } from '../../db/schema/messaging.ts';
import { createCloudTransport } from '../../integrations/whatsapp/cloud-transport.ts';
import { createLogTransport } from '../../integrations/whatsapp/log-transport.ts';
import type { OutgoingWhatsApp } from '../../integrations/whatsapp/whatsapp-transport.ts';
import { createOutboxDispatcher } from '../../jobs/outbox.ts';
import { fixedClock } from '../../lib/clock.ts';
import { createLogger } from '../../lib/logger.ts';
import { type FakeGraphApi, startFakeGraphApi } from '../../test/fake-graph-api.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestDatabase, testEngine } from '../../test/test-db.ts';
import { HOUR, NOW } from '../../test/test-week.ts';
import { checkoutDeps } from '../booking-lifecycle/booking-checkout.ts';
import { storeInbound } from './whatsapp-inbound.service.ts';
import { deliverWhatsApp, enqueueWhatsApp, fitInteractiveBody } from './whatsapp-outbound.service.ts';
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

  const insideWindow = () =>
    storeInbound(database.db, [
      {
        externalId: `wamid.in-${clock.now().getTime()}`,
        phone: VENDOR_PHONE,
        body: 'HOLA',
        receivedAt: clock.now(),
      },
    ]);
  const reply = (interactive: Interactive, text = 'Elige una opción') => ({
    type: 'reply' as const,
    to: VENDOR_PHONE,
    text,
    replyTo: 'wamid.in-question',
    interactive,
  });

  it('sends reply buttons inside the window in Meta’s shape, and logs them as sent', async () => {
    await insideWindow();
    const row = await deliverWhatsApp({
      db: database.db,
      transport: transport(),
      now: clock.now(),
      payload: reply({
        kind: 'buttons',
        buttons: [
          { id: 'confirm:XK7P2M', title: 'Confirmar' },
          { id: 'deny:XK7P2M', title: 'Rechazar' },
        ],
      }),
    });
    expect(graph.refused).toEqual([]);
    expect(graph.requests[0]!.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '525511112222',
      context: { message_id: 'wamid.in-question' },
      type: 'interactive',
      interactive: {
        type: 'button',
        body: { text: 'Elige una opción' },
        action: {
          buttons: [
            { type: 'reply', reply: { id: 'confirm:XK7P2M', title: 'Confirmar' } },
            { type: 'reply', reply: { id: 'deny:XK7P2M', title: 'Rechazar' } },
          ],
        },
      },
    });
    expect(row).toMatchObject({
      status: 'sent',
      body: 'Elige una opción',
      interactive: { kind: 'buttons', buttons: [{ id: 'confirm:XK7P2M' }, { id: 'deny:XK7P2M' }] },
    });
  });

  it('sends a list message and a cta_url message in Meta’s shapes', async () => {
    await insideWindow();
    await deliverWhatsApp({
      db: database.db,
      transport: transport(),
      now: clock.now(),
      payload: reply({
        kind: 'list',
        button: 'Ver solicitudes',
        rows: [
          { id: 'confirm:AAAA22', title: 'AAAA22', description: 'vie 27 de nov, 10:00 a.m.' },
          { id: 'confirm:BBBB33', title: 'BBBB33' },
        ],
      }),
    });
    const url = 'https://barrio.test/vendor-confirm?token=secret-token';
    const row = await deliverWhatsApp({
      db: database.db,
      transport: transport(),
      now: clock.now(),
      payload: reply({ kind: 'cta_url', label: 'Ver detalles', url }, 'La solicitud XK7P2M'),
    });
    expect(graph.refused).toEqual([]);
    expect(graph.requests.map((r) => (r.body as { interactive: unknown }).interactive)).toEqual([
      {
        type: 'list',
        body: { text: 'Elige una opción' },
        action: {
          button: 'Ver solicitudes',
          sections: [
            {
              rows: [
                { id: 'confirm:AAAA22', title: 'AAAA22', description: 'vie 27 de nov, 10:00 a.m.' },
                { id: 'confirm:BBBB33', title: 'BBBB33' },
              ],
            },
          ],
        },
      },
      {
        type: 'cta_url',
        body: { text: 'La solicitud XK7P2M' },
        action: { name: 'cta_url', parameters: { display_text: 'Ver detalles', url } },
      },
    ]);
    // The recipient's copy carries the token; the log does not.
    expect(row.interactive).toEqual({
      kind: 'cta_url',
      label: 'Ver detalles',
      url: 'https://barrio.test/vendor-confirm?token=[redacted]',
    });
  });

  const withButtons = {
    type: 'booking_notice' as const,
    to: VENDOR_PHONE,
    appointmentId: '00000000-0000-4000-8000-000000000001',
    text: 'Nueva solicitud XK7P2M',
    template: {
      key: 'booking_request' as const,
      parameters: ['XK7P2M', 'Limpieza profunda', 'mié 25 de nov, 11:30 a.m.', 'Ana López'],
      buttons: [
        { type: 'quick_reply' as const, index: 0, payload: 'confirm:XK7P2M' },
        { type: 'quick_reply' as const, index: 1, payload: 'deny:XK7P2M' },
        { type: 'url' as const, index: 2, suffix: 'vendor-confirm?token=tok' },
      ],
    },
  };

  it('outside the window sends the template with its button components, and logs its quick replies', async () => {
    const row = await deliverWhatsApp({
      db: database.db,
      transport: transport(),
      now: clock.now(),
      payload: withButtons,
    });
    expect(graph.refused).toEqual([]);
    expect(graph.requests[0]!.body).toMatchObject({
      type: 'template',
      template: {
        name: 'barrio_booking_request',
        language: { code: 'es_MX' },
        components: [
          { type: 'body', parameters: expect.arrayContaining([{ type: 'text', text: 'XK7P2M' }]) },
          {
            type: 'button',
            sub_type: 'quick_reply',
            index: '0',
            parameters: [{ type: 'payload', payload: 'confirm:XK7P2M' }],
          },
          {
            type: 'button',
            sub_type: 'quick_reply',
            index: '1',
            parameters: [{ type: 'payload', payload: 'deny:XK7P2M' }],
          },
          {
            type: 'button',
            sub_type: 'url',
            index: '2',
            parameters: [{ type: 'text', text: 'vendor-confirm?token=tok' }],
          },
        ],
      },
    });
    expect(row).toMatchObject({
      status: 'sent',
      interactive: {
        kind: 'buttons',
        buttons: [
          { id: 'confirm:XK7P2M', title: 'Confirmar' },
          { id: 'deny:XK7P2M', title: 'Rechazar' },
        ],
      },
    });
  });

  it('the fake Graph API refuses what Meta refuses: shapes beyond the limits, unknown templates, wrong parameters', async () => {
    const send = (message: OutgoingWhatsApp) => transport().send(message);
    const to = VENDOR_PHONE;
    const four = ['a', 'b', 'c', 'd'].map((id) => ({ id, title: id }));
    expect(
      await send({ type: 'interactive', to, text: 'x', interactive: { kind: 'buttons', buttons: four } }),
    ).toMatchObject({ status: 'failed', error: expect.stringContaining('#100') });
    expect(
      await send({
        type: 'interactive',
        to,
        text: 'x',
        interactive: { kind: 'buttons', buttons: [{ id: 'a', title: 'Un título de más de veinte' }] },
      }),
    ).toMatchObject({ status: 'failed', error: expect.stringContaining('#100') });
    expect(
      await send({
        type: 'interactive',
        to,
        text: 'x',
        interactive: { kind: 'buttons', buttons: [{ id: 'x'.repeat(257), title: 'Largo' }] },
      }),
    ).toMatchObject({ status: 'failed', error: expect.stringContaining('#100') });
    const rows = Array.from({ length: 11 }, (_, i) => ({ id: `r${i}`, title: `Fila ${i}` }));
    expect(
      await send({ type: 'interactive', to, text: 'x', interactive: { kind: 'list', button: 'Ver', rows } }),
    ).toMatchObject({ status: 'failed', error: expect.stringContaining('#100') });
    expect(
      await send({
        type: 'interactive',
        to,
        text: 'x',
        interactive: { kind: 'cta_url', label: 'Ver', url: 'not a url' },
      }),
    ).toMatchObject({ status: 'failed', error: expect.stringContaining('#100') });
    expect(
      await send({
        type: 'template',
        to,
        template: { name: 'barrio_nope', language: 'es_MX', parameters: [] },
      }),
    ).toMatchObject({ status: 'failed', error: expect.stringContaining('#132001') });
    expect(
      await send({
        type: 'template',
        to,
        template: { name: 'barrio_vendor_welcome', language: 'es_MX', parameters: ['solo uno'] },
      }),
    ).toMatchObject({ status: 'failed', error: expect.stringContaining('#132000') });
    // The request's "Ver detalles" URL button cannot go without its suffix, nor a quick reply where a URL is.
    const request = withButtons.template;
    expect(
      await send({
        type: 'template',
        to,
        template: {
          name: 'barrio_booking_request',
          language: 'es_MX',
          parameters: request.parameters,
          buttons: request.buttons.slice(0, 2),
        },
      }),
    ).toMatchObject({ status: 'failed', error: expect.stringContaining('#132000') });
    expect(
      await send({
        type: 'template',
        to,
        template: {
          name: 'barrio_booking_request',
          language: 'es_MX',
          parameters: request.parameters,
          buttons: [...request.buttons, { type: 'quick_reply', index: 3, payload: 'x' }],
        },
      }),
    ).toMatchObject({ status: 'failed', error: expect.stringContaining('#132000') });
    expect(graph.refused).toHaveLength(9);
    expect(graph.sent).toEqual([]);
  });

  it('an interactive body over 1024 characters loses the excess from its longest line, its links kept', () => {
    const text = [
      'Nueva solicitud XK7P2M',
      `Notas: ${'a'.repeat(1100)}`,
      'Ver detalles: https://barrio.test/x',
      'Responde pronto.',
    ].join('\n');
    const fitted = fitInteractiveBody(text);
    expect(fitted.length).toBeLessThanOrEqual(1024);
    expect(fitted).toContain('Ver detalles: https://barrio.test/x\nResponde pronto.');
    expect(fitted).toMatch(/Notas: a+…\n/);
    expect(fitInteractiveBody('corto')).toBe('corto');
    // No line long enough to give way: the end is cut.
    const even = Array.from({ length: 100 }, () => 'b'.repeat(19)).join('\n');
    expect(fitInteractiveBody(even)).toHaveLength(1024);
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
      reason: 'credentials_refused',
      params: { status: expect.stringContaining('190') },
      message: expect.stringContaining('190'),
    });
  });
});
