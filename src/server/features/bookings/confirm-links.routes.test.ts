import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devMailbox } from '../../db/schema/mail.ts';
import { messages, outbox } from '../../db/schema/messaging.ts';
import { createDevMailboxTransport } from '../../integrations/mail/dev-mailbox-transport.ts';
import { createCloudTransport } from '../../integrations/whatsapp/cloud-transport.ts';
import { createOutboxDispatcher } from '../../jobs/outbox.ts';
import { fixedClock } from '../../lib/clock.ts';
import { createLogger } from '../../lib/logger.ts';
import { type BookingScenario, createBookingScenario } from '../../test/booking-scenario.ts';
import { type FakeGraphApi, startFakeGraphApi } from '../../test/fake-graph-api.ts';
import { testEngine } from '../../test/test-db.ts';
import { APP_URL, HOUR, MONDAY_9, MONDAY_11, NOW, WEDNESDAY_9 } from '../../test/test-week.ts';
import { checkoutDeps } from '../booking-lifecycle/booking-checkout.ts';
import { mailOutboxHandler } from '../outbox/outbox.service.ts';
import { storeInbound } from '../whatsapp/whatsapp-inbound.service.ts';
import { whatsappOutboxHandler } from '../whatsapp/whatsapp-outbox.ts';

// A confirm link's token is usable only in the vendor's own mail and WhatsApp message.
// What Barrio keeps after delivery (the outbox row, the WhatsApp message log) has the token
// redacted, and a link already used or expired no longer tells who booked. "Now" for bookings is
// Sunday 2026-11-22 12:00 in Mexico City; vendors keep the default week (Mon–Fri 09:00–17:00).
const GRAPH_TOKEN = 'EAAG-test-token';
const PHONE_NUMBER_ID = '109876543210';
const CUSTOMER = 'Ana López';

