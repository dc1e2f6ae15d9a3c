import { and, eq, inArray } from 'drizzle-orm';
import type { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BookingDecisionResponse, CreateBookingResponse } from '../../../shared/booking.schemas.ts';
import { OPEN_REQUEST_CAPS } from '../../../shared/constants.ts';
import type { AppEnv } from '../../app-env.ts';
import type { Database } from '../../db/client.ts';
import { appointments, customers, vendorBlocks } from '../../db/schema/bookings.ts';
import { outbox } from '../../db/schema/messaging.ts';
import { DEMO_PASSWORD, demoAccounts } from '../../db/seed/demo-people.ts';
import { seedDemoData } from '../../db/seed/seed.ts';
import type { ErrorBody } from '../../lib/app-error.ts';
import { fixedClock } from '../../lib/clock.ts';
import { insertService, insertVendor } from '../../test/factories.ts';
import { createHttpClient, type HttpClient } from '../../test/http-client.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestDatabase, testEngine } from '../../test/test-db.ts';
import { APP_URL, HOUR, NOW } from '../../test/test-week.ts';
import { hashToken } from '../booking-lifecycle/booking-tokens.ts';
import { requesterKeyOf } from '../booking-lifecycle/request-caps.ts';

// Decision 036: open requests are capped per email, phone and client address, per vendor
// and overall, and a vendor can decline-and-block a requester. The app runs with its rate limits on,
// as in production (RATE_LIMITS=off turns the caps off with them); the clock moves 7 s before each
// request so that one address stays under bookingRateLimits.create (10 a minute) and every 429 here
// is the caps'. "Now" is Sunday 2026-11-22 12:00 in Mexico City (UTC−6); vendors keep the default
// week (Mon–Fri 09:00–17:00), without buffer, and offer one 60-minute service: 80 hourly slots in
// the two bookable weeks.

/** The n-th hourly slot from Monday 09:00: eight a weekday, Monday 23 to Friday 27 and on. */
function slot(n: number): string {
  const weekday = Math.floor(n / 8);
  const day = 23 + weekday + (weekday >= 5 ? 2 : 0); // past Friday 27: Monday 30, and so on
  const date = new Date(Date.UTC(2026, 10, day, 15 + (n % 8)));
  return date.toISOString();
}

