import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AvailabilityResponse } from '../../../shared/availability/availability.schemas.ts';
import type { TimeOffCreated, TimeOffList } from '../../../shared/time-off.schemas.ts';
import { vendorTimeOff } from '../../db/schema/vendors.ts';
import { type BookingScenario, createBookingScenario } from '../../test/booking-scenario.ts';
import { changedTables, fingerprintTables } from '../../test/db-fingerprint.ts';
import { insertService, insertVendor } from '../../test/factories.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { testEngine } from '../../test/test-db.ts';
import { NOW, THURSDAY_9, TUESDAY_9, WEDNESDAY_9 } from '../../test/test-week.ts';
import { vendorsOpenOn } from '../vendors/vendor-open-days.ts';

// Decision 090: GET/POST/DELETE /api/vendor/time-off through the real app, and what it does to the
// availability engine, to booking requests and to moves. "Now" is Sunday 2026-11-22 12:00 in Mexico
// City (UTC−6); vendors keep the default week (Mon–Fri 09:00–17:00), no buffer, a 60-minute service.

/** The 15 starts of a 60-minute service on a weekday at 09:00 … 16:00 local (UTC−6). */
const startsOn = (day: string) =>
  Array.from({ length: 15 }, (_, i) =>
    new Date(Date.parse(`${day}T15:00:00Z`) + i * 30 * 60_000).toISOString(),
  );