describe(`confirm links (${testEngine})`, () => {
  let world: BookingScenario;
  let graph: FakeGraphApi;

  beforeAll(async () => {
    world = await createBookingScenario({ now: NOW });
    graph = await startFakeGraphApi({ token: GRAPH_TOKEN, phoneNumberId: PHONE_NUMBER_ID });
  });
  afterAll(async () => {
    await graph.close();
    await world.close();
  });

  /** A request at the vendor's place (no address asked), from a customer who gave a phone. */
  async function book(startTime = MONDAY_9) {
    const booked = await world.requested({
      startTime,
      serviceFields: { durationMinutes: 60, priceCents: 50_000, location: 'vendor' },
      customerName: CUSTOMER,
      customerPhone: '+52 55 1234 5678',
    });
    return { ...booked, token: booked.confirmToken };
  }

  /** What the confirm page reads about a booking, by the vendor's token. */
  const byToken = (token: string) => world.api().bookings.confirm.$get({ query: { token } });
  const answer = (token: string, action: 'confirm' | 'decline') =>
    world.api().bookings.confirm.$post({ json: { token, action } });

  it('after delivery the token is only in what the vendor received, not in the outbox or the message log', async () => {
    const { vendor, booking, token } = await book();
    // enqueue() stamps next_attempt_at with the database's now(): the dispatcher's clock must not be
    // behind the real time, or nothing is due.
    const dispatchClock = fixedClock(new Date(Date.now() + 1000));
    // The vendor wrote an hour ago, so the request goes out as text, links and all (not a template).
    await storeInbound(world.db, [
      {
        externalId: 'wamid.in-confirm-links',
        phone: vendor.businessPhone!,
        body: 'HOLA',
        receivedAt: new Date(dispatchClock.now().getTime() - HOUR),
      },
    ]);
    const { db, payments, config } = world;
    const logger = createLogger('silent');
    const dispatcher = createOutboxDispatcher({
      db,
      clock: dispatchClock,
      logger,
      handlers: {
        mail: mailOutboxHandler(createDevMailboxTransport({ db, clock: dispatchClock })),
        whatsapp: whatsappOutboxHandler({
          db,
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
    const inbox = await db.select().from(devMailbox).where(eq(devMailbox.to, vendor.businessEmail!));
    expect(inbox[0]?.text).toContain(`${APP_URL}/vendor-confirm?token=${token}&action=confirm`);

    // What Barrio keeps does not, and still shows an operator what went where.
    const items = await db.select().from(outbox);
    const log = await db.select().from(messages);
    expect(JSON.stringify(items)).not.toContain(token);
    expect(JSON.stringify(log)).not.toContain(token);
    const notification = items.find((i) => i.kind === 'whatsapp' && i.payload.appointmentId === booking.id);
    expect(notification).toMatchObject({
      status: 'sent',
      payload: { type: 'booking_request', to: vendor.businessPhone, appointmentId: booking.id },
    });
    expect(String(notification?.payload.text)).toContain(
      `Ver detalles: ${APP_URL}/vendor-confirm?token=[redacted]\n`,
    );
    const mail = items.find((i) => i.kind === 'mail' && i.payload.to === vendor.businessEmail);
    expect(mail).toMatchObject({
      status: 'sent',
      payload: { subject: expect.stringContaining(booking.code) },
    });
    const sentLog = log.find((m) => m.direction === 'out' && m.appointmentId === booking.id);
    expect(sentLog?.body).toContain('vendor-confirm?token=[redacted]');
    // It came with the answers as buttons, their ids carrying the booking's code.
    expect(sentLog?.interactive).toEqual({
      kind: 'buttons',
      buttons: [
        { id: `confirm:${booking.code}`, title: 'Confirmar' },
        { id: `deny:${booking.code}`, title: 'Rechazar' },
      ],
    });

    // The link itself still works: the vendor's copy is the usable one.
    expect((await answer(token, 'confirm')).status).toBe(200);
  });

  it('answers the customer by token only while the link can be answered', async () => {
    const confirmed = await book(MONDAY_9);
    const declined = await book(MONDAY_11);
    const read = async (token: string) => {
      const res = await byToken(token);
      expect(res.status).toBe(200);
      return { text: await res.clone().text(), body: await res.json() };
    };

    const open = await read(confirmed.token);
    expect(open.body).toMatchObject({ answerable: true, customer_name: CUSTOMER, status: 'pending_vendor' });

    for (const [{ token, booking }, action, status] of [
      [confirmed, 'confirm', 'awaiting_payment'],
      [declined, 'decline', 'declined'],
    ] as const) {
      world.clock.advance(30 * 60_000);
      const answeredAt = world.clock.now().toISOString();
      expect((await answer(token, action)).status).toBe(200);
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
    world.clock.set(NOW);
  });

  it('a link opened again after the customer cancelled says who ended it and when', async () => {
    const booked = await book(WEDNESDAY_9);
    const { token, booking } = booked;
    world.clock.advance(HOUR);
    try {
      await world.ended(booked, 'cancelled');
      const res = await byToken(token);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({
        answerable: false,
        code: booking.code,
        status: 'cancelled',
        answered_at: null,
        ended_at: world.clock.now().toISOString(),
        cancel_reason: 'customer',
        timezone: 'America/Mexico_City',
      });
      expect(text).not.toContain(CUSTOMER);
    } finally {
      world.clock.set(NOW);
    }
  });

  // The page shows "Token Inválido" for these, never the validator's words.
  it('answers a malformed token as invalid and an unknown one as not found, in the spec words', async () => {
    const malformed = await byToken('short');
    expect(malformed.status).toBe(400);
    expect(JSON.stringify(await malformed.json())).toContain('Token de confirmación inválido');
    const unknown = await byToken('x'.repeat(43));
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { message: 'Token de confirmación inválido' } });
  });

  it('tells a second answer the status in words, never its raw name', async () => {
    const { token } = await book(MONDAY_11);
    expect((await answer(token, 'decline')).status).toBe(200);
    const again = await answer(token, 'confirm');
    expect(again.status).toBe(409);
    // An error answer is the API's error shape, which the typed client does not describe.
    const { error } = JSON.parse(await again.text()) as { error: { message: string } };
    expect(error.message).toBe(
      'Esta reserva ya fue procesada (rechazada). / This booking was already processed.',
    );
  });

  it('answers no customer once the link has expired, before and after the sweeper moves it', async () => {
    // More than 24 h away, so the 24-hour answer window decides.
    const { booking, token } = await book(WEDNESDAY_9);
    world.clock.advance(24 * HOUR + 60_000);
    try {
      const overdue = await byToken(token);
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

      await world.sweep();
      const swept = await byToken(token);
      expect(await swept.json()).toEqual(expired);
    } finally {
      world.clock.set(NOW);
    }
  });
});
