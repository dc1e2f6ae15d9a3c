import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AvailabilityResponse } from '../../../shared/availability/availability.schemas.ts';
import type { Database } from '../../db/client.ts';
import { appointments } from '../../db/schema/bookings.ts';
import { availabilityWindows } from '../../db/schema/vendors.ts';
import { fixedClock } from '../../lib/clock.ts';
import { appointmentValues, insertCustomer, insertService, insertVendor } from '../../test/factories.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestDatabase, testEngine } from '../../test/test-db.ts';
import { NOW } from '../../test/test-week.ts';

// ARCHITECTURE §5 and §6: GET /api/vendors/:idOrSlug/availability through the real app. "Now" is Sunday
// 2026-11-22 12:00 in Mexico City (UTC−6); vendors keep the wizard's default week (Mon–Fri
// 09:00–17:00), buffer 15, lead time 120 minutes, 14 days ahead.
// Monday 2026-11-23, 09:00 … 16:00 local: every start of a 60-minute service.
const MONDAY = Array.from({ length: 15 }, (_, i) =>
  new Date(Date.parse('2026-11-23T15:00:00Z') + i * 30 * 60_000).toISOString(),
);
const MONDAY_RANGE = 'from=2026-11-23T06:00:00Z&to=2026-11-24T06:00:00Z';

