import { and, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppEnv } from '../../app-env.ts';
import type { Database } from '../../db/client.ts';
import { appointments } from '../../db/schema/bookings.ts';
import { messages, outbox } from '../../db/schema/messaging.ts';
import { fixedClock } from '../../lib/clock.ts';
import { appointmentValues, insertCustomer, insertService, insertVendor } from '../../test/factories.ts';
import { createTestApp, logWhatsAppHandler } from '../../test/test-app.ts';
import { createTestDatabase, testEngine } from '../../test/test-db.ts';
import { NOW } from '../../test/test-week.ts';
import type { whatsappOutboxHandler } from './whatsapp-outbox.ts';
import { signPayload } from './whatsapp-webhook.service.ts';

// ARCHITECTURE §9 webhook with Meta-shaped payloads: the handshake, the signature over the raw bytes,
// each message stored once, statuses never moving backwards, the command run after the commit.

const APP_SECRET = 'meta-app-secret-for-tests';
const VERIFY_TOKEN = 'barrio-verify-token';
const NOW_SECONDS = String(Date.parse(NOW) / 1000);

interface MetaMessage {
  from: string;
  id: string;
  text: string;
  contextId?: string;
}

function delivery(entries: MetaMessage[][], statuses: { id: string; status: string }[] = []) {
  return {
    object: 'whatsapp_business_account',
    entry: entries.map((msgs, i) => ({
      id: `WABA-${i}`,
      changes: [
        {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '525500000000', phone_number_id: '109876543210' },
            contacts: msgs.map((m) => ({ profile: { name: 'Proveedor' }, wa_id: m.from })),
            messages: msgs.map((m) => ({
              from: m.from,
              id: m.id,
              timestamp: NOW_SECONDS,
              type: 'text',
              text: { body: m.text },
              ...(m.contextId ? { context: { from: '525500000000', id: m.contextId } } : {}),
            })),
            ...(statuses.length
              ? {
                  statuses: statuses.map((s) => ({
                    id: s.id,
                    status: s.status,
                    timestamp: NOW_SECONDS,
                    recipient_id: '525511112222',
                  })),
                }
              : {}),
          },
        },
      ],
    })),
  };
}

