import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VENDOR_COUNT_CAP } from '../../../shared/constants.ts';
import type { VendorListResponse } from '../../../shared/vendor.schemas.ts';
import { defaultWeeklyAvailability } from '../../../shared/weekly-availability.ts';
import type { Database } from '../../db/client.ts';
import { vendorProfiles } from '../../db/schema/vendors.ts';
import { insertService, insertVendor } from '../../test/factories.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestDatabase, testEngine } from '../../test/test-db.ts';

const privateFields = [
  'user_id',
  'profile_id',
  'business_email',
  'business_phone',
  'userId',
  'businessEmail',
  'businessPhone',
];

describe(`GET /api/vendors (${testEngine})`, () => {
  let database: Database;
  let request: (path: string) => Promise<Response>;
  const names: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const { app } = createTestApp(database);
    request = async (path) => app.request(path);
    const db = database.db;
    // Nine cleaners, two trainers, one rejected cleaner; newest last.
    const base = Date.parse('2026-01-01T00:00:00Z');
    for (let i = 0; i < 9; i++) {
      const name = `Limpieza Brillante ${i}`;
      names.push(name);
      const vendor = await insertVendor(db, {
        businessName: name,
        serviceCategory: 'cleaning',
        createdAt: new Date(base + i * 60_000),
      });
      await insertService(db, vendor.id, { name: `Servicio ${i}`, priceCents: 30_000 + i });
      await insertService(db, vendor.id, { name: 'Inactivo', isActive: false });
    }
    await insertVendor(db, {
      businessName: 'Coach Polanco',
      serviceCategory: 'fitness',
      createdAt: new Date(base + 20 * 60_000),
    });
    await insertVendor(db, {
      businessName: 'Fit 100%_Real',
      serviceCategory: 'fitness',
      createdAt: new Date(base + 21 * 60_000),
    });
    await insertVendor(db, {
      businessName: 'Limpieza Rechazada',
      serviceCategory: 'cleaning',
      applicationStatus: 'rejected',
    });
  });
  afterAll(() => database.close());

  async function list(query: string) {
    const res = await request(`/api/vendors${query}`);
    expect(res.status).toBe(200);
    return (await res.json()) as VendorListResponse;
  }

  it('lists newest first, 6 by default, with hasMore and the total', async () => {
    const body = await list('');
    expect(body.items).toHaveLength(6);
    expect(body.hasMore).toBe(true);
    expect(body.total).toBe(11);
    expect(body.totalCapped).toBe(false);
    expect(body.items.map((v) => v.business_name).slice(0, 3)).toEqual([
      'Fit 100%_Real',
      'Coach Polanco',
      'Limpieza Brillante 8',
    ]);
  });

  it('returns public fields only, with active services', async () => {
    const res = await request('/api/vendors?category=cleaning&limit=6');
    const text = await res.text();
    for (const field of privateFields) expect(text).not.toContain(`"${field}"`);
    const body = JSON.parse(text) as VendorListResponse;
    expect(body.items).toHaveLength(6);
    const first = body.items[0]!;
    expect(first).toMatchObject({
      business_name: 'Limpieza Brillante 8',
      slug: expect.any(String),
      service_areas: ['Roma Norte'],
    });
    expect(first.services).toEqual([
      { id: expect.any(String), name: 'Servicio 8', price_cents: 30_008, duration_minutes: 120 },
    ]);
  });

  it('filters by a category chip (its key, decision 050), never listing rejected vendors', async () => {
    const body = await list('?category=cleaning&limit=50');
    expect(body.total).toBe(9);
    expect(new Set(body.items.map((v) => v.service_category))).toEqual(new Set(['cleaning']));
    expect(body.items.some((v) => v.business_name === 'Limpieza Rechazada')).toBe(false);
    expect((await list('?category=fitness')).items.map((v) => v.business_name)).toEqual([
      'Fit 100%_Real',
      'Coach Polanco',
    ]);
  });

  it('pages with offset until the last page', async () => {
    const second = await list('?category=cleaning&offset=6&limit=6');
    expect(second.items).toHaveLength(3);
    expect(second.hasMore).toBe(false);
    const seen = new Set(
      [...(await list('?category=cleaning&limit=6')).items, ...second.items].map((v) => v.id),
    );
    expect(seen.size).toBe(9);
  });

  it('searches business_name or service_category, case-insensitive contains', async () => {
    expect((await list('?q=BRILLANTE&limit=50')).total).toBe(9);
    // The category's labels, today's or stored before keys (decision 050): "Personal Training" is fitness,
    // "Limpieza del Hogar" cleaning.
    expect((await list('?q=personal')).items.map((v) => v.business_name)).toEqual([
      'Fit 100%_Real',
      'Coach Polanco',
    ]);
    expect((await list('?q=hogar')).total).toBe(9);
    expect((await list('?q=nothing-like-this')).items).toEqual([]);
    // An empty search is no search.
    expect((await list('?q=%20&limit=50')).total).toBe((await list('?limit=50')).total);
  });

  it('treats % and _ in the search text literally', async () => {
    expect((await list('?q=100%25_')).items.map((v) => v.business_name)).toEqual(['Fit 100%_Real']);
    expect((await list('?q=%25_r')).items.map((v) => v.business_name)).toEqual(['Fit 100%_Real']);
  });

  it('combines category and search', async () => {
    expect((await list('?category=cleaning&q=brillante 3')).items.map((v) => v.business_name)).toEqual([
      'Limpieza Brillante 3',
    ]);
  });

  it.each([
    ['?category=unknown', 'category'],
    ['?limit=0', 'limit'],
    ['?limit=51', 'limit'],
    ['?limit=abc', 'limit'],
    ['?offset=-1', 'offset'],
    [`?q=${'x'.repeat(101)}`, 'q'],
    // Decision 024: shorter than MIN_SEARCH_LENGTH (after trimming) is refused, not scanned for.
    ['?q=ab', 'q'],
    ['?q=%20%20ab%20', 'q'],
  ])('answers %s with 400 and the error shape', async (query, field) => {
    const res = await request(`/api/vendors${query}`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as {
      error: { code: string; message: string; details: { path: string }[] };
    };
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.message).toContain(field);
    expect(body.error.details[0]?.path).toBe(field);
  });
});

describe(`GET /api/vendors on a large directory (${testEngine})`, () => {
  let database: Database;
  afterAll(() => database.close());

  it('counts up to VENDOR_COUNT_CAP and says when it stopped', async () => {
    database = await createTestDatabase();
    const { app } = createTestApp(database);
    const rows = Array.from({ length: VENDOR_COUNT_CAP + 5 }, (_, i) => ({
      businessName: `Técnico ${i}`,
      slug: `tecnico-${i}`,
      serviceCategory: i < 3 ? 'cleaning' : 'tech',
      availability: defaultWeeklyAvailability(),
      applicationStatus: 'approved',
    }));
    await database.db.insert(vendorProfiles).values(rows);
    const count = async (query: string) =>
      (await (await app.request(`/api/vendors${query}`)).json()) as VendorListResponse;
    expect(await count('?category=cleaning')).toMatchObject({ total: 3, totalCapped: false, hasMore: false });
    expect(await count('?category=tech&limit=1')).toMatchObject({
      total: VENDOR_COUNT_CAP,
      totalCapped: true,
      hasMore: true,
    });
  });
});
