import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appointments } from '../../db/schema/bookings.ts';
import { messages, outbox, whatsappPhones } from '../../db/schema/messaging.ts';
import { createCloudTransport } from '../../integrations/whatsapp/cloud-transport.ts';
import { createLogger } from '../../lib/logger.ts';
import { createBookingScenario } from '../../test/booking-scenario.ts';
import { type FakeGraphApi, startFakeGraphApi } from '../../test/fake-graph-api.ts';
import { testEngine } from '../../test/test-db.ts';
import { HOUR, MONDAY_9, NOW, TUESDAY_9, WEDNESDAY_9 } from '../../test/test-week.ts';
import { checkoutDeps } from '../booking-lifecycle/booking-checkout.ts';
import { whatsappOutboxHandler } from './whatsapp-outbox.ts';
import { signPayload } from './whatsapp-webhook.service.ts';

// The customer's side of WhatsApp (decision 070), through the real routes, the webhook and the cloud
// transport against the fake Graph API: consent asked on the form, BAJA honoured and confirmed once,
// a reply answered automatically once a day, the 24-hour window kept per phone.

const APP_SECRET = 'meta-app-secret-for-tests';
const GRAPH_TOKEN = 'EAAG-test-token';
const PHONE_NUMBER_ID = '109876543210';

