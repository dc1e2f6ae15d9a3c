import { and, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppEnv } from '../../app-env.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { messages, outbox, whatsappNonTextAnswers } from '../../db/schema/messaging.ts';
import { fixedClock } from '../../lib/clock.ts';
import { insertVendor } from '../../test/factories.ts';
import { createTestApp, logWhatsAppHandler } from '../../test/test-app.ts';
import { createTestDatabase, type TestDatabase, testEngine } from '../../test/test-db.ts';
import { HOUR, NOW } from '../../test/test-week.ts';
import type { whatsappOutboxHandler } from './whatsapp-outbox.ts';
import { replies } from './whatsapp-texts.ts';
import { signPayload } from './whatsapp-webhook.service.ts';

// Messages without words from a vendor's phone, shaped as Meta's webhook reference shows them: a
// reaction is never answered; a sticker, an image or a location gets one short answer a day at most,
// never the whole help text, however many instances handle them.

const APP_SECRET = 'meta-app-secret-for-tests';
const VENDOR_WA_ID = '5215511223344'; // the 521 form Meta uses for Mexican mobiles
const VENDOR_PHONE = '+525511223344';

let n = 0;
/** One message of a delivery, `type` and its object as in Meta's messages webhook reference. */
function message(from: string, type: string, object: Record<string, unknown>, at: Date) {
  n++;
  return {
    from,
    id: `wamid.HBgNNTIxNTUxMTIyMzM0NBUCABIYFjNFQjA${n}`,
    timestamp: String(Math.floor(at.getTime() / 1000)),
    type,
    [type]: object,
  };
}

const reaction = (from: string, at: Date) =>
  message(
    from,
    'reaction',
    { message_id: 'wamid.HBgNNTIxNTUxMTIyMzM0NBUCABEYEjBBQUFBQUFBQUFBQUFBQUFBAA==', emoji: '👍' },
    at,
  );
const reactionRemoved = (from: string, at: Date) =>
  message(
    from,
    'reaction',
    { message_id: 'wamid.HBgNNTIxNTUxMTIyMzM0NBUCABEYEjBBQUFBQUFBQUFBQUFBQUFBAA==' },
    at,
  );
const sticker = (from: string, at: Date) =>
  message(
    from,
    'sticker',
    { mime_type: 'image/webp', sha256: 'c2hhMjU2LW9mLXN0aWNrZXI=', id: '1003383421387256', animated: false },
    at,
  );
const image = (from: string, at: Date) =>
  message(
    from,
    'image',
    { mime_type: 'image/jpeg', sha256: 'c2hhMjU2LW9mLWltYWdl', id: '1003383421387257' },
    at,
  );
const location = (from: string, at: Date) =>
  message(
    from,
    'location',
    {
      address: 'Av. Insurgentes Sur 1605, Ciudad de México',
      latitude: 19.3637,
      longitude: -99.1836,
      name: 'Oficina',
      url: 'https://example.test',
    },
    at,
  );
const text = (from: string, body: string, at: Date) => message(from, 'text', { body }, at);

function delivery(msgs: Record<string, unknown>[]) {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '525500000000', phone_number_id: '109876543210' },
              contacts: [{ profile: { name: 'Proveedor' }, wa_id: VENDOR_WA_ID }],
              messages: msgs,
            },
            field: 'messages',
          },
        ],
      },
    ],
  });
}

