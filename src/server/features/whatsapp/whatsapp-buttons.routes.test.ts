import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppEnv } from '../../app-env.ts';
import type { Database } from '../../db/client.ts';
import { user } from '../../db/schema/auth.ts';
import { appointments } from '../../db/schema/bookings.ts';
import { messages, outbox } from '../../db/schema/messaging.ts';
import { profiles } from '../../db/schema/vendors.ts';
import { createCloudTransport } from '../../integrations/whatsapp/cloud-transport.ts';
import { fixedClock } from '../../lib/clock.ts';
import { appointmentValues, insertCustomer, insertService, insertVendor } from '../../test/factories.ts';
import { type FakeGraphApi, startFakeGraphApi } from '../../test/fake-graph-api.ts';
import { createTestApp, logWhatsAppHandler } from '../../test/test-app.ts';
import { createTestDatabase, testEngine } from '../../test/test-db.ts';
import { HOUR, NOW } from '../../test/test-week.ts';
import { storeInbound } from './whatsapp-inbound.service.ts';
import { deliverWhatsApp } from './whatsapp-outbound.service.ts';
import type { whatsappOutboxHandler } from './whatsapp-outbox.ts';
import { templateIn } from './whatsapp-texts.ts';
import { signPayload } from './whatsapp-webhook.service.ts';

// Decision 069: vendors answer a booking request with a tap. A button's id carries the action and the
// code, and the tap runs the typed command's answer — once, however often Meta delivers it; "sí" and
// "no puedo" answer the only pending request, or ask which with a list message when there are
// several. Real webhook deliveries (Meta's shapes), the outbox, the database; the cloud transport
// against the fake Graph API, which checks every payload against Meta's documented shapes.

const APP_SECRET = 'meta-app-secret-for-buttons';
const NOW_SECONDS = String(Date.parse(NOW) / 1000);
const TOKEN = 'EAAG-buttons';
const PHONE_NUMBER_ID = '109876543210';

/** One inbound message as Meta delivers it: typed text, a reply button's or list row's tap, a template quick reply. */
type Tap =
  | { text: string }
  | { button: { id: string; title: string } }
  | { row: { id: string; title: string } }
  | { quickReply: { payload: string; text: string } };

function delivery(from: string, id: string, tap: Tap) {
  const content =
    'text' in tap
      ? { type: 'text', text: { body: tap.text } }
      : 'button' in tap
        ? { type: 'interactive', interactive: { type: 'button_reply', button_reply: tap.button } }
        : 'row' in tap
          ? { type: 'interactive', interactive: { type: 'list_reply', list_reply: tap.row } }
          : { type: 'button', button: tap.quickReply };
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'WABA',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '525500000000', phone_number_id: PHONE_NUMBER_ID },
              contacts: [{ profile: { name: 'Proveedor' }, wa_id: from }],
              messages: [{ from, id, timestamp: NOW_SECONDS, ...content }],
            },
          },
        ],
      },
    ],
  });
}

