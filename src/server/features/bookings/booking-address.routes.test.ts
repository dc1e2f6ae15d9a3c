import { eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateBookingResponse, ManagedBooking } from '../../../shared/booking.schemas.ts';
import type { PublicVendorDetail } from '../../../shared/vendor.schemas.ts';
import type { AppEnv } from '../../app-env.ts';
import type { Database } from '../../db/client.ts';
import { appointments } from '../../db/schema/bookings.ts';
import { outbox } from '../../db/schema/messaging.ts';
import { fixedClock } from '../../lib/clock.ts';
import { insertService, insertVendor } from '../../test/factories.ts';
import { createHttpClient } from '../../test/http-client.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestDatabase, testEngine } from '../../test/test-db.ts';
import { APP_URL, NOW, WEDNESDAY_9 } from '../../test/test-week.ts';
import { listMyBookings } from './bookings.service.ts';

// Part 1: where a service is done. A cleaning vendor's services are done at the customer's
// address unless the vendor says otherwise; the request then needs the address, in a colonia the
// vendor serves, and the vendor's messages carry it with the customer's contact (part 7).
const address = {
  street: 'Calle Durango 120',
  colonia: 'roma norte',
  postalCode: '06700',
  references: 'interior 4, timbre azul',
};

describe(`the booking request's address (${testEngine})`, () => {
  let database: Database;
  let app: Hono<AppEnv>;
  const client = () => createHttpClient(app, { origin: APP_URL });

  beforeAll(async () => {
    database = await createTestDatabase();
    ({ app } = createTestApp(database, { clock: fixedClock(NOW), env: { APP_URL, RATE_LIMITS: 'off' } }));
  });
  afterAll(() => database.close());

  async function cleaningVendor(location: 'customer' | 'vendor' | 'online' | null = null) {
    const vendor = await insertVendor(database.db, {
      serviceCategory: 'cleaning',
      serviceAreas: ['Roma Norte', 'Condesa'],
      address: 'Av. Álvaro Obregón 99, Roma Norte',
      businessPhone: '+525512340000',
    });
    const service = await insertService(database.db, vendor.id, { durationMinutes: 60, location });
    return { vendor, service };
  }

  const request = (vendorId: string, serviceId: string, extra: Record<string, unknown> = {}) =>
    client().post('/api/bookings', {
      vendorId,
      serviceId,
      startTime: WEDNESDAY_9,
      customerName: 'Ana López',
      customerEmail: 'ana@example.test',
      customerPhone: '+52 55 1234 5678',
      notes: 'Traer escalera',
      ...extra,
    });

  it('asks for the address of a service done at the customer’s place, and refuses a colonia the vendor does not serve', async () => {
    const { vendor, service } = await cleaningVendor();
    const profile = (await (await client().get(`/api/vendors/${vendor.slug}`)).json()) as PublicVendorDetail;
    expect(profile.services[0]?.location).toBe('customer');
    expect(profile.place_address).toBeNull();

    const missing = await request(vendor.id, service.id);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({
      error: { code: 'validation_failed', reason: 'address_required', details: [{ path: 'address' }] },
    });
    const elsewhere = await request(vendor.id, service.id, { address: { ...address, colonia: 'Polanco' } });
    expect(elsewhere.status).toBe(400);
    expect(await elsewhere.json()).toMatchObject({
      error: {
        // The web app words it from the reason and its values; the message is for API clients.
        reason: 'colonia_not_served',
        params: { colonia: 'Polanco', serves: 'Roma Norte, Condesa' },
        message: 'This vendor does not serve Polanco. They serve: Roma Norte, Condesa.',
        details: [{ path: 'address.colonia' }],
      },
    });
    const badCode = await request(vendor.id, service.id, { address: { ...address, postalCode: '6700' } });
    expect(badCode.status).toBe(400);
    // A postal code of another colonia (Polanco's): the colonia and the code must name one place.
    const otherCode = await request(vendor.id, service.id, { address: { ...address, postalCode: '11560' } });
    expect(otherCode.status).toBe(400);
    expect(await otherCode.json()).toMatchObject({
      error: {
        code: 'validation_failed',
        reason: 'postal_code_not_in_colonia',
        params: { postal_code: '11560', colonia: 'roma norte', postal_codes: '06700' },
        message: 'The postal code 11560 is not in roma norte. Its postal codes: 06700.',
        details: [{ path: 'address.postalCode', postal_codes: ['06700'] }],
      },
    });
    expect(
      await database.db.select().from(appointments).where(eq(appointments.vendorProfileId, vendor.id)),
    ).toEqual([]);

    // Accents, case and spacing aside, "roma norte" is Roma Norte.
    const ok = await request(vendor.id, service.id, { address });
    expect(ok.status, await ok.clone().text()).toBe(201);
    const { id, code, manage_path } = (await ok.json()) as CreateBookingResponse;
    const [row] = await database.db.select().from(appointments).where(eq(appointments.id, id));
    expect(row).toMatchObject({ serviceLocation: 'customer', address });

    // The vendor's request carries everything needed to answer and to go (part 7).
    const mails = (await database.db.select().from(outbox)).map(
      (o) => o.payload as { to?: string; text?: string; type?: string },
    );
    const vendorMail = mails.find((m) => m.to === vendor.businessEmail && m.text?.includes(code));
    expect(vendorMail?.text).toContain(
      'Dónde: En el domicilio del cliente: Calle Durango 120, roma norte, CP 06700 (interior 4, timbre azul)',
    );
    expect(vendorMail?.text).toContain('Cliente: Ana López');
    expect(vendorMail?.text).toContain('Teléfono: +525512345678');
    expect(vendorMail?.text).toContain('WhatsApp: https://wa.me/525512345678');
    expect(vendorMail?.text).toContain('Correo: ana@example.test');
    expect(vendorMail?.text).toContain('Notas: Traer escalera');
    const whatsapp = mails.find((m) => m.type === 'booking_request' && m.text?.includes(code));
    expect(whatsapp?.text).toContain('Dónde: En el domicilio del cliente: Calle Durango 120');
    const receipt = mails.find((m) => m.to === 'ana@example.test' && m.text?.includes(code));
    // The customer's receipt in the booking's language: Spanish, as no language was asked for.
    expect(receipt?.text).toContain('Dónde: En tu domicilio: Calle Durango 120, roma norte, CP 06700');

    const token = new URL(manage_path, APP_URL).searchParams.get('token');
    const page = (await (await client().get(`/api/bookings/manage?token=${token}`)).json()) as ManagedBooking;
    expect(page).toMatchObject({ location: 'customer', address, place_address: null });

    // The customer's own list carries it, for the form to offer it next time.
    const [mine] = await listMyBookings({
      db: database.db,
      user: { id: 'nobody', email: 'ana@example.test', emailVerified: true },
      now: new Date(NOW),
      secret: 'x'.repeat(32),
    });
    expect(mine).toMatchObject({ code, address });
  });

  it('a service the vendor does at its place asks for no address and shows the vendor’s', async () => {
    const { vendor, service } = await cleaningVendor('vendor');
    const profile = (await (await client().get(`/api/vendors/${vendor.slug}`)).json()) as PublicVendorDetail;
    expect(profile.services[0]?.location).toBe('vendor');
    expect(profile.place_address).toBe('Av. Álvaro Obregón 99, Roma Norte');
    // An address sent anyway is not kept: nobody goes there.
    const ok = await request(vendor.id, service.id, { address });
    expect(ok.status).toBe(201);
    const { id, code } = (await ok.json()) as CreateBookingResponse;
    const [row] = await database.db.select().from(appointments).where(eq(appointments.id, id));
    expect(row).toMatchObject({ serviceLocation: 'vendor', address: null });
    const receipt = (await database.db.select().from(outbox))
      .map((o) => o.payload as { to?: string; text?: string })
      .find((m) => m.to === 'ana@example.test' && m.text?.includes(code));
    expect(receipt?.text).toContain('Dónde: En el local del proveedor: Av. Álvaro Obregón 99, Roma Norte');
  });

  it('an online service asks for no address', async () => {
    const { vendor, service } = await cleaningVendor('online');
    const profile = (await (await client().get(`/api/vendors/${vendor.slug}`)).json()) as PublicVendorDetail;
    expect(profile.services[0]?.location).toBe('online');
    expect((await request(vendor.id, service.id)).status).toBe(201);
  });
});
