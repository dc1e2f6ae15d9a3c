import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VendorListResponse } from '../../../shared/vendor.schemas.ts';
import type { WeeklyAvailability } from '../../../shared/weekly-availability.ts';
import { appointments } from '../../db/schema/bookings.ts';
import { fixedClock } from '../../lib/clock.ts';
import { appointmentValues, insertCustomer, insertService, insertVendor } from '../../test/factories.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestDatabase, type TestDatabase, testEngine } from '../../test/test-db.ts';

// Browse Vendors' and the directory's filters through GET /api/vendors — colonia,
// price range, verified only and "available on" a day (the availability engine), with the category
// and the search, the count and the pages; bad values are refused with 400.

/** Wednesday 2 December 2026, 09:00 in Mexico City. */
const NOW = '2026-12-02T15:00:00Z';

const closed = { enabled: false, slots: [{ start: '09:00', end: '17:00' }] };
function only(days: Partial<WeeklyAvailability>): WeeklyAvailability {
  return {
    monday: closed,
    tuesday: closed,
    wednesday: closed,
    thursday: closed,
    friday: closed,
    saturday: closed,
    sunday: closed,
    ...days,
  };
}

describe(`vendor list filters (${testEngine})`, () => {
  let database: TestDatabase;
  let request: (path: string) => Promise<Response>;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    const roma = await insertVendor(db, {
      businessName: 'Limpieza Roma Verificada',
      serviceAreas: ['Roma Norte', 'Condesa'],
      isVerified: true,
      createdAt: new Date('2026-11-01T00:00:00Z'),
    });
    await insertService(db, roma.id, { priceCents: 45_000, durationMinutes: 120 });
    const coyoacan = await insertVendor(db, {
      businessName: 'Limpieza Coyoacán Económica',
      serviceAreas: ['Coyoacán'],
      availability: only({ saturday: { enabled: true, slots: [{ start: '10:00', end: '14:00' }] } }),
      createdAt: new Date('2026-11-02T00:00:00Z'),
    });
    await insertService(db, coyoacan.id, { priceCents: 25_000, durationMinutes: 60 });
    const plumber = await insertVendor(db, {
      businessName: 'Plomería Roma',
      serviceCategory: 'repair',
      serviceAreas: ['Roma Sur', 'Roma Norte'],
      createdAt: new Date('2026-11-03T00:00:00Z'),
    });
    await insertService(db, plumber.id, { priceCents: 90_000, durationMinutes: 60 });
    await insertService(db, plumber.id, { priceCents: 15_000, durationMinutes: 30, isActive: false });
    const friday = await insertVendor(db, {
      businessName: 'Limpieza Viernes Juárez',
      serviceAreas: ['Juárez'],
      availability: only({ friday: { enabled: true, slots: [{ start: '09:00', end: '11:00' }] } }),
      createdAt: new Date('2026-11-04T00:00:00Z'),
    });
    await insertService(db, friday.id, { priceCents: 60_000, durationMinutes: 120 });
    const pending = await insertVendor(db, {
      businessName: 'Limpieza Pendiente Roma',
      serviceAreas: ['Roma Norte'],
      isVerified: true,
      applicationStatus: 'pending',
    });
    await insertService(db, pending.id, { priceCents: 40_000 });
    Object.assign(ids, { roma: roma.id, coyoacan: coyoacan.id, plumber: plumber.id, friday: friday.id });
    const { app } = createTestApp(database, { clock: fixedClock(NOW) });
    request = async (path) => app.request(path);
  });

  afterAll(() => database.close());

  async function names(query: string) {
    const res = await request(`/api/vendors?limit=50&${query}`);
    expect(res.status, query).toBe(200);
    const body = (await res.json()) as VendorListResponse;
    expect(body.total, query).toBe(body.items.length);
    return body.items.map((vendor) => vendor.business_name).sort();
  }

  async function refused(query: string) {
    const res = await request(`/api/vendors?${query}`);
    expect(res.status, query).toBe(400);
    return JSON.stringify(await res.json());
  }

  it('filters by a colonia the vendor serves, whatever the accents and case typed', async () => {
    expect(await names('colonia=roma%20norte')).toEqual(['Limpieza Roma Verificada', 'Plomería Roma']);
    expect(await names('colonia=Coyoacan')).toEqual(['Limpieza Coyoacán Económica']);
    expect(await names('colonia=Polanco')).toEqual([]);
    expect(await refused('colonia=Narnia')).toContain('Unknown colonia');
  });

  it('filters by the price of an active service, both ends included', async () => {
    expect(await names('min_price=300&max_price=450')).toEqual(['Limpieza Roma Verificada']);
    expect(await names('max_price=250')).toEqual(['Limpieza Coyoacán Económica']);
    // The plumber's 150-peso service is no longer offered.
    expect(await names('max_price=200')).toEqual([]);
    expect(await names('min_price=800')).toEqual(['Plomería Roma']);
    expect(await refused('min_price=500&max_price=100')).toContain(
      'The lowest price must not be above the highest',
    );
    expect(await refused('min_price=abc')).toContain('Price must be a whole number of pesos');
    expect(await refused('max_price=-5')).toContain('Price must be 0 or more');
  });

  it('filters verified vendors only', async () => {
    expect(await names('verified=true')).toEqual(['Limpieza Roma Verificada']);
    expect(await names('verified=false')).toHaveLength(4);
    expect(await refused('verified=maybe')).toContain('verified must be true or false');
  });

  it('combines the filters with the category and the search, and pages them', async () => {
    expect(await names('category=cleaning&colonia=Roma%20Norte')).toEqual(['Limpieza Roma Verificada']);
    expect(await names('q=limpieza&colonia=Coyoac%C3%A1n')).toEqual(['Limpieza Coyoacán Económica']);
    expect(await names('q=roma&max_price=500')).toEqual(['Limpieza Roma Verificada']);
    const first = (await (
      await request('/api/vendors?limit=1&colonia=Roma%20Norte')
    ).json()) as VendorListResponse;
    expect(first).toMatchObject({ total: 2, hasMore: true, totalCapped: false });
    expect(first.items.map((v) => v.business_name)).toEqual(['Plomería Roma']);
    const second = (await (
      await request('/api/vendors?limit=1&offset=1&colonia=Roma%20Norte')
    ).json()) as VendorListResponse;
    expect(second).toMatchObject({ total: 2, hasMore: false });
    expect(second.items.map((v) => v.business_name)).toEqual(['Limpieza Roma Verificada']);
  });

  it('runs a list of the same shape with its own values, and counts a page past the end', async () => {
    // Each shape is one statement prepared once (decision 080): the values of the first call must
    // not stay in it.
    expect(await names('category=repair')).toEqual(['Plomería Roma']);
    expect(await names('category=cleaning')).toHaveLength(3);
    expect(await names('colonia=Ju%C3%A1rez&min_price=500')).toEqual(['Limpieza Viernes Juárez']);
    expect(await names('colonia=Condesa&min_price=400')).toEqual(['Limpieza Roma Verificada']);
    const past = (await (
      await request('/api/vendors?limit=2&offset=6&category=cleaning')
    ).json()) as VendorListResponse;
    expect(past).toMatchObject({ items: [], total: 3, hasMore: false, totalCapped: false });
  });

  it('lists vendors with an open slot on the day asked, by the availability engine', async () => {
    // Thursday: the weekday vendors; Saturday: the one open on Saturdays; Friday: the Friday one too.
    expect(await names('available_on=2026-12-03')).toEqual(['Limpieza Roma Verificada', 'Plomería Roma']);
    expect(await names('available_on=2026-12-05')).toEqual(['Limpieza Coyoacán Económica']);
    expect(await names('available_on=2026-12-04')).toEqual([
      'Limpieza Roma Verificada',
      'Limpieza Viernes Juárez',
      'Plomería Roma',
    ]);
    // Today, from 09:00: later slots are still open.
    expect(await names('available_on=2026-12-02')).toEqual(['Limpieza Roma Verificada', 'Plomería Roma']);
    expect(await names('available_on=2026-12-05&colonia=Roma%20Norte')).toEqual([]);
    expect(await names('available_on=2026-12-03&q=plomero')).toEqual(['Plomería Roma']);
  });

  it('refuses a day that is not a date, is past, or is beyond the booking range', async () => {
    expect(await refused('available_on=mañana')).toContain('Date must be YYYY-MM-DD');
    expect(await refused('available_on=2026-02-30')).toContain('Date must be YYYY-MM-DD');
    expect(await refused('available_on=2026-12-01')).toContain(
      'Date must be between 2026-12-02 and 2026-12-16',
    );
    expect(await refused('available_on=2026-12-17')).toContain(
      'Date must be between 2026-12-02 and 2026-12-16',
    );
  });

  it('drops a vendor whose day is booked full at once', async () => {
    const friday = 'available_on=2026-12-04&category=cleaning&colonia=Ju%C3%A1rez';
    expect(await names(friday)).toEqual(['Limpieza Viernes Juárez']);
    // Its only two hours that Friday are booked.
    const customer = await insertCustomer(database.db);
    await database.db
      .insert(appointments)
      .values(appointmentValues(ids.friday!, customer, '2026-12-04T15:00:00Z', 120, { status: 'confirmed' }));
    expect(await names(friday)).toEqual([]);
    await database.db.delete(appointments);
  });
});