describe(`WhatsApp messages without words (${testEngine})`, () => {
  let database: TestDatabase;
  let app: Hono<AppEnv>;
  let handler: ReturnType<typeof whatsappOutboxHandler>;
  let handlerOf: (db: Database) => ReturnType<typeof whatsappOutboxHandler>;
  const clock = fixedClock(NOW);

  beforeAll(async () => {
    database = await createTestDatabase();
    const made = createTestApp(database, {
      clock,
      env: { APP_URL: 'http://barrio.test', WHATSAPP_APP_SECRET: APP_SECRET },
    });
    app = made.app;
    handlerOf = (db) => logWhatsAppHandler(made, db.db, clock);
    handler = handlerOf(database);
    await insertVendor(database.db, { businessPhone: VENDOR_PHONE, languages: ['Spanish'] });
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    clock.set(NOW);
    await database.db.delete(outbox);
    await database.db.delete(messages);
    await database.db.delete(whatsappNonTextAnswers);
  });

  async function post(msgs: Record<string, unknown>[]) {
    const raw = delivery(msgs);
    const res = await app.request('/api/webhooks/whatsapp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signPayload(raw, APP_SECRET) },
      body: raw,
    });
    expect(res.status).toBe(200);
  }

  const pendingInbound = async () =>
    (
      await database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.status, 'pending'), eq(outbox.kind, 'whatsapp')))
    ).filter((o) => o.payload.type === 'inbound');

  /** Runs the inbound items as the dispatcher would; `handlers` take turns, all at once. */
  async function drain(handlers = [handler]) {
    const items = await pendingInbound();
    await Promise.all(
      items.map(async (item, i) => {
        await handlers[i % handlers.length]!(item.payload, {
          id: item.id,
          kind: item.kind,
          payload: item.payload,
          attempts: 1,
        });
        await database.db.update(outbox).set({ status: 'sent' }).where(eq(outbox.id, item.id));
      }),
    );
  }

  /** The answers queued to the vendor's phone. */
  const answers = async () =>
    (await database.db.select().from(outbox))
      .filter((o) => o.payload.type === 'reply' && o.payload.to === VENDOR_PHONE)
      .map((o) => String(o.payload.text));

  it('never answers a reaction, given or taken back; it is kept in the log', async () => {
    await post([reaction(VENDOR_WA_ID, clock.now()), reactionRemoved(VENDOR_WA_ID, clock.now())]);
    await drain();
    expect(await answers()).toEqual([]);
    const stored = await database.db.select().from(messages).where(eq(messages.direction, 'in'));
    expect(stored.map((m) => m.body).sort()).toEqual(['[reaction 👍]', '[reaction]']);
  });

  it('answers a sticker, an image and a location once a day with a short line, never the help text', async () => {
    await post([sticker(VENDOR_WA_ID, clock.now())]);
    await drain();
    expect(await answers()).toEqual([replies.nonText('es-MX')]);
    expect(replies.nonText('es-MX').length).toBeLessThan(replies.help('es-MX').length / 3);

    clock.advance(HOUR);
    await post([image(VENDOR_WA_ID, clock.now()), location(VENDOR_WA_ID, clock.now())]);
    await drain();
    clock.advance(22 * HOUR); // 23 hours after the answer
    await post([sticker(VENDOR_WA_ID, clock.now())]);
    await drain();
    expect(await answers()).toHaveLength(1);

    // Words are still read as commands, the same day.
    await post([text(VENDOR_WA_ID, 'AYUDA', clock.now())]);
    await drain();
    expect(await answers()).toEqual([replies.nonText('es-MX'), replies.help('es-MX')]);

    // A day after the last answer, the next one is answered again.
    clock.advance(HOUR);
    await post([location(VENDOR_WA_ID, clock.now())]);
    await drain();
    expect((await answers()).filter((a) => a === replies.nonText('es-MX'))).toHaveLength(2);
  });

  it('answers once however many stickers arrive at once, on two instances', async () => {
    // On PostgreSQL a second pool is a second instance; PGlite is one connection in one process.
    const other = database.url ? await openDatabase({ databaseUrl: database.url }) : database;
    try {
      await post(Array.from({ length: 8 }, (_, i) => (i % 2 ? sticker : image)(VENDOR_WA_ID, clock.now())));
      expect(await pendingInbound()).toHaveLength(8);
      await drain([handler, handlerOf(other)]);
      expect(await answers()).toEqual([replies.nonText('es-MX')]);
    } finally {
      if (other !== database) await other.close();
    }
  });
});
