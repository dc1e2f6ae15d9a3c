import { and, eq, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type {
  BookingDecisionResponse,
  BookingSummary,
  CreateBookingResponse,
  ItemsResponse,
  MyBooking,
  VendorBooking,
} from '../../../shared/booking.schemas.ts';
import type { AppEnv } from '../../app-env.ts';
import type { Database } from '../../db/client.ts';
import { user } from '../../db/schema/auth.ts';
import { appointments, customers } from '../../db/schema/bookings.ts';
import { outbox } from '../../db/schema/messaging.ts';
import { fixedClock } from '../../lib/clock.ts';
import { confirmTokenInOutbox } from '../../test/booking-scenario.ts';
import { appointmentValues, insertCustomer, insertService, insertVendor } from '../../test/factories.ts';
import { createHttpClient } from '../../test/http-client.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestDatabase, testEngine } from '../../test/test-db.ts';
import { APP_URL, HOUR, MONDAY_9, MONDAY_10, MONDAY_11, NOW } from '../../test/test-week.ts';
import { hashToken } from '../booking-lifecycle/booking-tokens.ts';

// ARCHITECTURE §4, §6, §10: create-booking and vendor-confirm through the real app. "Now" is Sunday
// 2026-11-22 12:00 in Mexico City (UTC−6); vendors keep the default week (Mon–Fri 09:00–17:00),
// buffer 15, lead time 120 minutes.

describe(`bookings (${testEngine})`, () => {
  let database: Database;
  const clock = fixedClock(NOW);
  let app: Hono<AppEnv>;
  let limitedApp: Hono<AppEnv>;

  beforeAll(async () => {
    database = await createTestDatabase();
    ({ app } = createTestApp(database, { clock, env: { APP_URL, RATE_LIMITS: 'off' } }));
    ({ app: limitedApp } = createTestApp(database, { clock, env: { APP_URL } }));
  });
  afterAll(() => database.close());

  const client = (on = app) => createHttpClient(on, { origin: APP_URL });

  async function vendorWithService(overrides: Parameters<typeof insertVendor>[1] = {}, priceCents = 50_000) {
    const vendor = await insertVendor(database.db, overrides);
    const service = await insertService(database.db, vendor.id, { durationMinutes: 60, priceCents });
    return { vendor, service };
  }

  const payload = (vendorId: string, serviceId: string, startTime = MONDAY_9, extra = {}) => ({
    vendorId,
    serviceId,
    startTime,
    customerName: 'Ana López',
    customerEmail: 'ana@example.test',
    customerPhone: '+52 55 1234 5678',
    notes: 'Tercer piso',
    ...extra,
  });

  const tokenOf = (code: string) => confirmTokenInOutbox(database.db, code);

  async function book(vendorId: string, serviceId: string, startTime = MONDAY_9, extra = {}) {
    const res = await client().post('/api/bookings', payload(vendorId, serviceId, startTime, extra));
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()) as CreateBookingResponse;
  }

  it('creates a pending_vendor request with code, hashed token and its three notifications', async () => {
    const { vendor, service } = await vendorWithService();
    const res = await client().post('/api/bookings', payload(vendor.slug, service.id));
    expect(res.status).toBe(201);
    const body = (await res.json()) as CreateBookingResponse;
    expect(body).toMatchObject({ status: 'pending_vendor', code: expect.stringMatching(/^[A-Z2-9]{6}$/) });
    expect(body.message).toMatch(/8 hours/);

    const [row] = await database.db.select().from(appointments).where(eq(appointments.id, body.id));
    expect(row).toMatchObject({
      status: 'pending_vendor',
      amountMxn: 50_000,
      bufferMinutes: vendor.bufferMinutes,
      notes: 'Tercer piso',
      startTz: new Date(MONDAY_9),
      endTz: new Date(Date.parse(MONDAY_9) + HOUR),
      // The earlier of the start (21 h away) and 24 h after the request.
      confirmTokenExpiresAt: new Date(MONDAY_9),
    });
    const token = await tokenOf(body.code);
    expect(token.length).toBeGreaterThanOrEqual(43); // 256 bits in base64url
    expect(row!.confirmTokenHash).toBe(hashToken(token));
    expect(row!.confirmTokenHash).not.toContain(token);

    const [customer] = await database.db.select().from(customers).where(eq(customers.id, row!.customerId!));
    expect(customer).toMatchObject({ email: 'ana@example.test', phoneE164: '+525512345678', userId: null });

    const items = (await database.db.select().from(outbox)).filter((o) =>
      JSON.stringify(o.payload).includes(body.code),
    );
    const vendorMail = items.find((o) => o.kind === 'mail' && o.payload.to === vendor.businessEmail);
    expect(String(vendorMail?.payload.text)).toContain(
      `${APP_URL}/vendor-confirm?token=${token}&action=decline`,
    );
    expect(String(vendorMail?.payload.subject)).toMatch(/^Nueva solicitud de reserva/);
    expect(items.find((o) => o.kind === 'mail' && o.payload.to === 'ana@example.test')).toBeDefined();
    const whatsapp = items.find((o) => o.kind === 'whatsapp');
    expect(whatsapp).toMatchObject({
      status: 'pending',
      payload: { to: vendor.businessPhone, appointmentId: body.id },
    });
  });

  it('refuses bad input, foreign origins, unknown services and times that are not open', async () => {
    const { vendor, service } = await vendorWithService();
    const c = client();
    expect(
      (await c.post('/api/bookings', { ...payload(vendor.id, service.id), customerEmail: 'x' })).status,
    ).toBe(400);
    expect(
      (await c.post('/api/bookings', { ...payload(vendor.id, service.id), customerName: ' ' })).status,
    ).toBe(400);
    expect((await c.post('/api/bookings', payload(vendor.id, 'demo-1'))).status).toBe(400);
    expect(
      (await c.post('/api/bookings', payload(vendor.id, service.id, MONDAY_9, { customerPhone: '12' })))
        .status,
    ).toBe(400);
    const foreign = await c.post('/api/bookings', payload(vendor.id, service.id), {
      headers: { origin: 'https://evil.test' },
    });
    expect(foreign.status).toBe(403);
    const other = await vendorWithService();
    expect((await c.post('/api/bookings', payload(vendor.id, other.service.id))).status).toBe(404);
    // Sunday is closed; 09:10 is off the grid; the past is past.
    for (const start of ['2026-11-29T16:00:00Z', '2026-11-23T15:10:00Z', '2026-11-20T15:00:00Z']) {
      const res = await c.post('/api/bookings', payload(vendor.id, service.id, start));
      expect(res.status, start).toBe(409);
    }
    expect(
      await database.db.select().from(appointments).where(eq(appointments.vendorProfileId, vendor.id)),
    ).toEqual([]);
  });

  it('refuses a request that overlaps another one inside the buffer', async () => {
    const { vendor, service } = await vendorWithService({ bufferMinutes: 30 });
    await book(vendor.id, service.id, MONDAY_9); // 09:00–10:00, +30 min buffer
    const res = await client().post('/api/bookings', payload(vendor.id, service.id, MONDAY_10));
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      error: {
        code: 'conflict',
        reason: 'slot_taken',
        message: expect.stringMatching(/no longer available/),
      },
    });
    await book(vendor.id, service.id, '2026-11-23T16:30:00Z'); // 10:30 clears the buffer
  });

  it('gives exactly one of 50 concurrent requests for one slot; the others get 409', async () => {
    const { vendor, service } = await vendorWithService();
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        client().post(
          '/api/bookings',
          payload(vendor.id, service.id, MONDAY_9, { customerEmail: `racer${i}@example.test` }),
        ),
      ),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const rows = await database.db
      .select()
      .from(appointments)
      .where(eq(appointments.vendorProfileId, vendor.id));
    expect(rows).toHaveLength(1);
  });

  it.skipIf(testEngine === 'pglite')(
    'lets requests for one vendor take turns: behind an uncommitted booking that rolls back, one wins and the others get 409 (PostgreSQL only: PGlite is one connection, so nothing waits)',
    async () => {
      const { vendor, service } = await vendorWithService();
      const customer = await insertCustomer(database.db);
      // Another request's booking of the slot, written and not yet committed; it rolls back below.
      let written!: () => void;
      let release!: () => void;
      const isWritten = new Promise<void>((resolve) => (written = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      const holder = database.db
        .transaction(async (tx) => {
          await tx.insert(appointments).values(appointmentValues(vendor.id, customer, MONDAY_9, 60));
          written();
          await released;
          tx.rollback();
        })
        .catch(() => {});
      await isWritten;

      const racers = 5;
      const answers = Promise.all(
        Array.from({ length: racers }, (_, i) =>
          client().post(
            '/api/bookings',
            payload(vendor.id, service.id, MONDAY_9, { customerEmail: `turn${i}@example.test` }),
          ),
        ),
      );
      // Each inserting at once, all would wait on the held row and meet each other's rows when it
      // rolled back: deadlocks, one a second (deadlock_timeout). Taking turns, one waits on the row
      // and the others for their turn.
      const waits = async () => {
        const result = await database.db.execute(
          sql`select wait_event from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`,
        );
        return (result as unknown as { rows: { wait_event: string }[] }).rows.map((r) => r.wait_event).sort();
      };
      try {
        await vi.waitFor(
          async () => {
            expect(await waits()).toHaveLength(racers);
          },
          { timeout: 10_000, interval: 50 },
        );
        expect(await waits()).toEqual([...Array(racers - 1).fill('advisory'), 'transactionid']);
      } finally {
        // Also when the check fails: the requests end here, not in the pool of the next tests.
        release();
        await Promise.all([holder, answers]);
      }
      const statuses = (await answers).map((r) => r.status).sort();
      expect(statuses).toEqual([201, ...Array(racers - 1).fill(409)]);
      const rows = await database.db
        .select()
        .from(appointments)
        .where(eq(appointments.vendorProfileId, vendor.id));
      expect(rows).toHaveLength(1);
    },
  );

  it('shows the summary by token without changing anything, then confirms once', async () => {
    const { vendor, service } = await vendorWithService();
    const { id, code } = await book(vendor.id, service.id);
    const token = await tokenOf(code);

    const summary = await client().get(`/api/bookings/confirm?token=${token}`);
    expect(summary.status).toBe(200);
    expect((await summary.json()) as BookingSummary).toMatchObject({
      id,
      code,
      status: 'pending_vendor',
      vendor_name: vendor.businessName,
      service_name: service.name,
      customer_name: 'Ana López',
      amount_mxn: 50_000,
      start_time: MONDAY_9,
    });

    const res = await client().post('/api/bookings/confirm', { token, action: 'confirm' });
    expect(res.status).toBe(200);
    expect((await res.json()) as BookingDecisionResponse).toMatchObject({ id, status: 'awaiting_payment' });
    const [row] = await database.db.select().from(appointments).where(eq(appointments.id, id));
    expect(row!.confirmedAt).toEqual(new Date(NOW));
    // The earlier of confirmation + 24 h and the start (21 h away).
    expect(row!.paymentDueAt).toEqual(new Date(MONDAY_9));

    // The same link again, or the other action: already processed.
    for (const action of ['confirm', 'decline']) {
      const again = await client().post('/api/bookings/confirm', { token, action });
      expect(again.status, action).toBe(409);
      expect(((await again.json()) as { error: { message: string } }).error.message).toMatch(
        /already processed/,
      );
    }
    const [after] = await database.db.select().from(appointments).where(eq(appointments.id, id));
    expect(after!.status).toBe('awaiting_payment');
  });

  it('lets only one of two concurrent confirms win', async () => {
    const { vendor, service } = await vendorWithService();
    const { id, code } = await book(vendor.id, service.id);
    const token = await tokenOf(code);
    const [a, b] = await Promise.all([
      client().post('/api/bookings/confirm', { token, action: 'confirm' }),
      client().post('/api/bookings/confirm', { token, action: 'decline' }),
    ]);
    expect([a!.status, b!.status].sort()).toEqual([200, 409]);
    const [row] = await database.db.select().from(appointments).where(eq(appointments.id, id));
    expect(['awaiting_payment', 'declined']).toContain(row!.status);
  });

  it('refuses unknown tokens and never lets one booking’s token touch another', async () => {
    const { vendor, service } = await vendorWithService();
    const first = await book(vendor.id, service.id, MONDAY_9);
    const second = await book(vendor.id, service.id, MONDAY_11);
    const made = 'A'.repeat(43);
    expect((await client().get(`/api/bookings/confirm?token=${made}`)).status).toBe(404);
    expect((await client().post('/api/bookings/confirm', { token: made, action: 'confirm' })).status).toBe(
      404,
    );
    expect((await client().post('/api/bookings/confirm', { token: '', action: 'confirm' })).status).toBe(400);
    expect((await client().post('/api/bookings/confirm', { token: made, action: 'maybe' })).status).toBe(400);

    const res = await client().post('/api/bookings/confirm', {
      token: await tokenOf(first.code),
      action: 'decline',
    });
    expect((await res.json()) as BookingDecisionResponse).toMatchObject({ id: first.id, status: 'declined' });
    const [other] = await database.db.select().from(appointments).where(eq(appointments.id, second.id));
    expect(other!.status).toBe('pending_vendor');
    // The customer is told by mail, in the booking's language (Spanish: none was asked for).
    const mails = await database.db.select().from(outbox).where(eq(outbox.kind, 'mail'));
    expect(mails.some((m) => String(m.payload.subject).startsWith(`Reserva ${first.code} rechazada`))).toBe(
      true,
    );
  });

  it('confirms a free booking straight to confirmed, without a payment deadline', async () => {
    const { vendor, service } = await vendorWithService({}, 0);
    const { id, code } = await book(vendor.id, service.id);
    const res = await client().post('/api/bookings/confirm', {
      token: await tokenOf(code),
      action: 'confirm',
    });
    expect((await res.json()) as BookingDecisionResponse).toMatchObject({ id, status: 'confirmed' });
    const [row] = await database.db.select().from(appointments).where(eq(appointments.id, id));
    expect(row!.paymentDueAt).toBeNull();
  });

  it('expires a request through the clock: the link answers 410 and the slot is free again', async () => {
    const clockOf = fixedClock(NOW);
    const { app: later } = createTestApp(database, { clock: clockOf, env: { APP_URL, RATE_LIMITS: 'off' } });
    const { vendor, service } = await vendorWithService();
    // Wednesday 09:00: more than 24 h away, so the 24-hour answer window decides.
    const wednesday = '2026-11-25T15:00:00.000Z';
    const c = createHttpClient(later, { origin: APP_URL });
    const created = await c.post('/api/bookings', payload(vendor.id, service.id, wednesday));
    const { id, code } = (await created.json()) as CreateBookingResponse;
    const token = await tokenOf(code);

    clockOf.advance(24 * HOUR + 60_000);
    const summary = (await (await c.get(`/api/bookings/confirm?token=${token}`)).json()) as BookingSummary;
    expect(summary.status).toBe('expired');
    const late = await c.post('/api/bookings/confirm', { token, action: 'confirm' });
    expect(late.status).toBe(410);

    // Another customer may now take the slot: the overdue request is expired first.
    const retaken = await c.post(
      '/api/bookings',
      payload(vendor.id, service.id, wednesday, { customerEmail: 'beto@example.test' }),
    );
    expect(retaken.status).toBe(201);
    const [row] = await database.db.select().from(appointments).where(eq(appointments.id, id));
    expect(row!.status).toBe('expired');
  });

  it('lists and answers a vendor’s own bookings; another vendor’s are 404', async () => {
    const vendorClient = client();
    const signUp = await vendorClient.post('/api/auth/sign-up/email', {
      name: 'Proveedora',
      email: 'proveedora@example.test',
      password: 'Proveedora#2026',
    });
    const { user } = (await signUp.json()) as { user: { id: string } };
    const { vendor, service } = await vendorWithService({ userId: user.id });
    const mine = await book(vendor.id, service.id, MONDAY_9);
    const second = await book(vendor.id, service.id, MONDAY_11);
    const foreign = await vendorWithService();
    const theirs = await book(foreign.vendor.id, foreign.service.id, MONDAY_9);

    const list = (await (
      await vendorClient.get('/api/vendor/bookings')
    ).json()) as ItemsResponse<VendorBooking>;
    expect(list.items.map((b) => b.id).sort()).toEqual([mine.id, second.id].sort());
    expect(list.items[0]).toMatchObject({
      customer_email: 'ana@example.test',
      customer_phone: '+525512345678',
    });

    expect((await vendorClient.post(`/api/vendor/bookings/${theirs.id}/confirm`)).status).toBe(404);
    const confirmed = await vendorClient.post(`/api/vendor/bookings/${mine.id}/confirm`);
    expect(confirmed.status).toBe(200);
    expect(((await confirmed.json()) as BookingDecisionResponse).status).toBe('awaiting_payment');
    expect(
      (await vendorClient.post(`/api/vendor/bookings/${mine.id}/decline`, { reason: 'Sin cupo' })).status,
    ).toBe(409);
    expect(
      (await vendorClient.post(`/api/vendor/bookings/${second.id}/decline`, { reason: 'Sin cupo' })).status,
    ).toBe(200);
    expect((await vendorClient.post(`/api/vendor/bookings/${second.id}/maybe`)).status).toBe(400);
    const [row] = await database.db
      .select({ status: appointments.status })
      .from(appointments)
      .where(and(eq(appointments.id, theirs.id)));
    expect(row!.status).toBe('pending_vendor');
  });

  it('links a proven account only, and lists its bookings under /api/me/bookings', async () => {
    const { vendor, service } = await vendorWithService();
    // A booking made before signing up, with the address Clara will sign up with.
    const earlier = await book(vendor.id, service.id, MONDAY_9, { customerEmail: 'clara@example.test' });
    const me = client();
    const signUp = await me.post('/api/auth/sign-up/email', {
      name: 'Clara',
      email: 'clara@example.test',
      password: 'Clara#Cliente2026',
    });
    const { user: clara } = (await signUp.json()) as { user: { id: string } };

    // Unproven address (a password sign-up): neither linked nor matched by email.
    const first = await me.post(
      '/api/bookings',
      payload(vendor.id, service.id, MONDAY_11, {
        customerEmail: 'Clara@Example.test',
        customerName: 'Clara',
      }),
    );
    expect(first.status).toBe(201);
    const [unlinked] = await database.db
      .select()
      .from(customers)
      .where(eq(customers.email, 'clara@example.test'));
    expect(unlinked!.userId).toBeNull();
    expect(((await (await me.get('/api/me/bookings')).json()) as ItemsResponse<MyBooking>).items).toEqual([]);

    // Once proven, her bookings by email show, and a new one links the customer to her account.
    await database.db.update(user).set({ emailVerified: true }).where(eq(user.id, clara.id));
    const second = await me.post(
      '/api/bookings',
      payload(vendor.id, service.id, '2026-11-24T15:00:00Z', { customerEmail: 'clara@example.test' }),
    );
    expect(second.status).toBe(201);
    const [linked] = await database.db
      .select()
      .from(customers)
      .where(eq(customers.email, 'clara@example.test'));
    expect(linked!.userId).toBe(clara.id);

    // Someone else's booking with the same vendor does not show.
    const someone = await insertCustomer(database.db, { email: 'someone@example.test' });
    await database.db
      .insert(appointments)
      .values(appointmentValues(vendor.id, someone, '2026-11-23T21:00:00Z', 60));

    const mine = (await (await me.get('/api/me/bookings')).json()) as ItemsResponse<MyBooking>;
    expect(mine.items).toHaveLength(3);
    expect(mine.items.map((b) => b.start_time)).toEqual(['2026-11-24T15:00:00.000Z', MONDAY_11, MONDAY_9]);
    expect(mine.items.find((b) => b.id === earlier.id)).toMatchObject({
      status: 'pending_vendor',
      vendor_name: vendor.businessName,
      vendor_slug: vendor.slug,
      service_name: service.name,
      service_id: service.id,
      amount_mxn: 50_000,
      // Each row opens the booking page, by the same link the mails carry; nothing to pay yet.
      manage_path: earlier.manage_path,
      payment_url: null,
      // Done at the vendor's place: no address of the customer's to offer again.
      address: null,
    });
    expect((await client().get('/api/me/bookings')).status).toBe(401);
  });

  it('rate-limits booking requests per client when limits are on', async () => {
    const { vendor, service } = await vendorWithService();
    const c = client(limitedApp);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await c.post('/api/bookings', { ...payload(vendor.id, service.id), customerEmail: 'x' })).status,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Another client has its own budget.
    expect((await client(limitedApp).post('/api/bookings', {})).status).toBe(400);
  });
});
