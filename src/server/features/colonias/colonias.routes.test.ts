import { eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateBookingResponse } from '../../../shared/booking.schemas.ts';
import type { ColoniaSearchResponse } from '../../../shared/colonias.ts';
import type { VendorListResponse, VendorSuggestions } from '../../../shared/vendor.schemas.ts';
import { defaultWeeklyAvailability } from '../../../shared/weekly-availability.ts';
import type { AppEnv } from '../../app-env.ts';
import type { Database } from '../../db/client.ts';
import { appointments } from '../../db/schema/bookings.ts';
import { vendorProfiles } from '../../db/schema/vendors.ts';
import { fixedClock } from '../../lib/clock.ts';
import { insertService, insertVendor } from '../../test/factories.ts';
import { createHttpClient } from '../../test/http-client.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestDatabase, testEngine } from '../../test/test-db.ts';
import { APP_URL, NOW, THURSDAY_9, WEDNESDAY_9 } from '../../test/test-week.ts';
import { signUpThroughWizard } from '../../test/vendor-signup.ts';
import { COLONIAS_CACHE_CONTROL } from './colonias.routes.ts';

// The whole city's colonias (decision 073) through the API: GET /api/colonias, and the catalogue in
// service areas, the colonia filter, the search, the suggestions and booking addresses.