describe(`WhatsApp webhook (${testEngine})`, () => {
  let database: Database;
  let app: Hono<AppEnv>;
  let handler: ReturnType<typeof whatsappOutboxHandler>;
  const clock = fixedClock(NOW);

  beforeAll(async () => {
    database = await createTestDatabase();
    const made = createTestApp(database, {
      clock,
      env: {
        APP_URL: 'http://barrio.test',
        WHATSAPP_APP_SECRET: APP_SECRET,
        WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN,
      },
    });
    app = made.app;
    handler = logWhatsAppHandler(made, database.db, clock);
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.db.delete(outbox);
    await database.db.delete(messages);
  });

  const post = (raw: string, signature = signPayload(raw, APP_SECRET)) =>
    app.request('/api/webhooks/whatsapp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
      body: raw,
    });

  /** Runs the outbox items the webhook queued, as the dispatcher would after the commit. */
  async function drainOutbox() {
    for (let pass = 0; pass < 3; pass++) {
      const items = await database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.status, 'pending'), eq(outbox.kind, 'whatsapp')));
      if (items.length === 0) return;
      for (const item of items) {
        await handler(item.payload, { id: item.id, kind: item.kind, payload: item.payload, attempts: 1 });
        await database.db.update(outbox).set({ status: 'sent' }).where(eq(outbox.id, item.id));
      }
    }
  }

  it('verification: echoes hub.challenge for the right token, 403 otherwise', async () => {
    const ok = await app.request(
      `/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`,
    );
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('1158201444');
    for (const query of [
      `hub.mode=subscribe&hub.verify_token=wrong-token&hub.challenge=1`,
      `hub.mode=unsubscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1`,
      `hub.mode=subscribe&hub.challenge=1`,
    ]) {
      expect((await app.request(`/api/webhooks/whatsapp?${query}`)).status, query).toBe(403);
    }
  });

  it('a validly signed delivery is 200 and stored; a flipped byte or a re-serialised body is 401 and stores nothing', async () => {
    const raw = JSON.stringify(
      delivery([[{ from: '5215511112222', id: 'wamid.A1', text: 'HELP' }]]),
      null,
      1,
    );
    const signature = signPayload(raw, APP_SECRET);

    const flipped = raw.replace('"HELP"', '"HELQ"');
    expect((await post(flipped, signature)).status).toBe(401);
    const reserialised = JSON.stringify(JSON.parse(raw)); // same JSON, other bytes
    expect(reserialised).not.toBe(raw);
    expect((await post(reserialised, signature)).status).toBe(401);
    expect((await post(raw, 'sha256=00')).status).toBe(401);
    expect(
      (await app.request('/api/webhooks/whatsapp', { method: 'POST', body: raw })).status,
      'no signature',
    ).toBe(401);
    expect(await database.db.select().from(messages)).toEqual([]);

    const ok = await post(raw, signature);
    expect(ok.status).toBe(200);
    const stored = await database.db.select().from(messages);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      direction: 'in',
      status: 'received',
      externalId: 'wamid.A1',
      phone: '+525511112222', // Mexico's 521 form stored as +52
      body: 'HELP',
    });
  });

  it('refuses a body that is not JSON (400) and is signed', async () => {
    expect((await post('not json')).status).toBe(400);
  });

  it('the same delivery twice stores one row (Meta retries for days)', async () => {
    const raw = JSON.stringify(delivery([[{ from: '525511112222', id: 'wamid.DUP', text: 'AYUDA' }]]));
    expect((await post(raw)).status).toBe(200);
    expect((await post(raw)).status).toBe(200);
    expect(await database.db.select().from(messages)).toHaveLength(1);
    // …and one command to run.
    const items = await database.db.select().from(outbox);
    expect(items.filter((i) => i.payload.type === 'inbound')).toHaveLength(1);
  });

  it('2 entries × 2 messages → 4 rows', async () => {
    const raw = JSON.stringify(
      delivery([
        [
          { from: '525511112222', id: 'wamid.E1M1', text: 'HELP' },
          { from: '525511112222', id: 'wamid.E1M2', text: 'AYUDA' },
        ],
        [
          { from: '525533334444', id: 'wamid.E2M1', text: 'REGISTER' },
          { from: '14155550123', id: 'wamid.E2M2', text: 'hello' },
        ],
      ]),
    );
    expect((await post(raw)).status).toBe(200);
    const rows = await database.db.select().from(messages);
    expect(rows.map((r) => r.externalId).sort()).toEqual([
      'wamid.E1M1',
      'wamid.E1M2',
      'wamid.E2M1',
      'wamid.E2M2',
    ]);
    expect(rows.find((r) => r.externalId === 'wamid.E2M2')?.phone).toBe('+14155550123');
  });

  it('statuses move forward only: delivered then sent stays delivered; read still applies', async () => {
    await database.db.insert(messages).values({
      direction: 'out',
      body: 'Hola',
      status: 'sent',
      externalId: 'wamid.OUT1',
      phone: '+525511112222',
    });
    const status = async (s: string) => {
      expect((await post(JSON.stringify(delivery([[]], [{ id: 'wamid.OUT1', status: s }])))).status).toBe(
        200,
      );
      const [row] = await database.db.select().from(messages).where(eq(messages.externalId, 'wamid.OUT1'));
      return row!.status;
    };
    expect(await status('delivered')).toBe('delivered');
    expect(await status('sent')).toBe('delivered');
    expect(await status('failed')).toBe('delivered');
    expect(await status('read')).toBe('read');
    expect(await status('delivered')).toBe('read');
  });

  it('runs the vendor’s command after the commit: CONFIRM <code> from the 521 form confirms the booking', async () => {
    const vendor = await insertVendor(database.db, {
      businessPhone: '+525566667777',
      languages: ['Spanish'],
    });
    const service = await insertService(database.db, vendor.id, { durationMinutes: 60, priceCents: 50_000 });
    const customer = await insertCustomer(database.db);
    const [booking] = await database.db
      .insert(appointments)
      .values(
        appointmentValues(vendor.id, customer, '2026-11-23T16:00:00Z', 60, {
          serviceId: service.id,
          status: 'pending_vendor',
          amountMxn: 50_000,
          confirmTokenExpiresAt: new Date('2026-11-23T16:00:00Z'),
          createdAt: new Date(NOW),
        }),
      )
      .returning();

    const raw = JSON.stringify(
      delivery([
        [{ from: '5215566667777', id: 'wamid.CONFIRM1', text: `confirmar ${booking!.code.toLowerCase()}` }],
      ]),
    );
    expect((await post(raw)).status).toBe(200);
    // Stored and answered 200 before the command ran: the booking is untouched until the outbox runs.
    const [before] = await database.db.select().from(appointments).where(eq(appointments.id, booking!.id));
    expect(before!.status).toBe('pending_vendor');

    await drainOutbox();
    const [after] = await database.db.select().from(appointments).where(eq(appointments.id, booking!.id));
    expect(after!.status).toBe('awaiting_payment');
    const replies = await database.db
      .select()
      .from(messages)
      .where(and(eq(messages.direction, 'out'), eq(messages.phone, '+525566667777')));
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({
      status: 'logged',
      phone: '+525566667777',
      vendorProfileId: vendor.id,
    });
    expect(replies[0]!.body).toContain(`Reserva ${booking!.code} confirmada exitosamente`);
  });
  it('CONFIRM without a code, replying to the notification (context.id), answers that booking among several', async () => {
    const vendor = await insertVendor(database.db, {
      businessPhone: '+525588880000',
      languages: ['Spanish'],
    });
    const service = await insertService(database.db, vendor.id, { durationMinutes: 60, priceCents: 50_000 });
    const customer = await insertCustomer(database.db);
    const [first, second] = await database.db
      .insert(appointments)
      .values(
        ['2026-11-23T16:00:00Z', '2026-11-23T18:00:00Z'].map((start) =>
          appointmentValues(vendor.id, customer, start, 60, {
            serviceId: service.id,
            status: 'pending_vendor',
            confirmTokenExpiresAt: new Date(start),
            createdAt: new Date(NOW),
          }),
        ),
      )
      .returning();
    // The notification of the second booking, as the cloud transport stored it.
    await database.db.insert(messages).values({
      direction: 'out',
      body: 'Nueva solicitud…',
      status: 'delivered',
      externalId: 'wamid.NOTIF2',
      phone: '+525588880000',
      appointmentId: second!.id,
      vendorProfileId: vendor.id,
    });
    const raw = JSON.stringify(
      delivery([
        [{ from: '5215588880000', id: 'wamid.REPLY', text: 'Confirmar', contextId: 'wamid.NOTIF2' }],
      ]),
    );
    expect((await post(raw)).status).toBe(200);
    await drainOutbox();
    const statuses = await database.db
      .select({ id: appointments.id, status: appointments.status })
      .from(appointments)
      .where(eq(appointments.vendorProfileId, vendor.id));
    expect(statuses.find((b) => b.id === second!.id)?.status).toBe('awaiting_payment');
    expect(statuses.find((b) => b.id === first!.id)?.status).toBe('pending_vendor');
  });
});