describe(`WhatsApp: vendors answer with a tap (${testEngine})`, () => {
  let database: Database;
  let app: Hono<AppEnv>;
  let handler: ReturnType<typeof whatsappOutboxHandler>;
  let graph: FakeGraphApi;
  const clock = fixedClock(NOW);
  let phoneSeq = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    graph = await startFakeGraphApi({ token: TOKEN, phoneNumberId: PHONE_NUMBER_ID });
    const made = createTestApp(database, {
      clock,
      env: { APP_URL: 'http://barrio.test', WHATSAPP_APP_SECRET: APP_SECRET },
    });
    app = made.app;
    handler = logWhatsAppHandler(made, database.db, clock);
  });
  afterAll(async () => {
    await graph.close();
    await database.close();
  });
  beforeEach(async () => {
    graph.requests.length = 0;
    graph.sent.length = 0;
    graph.refused.length = 0;
    await database.db.delete(outbox);
    await database.db.delete(messages);
  });

  /** The account that owns a vendor, in `language` (decision 068). */
  async function accountIn(language: 'en' | 'es-MX') {
    const id = randomUUID();
    await database.db.insert(user).values({ id, name: 'Owner', email: `${id}@example.test` });
    await database.db.insert(profiles).values({ userId: id, email: `${id}@example.test`, language });
    return id;
  }

  /** A vendor of its own phone with `count` pending requests, soonest first. */
  async function vendorWithRequests(count: number, languages = ['Spanish'], userId?: string) {
    phoneSeq += 1;
    const phone = `+5255${String(40_000_000 + phoneSeq).padStart(8, '0')}`;
    const vendor = await insertVendor(database.db, {
      businessPhone: phone,
      languages,
      ...(userId ? { userId } : {}),
    });
    const service = await insertService(database.db, vendor.id, { durationMinutes: 60, priceCents: 50_000 });
    const customer = await insertCustomer(database.db);
    const starts = ['2026-11-23T16:00:00Z', '2026-11-23T18:00:00Z', '2026-11-23T20:00:00Z'].slice(0, count);
    const bookings = await database.db
      .insert(appointments)
      .values(
        starts.map((start) =>
          appointmentValues(vendor.id, customer, start, 60, {
            serviceId: service.id,
            status: 'pending_vendor',
            amountMxn: 50_000,
            confirmTokenExpiresAt: new Date(start),
            createdAt: new Date(NOW),
          }),
        ),
      )
      .returning();
    bookings.sort((a, b) => a.startTz.getTime() - b.startTz.getTime());
    return { vendor, phone, waId: phone.replace('+52', '521'), bookings };
  }

  const post = (raw: string) =>
    app.request('/api/webhooks/whatsapp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signPayload(raw, APP_SECRET) },
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

  async function receive(waId: string, wamid: string, tap: Tap) {
    expect((await post(delivery(waId, wamid, tap))).status).toBe(200);
    await drainOutbox();
  }

  const statusOf = async (id: string) =>
    (await database.db.select().from(appointments).where(eq(appointments.id, id)))[0]!.status;
  const answersTo = (phone: string) =>
    database.db
      .select()
      .from(messages)
      .where(and(eq(messages.direction, 'out'), eq(messages.phone, phone)))
      .orderBy(asc(messages.createdAt));

  it('a reply button confirms once; a duplicate delivery does nothing; a later tap on the old message says what became of it', async () => {
    const { phone, waId, bookings } = await vendorWithRequests(1);
    const code = bookings[0]!.code;
    const tap: Tap = { button: { id: `confirm:${code}`, title: 'Confirmar' } };

    await receive(waId, 'wamid.TAP1', tap);
    expect(await statusOf(bookings[0]!.id)).toBe('awaiting_payment');
    const [answer] = await answersTo(phone);
    expect(answer!.body).toBe(
      `Reserva ${code} confirmada exitosamente. El cliente recibirá el enlace de pago.`,
    );

    // Meta delivers the same tap again: stored once, nothing queued, nothing answered.
    await receive(waId, 'wamid.TAP1', tap);
    expect(await answersTo(phone)).toHaveLength(1);
    expect(
      await database.db.select().from(messages).where(eq(messages.externalId, 'wamid.TAP1')),
    ).toHaveLength(1);

    // The vendor taps the same old button again (a new message): the truth, and nothing changes.
    await receive(waId, 'wamid.TAP2', tap);
    expect(await statusOf(bookings[0]!.id)).toBe('awaiting_payment');
    expect((await answersTo(phone)).at(-1)!.body).toBe(
      `Esta reserva (${code}) ya fue confirmada; el cliente tiene el enlace de pago.`,
    );
  });

  it('a template’s quick reply (outside the window) declines by its payload; "Rechazar" once more says it was declined', async () => {
    const { phone, waId, bookings } = await vendorWithRequests(2);
    const second = bookings[1]!;
    await receive(waId, 'wamid.QR1', { quickReply: { payload: `deny:${second.code}`, text: 'Rechazar' } });
    expect(await statusOf(second.id)).toBe('declined');
    expect(await statusOf(bookings[0]!.id)).toBe('pending_vendor');
    expect((await answersTo(phone)).at(-1)!.body).toBe(
      `Reserva ${second.code} rechazada. Avisaremos al cliente.`,
    );

    await receive(waId, 'wamid.QR2', { quickReply: { payload: `deny:${second.code}`, text: 'Rechazar' } });
    expect((await answersTo(phone)).at(-1)!.body).toBe(`Esta reserva (${second.code}) ya fue rechazada.`);
  });

  it('"sí" with one pending request confirms it; "no puedo" with one declines it', async () => {
    const one = await vendorWithRequests(1);
    await receive(one.waId, 'wamid.SI', { text: 'Sí' });
    expect(await statusOf(one.bookings[0]!.id)).toBe('awaiting_payment');

    const other = await vendorWithRequests(1);
    await receive(other.waId, 'wamid.NOPUEDO', { text: 'no puedo' });
    expect(await statusOf(other.bookings[0]!.id)).toBe('declined');
    expect((await answersTo(other.phone)).at(-1)!.body).toContain('rechazada');
  });

  it('"si confirmo" with two pending asks which with a list message; choosing a row confirms that one only', async () => {
    const { phone, waId, bookings } = await vendorWithRequests(2);
    await receive(waId, 'wamid.SICONFIRMO', { text: 'si confirmo' });
    expect(await statusOf(bookings[0]!.id)).toBe('pending_vendor');
    expect(await statusOf(bookings[1]!.id)).toBe('pending_vendor');
    const [question] = await answersTo(phone);
    expect(question!.body).toMatch(/^¿Cuál\? Tienes 2 solicitudes pendientes/);
    expect(question!.interactive).toEqual({
      kind: 'list',
      button: 'Ver solicitudes',
      rows: bookings.map((b) => ({
        id: `confirm:${b.code}`,
        title: b.code,
        description: expect.stringContaining('Limpieza profunda'),
      })),
    });

    await receive(waId, 'wamid.ROW', {
      row: { id: `confirm:${bookings[1]!.code}`, title: bookings[1]!.code },
    });
    expect(await statusOf(bookings[1]!.id)).toBe('awaiting_payment');
    expect(await statusOf(bookings[0]!.id)).toBe('pending_vendor');
  });

  it('answers in the vendor’s language: English buttons, list and truth', async () => {
    const { phone, waId, bookings } = await vendorWithRequests(2, ['English']);
    await receive(waId, 'wamid.EN1', { text: 'ok' });
    const [question] = await answersTo(phone);
    expect(question!.body).toMatch(/^Which one\? You have 2 pending requests/);
    expect(question!.interactive).toMatchObject({ kind: 'list', button: 'See requests' });
    await receive(waId, 'wamid.EN2', { button: { id: `confirm:${bookings[0]!.code}`, title: 'Confirm' } });
    await receive(waId, 'wamid.EN3', { button: { id: `confirm:${bookings[0]!.code}`, title: 'Confirm' } });
    expect((await answersTo(phone)).at(-1)!.body).toBe(
      `This booking (${bookings[0]!.code}) was already confirmed; the customer has the payment link.`,
    );
  });

  it('a button that is not ours reads as its words; a long sentence starting with "no" asks nothing of a booking', async () => {
    const { phone, waId, bookings } = await vendorWithRequests(1);
    await receive(waId, 'wamid.FOREIGN', { button: { id: 'something-else', title: 'Ayuda' } });
    expect((await answersTo(phone)).at(-1)!.body).toMatch(/^Comandos de Barrio/);
    await receive(waId, 'wamid.LONG', { text: 'no sé si puedo ir ese día, te aviso' });
    expect(await statusOf(bookings[0]!.id)).toBe('pending_vendor');
  });

  describe('the request and the list through the Cloud API (the fake Graph API checks the shapes)', () => {
    const cloud = () =>
      createCloudTransport({ token: TOKEN, phoneNumberId: PHONE_NUMBER_ID, apiBase: graph.baseUrl });
    const requestPayload = (
      phone: string,
      booking: { id: string; code: string },
      vendorProfileId: string,
    ) => ({
      type: 'booking_request' as const,
      to: phone,
      appointmentId: booking.id,
      vendorProfileId,
      text: `Nueva solicitud de reserva · Código ${booking.code}\n\nVer detalles: http://barrio.test/vendor-confirm?token=tok-${booking.code}\n\nToca Confirmar o Rechazar.`,
    });

    it('outside the window: the catalogue’s template with quick replies and the "Ver detalles" URL', async () => {
      const { vendor, phone, bookings } = await vendorWithRequests(1);
      const booking = bookings[0]!;
      const row = await deliverWhatsApp({
        db: database.db,
        transport: cloud(),
        now: clock.now(),
        payload: requestPayload(phone, booking, vendor.id),
      });
      expect(graph.refused).toEqual([]);
      expect(row.status).toBe('sent');
      const sent = graph.sent[0]!.request.body as { template: { name: string; components: unknown[] } };
      expect(sent.template).toMatchObject({
        name: templateIn('booking_request', 'es-MX').name,
        language: { code: 'es_MX' },
      });
      expect(sent.template.components.slice(1)).toEqual([
        {
          type: 'button',
          sub_type: 'quick_reply',
          index: '0',
          parameters: [{ type: 'payload', payload: `confirm:${booking.code}` }],
        },
        {
          type: 'button',
          sub_type: 'quick_reply',
          index: '1',
          parameters: [{ type: 'payload', payload: `deny:${booking.code}` }],
        },
        {
          type: 'button',
          sub_type: 'url',
          index: '2',
          parameters: [{ type: 'text', text: `vendor-confirm?token=tok-${booking.code}` }],
        },
      ]);
    });

    it('a vendor whose account is in English: the English template, buttons and labels, the same ids; a tap confirms', async () => {
      // Spanish among the languages spoken; the account's language wins (decision 072).
      const { vendor, phone, waId, bookings } = await vendorWithRequests(
        2,
        ['Spanish'],
        await accountIn('en'),
      );
      const [first, second] = [bookings[0]!, bookings[1]!];
      await deliverWhatsApp({
        db: database.db,
        transport: cloud(),
        now: clock.now(),
        payload: requestPayload(phone, first, vendor.id),
      });
      expect(graph.refused).toEqual([]);
      const template = (
        graph.sent[0]!.request.body as { template: { name: string; language: { code: string } } }
      ).template;
      expect(template).toMatchObject({ name: 'barrio_booking_request', language: { code: 'en_US' } });
      // The log keeps the English body and the quick replies as the vendor sees them.
      const [logged] = await answersTo(phone);
      expect(logged!.body).toMatch(/^New booking request /);
      expect(logged!.interactive).toEqual({
        kind: 'buttons',
        buttons: [
          { id: `confirm:${first.code}`, title: 'Confirm' },
          { id: `deny:${first.code}`, title: 'Decline' },
        ],
      });

      // Inside the window: reply buttons in English, with the same ids.
      await storeInbound(database.db, [
        {
          externalId: `wamid.open-${phone}`,
          phone,
          body: 'hi',
          receivedAt: new Date(clock.now().getTime() - HOUR),
        },
      ]);
      await deliverWhatsApp({
        db: database.db,
        transport: cloud(),
        now: clock.now(),
        payload: requestPayload(phone, second, vendor.id),
      });
      expect(graph.sent[1]!.request.body).toMatchObject({
        interactive: {
          action: {
            buttons: [
              { type: 'reply', reply: { id: `confirm:${second.code}`, title: 'Confirm' } },
              { type: 'reply', reply: { id: `deny:${second.code}`, title: 'Decline' } },
            ],
          },
        },
      });
      // A tap on the English template's quick reply confirms, and is answered in English.
      await receive(waId, 'wamid.EN-QR', {
        quickReply: { payload: `confirm:${first.code}`, text: 'Confirm' },
      });
      expect(await statusOf(first.id)).toBe('awaiting_payment');
      expect((await answersTo(phone)).at(-1)!.body).toBe(
        `Booking ${first.code} confirmed. The customer will receive the payment link.`,
      );
    });

    it('inside the window: reply buttons with the whole request as the body; the "¿Cuál?" list passes too', async () => {
      const { vendor, phone, bookings } = await vendorWithRequests(2);
      await storeInbound(database.db, [
        {
          externalId: `wamid.open-${phone}`,
          phone,
          body: 'hola',
          receivedAt: new Date(clock.now().getTime() - HOUR),
        },
      ]);
      await deliverWhatsApp({
        db: database.db,
        transport: cloud(),
        now: clock.now(),
        payload: requestPayload(phone, bookings[0]!, vendor.id),
      });
      expect(graph.sent[0]!.request.body).toMatchObject({
        type: 'interactive',
        interactive: {
          type: 'button',
          body: { text: expect.stringContaining(`vendor-confirm?token=tok-${bookings[0]!.code}`) },
          action: {
            buttons: [
              { type: 'reply', reply: { id: `confirm:${bookings[0]!.code}`, title: 'Confirmar' } },
              { type: 'reply', reply: { id: `deny:${bookings[0]!.code}`, title: 'Rechazar' } },
            ],
          },
        },
      });

      // "sí" from the vendor: the list goes out through the Cloud API as a reply.
      await receive(phone.replace('+52', '521'), 'wamid.CLOUD-SI', { text: 'sí' });
      const [reply] = await database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.kind, 'whatsapp'), eq(outbox.status, 'sent')))
        .then((items) => items.filter((i) => i.payload.type === 'reply'));
      const question = await deliverWhatsApp({
        db: database.db,
        transport: cloud(),
        now: clock.now(),
        payload: reply!.payload as Parameters<typeof deliverWhatsApp>[0]['payload'],
      });
      expect(question.status).toBe('sent');
      expect(graph.refused).toEqual([]);
      expect(graph.sent[1]!.request.body).toMatchObject({
        type: 'interactive',
        context: { message_id: 'wamid.CLOUD-SI' },
        interactive: { type: 'list', action: { button: 'Ver solicitudes' } },
      });
    });
  });
});