describe(`booking request caps and blocks (${testEngine})`, () => {
  let database: Database;
  let app: Hono<AppEnv>;
  let authSecret: string;
  const clock = fixedClock(NOW);
  let sequence = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    // The demo admin, for the WhatsApp testing page's simulations.
    await seedDemoData(database.db, { vendors: 1, now: new Date(NOW) });
    let config: { authSecret: string };
    ({ app, config } = createTestApp(database, { clock, env: { APP_URL } }));
    authSecret = config.authSecret;
  });
  afterAll(() => database.close());
  // Each test starts on Sunday; its own clients (addresses) keep their rate-limit buckets apart.
  beforeEach(() => clock.set(NOW));

  const client = (ip?: string) => createHttpClient(app, { origin: APP_URL, ...(ip ? { ip } : {}) });

  async function vendorWithService(overrides: Parameters<typeof insertVendor>[1] = {}) {
    const vendor = await insertVendor(database.db, { bufferMinutes: 0, ...overrides });
    const service = await insertService(database.db, vendor.id, { durationMinutes: 60, priceCents: 50_000 });
    return { vendor, service };
  }

  /** A requester nobody used before: its own email and phone (and address, as its own client). */
  function stranger() {
    const n = sequence++;
    return {
      customerName: `Cliente ${n}`,
      customerEmail: `cliente${n}@example.test`,
      customerPhone: `+52 55 ${String(3000_0000 + n)}`,
    };
  }

  async function request(
    from: HttpClient,
    vendor: { vendor: { id: string }; service: { id: string } },
    startTime: string,
    who: Partial<ReturnType<typeof stranger>> = {},
  ) {
    clock.advance(7_000);
    return from.post('/api/bookings', {
      vendorId: vendor.vendor.id,
      serviceId: vendor.service.id,
      startTime,
      ...stranger(),
      ...who,
    });
  }

  const errorOf = async (res: Response) => ((await res.json()) as ErrorBody).error;
  const rowsOf = (vendorProfileId: string) =>
    database.db.select().from(appointments).where(eq(appointments.vendorProfileId, vendorProfileId));

  it('holds 20 anonymous requests from one address for one vendor to the cap; the other slots stay bookable by others', async () => {
    const target = await vendorWithService();
    const attacker = client();
    const cap = OPEN_REQUEST_CAPS.perVendor.address;

    const attempts = [];
    for (let n = 0; n < 20; n++) attempts.push(await request(attacker, target, slot(n)));
    const statuses = attempts.map((r) => r.status);
    expect(statuses).toEqual([...Array(cap).fill(201), ...Array(20 - cap).fill(429)]);
    for (const refused of attempts.slice(cap)) {
      expect(await errorOf(refused)).toEqual({
        code: 'rate_limited',
        reason: 'too_many_pending',
        message:
          'You have too many pending requests. Wait for the vendor’s answer before requesting another.',
        details: { limit: 'open_requests' },
      });
    }

    // Only the cap's worth hold slots, each with the HMAC of the address (never the address).
    const held = await rowsOf(target.vendor.id);
    expect(held).toHaveLength(cap);
    expect(new Set(held.map((r) => r.requesterKey))).toEqual(
      new Set([requesterKeyOf(authSecret, attacker.ip)]),
    );
    expect(held.every((r) => r.requesterKey !== attacker.ip && r.status === 'pending_vendor')).toBe(true);
    // A refused request leaves nothing behind: no customer, no receipt mailed to its address.
    const refusedEmails = Array.from({ length: 20 - cap }, (_, i) => `cliente${i + cap}@example.test`);
    expect(await database.db.select().from(customers).where(inArray(customers.email, refusedEmails))).toEqual(
      [],
    );
    const mails = await database.db.select().from(outbox).where(eq(outbox.kind, 'mail'));
    expect(mails.filter((m) => refusedEmails.includes(String(m.payload.to)))).toEqual([]);

    // Everyone else still books the slots the attacker was refused.
    for (let n = cap; n < 20; n++)
      expect((await request(client(), target, slot(n))).status, slot(n)).toBe(201);
    expect(await rowsOf(target.vendor.id)).toHaveLength(20);
    // And the attacker's address may still ask another vendor.
    expect((await request(attacker, await vendorWithService(), slot(0))).status).toBe(201);
  });

  it('holds the per-vendor cap when one address’s requests for one vendor race', async () => {
    const target = await vendorWithService();
    const racer = client();
    // Eight at once: under the 10 a minute of bookingRateLimits.create, so only the caps refuse.
    const statuses = (
      await Promise.all(
        Array.from({ length: 8 }, (_, n) =>
          racer.post('/api/bookings', {
            vendorId: target.vendor.id,
            serviceId: target.service.id,
            startTime: slot(n),
            ...stranger(),
          }),
        ),
      )
    ).map((r) => r.status);
    const cap = OPEN_REQUEST_CAPS.perVendor.address;
    expect(statuses.sort()).toEqual([...Array(cap).fill(201), ...Array(8 - cap).fill(429)]);
    expect(await rowsOf(target.vendor.id)).toHaveLength(cap);
  });

  it('caps open requests per email and per phone for one vendor, whatever the address', async () => {
    const target = await vendorWithService();
    const email = 'repite@example.test';
    const byEmail = [];
    for (let n = 0; n < 3; n++)
      byEmail.push(
        (await request(client(), target, slot(n), { customerEmail: n === 1 ? 'Repite@Example.test' : email }))
          .status,
      );
    expect(byEmail).toEqual([201, 201, 429]);
    expect(OPEN_REQUEST_CAPS.perVendor.email).toBe(2);

    // The same phone, written two ways (both stored as +525598760001).
    const phones = ['+52 55 9876 0001', '+525598760001', '+52 (55) 9876-0001'];
    const byPhone = [];
    for (const [i, customerPhone] of phones.entries())
      byPhone.push((await request(client(), target, slot(10 + i), { customerPhone })).status);
    expect(byPhone).toEqual([201, 201, 429]);
    expect(OPEN_REQUEST_CAPS.perVendor.phone).toBe(2);
    expect(await rowsOf(target.vendor.id)).toHaveLength(4);
  });

  it('caps open requests per email, phone and address over all vendors', async () => {
    const { overall } = OPEN_REQUEST_CAPS;
    const vendors = [];
    for (let i = 0; i <= overall.address; i++) vendors.push(await vendorWithService());

    const email = 'viajera@example.test';
    const byEmail = [];
    for (const v of vendors.slice(0, overall.email + 1))
      byEmail.push((await request(client(), v, slot(0), { customerEmail: email })).status);
    expect(byEmail).toEqual([...Array(overall.email).fill(201), 429]);

    const customerPhone = '+52 55 9876 0002';
    const byPhone = [];
    for (const v of vendors.slice(0, overall.phone + 1))
      byPhone.push((await request(client(), v, slot(1), { customerPhone })).status);
    expect(byPhone).toEqual([...Array(overall.phone).fill(201), 429]);

    const oneAddress = client();
    const byAddress = [];
    for (const v of vendors) byAddress.push((await request(oneAddress, v, slot(2))).status);
    expect(byAddress).toEqual([...Array(overall.address).fill(201), 429]);
  });

  it('stops counting a request once it is declined or overdue', async () => {
    const target = await vendorWithService();
    const requester = client();
    const cap = OPEN_REQUEST_CAPS.perVendor.address;
    // Wednesday on: more than 24 h away, so the vendor's 24 hours decide when a request is overdue.
    const made: CreateBookingResponse[] = [];
    for (let n = 0; n < cap; n++) {
      const res = await request(requester, target, slot(16 + n));
      expect(res.status).toBe(201);
      made.push((await res.json()) as CreateBookingResponse);
    }
    expect((await request(requester, target, slot(16 + cap))).status).toBe(429);

    // The vendor declines one by its link: a place opens.
    const first = made[0]!;
    const mails = await database.db.select().from(outbox).where(eq(outbox.kind, 'mail'));
    const mail = mails.find((m) => String(m.payload.subject).includes(`reserva ${first.code}`));
    const token = /token=([A-Za-z0-9_-]+)&action=decline/.exec(String(mail?.payload.text))?.[1];
    const [row] = await database.db.select().from(appointments).where(eq(appointments.id, first.id));
    expect(hashToken(token!)).toBe(row!.confirmTokenHash);
    const declined = await client().post('/api/bookings/confirm', { token, action: 'decline' });
    expect(declined.status).toBe(200);
    expect((await request(requester, target, slot(16 + cap))).status).toBe(201);
    expect((await request(requester, target, slot(17 + cap))).status).toBe(429);

    // A day later every one of them is overdue (expired, whether or not the sweeper ran): the
    // requester may ask again.
    clock.advance(24 * HOUR);
    expect((await request(requester, target, slot(24))).status).toBe(201);
  });

  async function signedInVendor() {
    const vendorClient = client();
    const n = sequence++;
    const signUp = await vendorClient.post('/api/auth/sign-up/email', {
      name: 'Proveedora',
      email: `proveedora${n}@example.test`,
      password: 'Proveedora#2026',
    });
    expect(signUp.status).toBe(200);
    const { user } = (await signUp.json()) as { user: { id: string } };
    const owned = await vendorWithService({ userId: user.id });
    return { ...owned, vendorClient };
  }

  it('lets a vendor decline-and-block from the dashboard: that requester is refused with 403, and nothing changes', async () => {
    const { vendorClient, ...target } = await signedInVendor();
    const requester = client();
    const who = stranger();
    const res = await request(requester, target, slot(0), who);
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as CreateBookingResponse;

    // Another vendor cannot decline-and-block it: 404, as if it did not exist.
    const other = await signedInVendor();
    expect((await other.vendorClient.post(`/api/vendor/bookings/${id}/decline-and-block`)).status).toBe(404);
    expect(await database.db.select().from(vendorBlocks).where(eq(vendorBlocks.appointmentId, id))).toEqual(
      [],
    );

    const blocked = await vendorClient.post(`/api/vendor/bookings/${id}/decline-and-block`);
    expect(blocked.status).toBe(200);
    expect((await blocked.json()) as BookingDecisionResponse).toMatchObject({ id, status: 'declined' });
    expect(await database.db.select().from(vendorBlocks).where(eq(vendorBlocks.appointmentId, id))).toEqual([
      expect.objectContaining({
        vendorProfileId: target.vendor.id,
        email: who.customerEmail,
        phone: who.customerPhone.replace(/\s/g, ''),
        requesterKey: requesterKeyOf(authSecret, requester.ip),
      }),
    ]);
    // Not twice: the booking is no longer pending, and no second block is written.
    expect((await vendorClient.post(`/api/vendor/bookings/${id}/decline-and-block`)).status).toBe(409);
    expect(
      await database.db.select().from(vendorBlocks).where(eq(vendorBlocks.appointmentId, id)),
    ).toHaveLength(1);

    await expectBlocked(target, requester, who);
  });

  /** The requester of a blocked booking, by its address, its email or its phone: 403, nothing written. */
  async function expectBlocked(
    target: Awaited<ReturnType<typeof vendorWithService>>,
    requester: HttpClient,
    who: ReturnType<typeof stranger>,
  ) {
    const before = {
      bookings: await rowsOf(target.vendor.id),
      outbox: await database.db.select().from(outbox),
    };
    const attempts = [
      await request(requester, target, slot(1)), // same address, new email and phone
      await request(client(), target, slot(2), { customerEmail: who.customerEmail.toUpperCase() }),
      await request(client(), target, slot(3), { customerPhone: who.customerPhone }),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(403);
      expect(await errorOf(res)).toEqual({
        code: 'forbidden',
        reason: 'not_accepted',
        message: 'This vendor is not accepting requests from you.',
      });
    }
    expect(await rowsOf(target.vendor.id)).toEqual(before.bookings);
    expect(await database.db.select().from(outbox)).toEqual(before.outbox);

    // Blocks are per vendor, and only of that requester.
    expect((await request(client(), target, slot(4))).status).toBe(201);
    expect((await request(requester, await vendorWithService(), slot(1), who)).status).toBe(201);
  }

  it('lets a vendor decline-and-block by WhatsApp: BLOQUEAR <code>', async () => {
    const target = await vendorWithService({ businessPhone: '+525540009999', languages: ['Spanish'] });
    const requester = client();
    const who = stranger();
    const { id, code } = (await (
      await request(requester, target, slot(0), who)
    ).json()) as CreateBookingResponse;

    const admin = client();
    await admin.signIn(demoAccounts.admin.email, DEMO_PASSWORD);
    const help = await admin.post('/api/admin/whatsapp/simulate', { phone: '+525540009999', text: 'AYUDA' });
    expect(((await help.json()) as { reply: string }).reply).toContain('BLOQUEAR <código>');
    const res = await admin.post('/api/admin/whatsapp/simulate', {
      phone: '+525540009999',
      text: `bloquear ${code.toLowerCase()}`,
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { reply: string }).reply).toBe(
      `Reserva ${code} rechazada. Avisaremos al cliente, y ya no aceptaremos solicitudes suyas para ti.`,
    );
    const [row] = await database.db.select().from(appointments).where(eq(appointments.id, id));
    expect(row!.status).toBe('declined');
    expect(
      await database.db
        .select({ email: vendorBlocks.email })
        .from(vendorBlocks)
        .where(and(eq(vendorBlocks.vendorProfileId, target.vendor.id), eq(vendorBlocks.appointmentId, id))),
    ).toEqual([{ email: who.customerEmail }]);

    await expectBlocked(target, requester, who);
  });
});
