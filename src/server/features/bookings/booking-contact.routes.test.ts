import { eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BookingSummary,
  CreateBookingResponse,
  ItemsResponse,
  VendorBooking,
} from '../../../shared/booking.schemas.ts';
import type { AppEnv } from '../../app-env.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { user } from '../../db/schema/auth.ts';
import { appointments, customers } from '../../db/schema/bookings.ts';
import { outbox } from '../../db/schema/messaging.ts';
import { vendorProfiles } from '../../db/schema/vendors.ts';
import { createCloudTransport } from '../../integrations/whatsapp/cloud-transport.ts';
import { fixedClock } from '../../lib/clock.ts';
import { confirmTokenInOutbox } from '../../test/booking-scenario.ts';
import { insertService, insertVendor } from '../../test/factories.ts';
import { type FakeGraphApi, startFakeGraphApi } from '../../test/fake-graph-api.ts';
import { createHttpClient, type HttpClient } from '../../test/http-client.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestDatabase, testEngine } from '../../test/test-db.ts';
import { APP_URL, MONDAY_9, MONDAY_11, NOW, TUESDAY_9 } from '../../test/test-week.ts';
import { sendNotification } from '../whatsapp/whatsapp-admin.service.ts';
import { deliverWhatsApp, whatsappOutboxPayloadSchema } from '../whatsapp/whatsapp-outbound.service.ts';

// A booking keeps the name, email and phone given with it. Someone booking with another
// customer's email changes neither that customer's row nor what vendors, payment links and WhatsApp
// messages show for the customer's earlier bookings. "Now" is Sunday 2026-11-22 12:00 in Mexico City.
const GRAPH_TOKEN = 'EAAG-test-token';
const PHONE_NUMBER_ID = '109876543210';

const ANA = {
  customerName: 'Ana López',
  customerEmail: 'ana@example.test',
  customerPhone: '+52 55 1234 5678',
  whatsappOptIn: true,
};
const ANA_PHONE = '+525512345678';
const STRANGER = {
  customerName: 'Beto Ruiz',
  customerEmail: 'Ana@Example.test',
  customerPhone: '+52 55 8765 4321',
  whatsappOptIn: true,
};
const STRANGER_PHONE = '+525587654321';

