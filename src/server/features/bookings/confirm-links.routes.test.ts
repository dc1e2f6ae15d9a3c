import { eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingByToken, CreateBookingResponse } from '../../../shared/booking.schemas.ts';
import type { AppEnv } from '../../app-env.ts';
import type { Database } from '../../db/client.ts';
import { devMailbox } from '../../db/schema/mail.ts';
import { messages, outbox } from '../../db/schema/messaging.ts';
import { createDevMailboxTransport } from '../../integrations/mail/dev-mailbox-transport.ts';
import { createCloudTransport } from '../../integrations/whatsapp/cloud-transport.ts';
import { createOutboxDispatcher } from '../../jobs/outbox.ts';
import { fixedClock } from '../../lib/clock.ts';
import { createLogger } from '../../lib/logger.ts';
import { insertService, insertVendor, testManageLink } from '../../test/factories.ts';
import { type FakeGraphApi, startFakeGraphApi } from '../../test/fake-graph-api.ts';
import { createHttpClient } from '../../test/http-client.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestDatabase, testEngine } from '../../test/test-db.ts';
import { checkoutDeps } from '../booking-lifecycle/booking-checkout.ts';
import { expireOverdueBookings } from '../booking-lifecycle/expire-bookings.ts';
import { mailOutboxHandler } from '../outbox/outbox.service.ts';
import { storeInbound } from '../whatsapp/whatsapp-inbound.service.ts';
import { whatsappOutboxHandler } from '../whatsapp/whatsapp-outbox.ts';

// A confirm link's token is usable only in the vendor's own mail and WhatsApp message.
// What Barrio keeps after delivery (the outbox row, the WhatsApp message log) has the token
// redacted, and a link already used or expired no longer tells who booked. "Now" for bookings is
// Sunday 2026-11-22 12:00 in Mexico City; vendors keep the default week (Mon–Fri 09:00–17:00).
const NOW = '2026-11-22T18:00:00Z';
const MONDAY_9 = '2026-11-23T15:00:00.000Z';
const MONDAY_11 = '2026-11-23T17:00:00.000Z';
const WEDNESDAY_9 = '2026-11-25T15:00:00.000Z';
const APP_URL = 'http://barrio.test';
const HOUR = 60 * 60_000;
const GRAPH_TOKEN = 'EAAG-test-token';
const PHONE_NUMBER_ID = '109876543210';
const CUSTOMER = 'Ana López';