describe(`a vendor's time off (${testEngine})`, () => {
  let scenario: BookingScenario;
  let sequence = 0;

  beforeAll(async () => {
    scenario = await createBookingScenario({ now: NOW });
  });
  afterAll(() => scenario.close());

  /** A vendor signed in on a browser of its own, with one 60-minute service. */
  async function signedInVendor(fields: Parameters<typeof insertVendor>[1] = {}) {
    const browser = scenario.http();
    const n = sequence++;
    const signUp = await browser.post('/api/auth/sign-up/email', {
      name: 'Proveedora',
      email: `tiempo${n}@example.test`,
      password: 'Proveedora#2026',
    });
    expect(signUp.status).toBe(200);
    const { user } = (await signUp.json()) as { user: { id: string } };
    const vendor = await insertVendor(scenario.db, { userId: user.id, bufferMinutes: 0, ...fields });
    const service = await insertService(scenario.db, vendor.id, { durationMinutes: 60 });
    return { vendor, service, browser };
  }

  const addTimeOff = (browser: HttpClient, body: unknown) => browser.post('/api/vendor/time-off', body);
  const removeTimeOff = (browser: HttpClient, id: string) =>
    browser.request(`/api/vendor/time-off/${id}`, { method: 'DELETE' });

  async function slotsOn(vendorSlug: string, serviceId: string, day: string) {
    const from = `${day}T06:00:00Z`;
    const to = new Date(Date.parse(from) + 24 * 60 * 60_000).toISOString();
    const res = await scenario
      .http()
      .get(`/api/vendors/${vendorSlug}/availability?serviceId=${serviceId}&from=${from}&to=${to}`);
    expect(res.status).toBe(200);
    return ((await res.json()) as AvailabilityResponse).slots;
  }

  it('a whole day off takes its slots away, from the profile and from "available on", until deleted', async () => {
    const { vendor, service, browser } = await signedInVendor();
    expect(await slotsOn(vendor.slug, service.id, '2026-11-25')).toEqual(startsOn('2026-11-25'));

    const res = await addTimeOff(browser, {
      from: '2026-11-25',
      to: '2026-11-25',
      reason: ' Día de la familia ',
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { time_off, bookings } = (await res.json()) as TimeOffCreated;
    // Midnight to midnight in the vendor's zone (UTC−6), the reason trimmed.
    expect(time_off).toMatchObject({
      start: '2026-11-25T06:00:00.000Z',
      end: '2026-11-26T06:00:00.000Z',
      all_day: true,
      first_day: '2026-11-25',
      last_day: '2026-11-25',
      reason: 'Día de la familia',
      timezone: 'America/Mexico_City',
    });
    expect(bookings).toEqual([]);

    expect(await slotsOn(vendor.slug, service.id, '2026-11-25')).toEqual([]);
    expect(await slotsOn(vendor.slug, service.id, '2026-11-24')).toEqual(startsOn('2026-11-24'));
    expect(await slotsOn(vendor.slug, service.id, '2026-11-26')).toEqual(startsOn('2026-11-26'));
    const now = scenario.clock.now();
    expect(await vendorsOpenOn(scenario.db, [vendor.id], '2026-11-25', now)).toEqual(new Set());
    expect(await vendorsOpenOn(scenario.db, [vendor.id], '2026-11-24', now)).toEqual(new Set([vendor.id]));

    const list = (await (await browser.get('/api/vendor/time-off')).json()) as TimeOffList;
    expect(list.items.map((t) => t.id)).toEqual([time_off.id]);

    expect((await removeTimeOff(browser, time_off.id)).status).toBe(200);
    expect(await slotsOn(vendor.slug, service.id, '2026-11-25')).toEqual(startsOn('2026-11-25'));
    expect(await vendorsOpenOn(scenario.db, [vendor.id], '2026-11-25', now)).toEqual(new Set([vendor.id]));
  });

  it('a range of days runs from the first midnight to the midnight after the last, in the vendor’s zone', async () => {
    const { browser } = await signedInVendor({ timezone: 'Europe/Madrid' });
    const res = await addTimeOff(browser, { from: '2026-11-24', to: '2026-11-27' });
    expect(res.status, await res.clone().text()).toBe(201);
    const { time_off } = (await res.json()) as TimeOffCreated;
    expect(time_off).toMatchObject({
      start: '2026-11-23T23:00:00.000Z',
      end: '2026-11-27T23:00:00.000Z',
      first_day: '2026-11-24',
      last_day: '2026-11-27',
      reason: null,
    });
  });

  it('hours off take away the slots that would overlap them, and only those', async () => {
    const { vendor, service, browser } = await signedInVendor();
    const res = await addTimeOff(browser, {
      from: '2026-11-24T12:00:00-06:00',
      to: '2026-11-24T14:00:00-06:00',
    });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(((await res.json()) as TimeOffCreated).time_off).toMatchObject({
      start: '2026-11-24T18:00:00.000Z',
      end: '2026-11-24T20:00:00.000Z',
      all_day: false,
      first_day: null,
    });
    // 11:30 would end at 12:30, 13:30 starts inside: gone. 11:00 ends at 12:00, 14:00 starts after.
    const gone = ['17:30', '18:00', '18:30', '19:00', '19:30'].map((t) => `2026-11-24T${t}:00.000Z`);
    const slots = await slotsOn(vendor.slug, service.id, '2026-11-24');
    expect(slots).toEqual(startsOn('2026-11-24').filter((s) => !gone.includes(s)));
    expect(slots).toContain('2026-11-24T17:00:00.000Z');
    expect(slots).toContain('2026-11-24T20:00:00.000Z');
  });

  it('refuses a booking request inside time off with 409 and its reason, and books outside it', async () => {
    const { vendor, service, browser } = await signedInVendor();
    expect((await addTimeOff(browser, { from: '2026-11-25', to: '2026-11-25' })).status).toBe(201);
    const before = await fingerprintTables(scenario.db, { except: ['rate_limits'] });
    const res = await scenario.api().bookings.$post({
      json: {
        vendorId: vendor.id,
        serviceId: service.id,
        startTime: WEDNESDAY_9,
        customerName: 'Ana López',
        customerEmail: 'ana@example.test',
        customerPhone: undefined,
        notes: undefined,
      },
    });
    expect(res.status).toBe(409);
    expect(((await res.json()) as unknown as { error: { reason: string } }).error.reason).toBe(
      'vendor_time_off',
    );
    expect(changedTables(before, await fingerprintTables(scenario.db, { except: ['rate_limits'] }))).toEqual(
      [],
    );
    // The day before is as open as ever.
    await scenario.requested({ startTime: TUESDAY_9, vendor, service });
  });

  it('refuses a move into time off with 409 and its reason; the booking keeps its time', async () => {
    const { vendor, service, browser } = await signedInVendor();
    const booking = await scenario.requested({ startTime: TUESDAY_9, vendor, service });
    expect((await addTimeOff(browser, { from: '2026-11-26', to: '2026-11-26' })).status).toBe(201);
    const res = await scenario.api().bookings.manage.reschedule.$post({
      json: { token: booking.manageToken, startTime: THURSDAY_9 },
    });
    expect(res.status).toBe(409);
    expect(((await res.json()) as unknown as { error: { reason: string } }).error.reason).toBe(
      'vendor_time_off',
    );
    const row = await scenario.rowOf(booking.id);
    expect(row.startTz.toISOString()).toBe(TUESDAY_9);
    expect(row.rescheduleCount).toBe(0);
    // A move outside it goes through.
    const moved = await scenario.api().bookings.manage.reschedule.$post({
      json: { token: booking.manageToken, startTime: WEDNESDAY_9 },
    });
    expect(moved.status, await moved.clone().text()).toBe(200);
  });

  it('lists the active bookings already inside a new time off; they keep their time', async () => {
    const { vendor, service, browser } = await signedInVendor();
    const inside = await scenario.requested({ startTime: THURSDAY_9, vendor, service });
    const cancelled = await scenario.requested({
      startTime: '2026-11-26T17:00:00.000Z',
      vendor,
      service,
    });
    await scenario.ended(cancelled, 'cancelled');
    await scenario.requested({ startTime: WEDNESDAY_9, vendor, service });

    const res = await addTimeOff(browser, { from: '2026-11-26', to: '2026-11-27', reason: 'Vacaciones' });
    expect(res.status, await res.clone().text()).toBe(201);
    const { time_off, bookings } = (await res.json()) as TimeOffCreated;
    expect(bookings).toEqual([
      {
        id: inside.id,
        code: inside.code,
        status: 'pending_vendor',
        start_time: THURSDAY_9,
        end_time: '2026-11-26T16:00:00.000Z',
        customer_name: 'Ana López',
        service_name: service.name,
      },
    ]);
    const list = (await (await browser.get('/api/vendor/time-off')).json()) as TimeOffList;
    expect(list.items).toEqual([{ ...time_off, bookings }]);
    expect((await scenario.rowOf(inside.id)).status).toBe('pending_vendor');
  });

  it('refuses time off inside one already there (a form sent twice); an overlap past it is kept', async () => {
    const { browser } = await signedInVendor();
    expect((await addTimeOff(browser, { from: '2026-11-24', to: '2026-11-26' })).status).toBe(201);
    const before = await fingerprintTables(scenario.db, { except: ['rate_limits'] });
    for (const body of [
      { from: '2026-11-24', to: '2026-11-26' },
      { from: '2026-11-25', to: '2026-11-25', reason: 'Dentista' },
      { from: '2026-11-24T09:00:00-06:00', to: '2026-11-24T11:00:00-06:00' },
    ]) {
      const res = await addTimeOff(browser, body);
      expect(res.status, JSON.stringify(body)).toBe(409);
      expect(((await res.json()) as { error: { reason?: string } }).error.reason).toBe('time_off_covered');
    }
    expect(changedTables(before, await fingerprintTables(scenario.db, { except: ['rate_limits'] }))).toEqual(
      [],
    );
    // One that reaches a day past the first is a time off of its own.
    expect((await addTimeOff(browser, { from: '2026-11-26', to: '2026-11-27' })).status).toBe(201);
    const list = (await (await browser.get('/api/vendor/time-off')).json()) as TimeOffList;
    expect(list.items.map((t) => [t.first_day, t.last_day])).toEqual([
      ['2026-11-24', '2026-11-26'],
      ['2026-11-26', '2026-11-27'],
    ]);
  });

  it('answers bad input with a clear 4xx and changes nothing', async () => {
    const { browser } = await signedInVendor();
    const cases: [unknown, number, string | undefined][] = [
      [{ from: '2026-11-26', to: '2026-11-25' }, 400, 'time_off_end_before_start'],
      [
        { from: '2026-11-25T14:00:00-06:00', to: '2026-11-25T12:00:00-06:00' },
        400,
        'time_off_end_before_start',
      ],
      [
        { from: '2026-11-25T14:00:00-06:00', to: '2026-11-25T14:00:00-06:00' },
        400,
        'time_off_end_before_start',
      ],
      [{ from: '2026-11-21', to: '2026-11-23' }, 400, 'time_off_in_past'],
      [{ from: '2026-11-21T23:00:00-06:00', to: '2026-11-22T10:00:00-06:00' }, 400, 'time_off_in_past'],
      [{ from: '2026-11-23', to: '2027-02-23' }, 400, 'time_off_too_long'],
      [{ from: '2028-01-10', to: '2028-01-12' }, 400, 'time_off_too_far'],
      [{ from: '2026-11-25', to: '2026-11-25T12:00:00-06:00' }, 400, undefined],
      [{ from: '2026-11-31', to: '2026-12-01' }, 400, undefined],
      [{ from: 'mañana', to: '2026-11-25' }, 400, undefined],
      [{ from: '2026-11-25', to: '2026-11-25', reason: 'x'.repeat(201) }, 400, undefined],
      [{ to: '2026-11-25' }, 400, undefined],
    ];
    const before = await fingerprintTables(scenario.db, { except: ['rate_limits'] });
    for (const [body, status, reason] of cases) {
      const res = await addTimeOff(browser, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      const { error } = (await res.json()) as { error: { code: string; reason?: string } };
      expect(error.code).toBe('validation_failed');
      expect(error.reason, JSON.stringify(body)).toBe(reason);
    }
    expect((await removeTimeOff(browser, 'not-an-id')).status).toBe(400);
    expect(changedTables(before, await fingerprintTables(scenario.db, { except: ['rate_limits'] }))).toEqual(
      [],
    );
    // Today itself may be taken off, and 92 days at once.
    expect((await addTimeOff(browser, { from: '2026-11-22', to: '2027-02-21' })).status).toBe(201);
  });

  it('lets no one delete or see another vendor’s time off', async () => {
    const owner = await signedInVendor();
    const other = await signedInVendor();
    const created = (await (
      await addTimeOff(owner.browser, { from: '2026-11-25', to: '2026-11-25' })
    ).json()) as TimeOffCreated;
    const res = await removeTimeOff(other.browser, created.time_off.id);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { reason: string } }).error.reason).toBe('time_off_not_found');
    expect(
      await scenario.db.select().from(vendorTimeOff).where(eq(vendorTimeOff.id, created.time_off.id)),
    ).toHaveLength(1);
    expect(((await (await other.browser.get('/api/vendor/time-off')).json()) as TimeOffList).items).toEqual(
      [],
    );

    // Signed out: 401; signed in without a vendor profile: 403.
    expect((await scenario.http().get('/api/vendor/time-off')).status).toBe(401);
    const customer = scenario.http();
    await customer.post('/api/auth/sign-up/email', {
      name: 'Cliente',
      email: `cliente${sequence++}@example.test`,
      password: 'Cliente#2026x',
    });
    expect((await addTimeOff(customer, { from: '2026-11-25', to: '2026-11-25' })).status).toBe(403);

    // The owner's delete is the one that works, once.
    expect((await removeTimeOff(owner.browser, created.time_off.id)).status).toBe(200);
    expect((await removeTimeOff(owner.browser, created.time_off.id)).status).toBe(404);
  });
});
