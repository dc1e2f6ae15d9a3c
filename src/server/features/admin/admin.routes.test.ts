import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminAvailabilityWindow,
  AdminCustomer,
  AdminPage,
  AdminStats,
  AdminVendor,
} from '../../../shared/admin.schemas.ts';
import type { AdminBookingPage } from '../../../shared/admin-bookings.schemas.ts';
import type { AvailabilityResponse } from '../../../shared/availability/availability.schemas.ts';
import type { CreateBookingResponse } from '../../../shared/booking.schemas.ts';
import type { Database } from '../../db/client.ts';
import { appointments, customers } from '../../db/schema/bookings.ts';
import { outbox } from '../../db/schema/messaging.ts';
import { availabilityWindows } from '../../db/schema/vendors.ts';
import { DEMO_PASSWORD, demoAccounts } from '../../db/seed/demo-people.ts';
import { seedDemoData } from '../../db/seed/seed.ts';
import { fixedClock } from '../../lib/clock.ts';
import { appointmentValues, insertCustomer, insertService, insertVendor } from '../../test/factories.ts';
import { createHttpClient, type HttpClient } from '../../test/http-client.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestDatabase, testEngine } from '../../test/test-db.ts';
import { APP_URL, NOW } from '../../test/test-week.ts';
import { listMyBookings } from '../bookings/bookings.service.ts';

// /api/admin (product §2 Admin dashboard, ARCHITECTURE §6) through the real app with real sessions.
// "Now" is Sunday 2026-11-22 12:00 in Mexico City (UTC−6).
const MISSING = '00000000-0000-4000-8000-000000000000';