describe(`confirm links (${testEngine})`, () => {
  let database: Database;
  let graph: FakeGraphApi;
  const clock = fixedClock(NOW);
  let app: Hono<AppEnv>;
  const client = () => createHttpClient(app, { origin: APP_URL });

  beforeAll(async () => {
    database = await createTestDatabase();
    graph = await startFakeGraphApi({ token: GRAPH_TOKEN, phoneNumberId: PHONE_NUMBER_ID });
    ({ app } = createTestApp(database, { clock, env: { APP_URL, RATE_LIMITS: 'off' } }));
  });
  afterAll(async () => {
    await graph.close();
    await database.close();
  });

  async function book(startTime = MONDAY_9) {
    const vendor = await insertVendor(database.db);
    // At the vendor's place: the request needs no address.
    const service = await insertService(database.db, vendor.id, {
      durationMinutes: 60,
      priceCents: 50_000,
      location: 'vendor',
    });
    const res = await client().post('/api/bookings', {
      vendorId: vendor.id,
      serviceId: service.id,
      startTime,
      customerName: CUSTOMER,
      customerEmail: 'ana@example.test',
      customerPhone: '+52 55 1234 5678',
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const booking = (await res.json()) as CreateBookingResponse;
    return { vendor, booking, token: await tokenOf(booking.id) };
  }

  /** The raw token, from the vendor's notification while it waits in the outbox. */
  async function tokenOf(appointmentId: string): Promise<string> {
    const [item] = await database.db
      .select()
      .from(outbox)
      .where(eq(outbox.kind, 'whatsapp'))
      .then((rows) => rows.filter((r) => r.payload.appointmentId === appointmentId));
    const match = /token=([A-Za-z0-9_-]+)&action=confirm/.exec(String(item?.payload.text));
    if (!match?.[1]) throw new Error(`no vendor notification for ${appointmentId}`);
    return match[1];
  }

  it('after delivery the token is only in what the vendor received, not in the outbox or the message log', async () => {
    const { vendor, booking, token } = await book();
    // enqueue() stamps next_attempt_at with the database's now(): the dispatcher's clock must not be
    // behind the real time, or nothing is due.
    const dispatchClock = fixedClock(new Date(Date.now() + 1000));
    // The vendor wrote an hour ago, so the request goes out as text, links and all (not a template).
    await storeInbound(database.db, [
      {
        externalId: 'wamid.in-confirm-links',
        phone: vendor.businessPhone!,
        body: 'HOLA',
        receivedAt: new Date(dispatchClock.now().getTime() - HOUR),
      },
    ]);
    const { payments, config } = createTestApp(database, { clock: dispatchClock });
    const logger = createLogger('silent');
    const dispatcher = createOutboxDispatcher({
      db: database.db,
      clock: dispatchClock,
      logger,
      handlers: {
        mail: mailOutboxHandler(createDevMailboxTransport({ db: database.db, clock: dispatchClock })),
        whatsapp: whatsappOutboxHandler({
          db: database.db,
          transport: createCloudTransport({
            token: GRAPH_TOKEN,
            phoneNumberId: PHONE_NUMBER_ID,
            apiBase: graph.baseUrl,
          }),
          clock: dispatchClock,
          appUrl: APP_URL,
          checkout: checkoutDeps({ payments, config, logger }),
        }),
      },
    });
    // The vendor's mail and WhatsApp message, and the customer's receipt.
    expect(await dispatcher.runOnce()).toMatchObject({ claimed: 3, sent: 3 });

    // What the vendor received carries the working links.
    expect(JSON.stringify(graph.sent.map((s) => s.request.body))).toContain(`token=${token}`);
    const inbox = await database.db.select().from(devMailbox).where(eq(devMailbox.to, vendor.businessEmail!));
    expect(inbox[0]?.text).toContain(`${APP_URL}/vendor-confirm?token=${token}&action=confirm`);

    // What Barrio keeps does not, and still shows an operator what went where.
    const items = await database.db.select().from(outbox);
    const log = await database.db.select().from(messages);
    expect(JSON.stringify(items)).not.toContain(token);
    expect(JSON.stringify(log)).not.toContain(token);
    const notification = items.find((i) => i.kind === 'whatsapp' && i.payload.appointmentId === booking.id);
    expect(notification).toMatchObject({
      status: 'sent',
      payload: { type: 'booking_request', to: vendor.businessPhone, appointmentId: booking.id },
    });
    expect(String(notification?.payload.text)).toContain(
      `${APP_URL}/vendor-confirm?token=[redacted]&action=decline`,
    );
    const mail = items.find((i) => i.kind === 'mail' && i.payload.to === vendor.businessEmail);
    expect(mail).toMatchObject({
      status: 'sent',
      payload: { subject: expect.stringContaining(booking.code) },
    });
    const sentLog = log.find((m) => m.direction === 'out' && m.appointmentId === booking.id);
    expect(sentLog?.body).toContain('token=[redacted]&action=confirm');

    // The link itself still works: the vendor's copy is the usable one.
    const answer = await client().post('/api/bookings/confirm', { token, action: 'confirm' });
    expect(answer.status).toBe(200);
  });

  it('answers the customer by token only while the link can be answered', async () => {
    const confirmed = await book(MONDAY_9);
    const declined = await book(MONDAY_11);
    const read = async (token: string) => {
      const res = await client().get(`/api/bookings/confirm?token=${token}`);
      expect(res.status).toBe(200);
      return { text: await res.clone().text(), body: (await res.json()) as BookingByToken };
    };

    const open = await read(confirmed.token);
    expect(open.body).toMatchObject({ answerable: true, customer_name: CUSTOMER, status: 'pending_vendor' });

    for (const [{ token, booking }, action, status] of [
      [confirmed, 'confirm', 'awaiting_payment'],
      [declined, 'decline', 'declined'],
    ] as const) {
      clock.advance(30 * 60_000);
      const answeredAt = clock.now().toISOString();
      expect((await client().post('/api/bookings/confirm', { token, action })).status).toBe(200);
      const after = await read(token);
      // What happened and when, in the vendor's timezone; still nobody's name.
      expect(after.body).toEqual({
        answerable: false,
        code: booking.code,
        status,
        answered_at: answeredAt,
        // A decline ends the booking as it answers it.
        ended_at: status === 'declined' ? answeredAt : null,
        cancel_reason: null,
        timezone: 'America/Mexico_City',
      });
      expect(after.text).not.toContain(CUSTOMER);
      expect(after.text).not.toContain('ana@example.test');
      expect(after.text).not.toContain('+52');
    }
    clock.set(NOW);
  });

  it('a link opened again after the customer cancelled says who ended it and when', async () => {
    const { token, booking } = await book(WEDNESDAY_9);
    const manageToken = new URL(booking.manage_path, APP_URL).searchParams.get('token');
    clock.advance(HOUR);
    try {
      const cancelled = await client().post('/api/bookings/manage/cancel', { token: manageToken });
      expect(cancelled.status, await cancelled.clone().text()).toBe(200);
      const res = await client().get(`/api/bookings/confirm?token=${token}`);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({
        answerable: false,
        code: booking.code,
        status: 'cancelled',
        answered_at: null,
        ended_at: clock.now().toISOString(),
        cancel_reason: 'customer',
        timezone: 'America/Mexico_City',
      });
      expect(text).not.toContain(CUSTOMER);
    } finally {
      clock.set(NOW);
    }
  });

  // The page shows "Token Inválido" for these, never the validator's words.
  it('answers a malformed token as invalid and an unknown one as not found, in the spec words', async () => {
    const malformed = await client().get('/api/bookings/confirm?token=short');
    expect(malformed.status).toBe(400);
    expect(JSON.stringify(await malformed.json())).toContain('Token de confirmación inválido');
    const unknown = await client().get(`/api/bookings/confirm?token=${'x'.repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { message: 'Token de confirmación inválido' } });
  });

  it('tells a second answer the status in words, never its raw name', async () => {
    const { token } = await book(MONDAY_11);
    expect((await client().post('/api/bookings/confirm', { token, action: 'decline' })).status).toBe(200);
    const again = await client().post('/api/bookings/confirm', { token, action: 'confirm' });
    expect(again.status).toBe(409);
    const { error } = (await again.json()) as { error: { message: string } };
    expect(error.message).toBe(
      'Esta reserva ya fue procesada (rechazada). / This booking was already processed.',
    );
  });

  it('answers no customer once the link has expired, before and after the sweeper moves it', async () => {
    // More than 24 h away, so the 24-hour answer window decides.
    const { booking, token } = await book(WEDNESDAY_9);
    clock.advance(24 * HOUR + 60_000);
    try {
      const overdue = await client().get(`/api/bookings/confirm?token=${token}`);
      const text = await overdue.text();
      // It ended at its deadline: 24 h after the request, before the start.
      const expired = {
        answerable: false,
        code: booking.code,
        status: 'expired',
        answered_at: null,
        ended_at: new Date(Date.parse(NOW) + 24 * HOUR).toISOString(),
        cancel_reason: null,
        timezone: 'America/Mexico_City',
      };
      expect(JSON.parse(text)).toEqual(expired);
      expect(text).not.toContain(CUSTOMER);

      await expireOverdueBookings({ db: database.db, now: clock.now(), manageLink: testManageLink });
      const swept = await client().get(`/api/bookings/confirm?token=${token}`);
      expect(await swept.json()).toEqual(expired);
    } finally {
      clock.set(NOW);
    }
  });
});