describe(`a booking's own contact (${testEngine})`, () => {
  let database: Database;
  let graph: FakeGraphApi;
  let app: Hono<AppEnv>;
  let config: Config;

  beforeAll(async () => {
    database = await createTestDatabase();
    graph = await startFakeGraphApi({ token: GRAPH_TOKEN, phoneNumberId: PHONE_NUMBER_ID });
    ({ app, config } = createTestApp(database, {
      clock: fixedClock(NOW),
      env: { APP_URL, RATE_LIMITS: 'off' },
    }));
  });
  afterAll(async () => {
    await graph.close();
    await database.close();
  });

  const client = () => createHttpClient(app, { origin: APP_URL });

  /** A vendor account with one paid service, and its signed-in client. */
  async function signedInVendor(email: string) {
    const vendorClient = client();
    const signUp = await vendorClient.post('/api/auth/sign-up/email', {
      name: 'Proveedora',
      email,
      password: 'Proveedora#2026',
    });
    const { user: account } = (await signUp.json()) as { user: { id: string } };
    const vendor = await insertVendor(database.db, { userId: account.id });
    const service = await insertService(database.db, vendor.id, { durationMinutes: 60, priceCents: 50_000 });
    return { vendorClient, vendor, service };
  }

  async function book(
    by: HttpClient,
    vendorId: string,
    serviceId: string,
    startTime: string,
    contact: Omit<typeof ANA, 'whatsappOptIn'> & { whatsappOptIn?: boolean },
  ) {
    const res = await by.post('/api/bookings', { vendorId, serviceId, startTime, ...contact });
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()) as CreateBookingResponse;
  }

  const tokenOf = (code: string) => confirmTokenInOutbox(database.db, code);

  async function whatsappOf(appointmentId: string, type: string) {
    return (await database.db.select().from(outbox).where(eq(outbox.kind, 'whatsapp'))).filter(
      (o) => o.payload.type === type && o.payload.appointmentId === appointmentId,
    );
  }

  /** Delivers the booking's queued WhatsApp request to the vendor; the customer named in its template. */
  async function requestTemplateName(appointmentId: string) {
    const [request] = await whatsappOf(appointmentId, 'booking_request');
    const payload = whatsappOutboxPayloadSchema.parse(request!.payload);
    if (payload.type === 'inbound') throw new Error('not an outbound item');
    const transport = createCloudTransport({
      token: GRAPH_TOKEN,
      phoneNumberId: PHONE_NUMBER_ID,
      apiBase: graph.baseUrl,
    });
    await deliverWhatsApp({ db: database.db, transport, now: new Date(NOW), payload });
    const body = graph.requests.at(-1)?.body as {
      template: { components: { parameters: { text: string }[] }[] };
    };
    // booking_request's parameters: code, service, when, customer.
    return body.template.components[0]!.parameters[3]!.text;
  }

  const customerRow = async (email: string) =>
    (await database.db.select().from(customers).where(eq(customers.email, email)))[0];

  it("a stranger's booking with a customer's email changes nothing of the customer's earlier booking", async () => {
    const { vendorClient, vendor, service } = await signedInVendor('proveedora-a@example.test');
    const first = await book(client(), vendor.id, service.id, MONDAY_9, ANA);
    const before = await customerRow('ana@example.test');
    const second = await book(client(), vendor.id, service.id, MONDAY_11, STRANGER);

    // The shared row is left as it was, and both bookings are attached to it.
    expect(await customerRow('ana@example.test')).toEqual(before);
    expect(before).toMatchObject({ name: 'Ana López', phoneE164: ANA_PHONE });

    // The vendor sees each booking with the contact given with it.
    const list = (await (
      await vendorClient.get('/api/vendor/bookings')
    ).json()) as ItemsResponse<VendorBooking>;
    expect(list.items.find((b) => b.id === first.id)).toMatchObject({
      customer_name: 'Ana López',
      customer_email: 'ana@example.test',
      customer_phone: ANA_PHONE,
    });
    expect(list.items.find((b) => b.id === second.id)).toMatchObject({
      customer_name: 'Beto Ruiz',
      customer_email: 'ana@example.test',
      customer_phone: STRANGER_PHONE,
    });

    // So does the confirm page, by the first booking's link.
    const summary = await client().get(`/api/bookings/confirm?token=${await tokenOf(first.code)}`);
    expect(((await summary.json()) as BookingSummary).customer_name).toBe('Ana López');

    // The vendor's WhatsApp template (outside the 24-hour window) names each request's own customer.
    expect(await requestTemplateName(first.id)).toBe('Ana López');
    expect(await requestTemplateName(second.id)).toBe('Beto Ruiz');

    // Confirming the first booking sends its payment link to Ana's phone, in her name.
    const confirmed = await vendorClient.post(`/api/vendor/bookings/${first.id}/confirm`);
    expect(confirmed.status).toBe(200);
    const links = await whatsappOf(first.id, 'payment_link');
    expect(links).toHaveLength(1);
    expect(links[0]!.payload.to).toBe(ANA_PHONE);
    expect(String(links[0]!.payload.text)).toMatch(/^Hola Ana López:/);

    // And the second one's to the phone given with it.
    expect((await vendorClient.post(`/api/vendor/bookings/${second.id}/confirm`)).status).toBe(200);
    const strangers = await whatsappOf(second.id, 'payment_link');
    expect(strangers.map((o) => o.payload.to)).toEqual([STRANGER_PHONE]);
    expect(String(strangers[0]!.payload.text)).toMatch(/^Hola Beto Ruiz:/);
  });

  it("the admin's WhatsApp resend of a request names the customer given with it", async () => {
    // A vendor without a WhatsApp number when the requests came: no request text was queued.
    const vendor = await insertVendor(database.db, { businessPhone: null });
    const service = await insertService(database.db, vendor.id, { durationMinutes: 60, priceCents: 50_000 });
    const first = await book(client(), vendor.id, service.id, MONDAY_9, {
      ...ANA,
      customerEmail: 'dora@example.test',
    });
    const second = await book(client(), vendor.id, service.id, MONDAY_11, {
      ...STRANGER,
      customerEmail: 'dora@example.test',
    });
    await database.db
      .update(vendorProfiles)
      .set({ businessPhone: '+5215512345678' })
      .where(eq(vendorProfiles.id, vendor.id));

    for (const [booking, name] of [
      [first, 'Ana López'],
      [second, 'Beto Ruiz'],
    ] as const) {
      await sendNotification({
        db: database.db,
        input: { appointmentId: booking.id },
        adminUserId: 'no-admin-profile',
        config,
        now: new Date(NOW),
      });
      const [resent] = await whatsappOf(booking.id, 'booking_request');
      expect(String(resent?.payload.text)).toContain(`Cliente: ${name}`);
    }
  });

  it('only the verified owner of the email updates the customer row by booking while signed in', async () => {
    const vendor = await insertVendor(database.db);
    const service = await insertService(database.db, vendor.id, { durationMinutes: 60, priceCents: 50_000 });
    const email = 'carla@example.test';
    await book(client(), vendor.id, service.id, MONDAY_9, {
      customerName: 'Carla Núñez',
      customerEmail: email,
      customerPhone: '+52 55 1111 2222',
    });

    // Signed in with that email, not yet proven: attached, nothing changed, not linked.
    const carla = client();
    const signUp = await carla.post('/api/auth/sign-up/email', {
      name: 'Carla',
      email,
      password: 'Carla#Cliente2026',
    });
    const { user: account } = (await signUp.json()) as { user: { id: string } };
    const moved = { customerName: 'Carla N.', customerEmail: email, customerPhone: '+52 55 3333 4444' };
    await book(carla, vendor.id, service.id, MONDAY_11, moved);
    expect(await customerRow(email)).toMatchObject({
      name: 'Carla Núñez',
      phoneE164: '+525511112222',
      userId: null,
    });

    // Proven: her booking links the row to her account and updates it.
    await database.db.update(user).set({ emailVerified: true }).where(eq(user.id, account.id));
    await book(carla, vendor.id, service.id, TUESDAY_9, moved);
    const owned = await customerRow(email);
    expect(owned).toMatchObject({ name: 'Carla N.', phoneE164: '+525533334444', userId: account.id });
    // Each of the three bookings still shows the contact given with it.
    const rows = await database.db
      .select({ name: appointments.customerName, phone: appointments.customerPhone })
      .from(appointments)
      .where(eq(appointments.customerId, owned!.id))
      .orderBy(appointments.startTz);
    expect(rows).toEqual([
      { name: 'Carla Núñez', phone: '+525511112222' },
      { name: 'Carla N.', phone: '+525533334444' },
      { name: 'Carla N.', phone: '+525533334444' },
    ]);
  });
});
