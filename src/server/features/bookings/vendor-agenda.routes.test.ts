import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgendaResponse, VendorStats } from '../../../shared/vendor-agenda.schemas.ts';
import { appointments } from '../../db/schema/bookings.ts';
import { type BookingScenario, createBookingScenario } from '../../test/booking-scenario.ts';
import { fingerprintTables } from '../../test/db-fingerprint.ts';
import { appointmentValues, insertCustomer, insertService, insertVendor } from '../../test/factories.ts';
import { testEngine } from '../../test/test-db.ts';
import { HOUR, MONDAY_9, MONDAY_11, NOW, THURSDAY_9, TUESDAY_9, WEDNESDAY_9 } from '../../test/test-week.ts';

// Decision 093 over the real app: the vendor's agenda by days in the vendor's zone and by filter, in
// date order, only the vendor's own; and the month's numbers on fixed data. "Now" is Sunday
// 2026-11-22 12:00 in Mexico City (UTC−6).

const DAY = 24 * HOUR;
const at = (ms: number) => new Date(Date.parse(NOW) + ms);

describe(`the vendor's agenda (${testEngine})`, () => {
  let world: BookingScenario;
  let n = 0;

  beforeAll(async () => {
    world = await createBookingScenario({ now: NOW });
  });
  afterAll(() => world?.close());

  /** A vendor account of its own, signed in, owning a vendor profile with one service. */
  async function signedInVendor() {
    const browser = world.http();
    const res = await browser.post('/api/auth/sign-up/email', {
      name: 'Proveedora',
      email: `vendor.agenda.${++n}@example.test`,
      password: 'Proveedora#2026',
    });
    const { user } = (await res.json()) as { user: { id: string } };
    const vendor = await insertVendor(world.db, { userId: user.id, businessName: `Agenda ${n}` });
    const service = await insertService(world.db, vendor.id, { name: 'Corte', durationMinutes: 60 });
    const customer = await insertCustomer(world.db, { name: 'Ana López', phoneE164: '+525512345678' });
    /** Inserts bookings of this vendor and answers their ids by name. */
    async function book(rows: Record<string, [string, Partial<typeof appointments.$inferInsert>]>) {
      const names = Object.keys(rows);
      const inserted = await world.db
        .insert(appointments)
        .values(
          names.map((name) => {
            const [start, fields] = rows[name]!;
            return appointmentValues(vendor.id, customer, start, 60, {
              serviceId: service.id,
              createdAt: at(-2 * HOUR),
              ...fields,
            });
          }),
        )
        .returning({ id: appointments.id });
      return Object.fromEntries(names.map((name, i) => [name, inserted[i]!.id])) as Record<string, string>;
    }
    return {
      vendor,
      book,
      get: (query: string) => browser.get(`/api/vendor/agenda${query}`),
      async agenda(query = '') {
        const res = await browser.get(`/api/vendor/agenda${query}`);
        expect(res.status, await res.clone().text()).toBe(200);
        return (await res.json()) as AgendaResponse;
      },
      async stats() {
        const res = await browser.get('/api/vendor/stats');
        expect(res.status, await res.clone().text()).toBe(200);
        return (await res.json()) as VendorStats;
      },
    };
  }

  it('answers each filter in date order, with what the vendor needs to reach the customer', async () => {
    world.clock.set(NOW);
    const me = await signedInVendor();
    const id = await me.book({
      request: [MONDAY_9, { status: 'pending_vendor', notes: 'Timbre azul' }],
      // Asked 25 hours ago and never answered: expired as read now, though the sweeper has not run.
      overdueRequest: [TUESDAY_9, { status: 'pending_vendor', createdAt: at(-25 * HOUR) }],
      confirmed: [WEDNESDAY_9, { status: 'confirmed', amountMxn: 0 }],
      paid: [MONDAY_11, { status: 'paid' }],
      unpaidOverdue: [THURSDAY_9, { status: 'awaiting_payment', paymentDueAt: at(-HOUR) }],
      awaitingPayment: [at(6 * DAY).toISOString(), { status: 'awaiting_payment', paymentDueAt: at(DAY) }],
      pastPaid: [at(-3 * DAY).toISOString(), { status: 'paid', createdAt: at(-5 * DAY) }],
      pastConfirmed: [at(-10 * DAY).toISOString(), { status: 'confirmed', createdAt: at(-12 * DAY) }],
      declined: [at(4 * DAY).toISOString(), { status: 'declined' }],
      cancelled: [at(5 * DAY).toISOString(), { status: 'cancelled' }],
      farAhead: [at(70 * DAY).toISOString(), { status: 'paid' }],
    });
    // Another vendor's booking in the same days never shows.
    const other = await signedInVendor();
    const theirs = await other.book({ paid: [MONDAY_9, { status: 'paid' }] });

    const ids = (a: AgendaResponse) => a.items.map((i) => i.id);

    const requests = await me.agenda('?status=awaiting_answer');
    expect(requests).toMatchObject({ from: null, to: null, status: 'awaiting_answer' });
    expect(ids(requests)).toEqual([id.request]);
    const [request] = requests.items;
    expect(request).toMatchObject({
      status: 'pending_vendor',
      customer_name: 'Ana López',
      customer_phone: '+525512345678',
      notes: 'Timbre azul',
      service_name: 'Corte',
      amount_mxn: 45_000,
      start_time: MONDAY_9,
      // The earlier of 24 h after the request and the start: here the start.
      answer_due_at: MONDAY_9,
    });

    const upcoming = await me.agenda('?status=upcoming');
    expect(upcoming).toMatchObject({ from: '2026-11-22', to: '2027-01-22', timezone: 'America/Mexico_City' });
    expect(ids(upcoming)).toEqual([id.paid, id.confirmed, id.awaitingPayment]);
    expect(upcoming.items.every((i) => i.answer_due_at === null)).toBe(true);

    const past = await me.agenda('?status=past');
    expect(past).toMatchObject({ from: '2026-09-22', to: '2026-11-22' });
    // The latest first.
    expect(ids(past)).toEqual([id.pastPaid, id.pastConfirmed]);

    const cancelled = await me.agenda('?status=cancelled');
    expect(ids(cancelled)).toEqual([id.overdueRequest, id.unpaidOverdue, id.declined, id.cancelled]);
    expect(cancelled.items.map((i) => i.status)).toEqual(['expired', 'cancelled', 'declined', 'cancelled']);

    // No filter: every booking starting in the days, ascending; the one 70 days ahead is beyond them.
    const all = await me.agenda();
    expect(ids(all)).toEqual([
      id.request,
      id.paid,
      id.overdueRequest,
      id.confirmed,
      id.unpaidOverdue,
      id.declined,
      id.cancelled,
      id.awaitingPayment,
    ]);
    expect(ids(await me.agenda('?from=2027-01-20&to=2027-02-10'))).toEqual([id.farAhead]);
    // Each filter holds exactly the effective statuses it names, and together they hold everything.
    const statusesOf = (a: AgendaResponse) => new Set(a.items.map((i) => i.status));
    expect(statusesOf(requests)).toEqual(new Set(['pending_vendor']));
    expect(statusesOf(upcoming)).toEqual(new Set(['paid', 'confirmed', 'awaiting_payment']));
    expect(statusesOf(past)).toEqual(new Set(['paid', 'confirmed']));
    expect(statusesOf(cancelled)).toEqual(new Set(['expired', 'cancelled', 'declined']));
    expect([...ids(requests), ...ids(upcoming), ...ids(cancelled)].sort()).toEqual(ids(all).sort());
    for (const answer of [requests, upcoming, past, cancelled, all])
      expect(ids(answer)).not.toContain(theirs.paid);
    expect(ids(await other.agenda('?from=2026-11-23&to=2026-11-23'))).toEqual([theirs.paid]);
  });

  it('reads the days in the vendor’s zone, both ends included', async () => {
    world.clock.set(NOW);
    const me = await signedInVendor();
    const id = await me.book({
      morning: [MONDAY_9, { status: 'confirmed' }],
      // Monday 23:30 in Mexico City is Tuesday 05:30 UTC: still Monday's.
      lateMonday: ['2026-11-24T05:30:00.000Z', { status: 'confirmed' }],
      // Tuesday 00:00 in Mexico City.
      tuesdayMidnight: ['2026-11-24T06:00:00.000Z', { status: 'cancelled' }],
      sundayLate: ['2026-11-23T05:30:00.000Z', { status: 'cancelled' }],
    });
    const monday = await me.agenda('?from=2026-11-23&to=2026-11-23');
    expect(monday.items.map((i) => i.id)).toEqual([id.morning, id.lateMonday]);
    const tuesday = await me.agenda('?from=2026-11-24&to=2026-11-24');
    expect(tuesday.items.map((i) => i.id)).toEqual([id.tuesdayMidnight]);
    const sunday = await me.agenda('?from=2026-11-22&to=2026-11-22&status=cancelled');
    expect(sunday.items.map((i) => i.id)).toEqual([id.sundayLate]);
  });

  it('refuses bad days, spans and filters with a 400 that names the field, changing nothing', async () => {
    world.clock.set(NOW);
    const me = await signedInVendor();
    await me.book({ request: [MONDAY_9, { status: 'pending_vendor' }] });
    const before = await fingerprintTables(world.db, { except: ['rate_limit'] });
    const refusals: [string, string][] = [
      ['?from=2026-11-31&to=2026-12-01', 'from'],
      ['?from=23-11-2026&to=2026-12-01', 'from'],
      ['?from=2026-11-23', 'to'],
      ['?to=2026-11-23', 'from'],
      ['?from=2026-11-23&to=2026-11-22', 'to'],
      // 63 days: one too many.
      ['?from=2026-11-01&to=2027-01-02', 'to'],
      ['?status=maybe', 'status'],
    ];
    for (const [query, field] of refusals) {
      const res = await me.get(query);
      expect(res.status, query).toBe(400);
      const body = (await res.json()) as { error: { message: string; details: { path: string }[] } };
      expect(body.error.details[0]?.path, query).toBe(field);
    }
    // 62 days is the most.
    expect((await me.get('?from=2026-11-01&to=2027-01-01')).status).toBe(200);
    expect(await fingerprintTables(world.db, { except: ['rate_limit'] })).toEqual(before);
  });

  it('answers no one signed out', async () => {
    expect((await world.http().get('/api/vendor/agenda')).status).toBe(401);
    expect((await world.http().get('/api/vendor/stats')).status).toBe(401);
  });

  it('counts this month’s bookings, revenue, acceptance and response time from the data', async () => {
    world.clock.set(NOW);
    const me = await signedInVendor();
    const utc = (text: string) => new Date(text);
    const minutesAfter = (d: string, minutes: number) => new Date(Date.parse(d) + minutes * 60_000);
    await me.book({
      paid: [
        '2026-11-10T16:00:00.000Z',
        {
          status: 'paid',
          amountMxn: 50_000,
          createdAt: utc('2026-11-08T16:00:00Z'),
          confirmedAt: minutesAfter('2026-11-08T16:00:00Z', 30),
        },
      ],
      free: [
        '2026-11-25T16:00:00.000Z',
        {
          status: 'confirmed',
          amountMxn: 0,
          createdAt: utc('2026-11-20T16:00:00Z'),
          confirmedAt: minutesAfter('2026-11-20T16:00:00Z', 90),
        },
      ],
      awaitingPayment: [
        '2026-11-28T16:00:00.000Z',
        {
          status: 'awaiting_payment',
          paymentDueAt: at(2 * HOUR),
          createdAt: utc('2026-11-21T16:00:00Z'),
          confirmedAt: minutesAfter('2026-11-21T16:00:00Z', 10),
        },
      ],
      declined: [
        '2026-11-18T16:00:00.000Z',
        {
          status: 'declined',
          createdAt: utc('2026-11-15T18:00:00Z'),
          updatedAt: minutesAfter('2026-11-15T18:00:00Z', 120),
        },
      ],
      // Never answered: counts nowhere.
      expired: ['2026-11-05T16:00:00.000Z', { status: 'expired', createdAt: utc('2026-11-03T16:00:00Z') }],
      // Confirmed, paid, then cancelled and refunded: an answer, not a booking nor revenue.
      refunded: [
        '2026-11-12T16:00:00.000Z',
        {
          status: 'cancelled',
          createdAt: utc('2026-11-01T18:00:00Z'),
          confirmedAt: minutesAfter('2026-11-01T18:00:00Z', 60),
        },
      ],
      // Asked this month for next month: an answer, not this month's booking.
      december: [
        '2026-12-03T16:00:00.000Z',
        {
          status: 'paid',
          createdAt: utc('2026-11-21T17:00:00Z'),
          confirmedAt: minutesAfter('2026-11-21T17:00:00Z', 20),
        },
      ],
      // November 1st 00:30 in Mexico City, asked in October: this month's booking, not its answer.
      firstOfMonth: [
        '2026-11-01T06:30:00.000Z',
        {
          status: 'paid',
          amountMxn: 30_000,
          createdAt: utc('2026-10-28T16:00:00Z'),
          confirmedAt: utc('2026-10-28T17:00:00Z'),
        },
      ],
      // October 31st 23:30 in Mexico City: last month's.
      lastOfOctober: [
        '2026-11-01T05:30:00.000Z',
        {
          status: 'paid',
          createdAt: utc('2026-10-28T18:00:00Z'),
          confirmedAt: utc('2026-10-28T19:00:00Z'),
        },
      ],
    });
    const other = await signedInVendor();
    await other.book({
      theirs: [
        '2026-11-11T16:00:00.000Z',
        { status: 'paid', createdAt: utc('2026-11-09T16:00:00Z'), confirmedAt: utc('2026-11-09T16:05:00Z') },
      ],
    });

    expect(await me.stats()).toEqual({
      month: '2026-11',
      timezone: 'America/Mexico_City',
      bookings: 4,
      revenue_mxn: 80_000,
      answered_requests: 6,
      confirmed_requests: 5,
      acceptance_rate: 5 / 6,
      // 10, 20, 30, 60, 90, 120 minutes.
      median_response_minutes: 45,
    });

    // Once the payment deadline passes, the unpaid booking no longer counts.
    world.clock.set(at(3 * HOUR).toISOString());
    expect((await me.stats()).bookings).toBe(3);
    // December: a month of its own.
    world.clock.set('2026-12-01T07:00:00Z');
    expect(await me.stats()).toMatchObject({ month: '2026-12', bookings: 1, revenue_mxn: 45_000 });
    world.clock.set(NOW);
  });
});