describe(`customers on WhatsApp (${testEngine})`, () => {
  let world: Awaited<ReturnType<typeof createBookingScenario>>;
  let graph: FakeGraphApi;
  let handler: ReturnType<typeof whatsappOutboxHandler>;
  let slot = 0;
  // Each test's customer has a phone of their own, so that no earlier test's booking answers for it.
  let phone = 0;
  const customerPhone = () => `+52 55 1234 56${String(phone).padStart(2, '0')}`;
  const customerWa = () => customerPhone().replace(/\D/g, '');

  beforeAll(async () => {
    world = await createBookingScenario({ now: NOW, env: { WHATSAPP_APP_SECRET: APP_SECRET } });
    graph = await startFakeGraphApi({ token: GRAPH_TOKEN, phoneNumberId: PHONE_NUMBER_ID });
    handler = whatsappOutboxHandler({
      db: world.db,
      transport: createCloudTransport({
        token: GRAPH_TOKEN,
        phoneNumberId: PHONE_NUMBER_ID,
        apiBase: graph.baseUrl,
      }),
      clock: world.clock,
      appUrl: world.config.appUrl,
      checkout: checkoutDeps({
        payments: world.payments,
        config: world.config,
        logger: createLogger('silent'),
      }),
    });
  });
  afterAll(async () => {
    await graph.close();
    await world.close();
  });
  beforeEach(async () => {
    world.clock.set(NOW);
    await world.db.delete(outbox);
    await world.db.delete(messages);
    await world.db.delete(whatsappPhones);
    graph.requests.length = 0;
    graph.sent.length = 0;
    phone++;
  });

  /** A request with a vendor of its own, from the customer's phone, with or without the consent. */
  const requested = (whatsappOptIn: boolean | undefined, startTime = MONDAY_9, acceptLanguage?: string) =>
    world.requested({
      ...(acceptLanguage ? { acceptLanguage } : {}),
      startTime,
      vendorFields: {
        businessName: `Plomería Narvarte ${++slot}`,
        businessPhone: `+5255123400${String(slot).padStart(2, '0')}`,
        address: 'Calle Durango 120, Roma Norte',
      },
      serviceFields: { durationMinutes: 60, priceCents: 45_000 },
      customerEmail: `ana.${slot}@example.test`,
      customerPhone: customerPhone(),
      ...(whatsappOptIn === undefined ? {} : { whatsappOptIn }),
    });

  /**
   * Runs the pending WhatsApp items, as the dispatcher would after each commit: all of them, or only
   * the incoming messages and their answers (the booking messages queued before stay pending).
   */
  async function drain(only: 'all' | 'conversation' = 'all') {
    for (let pass = 0; pass < 3; pass++) {
      const items = (
        await world.db
          .select()
          .from(outbox)
          .where(and(eq(outbox.status, 'pending'), eq(outbox.kind, 'whatsapp')))
      ).filter((i) => only === 'all' || i.payload.type === 'inbound' || i.payload.type === 'reply');
      if (items.length === 0) return;
      for (const item of items) {
        await handler(item.payload, { id: item.id, kind: item.kind, payload: item.payload, attempts: 1 });
        await world.db.update(outbox).set({ status: 'sent' }).where(eq(outbox.id, item.id));
      }
    }
  }

  let wamid = 0;
  /** The customer's phone writes `text` (a reply to `contextId` when given), signed as Meta does. */
  async function customerWrites(text: string, contextId?: string) {
    const seconds = String(Math.floor(world.clock.now().getTime() / 1000));
    const raw = JSON.stringify({
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
                contacts: [{ profile: { name: 'Ana' }, wa_id: customerWa() }],
                messages: [
                  {
                    from: customerWa(),
                    id: `wamid.customer-${++wamid}`,
                    timestamp: seconds,
                    type: 'text',
                    text: { body: text },
                    ...(contextId ? { context: { from: '525500000000', id: contextId } } : {}),
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    const res = await world.app.request('/api/webhooks/whatsapp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signPayload(raw, APP_SECRET) },
      body: raw,
    });
    expect(res.status).toBe(200);
    await drain('conversation');
  }

  type Sent = {
    to: string;
    type: string;
    text?: { body: string };
    template?: {
      name: string;
      language?: { code: string };
      components?: { type: string; sub_type?: string; index?: string; parameters: { text?: string }[] }[];
    };
    interactive?: unknown;
  };
  /** What reached the customer's phone through the Graph API, in order. */
  const toCustomer = () =>
    graph.sent.map((s) => s.request.body as Sent).filter((body) => body.to === customerWa());

  it('without the consent the customer gets mail only; with it, WhatsApp too', async () => {
    for (const optIn of [undefined, false]) {
      const booking = await world.confirmed(await requested(optIn));
      expect((await world.rowOf(booking.id)).whatsappOptIn).toBe(false);
      await world.paid(booking);
      await drain();
      expect(toCustomer()).toEqual([]);
      expect((await world.mailsTo(`ana.${slot}@example.test`)).map((m) => m.subject)).toEqual(
        expect.arrayContaining([expect.stringMatching(/pago/i), expect.stringMatching(/Pago recibido/)]),
      );
    }

    const booking = await world.confirmed(await requested(true, TUESDAY_9));
    expect((await world.rowOf(booking.id)).whatsappOptIn).toBe(true);
    await drain();
    expect(toCustomer().map((m) => m.template?.name)).toEqual([
      'barrio_customer_request_received',
      'barrio_payment_link',
    ]);
  });

  it('the customer’s messages carry URL buttons: templates outside the window, a call to action inside', async () => {
    const page = (b: { code: string; manageToken: string }) => `booking/${b.code}?token=${b.manageToken}`;
    const maps = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent('Calle Durango 120, Roma Norte')}`;
    const urlButtons = (m: Sent | undefined) =>
      (m?.template?.components ?? [])
        .filter((c) => c.type === 'button')
        .map((c) => [c.sub_type, c.index, c.parameters[0]?.text]);

    // Outside the window (the customer never wrote): templates with their URL buttons, no raw link.
    const booking = await requested(true, WEDNESDAY_9);
    await drain();
    const [received] = toCustomer();
    expect(received?.template?.name).toBe('barrio_customer_request_received');
    expect(urlButtons(received)).toEqual([['url', '0', page(booking)]]);
    const confirmed = await world.confirmed(booking);
    await drain();
    const link = toCustomer().at(-1);
    expect(link?.template?.name).toBe('barrio_payment_link');
    expect(urlButtons(link)).toEqual([['url', '0', page(booking)]]);
    expect(JSON.stringify(link?.template?.components)).not.toMatch(/sandbox\/checkout/);

    // The customer writes: inside the window the payment's receipt is a "Ver reserva" button.
    await customerWrites('Ya voy a pagar');
    await world.paid(confirmed);
    await drain();
    expect(toCustomer().at(-1)).toMatchObject({
      type: 'interactive',
      interactive: {
        type: 'cta_url',
        body: { text: expect.not.stringMatching(/https?:\/\//) },
        action: {
          name: 'cta_url',
          parameters: { display_text: 'Ver reserva', url: `${world.config.appUrl}/${page(booking)}` },
        },
      },
    });

    // A day before, out of the window again: the reminder's template has the way to the place too.
    world.clock.set(new Date(Date.parse(WEDNESDAY_9) - 23 * HOUR));
    await world.sweep();
    await drain();
    const reminder = toCustomer().at(-1);
    expect(reminder?.template?.name).toBe('barrio_customer_reminder_at_place');
    expect(urlButtons(reminder)).toEqual([
      ['url', '0', page(booking)],
      ['url', '1', maps.slice(maps.indexOf('query=') + 'query='.length)],
    ]);
    // Inside the window its button is "Cómo llegar", to the vendor's address.
    await customerWrites('¿Dónde es?');
    await world.db.update(appointments).set({ remindedAt: null }).where(eq(appointments.id, booking.id));
    await world.sweep();
    await drain();
    expect(toCustomer().at(-1)).toMatchObject({
      type: 'interactive',
      interactive: { action: { parameters: { display_text: 'Cómo llegar', url: maps } } },
    });
    // Every message to the customer passed the fake Graph API, which refuses what Meta would refuse.
    const accepted = new Set(graph.sent.map((s) => s.request));
    const refused = graph.requests.filter((r) => !accepted.has(r)).map((r) => r.body as Sent);
    expect(refused.filter((m) => m.to === customerWa())).toEqual([]);
    // Receipt, payment link, paid, two reminders, and the automatic answers to the two messages.
    expect(toCustomer()).toHaveLength(7);
  });

  it('BAJA opts the phone out of every customer message, confirmed once; ALTA opts it back in', async () => {
    const booking = await world.confirmed(await requested(true));
    // The payment link is queued, not yet delivered, when the customer writes BAJA.
    await customerWrites('Baja, por favor');
    expect(toCustomer().map((m) => m.text?.body)).toEqual([expect.stringMatching(/ya no recibirás/)]);
    await drain();
    const refused = await world.db
      .select()
      .from(messages)
      .where(
        and(
          eq(messages.appointmentId, booking.id),
          eq(messages.direction, 'out'),
          eq(messages.phone, `+${customerWa()}`),
        ),
      );
    // The request's receipt and the payment link, both queued before the BAJA.
    expect(refused.map((r) => [r.status, r.error])).toEqual([
      ['failed', expect.stringMatching(/opted out/)],
      ['failed', expect.stringMatching(/opted out/)],
    ]);

    // A second BAJA, in another spelling, is not confirmed again; later messages are not sent.
    await customerWrites('STOP');
    await world.paid(booking);
    await drain();
    expect(toCustomer()).toHaveLength(1);
    // The vendor still hears of the payment.
    expect(graph.sent.some((s) => (s.request.body as Sent).to !== customerWa())).toBe(true);

    // A new booking with the box ticked does not undo it; ALTA from the phone does.
    const next = await world.confirmed(await requested(true, WEDNESDAY_9));
    await drain();
    expect(toCustomer()).toHaveLength(1);
    await customerWrites('alta');
    expect(toCustomer().at(-1)?.text?.body).toMatch(/volverás a recibir/);
    await world.paid(next);
    await drain();
    // Inside the 24-hour window the customer opened by writing: a button, not a template.
    expect(toCustomer().at(-1)).toMatchObject({
      type: 'interactive',
      interactive: { type: 'cta_url', body: { text: expect.stringMatching(/Recibimos tu pago/) } },
    });
  });

  it('a reply to a booking message gets the automatic answer once a day, with the page and the vendor', async () => {
    const booking = await world.confirmed(await requested(true));
    await drain();
    const link = graph.sent.find((s) => (s.request.body as Sent).template?.name === 'barrio_payment_link');
    expect((link!.request.body as Sent).to).toBe(customerWa());

    await customerWrites('¿A qué hora llegan?', link!.wamid);
    const answers = toCustomer().slice(2);
    expect(answers).toHaveLength(1);
    const body = answers[0]!.text!.body;
    expect(body).toContain(`${world.config.appUrl}/booking/${booking.code}?token=${booking.manageToken}`);
    // The vendor confirmed: their WhatsApp is given, as the booking page gives it.
    expect(body).toContain(`https://wa.me/${booking.vendor.businessPhone!.replace(/\D/g, '')}`);

    // Not a conversation: the next messages that day get nothing.
    await customerWrites('¿Hola?');
    await customerWrites('Gracias');
    expect(toCustomer().slice(2)).toHaveLength(1);

    world.clock.advance(24 * HOUR + 60_000);
    await customerWrites('Otra pregunta');
    expect(toCustomer().slice(2)).toHaveLength(2);
  });

  it('before the vendor answers, the automatic answer gives the booking page, not the vendor’s number', async () => {
    const booking = await requested(true);
    await customerWrites('Hola, ¿me confirman?');
    const [answer] = toCustomer();
    expect(answer?.text?.body).toContain(`/booking/${booking.code}?token=`);
    expect(answer?.text?.body).not.toContain('wa.me');
    expect(
      (await world.db.select().from(appointments).where(eq(appointments.id, booking.id)))[0]?.status,
    ).toBe('pending_vendor');
  });

  // Decision 072: each person reads one language, theirs.
  describe('in the booking’s language', () => {
    const buttonLabel = (m: Sent | undefined) =>
      (m?.interactive as { action?: { parameters?: { display_text?: string } } } | undefined)?.action
        ?.parameters?.display_text;

    it.each([
      {
        acceptLanguage: 'en-US,en;q=0.9',
        code: 'en_US',
        subjects: [
          /^Booking request \w+ received$/,
          /^Booking \w+ confirmed: pay to secure it$/,
          /^Payment received · Booking \w+ confirmed$/,
        ],
        other: /Reserva|Solicitud|Hola|Fecha/,
        paidBody: /^We received your payment of \$450 MXN\./,
        view: 'View booking',
        automatic: /^Hi: this Barrio number only sends notices/,
      },
      {
        acceptLanguage: 'es-MX,es;q=0.9',
        code: 'es_MX',
        subjects: [
          /^Solicitud de reserva \w+ recibida$/,
          /^Reserva \w+ confirmada: paga para asegurarla$/,
          /^Pago recibido · Reserva \w+ confirmada$/,
        ],
        other: /Booking|Hi |Your booking|When:/,
        paidBody: /^Recibimos tu pago de \$450 MXN\./,
        view: 'Ver reserva',
        automatic: /^Hola: este número de Barrio solo envía avisos/,
      },
    ])(
      'Accept-Language $acceptLanguage: mails, templates, buttons and answers in one language',
      async ({ acceptLanguage, code, subjects, other, paidBody, view, automatic }) => {
        const booking = await world.confirmed(await requested(true, MONDAY_9, acceptLanguage));
        await drain();
        // Outside the window: the templates in the booking's language, as the catalogue has them.
        expect(toCustomer().map((m) => [m.template?.name, m.template?.language?.code])).toEqual([
          ['barrio_customer_request_received', code],
          ['barrio_payment_link', code],
        ]);
        // Inside it: the text and its button in the same language.
        await customerWrites('?');
        expect(toCustomer().at(-1)?.text?.body).toMatch(automatic);
        await world.paid(booking);
        await drain();
        const paid = toCustomer().at(-1);
        expect((paid?.interactive as { body?: { text: string } } | undefined)?.body?.text).toMatch(paidBody);
        expect(buttonLabel(paid)).toBe(view);
        // The customer's mails: one language, subject and body.
        const mails = await world.mailsTo(`ana.${slot}@example.test`);
        expect(mails.map((m) => m.subject)).toEqual(
          subjects.map((subject) => expect.stringMatching(subject)),
        );
        for (const mail of mails) expect(`${mail.subject}\n${mail.text}`).not.toMatch(other);
        // The vendor (no account, no languages listed) reads Spanish whatever the customer does.
        const vendorMails = (await world.mailsTo(booking.vendor.businessEmail!)).map((m) => m.subject);
        expect(vendorMails).toEqual(
          expect.arrayContaining([
            expect.stringMatching(/^Nueva solicitud de reserva /),
            expect.stringMatching(/^Reserva \w+ pagada/),
          ]),
        );
      },
    );

    it('the booking keeps the language it was made in: a script that asks for none books in Spanish', async () => {
      const english = await requested(true, MONDAY_9, 'en-GB');
      expect((await world.rowOf(english.id)).language).toBe('en');
      world.clock.advance(60_000);
      const none = await requested(true, TUESDAY_9);
      expect((await world.rowOf(none.id)).language).toBe('es-MX');
      // BAJA is confirmed in the language of the phone's latest booking.
      await customerWrites('BAJA');
      expect(toCustomer().at(-1)?.text?.body).toMatch(/^Listo: ya no recibirás/);
    });

    it('a decline and the customer’s own cancellation reach WhatsApp only with the consent, with the booking page’s button', async () => {
      const page = (b: { code: string; manageToken: string }) => `booking/${b.code}?token=${b.manageToken}`;
      const declined = await world.ended(await requested(true, MONDAY_9, 'en-US'), 'declined');
      await drain();
      const decline = toCustomer().at(-1);
      expect([decline?.template?.name, decline?.template?.language?.code]).toEqual([
        'barrio_customer_declined',
        'en_US',
      ]);
      expect(decline?.template?.components?.find((c) => c.type === 'button')?.parameters[0]?.text).toBe(
        page(declined),
      );
      const cancelled = await world.ended(
        await world.confirmed(await requested(true, TUESDAY_9)),
        'cancelled',
      );
      await drain();
      expect(toCustomer().at(-1)?.template?.name).toBe('barrio_customer_cancelled');
      // Inside the window, the cancellation is a text with its "Ver reserva" button.
      await customerWrites('ok');
      const again = await world.ended(await world.confirmed(await requested(true, WEDNESDAY_9)), 'cancelled');
      await drain();
      expect(toCustomer().at(-1)).toMatchObject({
        type: 'interactive',
        interactive: {
          body: { text: expect.stringMatching(new RegExp(`^Cancelaste tu reserva ${again.code}`)) },
          action: {
            parameters: { display_text: 'Ver reserva', url: `${world.config.appUrl}/${page(again)}` },
          },
        },
      });
      expect(cancelled.row.status).toBe('cancelled');

      // Without the consent: mail only.
      const sent = toCustomer().length;
      await world.ended(await requested(false, MONDAY_9), 'declined');
      await world.ended(await world.confirmed(await requested(false, TUESDAY_9)), 'cancelled');
      await drain();
      expect(toCustomer()).toHaveLength(sent);
    });

    it('the expiry and the review request carry their link as a URL button', async () => {
      const expired = await world.ended(await requested(true, MONDAY_9, 'en-US'), 'expired');
      await drain();
      const expiry = toCustomer().at(-1);
      expect([expiry?.template?.name, expiry?.template?.language?.code]).toEqual([
        'barrio_booking_expired',
        'en_US',
      ]);
      expect(expiry?.template?.components?.find((c) => c.type === 'button')?.parameters[0]?.text).toBe(
        `vendor/${expired.vendor.slug}#similar`,
      );
      expect(JSON.stringify(expiry)).not.toMatch(/"text":"https?:/);

      // Paid, it took place; two hours after its end, the review request, inside the window now.
      world.clock.set(NOW);
      const paid = await world.paid(await requested(true, TUESDAY_9));
      await customerWrites('gracias');
      world.clock.set(new Date(paid.row.endTz.getTime() + 2 * HOUR + 60_000));
      await customerWrites('¿y ahora?');
      await world.sweep();
      await drain();
      // The reply's automatic answer and the review request go out in either order (PostgreSQL's
      // dispatcher sends in parallel): the request is the message with the review's link.
      const review = toCustomer().find((m) => JSON.stringify(m).includes(`/review/${paid.code}?token=`));
      expect(review).toMatchObject({
        type: 'interactive',
        interactive: {
          type: 'cta_url',
          body: { text: expect.not.stringMatching(/https?:\/\//) },
          action: {
            parameters: {
              display_text: 'Calificar',
              url: expect.stringMatching(new RegExp(`/review/${paid.code}\\?token=`)),
            },
          },
        },
      });
    });
  });
});