describe(`GET /api/vendors/:idOrSlug/availability (${testEngine})`, () => {
  let database: Database;
  let request: (path: string) => Promise<Response>;
  let customerId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const { app } = createTestApp(database, { clock: fixedClock(NOW) });
    request = async (path) => app.request(path);
    customerId = (await insertCustomer(database.db)).id;
  });
  afterAll(() => database.close());

  async function vendorWithService(overrides: Parameters<typeof insertVendor>[1] = {}) {
    const vendor = await insertVendor(database.db, overrides);
    const service = await insertService(database.db, vendor.id, { durationMinutes: 60 });
    return { vendor, service };
  }

  async function slotsOf(idOrSlug: string, serviceId: string, range = MONDAY_RANGE) {
    const res = await request(`/api/vendors/${idOrSlug}/availability?serviceId=${serviceId}&${range}`);
    expect(res.status).toBe(200);
    return (await res.json()) as AvailabilityResponse;
  }

  async function book(
    vendorId: string,
    start: string,
    minutes: number,
    extra: Parameters<typeof appointmentValues>[4] = {},
  ) {
    await database.db
      .insert(appointments)
      .values(appointmentValues(vendorId, customerId, start, minutes, extra));
  }

  it('follows the weekly schedule in the vendor’s timezone, by slug or by id', async () => {
    const { vendor, service } = await vendorWithService();
    const bySlug = await slotsOf(vendor.slug, service.id);
    expect(bySlug).toEqual({ slots: MONDAY, timezone: 'America/Mexico_City' });
    expect(await slotsOf(vendor.id, service.id)).toEqual(bySlug);

    const madrid = await vendorWithService({ timezone: 'Europe/Madrid' });
    const { slots } = await slotsOf(
      madrid.vendor.slug,
      madrid.service.id,
      'from=2026-11-23T00:00:00Z&to=2026-11-24T00:00:00Z',
    );
    expect(slots[0]).toBe('2026-11-23T08:00:00.000Z'); // 09:00 CET
  });

  it('defaults to now … now + 14 days, after the lead time', async () => {
    const { vendor, service } = await vendorWithService();
    const res = await request(`/api/vendors/${vendor.slug}/availability?serviceId=${service.id}`);
    expect(res.status).toBe(200);
    const { slots } = (await res.json()) as AvailabilityResponse;
    expect(slots[0]).toBe(MONDAY[0]);
    // Ten weekdays of 15 slots in the next 14 days (Monday 11-23 to Friday 12-04).
    expect(slots).toHaveLength(150);
    expect(slots.at(-1)).toBe('2026-12-04T22:00:00.000Z');
  });

  it('removes the slots of a busy appointment plus the buffer; a cancelled one frees them', async () => {
    const { vendor, service } = await vendorWithService();
    const other = await vendorWithService();
    // Monday 11:00–12:00 local with a 15-minute buffer: starts from 09:45 to 12:15 local are out.
    await book(vendor.id, '2026-11-23T17:00:00Z', 60, { bufferMinutes: 15, status: 'confirmed' });
    await book(vendor.id, '2026-11-23T20:00:00Z', 60, { status: 'cancelled' });
    await book(other.vendor.id, '2026-11-23T15:00:00Z', 480);
    const { slots } = await slotsOf(vendor.slug, service.id);
    expect(slots).toEqual(MONDAY.filter((s) => s < '2026-11-23T15:45:00Z' || s >= '2026-11-23T18:15:00Z'));
    expect(slots).toContain('2026-11-23T20:00:00.000Z');
  });

  it('adds availability windows, once and recurring, and ignores inactive ones', async () => {
    const { vendor, service } = await vendorWithService();
    await database.db.insert(availabilityWindows).values([
      // Saturday 11-28 10:00–12:00 local, once.
      {
        vendorProfileId: vendor.id,
        startTz: new Date('2026-11-28T16:00:00Z'),
        endTz: new Date('2026-11-28T18:00:00Z'),
      },
      // Sunday 11-29 18:00–19:00 local, weekends from then on.
      {
        vendorProfileId: vendor.id,
        startTz: new Date('2026-11-29T00:00:00Z'),
        endTz: new Date('2026-11-29T01:00:00Z'),
        recurrenceRule: 'weekends',
      },
      // Saturday 11-28 07:00–08:00 local, inactive.
      {
        vendorProfileId: vendor.id,
        startTz: new Date('2026-11-28T13:00:00Z'),
        endTz: new Date('2026-11-28T14:00:00Z'),
        isActive: false,
      },
    ]);
    const { slots } = await slotsOf(
      vendor.slug,
      service.id,
      'from=2026-11-28T06:00:00Z&to=2026-12-07T06:00:00Z',
    );
    // Mexico City is UTC−6: Saturday and Sunday by the local clock.
    const weekend = slots.filter((s) => [0, 6].includes(new Date(Date.parse(s) - 6 * 3600_000).getUTCDay()));
    expect(weekend).toEqual([
      '2026-11-28T16:00:00.000Z',
      '2026-11-28T16:30:00.000Z',
      '2026-11-28T17:00:00.000Z',
      '2026-11-29T00:00:00.000Z', // Saturday 18:00 local: the window's own date is a Saturday…
      '2026-11-30T00:00:00.000Z', // …and Sunday 18:00 local
      '2026-12-06T00:00:00.000Z', // Saturday 12-05 18:00 local
      '2026-12-07T00:00:00.000Z', // Sunday 12-06 18:00 local, the last day of the 14
    ]);
    // Weekdays keep their weekly schedule.
    expect(slots).toContain('2026-11-30T15:00:00.000Z');
  });

  it('never offers a slot that the exclusion constraint refuses, even with an older, longer buffer', async () => {
    const { vendor, service } = await vendorWithService({ bufferMinutes: 0 });
    // Booked when the vendor's buffer was 90 minutes (decision 008): busy until 12:30 local.
    await book(vendor.id, '2026-11-23T16:00:00Z', 60, { bufferMinutes: 90 });
    await book(vendor.id, '2026-11-23T21:00:00Z', 30, { bufferMinutes: 45, status: 'awaiting_payment' });
    const { slots } = await slotsOf(vendor.slug, service.id);
    expect(slots.length).toBeGreaterThan(3);
    expect(slots).not.toContain('2026-11-23T17:30:00.000Z');
    for (const slot of slots) {
      const inserted = await database.db
        .transaction(async (tx) => {
          await tx
            .insert(appointments)
            .values(appointmentValues(vendor.id, customerId, slot, 60, { bufferMinutes: 0 }));
          tx.rollback();
        })
        .then(
          () => 'kept',
          (err: unknown) => ((err as Error).message === 'Rollback' ? 'fits' : err),
        );
      expect(inserted, slot).toBe('fits');
    }
  });

  it('answers 400 for invalid queries, in the error shape', async () => {
    const { vendor, service } = await vendorWithService();
    const base = `/api/vendors/${vendor.slug}/availability`;
    for (const query of [
      '',
      'serviceId=not-a-uuid',
      `serviceId=${service.id}&from=tomorrow`,
      `serviceId=${service.id}&from=2026-11-23`,
      `serviceId=${service.id}&from=2026-11-24T00:00:00Z&to=2026-11-23T00:00:00Z`,
      `serviceId=${service.id}&from=2026-11-24T00:00:00Z&to=2026-11-24T00:00:00Z`,
      `serviceId=${service.id}&from=2026-11-23T00:00:00Z&to=2027-01-25T00:00:00Z`,
      `serviceId=${service.id}&to=2026-11-01T00:00:00Z`, // before now, from defaults to now
    ]) {
      const res = await request(`${base}?${query}`);
      expect(res.status, query).toBe(400);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code, query).toBe('validation_failed');
      expect(body.error.message, query).toMatch(/^Invalid (query|param)/);
    }
    // 62 days is the limit, inclusive.
    expect(
      (await request(`${base}?serviceId=${service.id}&from=2026-11-23T00:00:00Z&to=2027-01-24T00:00:00Z`))
        .status,
    ).toBe(200);
  });

  // `from=x&to=x` answered 500 (`q.to.getTime is not a function`): zod 4 ran the range
  // checks on the unparsed text. Each malformed date is now a 400 naming its own field.
  it('answers 400 naming the field for dates that do not parse, never running the range checks on them', async () => {
    const { vendor, service } = await vendorWithService();
    const base = `/api/vendors/${vendor.slug}/availability?serviceId=${service.id}`;
    for (const [query, fields] of [
      ['from=x&to=x', ['from', 'to']],
      ['from=2026-11-23T00:00:00Z&to=x', ['to']],
      ['from=x&to=2026-11-24T00:00:00Z', ['from']],
      ['to=2026-02-30T25:61:00Z', ['to']],
      ['from=2026-11-23T00:00:00Z&from=2026-11-24T00:00:00Z&to=2026-11-25T00:00:00Z', ['from']],
      ['to=2026-11-01T00:00:00Z', ['to']], // before now, which `from` defaults to on the server
    ] as const) {
      const res = await request(`${base}&${query}`);
      expect(res.status, query).toBe(400);
      const { error } = (await res.json()) as {
        error: { code: string; message: string; details: { path: string }[] };
      };
      expect(error.code, query).toBe('validation_failed');
      expect(error.details.map((d) => d.path).sort(), query).toEqual([...fields]);
    }
  });

  it('answers 404 for an unknown or rejected vendor, and for another vendor’s service', async () => {
    const { vendor, service } = await vendorWithService();
    const rejected = await vendorWithService({ applicationStatus: 'rejected' });
    const other = await vendorWithService();
    const cases = [
      `/api/vendors/no-such-vendor/availability?serviceId=${service.id}`,
      `/api/vendors/00000000-0000-4000-8000-000000000000/availability?serviceId=${service.id}`,
      `/api/vendors/${rejected.vendor.slug}/availability?serviceId=${rejected.service.id}`,
      `/api/vendors/${vendor.slug}/availability?serviceId=${other.service.id}`,
      `/api/vendors/${vendor.slug}/availability?serviceId=00000000-0000-4000-8000-000000000000`,
    ];
    for (const path of cases) {
      const res = await request(path);
      expect(res.status, path).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_found');
    }
  });

  it('answers 400 for a service the vendor no longer offers', async () => {
    const { vendor } = await vendorWithService();
    const inactive = await insertService(database.db, vendor.id, { isActive: false });
    const res = await request(`/api/vendors/${vendor.slug}/availability?serviceId=${inactive.id}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: {
        code: 'bad_request',
        reason: 'service_inactive',
        message: 'This service is no longer offered.',
      },
    });
  });

  it('lives beside the other /api/vendors routes without shadowing them', async () => {
    const { vendor, service } = await vendorWithService();
    expect((await request(`/api/vendors/${vendor.slug}`)).status).toBe(200);
    expect((await request('/api/vendors/featured')).status).toBe(200);
    const similar = await request(`/api/vendors/${vendor.slug}/similar`);
    expect(similar.status).toBe(200);
    expect(await similar.json()).toHaveProperty('items');
    expect(await slotsOf(vendor.slug, service.id)).toHaveProperty('slots');
    // `featured` here is a slug like any other, and no vendor has it.
    expect((await request(`/api/vendors/featured/availability?serviceId=${service.id}`)).status).toBe(404);
  });
});