describe(`the city's colonias (${testEngine})`, () => {
  let database: Database;
  let app: Hono<AppEnv>;
  const client = () => createHttpClient(app, { origin: APP_URL });
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    database = await createTestDatabase();
    ({ app } = createTestApp(database, { clock: fixedClock(NOW), env: { APP_URL, RATE_LIMITS: 'off' } }));
    const { db } = database;
    const narvarte = await insertVendor(db, {
      businessName: 'Plomería Narvarte Pérez',
      serviceCategory: 'repair',
      serviceAreas: ['Narvarte Poniente'],
      createdAt: new Date('2026-11-01T00:00:00Z'),
    });
    const benitoJuarez = await insertVendor(db, {
      businessName: 'Limpieza Toda la Benito',
      serviceCategory: 'cleaning',
      serviceAreas: ['Alcaldía Benito Juárez'],
      createdAt: new Date('2026-11-02T00:00:00Z'),
    });
    const escandon = await insertVendor(db, {
      businessName: 'Brillo Escandón',
      serviceCategory: 'cleaning',
      serviceAreas: ['Escandón I Sección', 'Condesa'],
      createdAt: new Date('2026-11-03T00:00:00Z'),
    });
    const roma = await insertVendor(db, {
      businessName: 'Limpieza Solo Roma',
      serviceCategory: 'cleaning',
      serviceAreas: ['Roma Norte'],
      createdAt: new Date('2026-11-04T00:00:00Z'),
    });
    const delValle = await insertVendor(db, {
      businessName: 'Plomería Del Valle Clásica',
      serviceCategory: 'repair',
      serviceAreas: ['Del Valle'],
      createdAt: new Date('2026-11-05T00:00:00Z'),
    });
    for (const vendor of [narvarte, benitoJuarez, escandon, roma, delValle]) {
      const name = vendor.serviceCategory === 'repair' ? 'Reparación de fugas' : 'Limpieza profunda';
      const service = await insertService(db, vendor.id, { name, durationMinutes: 60, location: 'customer' });
      ids[vendor.businessName] = service.id;
    }
    Object.assign(ids, { benitoJuarez: benitoJuarez.id, escandon: escandon.id, roma: roma.id });
  });
  afterAll(() => database.close());

  async function colonias(query: string) {
    const res = await client().get(`/api/colonias?${query}`);
    return { status: res.status, body: (await res.json()) as ColoniaSearchResponse, res };
  }

  async function vendorNames(query: string) {
    const res = await client().get(`/api/vendors?limit=50&${query}`);
    expect(res.status, query).toBe(200);
    return ((await res.json()) as VendorListResponse).items.map((v) => v.business_name).sort();
  }

  describe('GET /api/colonias', () => {
    it('finds colonias by name, accents and case aside, with their alcaldía and postal codes', async () => {
      const { status, body, res } = await colonias('q=NARVARTE%20pon');
      expect(status).toBe(200);
      expect(body.items).toEqual([
        {
          name: 'Narvarte Poniente',
          alcaldia: 'Benito Juárez',
          postal_codes: ['03020'],
          label: 'Narvarte Poniente',
        },
      ]);
      // The catalogue changes only with a deploy: it may be kept.
      expect(res.headers.get('cache-control')).toBe(COLONIAS_CACHE_CONTROL);
      expect((await colonias('q=napoles')).body.items.map((c) => c.name)).toContain('Nápoles');
      expect((await colonias('q=Escand%C3%B3n')).body.items.map((c) => c.name)).toEqual([
        'Escandón I Sección',
        'Escandón II Sección',
      ]);
    });

    it('answers a postal code with its colonias, an alcaldía with its own, within the limit', async () => {
      expect((await colonias('q=11800')).body.items.map((c) => c.label)).toEqual([
        'Escandón I Sección',
        'Escandón II Sección',
      ]);
      expect((await colonias('q=99999')).body.items).toEqual([]);
      const alcaldia = await colonias('q=benito%20juarez&limit=50');
      expect(alcaldia.body.items.length).toBeGreaterThan(40);
      expect(alcaldia.body.items.every((c) => c.alcaldia === 'Benito Juárez')).toBe(true);
      expect((await colonias('q=san')).body.items).toHaveLength(20);
      expect((await colonias('q=san&limit=3')).body.items).toHaveLength(3);
    });

    it('refuses a missing, blank or overlong text and a limit out of range, and is no-store then', async () => {
      for (const query of [
        '',
        'q=',
        'q=%20%20',
        `q=${'a'.repeat(81)}`,
        'q=roma&limit=0',
        'q=roma&limit=51',
        'q=roma&limit=x',
      ]) {
        const { status, res } = await colonias(query);
        expect(status, query).toBe(400);
        expect(res.headers.get('cache-control'), query).toBe('no-store');
      }
    });
  });

  describe('search, the colonia filter and the suggestions', () => {
    it('"Narvarte" finds the vendor serving Narvarte Poniente and the one serving Benito Juárez whole', async () => {
      expect(await vendorNames('q=Narvarte')).toEqual(['Limpieza Toda la Benito', 'Plomería Narvarte Pérez']);
      expect(await vendorNames('q=narvarte%20plomer%C3%ADa')).toEqual(['Plomería Narvarte Pérez']);
      // A trade and a colonia of the alcaldía: the alcaldía's vendor of that trade.
      expect(await vendorNames('q=limpieza%20narvarte')).toEqual(['Limpieza Toda la Benito']);
      // The direct mention ranks first.
      const res = await client().get('/api/vendors?q=Narvarte');
      const ranked = ((await res.json()) as VendorListResponse).items.map((v) => v.business_name);
      expect(ranked[0]).toBe('Plomería Narvarte Pérez');
      expect(await vendorNames('q=escandon')).toEqual(['Brillo Escandón']);
    });

    it('filters by any colonia of the city: its own vendors, the ten’s that cover it, its alcaldía’s', async () => {
      expect(await vendorNames('colonia=narvarte%20poniente')).toEqual([
        'Limpieza Toda la Benito',
        'Plomería Narvarte Pérez',
      ]);
      expect(await vendorNames('colonia=Escand%C3%B3n%20I%20Secci%C3%B3n')).toEqual(['Brillo Escandón']);
      expect(await vendorNames('colonia=Del%20Valle%20Norte')).toEqual([
        'Limpieza Toda la Benito',
        'Plomería Del Valle Clásica',
      ]);
      // product §3's ten as before.
      expect(await vendorNames('colonia=roma%20norte')).toEqual(['Limpieza Solo Roma']);
      expect(await vendorNames('colonia=Del%20Valle')).toEqual([
        'Limpieza Toda la Benito',
        'Plomería Del Valle Clásica',
      ]);
      const unknown = await client().get('/api/vendors?colonia=Narnia');
      expect(unknown.status).toBe(400);
      expect(await unknown.json()).toMatchObject({
        error: { details: [{ path: 'colonia', message: 'Unknown colonia' }] },
      });
    });

    it('suggests product §3’s colonias first, then the city’s', async () => {
      const suggest = async (q: string) =>
        ((await (await client().get(`/api/vendors/suggest?q=${q}`)).json()) as VendorSuggestions).colonias;
      expect(await suggest('narv')).toEqual(['Narvarte Oriente', 'Narvarte Poniente', 'Piedad Narvarte']);
      expect((await suggest('roma')).slice(0, 2)).toEqual(['Roma Norte', 'Roma Sur']);
    });
  });

  describe('service areas', () => {
    const body = (n: number, service_areas: unknown) => ({
      business_name: `Colonias ${n}`,
      business_phone: `55 4321 00${String(n).padStart(2, '0')}`,
      business_phone_country: 'MX',
      business_email: `colonias.${n}@example.test`,
      password: 'Colonia#2026',
      bio: '',
      experience_years: 2,
      service_category: 'cleaning',
      service_areas,
      languages: ['Spanish'],
      address: 'Calle Morena 1, Narvarte Poniente',
      buffer_minutes: 15,
      advance_booking_days: 14,
      lead_time_minutes: 120,
      availability: defaultWeeklyAvailability(),
    });

    it('the signup stores any colonia or alcaldía of the city as the catalogue writes it, and refuses others', async () => {
      const res = await client().post(
        '/api/vendor/signup',
        body(1, ['narvarte poniente', 'alcaldía coyoacán', 'Roma Norte']),
      );
      expect(res.status, await res.clone().text()).toBe(201);
      const { vendorProfileId } = (await res.json()) as { vendorProfileId: string };
      const [row] = await database.db
        .select({ areas: vendorProfiles.serviceAreas })
        .from(vendorProfiles)
        .where(eq(vendorProfiles.id, vendorProfileId));
      expect(row?.areas).toEqual(['Narvarte Poniente', 'Alcaldía Coyoacán', 'Roma Norte']);

      const refused = await client().post('/api/vendor/signup', body(2, ['Roma Norte', 'Narnia']));
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({
        error: {
          reason: 'service_area_unknown',
          params: { area: 'Narnia' },
          details: [{ path: 'service_areas.1' }],
        },
      });
      const empty = await client().post('/api/vendor/signup', body(3, []));
      expect(empty.status).toBe(400);
      expect(
        await database.db
          .select()
          .from(vendorProfiles)
          .where(eq(vendorProfiles.businessEmail, 'colonias.2@example.test')),
      ).toEqual([]);
    });

    it('the profile’s patch changes the areas only, checked the same way', async () => {
      const vendor = await signUpThroughWizard(database.db, client, {
        business_name: 'Colonias Patch',
        business_phone: '55 4321 0099',
        business_email: 'colonias.patch@example.test',
        password: 'Colonia#2026',
        bio: 'Antes',
        service_category: 'cleaning',
      });
      const ok = await vendor.owner.patch('/api/vendor/profile', {
        service_areas: ['Nápoles', 'Alcaldía Benito Juárez'],
      });
      expect(ok.status, await ok.clone().text()).toBe(200);
      expect(await ok.json()).toMatchObject({
        service_areas: ['Nápoles', 'Alcaldía Benito Juárez'],
        bio: 'Antes',
      });
      const refused = await vendor.owner.patch('/api/vendor/profile', { service_areas: ['Atlantis'] });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ error: { reason: 'service_area_unknown' } });
      const [row] = await database.db
        .select({ areas: vendorProfiles.serviceAreas })
        .from(vendorProfiles)
        .where(eq(vendorProfiles.id, vendor.id));
      expect(row?.areas).toEqual(['Nápoles', 'Alcaldía Benito Juárez']);
    });
  });

  describe('booking addresses', () => {
    const book = (
      vendorId: string,
      serviceId: string,
      colonia: string,
      postalCode: string,
      startTime = WEDNESDAY_9,
    ) =>
      client().post('/api/bookings', {
        vendorId,
        serviceId,
        startTime,
        customerName: 'Ana López',
        customerEmail: `ana.${colonia.length}.${postalCode}@example.test`,
        address: { street: 'Calle Morena 10', colonia, postalCode },
      });

    it('takes a colonia of the vendor’s alcaldía, and one of its colonias given by postal code', async () => {
      const alcaldia = await book(
        ids.benitoJuarez!,
        ids['Limpieza Toda la Benito']!,
        'Narvarte Poniente',
        '03020',
      );
      expect(alcaldia.status, await alcaldia.clone().text()).toBe(201);
      const escandon = await book(ids.escandon!, ids['Brillo Escandón']!, 'Escandón I Sección', '11800');
      expect(escandon.status, await escandon.clone().text()).toBe(201);
      const { id } = (await escandon.json()) as CreateBookingResponse;
      const [row] = await database.db.select().from(appointments).where(eq(appointments.id, id));
      expect(row?.address).toMatchObject({ colonia: 'Escandón I Sección', postalCode: '11800' });
    });

    it('refuses a colonia outside the city, one the vendor does not serve, and another colonia’s postal code, storing nothing', async () => {
      const before = (await database.db.select().from(appointments)).length;
      const unknown = await book(ids.roma!, ids['Limpieza Solo Roma']!, 'Narnia', '06700');
      expect(unknown.status).toBe(400);
      expect(await unknown.json()).toMatchObject({
        error: {
          reason: 'colonia_unknown',
          params: { colonia: 'Narnia' },
          details: [{ path: 'address.colonia' }],
        },
      });
      const alcaldia = await book(ids.roma!, ids['Limpieza Solo Roma']!, 'Alcaldía Cuauhtémoc', '06700');
      expect(alcaldia.status).toBe(400);
      const elsewhere = await book(
        ids.benitoJuarez!,
        ids['Limpieza Toda la Benito']!,
        'Roma Norte',
        '06700',
        THURSDAY_9,
      );
      expect(elsewhere.status).toBe(400);
      expect(await elsewhere.json()).toMatchObject({
        error: {
          reason: 'colonia_not_served',
          params: { colonia: 'Roma Norte', serves: 'Alcaldía Benito Juárez' },
        },
      });
      // A colonia the vendor serves, with Escandón's postal code: one place or the other.
      const otherCode = await book(
        ids.benitoJuarez!,
        ids['Limpieza Toda la Benito']!,
        'Narvarte Poniente',
        '11800',
        THURSDAY_9,
      );
      expect(otherCode.status).toBe(400);
      expect(await otherCode.json()).toMatchObject({
        error: {
          reason: 'postal_code_not_in_colonia',
          params: { postal_code: '11800', colonia: 'Narvarte Poniente', postal_codes: '03020' },
          details: [{ path: 'address.postalCode' }],
        },
      });
      expect((await database.db.select().from(appointments)).length).toBe(before);
    });
  });
});