describe(`/api/admin (${testEngine})`, () => {
  let database: Database;
  let admin: HttpClient;
  let customer: HttpClient;
  let vendor: HttpClient;
  let anonymous: HttpClient;
  let foreignOrigin: HttpClient;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoData(database.db, { vendors: 3 });
    const { app } = createTestApp(database, { clock: fixedClock(NOW), env: { APP_URL } });
    const client = () => createHttpClient(app, { origin: APP_URL });
    admin = client();
    customer = client();
    vendor = client();
    anonymous = client();
    foreignOrigin = createHttpClient(app, { origin: 'http://evil.test' });
    await admin.signIn(demoAccounts.admin.email, DEMO_PASSWORD);
    await customer.signIn(demoAccounts.customer.email, DEMO_PASSWORD);
    await vendor.signIn(demoAccounts.vendor.email, DEMO_PASSWORD);
    // The cookie, but from another site: the Origin check refuses its mutations.
    for (const [k, v] of admin.cookies) foreignOrigin.cookies.set(k, v);
  });
  afterAll(() => database.close());

  const patch = (c: HttpClient, path: string, json: unknown) => c.request(path, { method: 'PATCH', json });
  const del = (c: HttpClient, path: string) => c.request(path, { method: 'DELETE' });

  describe('who may call', () => {
    const calls: [string, (c: HttpClient) => Promise<Response>][] = [
      ['GET stats', (c) => c.get('/api/admin/stats')],
      ['GET vendors', (c) => c.get('/api/admin/vendors')],
      [
        'POST vendors',
        (c) => c.post('/api/admin/vendors', { business_name: 'X', service_category: 'Other' }),
      ],
      ['PATCH vendor', (c) => patch(c, `/api/admin/vendors/${MISSING}`, {})],
      ['DELETE vendor', (c) => del(c, `/api/admin/vendors/${MISSING}`)],
      ['GET customers', (c) => c.get('/api/admin/customers')],
      ['POST customers', (c) => c.post('/api/admin/customers', { display_name: 'X' })],
      ['PATCH customer', (c) => patch(c, `/api/admin/customers/${MISSING}`, {})],
      ['DELETE customer', (c) => del(c, `/api/admin/customers/${MISSING}`)],
      ['GET windows', (c) => c.get(`/api/admin/availability-windows?vendor_profile_id=${MISSING}`)],
      ['POST windows', (c) => c.post('/api/admin/availability-windows', [])],
      ['PATCH window', (c) => patch(c, `/api/admin/availability-windows/${MISSING}`, {})],
      ['DELETE window', (c) => del(c, `/api/admin/availability-windows/${MISSING}`)],
    ];

    it.each(calls)('%s: 401 signed out, 403 for a customer and a vendor', async (_, call) => {
      expect((await call(anonymous)).status).toBe(401);
      expect((await call(customer)).status).toBe(403);
      expect((await call(vendor)).status).toBe(403);
      expect([200, 201, 400, 404]).toContain((await call(admin)).status);
    });

    it('refuses an admin’s mutations from another origin', async () => {
      const res = await foreignOrigin.post('/api/admin/customers', { display_name: 'Cross Site' });
      expect(res.status).toBe(403);
      expect((await foreignOrigin.get('/api/admin/stats')).status).toBe(200);
    });
  });

  it('GET /stats counts real rows: vendors, unclaimed, customers, 0 reviews, scheduled services', async () => {
    const before = (await (await admin.get('/api/admin/stats')).json()) as AdminStats;
    expect(before.reviews).toBe(0);
    expect(before.vendors).toBeGreaterThanOrEqual(3);

    const v = await insertVendor(database.db, { isClaimed: false });
    const c = await insertCustomer(database.db);
    await database.db
      .insert(appointments)
      .values([
        appointmentValues(v.id, c, '2026-11-30T16:00:00Z', 60, { status: 'confirmed' }),
        appointmentValues(v.id, c, '2026-11-30T18:00:00Z', 60, { status: 'paid' }),
        appointmentValues(v.id, c, '2026-11-30T20:00:00Z', 60, { status: 'awaiting_payment' }),
        appointmentValues(v.id, c, '2026-12-01T16:00:00Z', 60, { status: 'pending_vendor' }),
        appointmentValues(v.id, c, '2026-12-01T18:00:00Z', 60, { status: 'declined' }),
      ]);
    const after = (await (await admin.get('/api/admin/stats')).json()) as AdminStats;
    expect(after).toEqual({
      vendors: before.vendors + 1,
      unclaimed_vendors: before.unclaimed_vendors + 1,
      // a booking-only customer (no profile stands for them) counts as a customer
      customers: before.customers + 1,
      reviews: 0,
      services_scheduled: before.services_scheduled + 3,
    });
    // The demo's paid bookings keep their ledger entries; only this test's bookings go.
    await database.db.delete(appointments).where(eq(appointments.vendorProfileId, v.id));
  });

  describe('vendors', () => {
    it('creates an approved, admin-created, unclaimed vendor with a slug and E.164 phone', async () => {
      const res = await admin.post('/api/admin/vendors', {
        business_name: 'Jardines Xochimilco',
        service_category: 'Lawn Care',
        business_email: 'hola@jardines.example',
        business_phone: '+525512345678',
        pricing_type: 'hourly',
      });
      expect(res.status).toBe(201);
      const created = (await res.json()) as AdminVendor;
      expect(created).toMatchObject({
        business_name: 'Jardines Xochimilco',
        slug: 'jardines-xochimilco',
        application_status: 'approved',
        admin_created: true,
        is_claimed: false,
        is_verified: false,
        business_phone: '+525512345678',
        timezone: 'America/Mexico_City',
      });
      const again = (await (
        await admin.post('/api/admin/vendors', {
          business_name: 'Jardines Xochimilco',
          service_category: 'Other',
        })
      ).json()) as AdminVendor;
      expect(again.slug).toBe('jardines-xochimilco-2');
      // it is public at once: approved
      expect((await anonymous.get('/api/vendors/jardines-xochimilco')).status).toBe(200);
    });

    it('answers 400 for a missing name, a bad email, a phone not in E.164 or an unknown status', async () => {
      for (const body of [
        { service_category: 'Other' },
        { business_name: '   ', service_category: 'Other' },
        { business_name: 'A', service_category: 'Other', business_email: 'not-an-email' },
        { business_name: 'A', service_category: 'Other', business_phone: '55 1234 5678' },
        { business_name: 'A', service_category: 'Other', application_status: 'maybe' },
      ]) {
        const res = await admin.post('/api/admin/vendors', body);
        expect(res.status, JSON.stringify(body)).toBe(400);
      }
      expect((await patch(admin, '/api/admin/vendors/not-a-uuid', {})).status).toBe(400);
      expect((await patch(admin, `/api/admin/vendors/${MISSING}`, { business_name: '' })).status).toBe(400);
      expect((await admin.get('/api/admin/vendors?limit=500')).status).toBe(400);
    });

    it('stores a phone read by libphonenumber-js, and refuses one that reaches nobody naming the field', async () => {
      const res = await admin.post('/api/admin/vendors', {
        business_name: 'Cerrajería Tlalpan',
        service_category: 'Other',
        business_phone: '+52 1 55 2345 6789',
      });
      expect(res.status).toBe(201);
      const created = (await res.json()) as AdminVendor;
      expect(created.business_phone).toBe('+525523456789');
      const edited = await patch(admin, `/api/admin/vendors/${created.id}`, {
        business_phone: '+1 (415) 555-0132',
      });
      expect(((await edited.json()) as AdminVendor).business_phone).toBe('+14155550132');
      for (const phone of ['+521234', '+52445523456789']) {
        const refused = await patch(admin, `/api/admin/vendors/${created.id}`, { business_phone: phone });
        expect(refused.status).toBe(400);
        const { error } = (await refused.json()) as { error: { message: string } };
        expect(error.message).toBe(
          'Invalid json (business_phone): Enter a valid phone number for the selected country.',
        );
      }
      const customer = await admin.post('/api/admin/customers', { display_name: 'Rosa', phone: '+521234' });
      expect(customer.status).toBe(400);
    });

    it('searches by name, category, email or phone, pages on the server and counts all matches', async () => {
      const a = await insertVendor(database.db, {
        businessName: 'Plomería Búho Nocturno',
        serviceCategory: 'repair',
        businessEmail: 'buho@plomeria.example',
        businessPhone: '+525588887777',
      });
      const byName = (await (
        await admin.get('/api/admin/vendors?q=b%C3%BAho')
      ).json()) as AdminPage<AdminVendor>;
      expect(byName.items.map((v) => v.id)).toEqual([a.id]);
      expect(byName.total).toBe(1);
      // An email whole or a part of it, in any case (decision 061).
      for (const email of ['BUHO@plomeria.example', 'buho@', '@Plomeria', '@plomeria.example']) {
        const byEmail = (await (
          await admin.get(`/api/admin/vendors?q=${encodeURIComponent(email)}`)
        ).json()) as AdminPage<AdminVendor>;
        expect(
          byEmail.items.map((v) => v.id),
          email,
        ).toEqual([a.id]);
      }
      // `%` and `_` are literal: no email holds them.
      const wild = (await (
        await admin.get(`/api/admin/vendors?q=${encodeURIComponent('%@%')}`)
      ).json()) as AdminPage<AdminVendor>;
      expect(wild.total).toBe(0);
      // A phone whole, as typed in Mexico, or a part of its digits.
      for (const phone of [
        '+525588887777',
        '55 8888 7777',
        '+52 55 8888 7777',
        '8888 7777',
        '5588',
        '887-777',
      ]) {
        const byPhone = (await (
          await admin.get(`/api/admin/vendors?q=${encodeURIComponent(phone)}`)
        ).json()) as AdminPage<AdminVendor>;
        expect(
          byPhone.items.map((v) => v.id),
          phone,
        ).toEqual([a.id]);
      }
      const byCategory = (await (
        await admin.get('/api/admin/vendors?q=handy&limit=50')
      ).json()) as AdminPage<AdminVendor>;
      expect(byCategory.items.map((v) => v.id)).toContain(a.id);

      const all = (await (await admin.get('/api/admin/vendors?limit=2')).json()) as AdminPage<AdminVendor>;
      expect(all.items).toHaveLength(2);
      expect(all.total).toBeGreaterThan(2);
      const next = (await (
        await admin.get('/api/admin/vendors?limit=2&offset=2')
      ).json()) as AdminPage<AdminVendor>;
      expect(next.items.map((v) => v.id)).not.toContain(all.items[0]!.id);
      expect(next.total).toBe(all.total);
      // the contact fields are the admins' to see (ARCHITECTURE §3)
      expect(all.items[0]).toHaveProperty('business_email');
    });

    it('edits status, verification, pricing and contact; 404 for an unknown vendor', async () => {
      const v = await insertVendor(database.db, { applicationStatus: 'submitted' });
      const res = await patch(admin, `/api/admin/vendors/${v.id}`, {
        application_status: 'approved',
        is_verified: true,
        pricing_type: 'fixed',
        business_phone: '',
        business_name: 'Nuevo Nombre',
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({
        id: v.id,
        slug: v.slug,
        business_name: 'Nuevo Nombre',
        application_status: 'approved',
        is_verified: true,
        pricing_type: 'fixed',
        business_phone: null,
        service_category: v.serviceCategory,
      });
      expect((await patch(admin, `/api/admin/vendors/${MISSING}`, { is_verified: true })).status).toBe(404);
    });

    it('deletes a vendor, but not one with an active booking', async () => {
      const v = await insertVendor(database.db);
      expect((await del(admin, `/api/admin/vendors/${v.id}`)).status).toBe(200);
      expect((await del(admin, `/api/admin/vendors/${v.id}`)).status).toBe(404);

      const busy = await insertVendor(database.db);
      const c = await insertCustomer(database.db);
      await database.db
        .insert(appointments)
        .values(appointmentValues(busy.id, c, '2026-11-30T16:00:00Z', 60));
      expect((await del(admin, `/api/admin/vendors/${busy.id}`)).status).toBe(409);
    });
  });

  describe('customers', () => {
    it('lists customer profiles and booking-only customers, never vendor accounts', async () => {
      const booked = await insertCustomer(database.db, {
        name: 'Solo Reservó',
        email: 'solo@reservo.example',
      });
      const page = (await (
        await admin.get('/api/admin/customers?limit=50')
      ).json()) as AdminPage<AdminCustomer>;
      const names = page.items.map((c) => c.display_name);
      expect(names).toContain('Rosario Pérez'); // an admin-entered profile of the seed
      expect(page.items.find((c) => c.id === booked.id)).toMatchObject({ kind: 'booking_only' });
      expect(page.items.every((c) => c.display_name !== demoAccounts.vendor.name)).toBe(true);
      const search = (await (
        await admin.get('/api/admin/customers?q=rosario')
      ).json()) as AdminPage<AdminCustomer>;
      expect(search.items.map((c) => c.display_name)).toEqual(['Rosario Pérez']);
      expect(search.total).toBe(1);
    });

    it('creates, edits and deletes a profile without a user; display name required', async () => {
      expect((await admin.post('/api/admin/customers', { display_name: ' ' })).status).toBe(400);
      expect((await admin.post('/api/admin/customers', { display_name: 'A', phone: '5512' })).status).toBe(
        400,
      );
      expect(
        (await admin.post('/api/admin/customers', { display_name: 'A', preferred_categories: ['nope'] }))
          .status,
      ).toBe(400);
      const res = await admin.post('/api/admin/customers', {
        display_name: 'Lucía Gómez',
        phone: '+525511112222',
        preferred_categories: ['cleaning', 'pets'],
      });
      expect(res.status).toBe(201);
      const created = (await res.json()) as AdminCustomer;
      expect(created).toMatchObject({ kind: 'profile', has_account: false, display_name: 'Lucía Gómez' });

      const edited = await patch(admin, `/api/admin/customers/${created.id}`, {
        display_name: 'Lucía G.',
        phone: '',
      });
      expect(edited.status).toBe(200);
      expect(await edited.json()).toMatchObject({ display_name: 'Lucía G.', phone: null });
      expect((await patch(admin, `/api/admin/customers/${created.id}`, { display_name: '' })).status).toBe(
        400,
      );

      expect((await del(admin, `/api/admin/customers/${created.id}`)).status).toBe(200);
      expect((await del(admin, `/api/admin/customers/${created.id}`)).status).toBe(404);
      expect((await patch(admin, `/api/admin/customers/${MISSING}`, { display_name: 'X' })).status).toBe(404);
    });
  });

  describe('guests: customers who only ever booked', () => {
    const WEDNESDAY_9 = '2026-11-25T15:00:00.000Z';
    let n = 0;

    /** A guest's request, made as a visitor would; its page's token and the vendor's confirm token. */
    async function guestBooking() {
      n++;
      const v = await insertVendor(database.db, { businessName: `Cerrajería Invitada ${n}` });
      const service = await insertService(database.db, v.id, { durationMinutes: 60 });
      const email = `invitada.${n}@example.test`;
      const res = await anonymous.post('/api/bookings', {
        vendorId: v.id,
        serviceId: service.id,
        startTime: WEDNESDAY_9,
        customerName: 'Inés Invitada',
        customerEmail: email,
        customerPhone: '+52 55 4444 3333',
      });
      expect(res.status, await res.clone().text()).toBe(201);
      const booking = (await res.json()) as CreateBookingResponse;
      const token = new URL(booking.manage_path, APP_URL).searchParams.get('token')!;
      const mails = await database.db.select().from(outbox).where(eq(outbox.kind, 'mail'));
      const toVendor = mails.find((m) => String(m.payload.subject).includes(`reserva ${booking.code}`));
      const confirmToken = /token=([A-Za-z0-9_-]+)&action=confirm/.exec(String(toVendor?.payload.text))![1]!;
      const [guest] = (
        (await (
          await admin.get(`/api/admin/customers?q=${encodeURIComponent(email)}`)
        ).json()) as AdminPage<AdminCustomer>
      ).items;
      return { ...booking, token, confirmToken, email, guest: guest! };
    }

    it('lists a guest with their bookings; edits only the fields sent, never the bookings’ own contact', async () => {
      const { id, guest, email } = await guestBooking();
      expect(guest).toMatchObject({ kind: 'booking_only', bookings: 1, active_bookings: 1, email });

      const renamed = await patch(admin, `/api/admin/customers/${guest.id}`, { display_name: 'Inés I.' });
      expect(renamed.status).toBe(200);
      expect(await renamed.json()).toMatchObject({
        id: guest.id,
        kind: 'booking_only',
        display_name: 'Inés I.',
        email,
        phone: '+525544443333',
      });
      const edited = await patch(admin, `/api/admin/customers/${guest.id}`, {
        phone: '',
        email: `ines.${n}@example.test`,
      });
      expect(await edited.json()).toMatchObject({ display_name: 'Inés I.', phone: null });
      const [row] = await database.db.select().from(appointments).where(eq(appointments.id, id));
      expect(row).toMatchObject({
        customerId: guest.id,
        customerName: 'Inés Invitada',
        customerEmail: email,
        customerPhone: '+525544443333',
      });
    });

    it('refuses preferred categories, an empty email and another customer’s email, changing nothing', async () => {
      const { guest, email } = await guestBooking();
      const other = await insertCustomer(database.db, { email: `otra.${n}@example.test` });
      const refusals: [unknown, number, string][] = [
        [{ preferred_categories: ['cleaning'] }, 400, 'preferred categories'],
        [{ email: '' }, 400, 'email is required'],
        [{ display_name: 'Nadie', email: other.email }, 409, 'already has this email'],
      ];
      for (const [body, status, words] of refusals) {
        const res = await patch(admin, `/api/admin/customers/${guest.id}`, body);
        expect(res.status, JSON.stringify(body)).toBe(status);
        expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(
          new RegExp(words, 'i'),
        );
      }
      const [after] = await database.db.select().from(customers).where(eq(customers.id, guest.id));
      expect(after).toMatchObject({ name: 'Inés Invitada', email });
    });

    it('deletes a guest: the booking stays with its own contact and goes on (page, vendor, admin, my bookings)', async () => {
      const { id, code, token, confirmToken, guest, email } = await guestBooking();
      expect((await del(admin, `/api/admin/customers/${guest.id}`)).status).toBe(200);
      expect((await del(admin, `/api/admin/customers/${guest.id}`)).status).toBe(404);
      expect((await patch(admin, `/api/admin/customers/${guest.id}`, { display_name: 'X' })).status).toBe(
        404,
      );
      expect(await database.db.select().from(customers).where(eq(customers.id, guest.id))).toEqual([]);
      const [row] = await database.db.select().from(appointments).where(eq(appointments.id, id));
      expect(row).toMatchObject({
        customerId: null,
        customerName: 'Inés Invitada',
        customerEmail: email,
        customerPhone: '+525544443333',
      });

      // The customer's page reads it; the vendor confirms it, and the customer is told by mail.
      const page = await anonymous.get(`/api/bookings/manage?token=${token}`);
      expect(page.status).toBe(200);
      expect(await page.json()).toMatchObject({ code });
      const confirm = await anonymous.post('/api/bookings/confirm', {
        token: confirmToken,
        action: 'confirm',
      });
      expect(confirm.status, await confirm.clone().text()).toBe(200);
      const mails = await database.db.select().from(outbox).where(eq(outbox.kind, 'mail'));
      expect(mails.filter((m) => m.payload.to === email).length).toBeGreaterThanOrEqual(2);

      // The admin's Bookings tab lists it and opens it.
      const list = (await (
        await admin.get(`/api/admin/bookings?q=${encodeURIComponent(email)}`)
      ).json()) as AdminBookingPage;
      expect(list.items.map((b) => b.id)).toEqual([id]);
      const detail = await admin.get(`/api/admin/bookings/${id}`);
      expect(await detail.json()).toMatchObject({
        customer_name: 'Inés Invitada',
        customer_phone: '+525544443333',
        status: 'awaiting_payment',
      });

      // Someone who later proves that email sees it among their bookings; an unproven one does not.
      const mine = (emailVerified: boolean) =>
        listMyBookings({
          db: database.db,
          user: { id: 'later-user', email, emailVerified },
          now: new Date(NOW),
          secret: 'test-secret',
        });
      expect((await mine(true)).map((b) => b.id)).toEqual([id]);
      expect(await mine(false)).toEqual([]);

      // The customer still cancels it from the page.
      const cancelled = await anonymous.post('/api/bookings/manage/cancel', { token });
      expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    });
  });

  describe('availability windows', () => {
    // Wednesday 2026-11-25 06:00–08:00 in Mexico City: the weekly schedule opens at 09:00.
    const EARLY = { start_tz: '2026-11-25T12:00:00.000Z', end_tz: '2026-11-25T14:00:00.000Z' };
    const WEDNESDAY = 'from=2026-11-25T06:00:00Z&to=2026-11-26T06:00:00Z';
    const earlySlots = ['2026-11-25T12:00:00.000Z', '2026-11-25T12:30:00.000Z', '2026-11-25T13:00:00.000Z'];

    async function slotsOf(vendorId: string, serviceId: string) {
      const res = await anonymous.get(
        `/api/vendors/${vendorId}/availability?serviceId=${serviceId}&${WEDNESDAY}`,
      );
      expect(res.status).toBe(200);
      return ((await res.json()) as AvailabilityResponse).slots;
    }

    it('a saved window opens slots the weekly schedule does not; deactivating or deleting closes them', async () => {
      const created = (await (
        await admin.post('/api/admin/vendors', { business_name: 'Madrugadores', service_category: 'Cooking' })
      ).json()) as AdminVendor;
      const service = await insertService(database.db, created.id, { durationMinutes: 60 });
      const before = await slotsOf(created.id, service.id);
      expect(before[0]).toBe('2026-11-25T15:00:00.000Z'); // 09:00 local
      for (const s of earlySlots) expect(before).not.toContain(s);

      const res = await admin.post('/api/admin/availability-windows', [
        { vendor_profile_id: created.id, ...EARLY, recurrence_rule: null, is_active: true },
      ]);
      expect(res.status).toBe(201);
      const [window] = (await res.json()) as AdminAvailabilityWindow[];
      expect(window).toMatchObject({ vendor_profile_id: created.id, ...EARLY, is_active: true });
      const opened = await slotsOf(created.id, service.id);
      expect(opened.slice(0, 3)).toEqual(earlySlots);
      expect(opened).not.toContain('2026-11-25T13:30:00.000Z'); // a 60-minute job would end at 08:30

      const off = await patch(admin, `/api/admin/availability-windows/${window!.id}`, { is_active: false });
      expect(off.status).toBe(200);
      expect(await slotsOf(created.id, service.id)).toEqual(before);
      await patch(admin, `/api/admin/availability-windows/${window!.id}`, { is_active: true });
      expect((await slotsOf(created.id, service.id)).slice(0, 3)).toEqual(earlySlots);

      expect((await del(admin, `/api/admin/availability-windows/${window!.id}`)).status).toBe(200);
      expect(await slotsOf(created.id, service.id)).toEqual(before);
      expect((await del(admin, `/api/admin/availability-windows/${window!.id}`)).status).toBe(404);
    });

    it('saves several windows at once, lists them by vendor and repeats a recurring one', async () => {
      const v = await insertVendor(database.db);
      const service = await insertService(database.db, v.id, { durationMinutes: 60 });
      const res = await admin.post('/api/admin/availability-windows', [
        // Monday 06:00–07:00, daily: reaches Wednesday too
        {
          vendor_profile_id: v.id,
          start_tz: '2026-11-23T12:00:00Z',
          end_tz: '2026-11-23T13:00:00Z',
          recurrence_rule: 'daily',
        },
        { vendor_profile_id: v.id, start_tz: '2026-11-23T23:00:00Z', end_tz: '2026-11-24T01:00:00Z' },
      ]);
      expect(res.status).toBe(201);
      expect((await res.json()) as unknown[]).toHaveLength(2);
      const list = (await (
        await admin.get(`/api/admin/availability-windows?vendor_profile_id=${v.id}`)
      ).json()) as { items: AdminAvailabilityWindow[] };
      expect(list.items.map((w) => w.recurrence_rule)).toEqual(['daily', null]);
      expect(list.items.every((w) => w.is_active)).toBe(true);
      expect(await slotsOf(v.id, service.id)).toContain('2026-11-25T12:00:00.000Z');
    });

    it('answers 400 for bad windows and 404 for an unknown vendor', async () => {
      const v = await insertVendor(database.db);
      const bad = [
        [],
        {},
        [{ vendor_profile_id: v.id, start_tz: EARLY.end_tz, end_tz: EARLY.start_tz }],
        [{ vendor_profile_id: v.id, ...EARLY, recurrence_rule: 'monthly' }],
        [{ vendor_profile_id: 'nope', ...EARLY }],
        [{ vendor_profile_id: v.id, start_tz: 'tomorrow', end_tz: EARLY.end_tz }],
      ];
      for (const body of bad) {
        const res = await admin.post('/api/admin/availability-windows', body);
        expect(res.status, JSON.stringify(body)).toBe(400);
      }
      expect((await admin.get('/api/admin/availability-windows')).status).toBe(400);
      expect(
        (await admin.post('/api/admin/availability-windows', [{ vendor_profile_id: MISSING, ...EARLY }]))
          .status,
      ).toBe(404);

      const [w] = (await (
        await admin.post('/api/admin/availability-windows', [{ vendor_profile_id: v.id, ...EARLY }])
      ).json()) as AdminAvailabilityWindow[];
      // a PATCH that would end before it starts
      expect(
        (await patch(admin, `/api/admin/availability-windows/${w!.id}`, { end_tz: '2026-11-25T11:00:00Z' }))
          .status,
      ).toBe(400);
      expect(
        (await patch(admin, `/api/admin/availability-windows/${MISSING}`, { is_active: false })).status,
      ).toBe(404);
    });

    it('keeps every window in the calendar: today to 30 days ahead in the vendor’s zone', async () => {
      const v = await insertVendor(database.db);
      // NOW is Sunday 2026-11-22 12:00 in Mexico City: the calendar reaches Tuesday 2026-12-22.
      const on = (day: string) => ({
        vendor_profile_id: v.id,
        start_tz: `${day}T16:00:00.000Z`,
        end_tz: `${day}T18:00:00.000Z`,
      });
      for (const day of ['2026-11-21', '2026-12-23']) {
        const res = await admin.post('/api/admin/availability-windows', [on(day)]);
        expect(res.status, day).toBe(400);
        expect(((await res.json()) as { error: { message: string } }).error.message).toContain(
          'today to 30 days ahead',
        );
      }
      const [w] = (await (
        await admin.post('/api/admin/availability-windows', [on('2026-11-22'), on('2026-12-22')])
      ).json()) as AdminAvailabilityWindow[];
      expect(w).toBeDefined();

      // The edit dialog sends every field: a window moved out of the calendar is refused and unchanged…
      const moved = await patch(admin, `/api/admin/availability-windows/${w!.id}`, on('2027-01-05'));
      expect(moved.status).toBe(400);
      // …while an older repeating window keeps its own start when only its Active switch changes.
      const [old] = await database.db
        .insert(availabilityWindows)
        .values({
          vendorProfileId: v.id,
          startTz: new Date('2026-10-05T15:00:00Z'),
          endTz: new Date('2026-10-05T23:00:00Z'),
          recurrenceRule: 'weekly',
        })
        .returning();
      const kept = await patch(admin, `/api/admin/availability-windows/${old!.id}`, {
        start_tz: '2026-10-05T15:00:00.000Z',
        end_tz: '2026-10-05T23:00:00.000Z',
        recurrence_rule: 'weekly',
        is_active: false,
      });
      expect(kept.status).toBe(200);
      const list = (await (
        await admin.get(`/api/admin/availability-windows?vendor_profile_id=${v.id}`)
      ).json()) as { items: AdminAvailabilityWindow[] };
      expect(list.items.map((x) => x.start_tz)).toEqual([
        '2026-10-05T15:00:00.000Z',
        '2026-11-22T16:00:00.000Z',
        '2026-12-22T16:00:00.000Z',
      ]);
    });
  });
});
