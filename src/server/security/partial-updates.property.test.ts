import { CheckSum } from '@nodecfdi/rfc';
import { clabe as clabeOf } from 'clabe-validator';
import { and, asc, eq, like } from 'drizzle-orm';
import fc from 'fast-check';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoryKeys, languages, neighborhoods, vendorCategories } from '../../shared/categories.ts';
import {
  ADVANCE_BOOKING_DAYS,
  applicationStatuses,
  BUFFER_MINUTES,
  LEAD_TIME_MINUTES,
  MIN_PAID_PRICE_CENTS,
  pricingTypes,
  recurrenceRules,
} from '../../shared/constants.ts';
import { bankOfClabe } from '../../shared/payout.schemas.ts';
import { defaultWeeklyAvailability, type WeeklyAvailability } from '../../shared/weekly-availability.ts';
import type { AppEnv } from '../app-env.ts';
import type { Database } from '../db/client.ts';
import { customers } from '../db/schema/bookings.ts';
import { payoutAccounts, vendorTaxProfiles } from '../db/schema/ledger.ts';
import { vendorPhotos } from '../db/schema/media.ts';
import { availabilityWindows, profiles, services, vendorProfiles } from '../db/schema/vendors.ts';
import { DEMO_PASSWORD, demoAccounts } from '../db/seed/demo-people.ts';
import { seedDemoData } from '../db/seed/seed.ts';
import { fixedClock } from '../lib/clock.ts';
import { apiRoutes } from '../test/api-routes.ts';
import { insertService, insertVendor } from '../test/factories.ts';
import { createHttpClient, type HttpClient } from '../test/http-client.ts';
import { createTestApp } from '../test/test-app.ts';
import { createTestDatabase, testEngine } from '../test/test-db.ts';
import { APP_URL, NOW } from '../test/test-week.ts';

// An update changes exactly the fields a request names. For every PATCH/PUT route of the
// app (checked against its own route list, so a new one cannot be left out), fast-check seeds a
// row with every field away from its default, sends a random subset of valid fields as the person
// the route admits, and reads the row back from the database: each column the request named holds
// the new value, and every other column is as it was.

/** Deterministic by default; PARTIAL_UPDATES_SEED=<n> explores another corner. */
const SEED = Number(process.env.PARTIAL_UPDATES_SEED ?? 20_261_128);
const RUNS_PER_ROUTE = 25;
/** The photo rows the photo routes are tried on, and a service of the vendor's to tie one to. */
const PHOTO = '00000000-0000-4000-8000-0000000000f0';
const PHOTO_SERVICE = '00000000-0000-4000-8000-0000000000f5';
const ORDERED = [1, 2, 3].map((n) => `00000000-0000-4000-8000-0000000000f${n}`);

/** One field of a request: what the body carries and what the row's columns should then hold. */
interface Change {
  body: Record<string, unknown>;
  stored: Record<string, unknown>;
}

function field<T>(
  name: string,
  column: string,
  values: fc.Arbitrary<T>,
  stored: (value: T) => unknown = (value) => value,
): fc.Arbitrary<Change> {
  return values.map((value) => ({ body: { [name]: value }, stored: { [column]: stored(value) } }));
}

const text = (prefix: string) => fc.integer({ min: 1, max: 99_999 }).map((n) => `${prefix} ${n}`);
const mxPhone = fc.integer({ min: 10_000_000, max: 99_999_999 }).map((n) => `+5255${n}`);
const email = fc.integer({ min: 1, max: 99_999 }).map((n) => `cambio.${n}@example.test`);
const uniqueOf = <T>(values: readonly T[], minLength = 0) =>
  fc.uniqueArray(fc.constantFrom(...values), { minLength, maxLength: values.length });
const intIn = (range: { min: number; max: number }) => fc.integer(range);
/** A week unlike the wizard's default: one day's hours moved. */
const week = fc
  .record({
    day: fc.constantFrom(...(Object.keys(defaultWeeklyAvailability()) as (keyof WeeklyAvailability)[])),
  })
  .chain(({ day }) =>
    fc
      .record({ enabled: fc.boolean(), startHour: fc.integer({ min: 6, max: 11 }) })
      .map(({ enabled, startHour }) => ({
        ...defaultWeeklyAvailability(),
        [day]: { enabled, slots: [{ start: `${String(startHour).padStart(2, '0')}:30`, end: '20:00' }] },
      })),
  );
/** Free, or at least the card minimum. */
const priceCents = fc.oneof(fc.constant(0), fc.integer({ min: MIN_PAID_PRICE_CENTS, max: 5_000_000 }));

/** A row with every field the routes edit away from its default. */
const nonDefaultWeek = (): WeeklyAvailability => ({
  ...defaultWeeklyAvailability(),
  saturday: { enabled: true, slots: [{ start: '08:00', end: '13:00' }] },
});
const vendorBaseline = {
  businessName: 'Planchado Base',
  businessPhone: '+525511112233',
  bio: 'Planchado y doblado a domicilio',
  address: 'Calle Durango 10, Roma Norte',
  experienceYears: 7,
  serviceCategory: 'fitness',
  serviceAreas: ['Condesa', 'Juárez'],
  languages: ['French', 'German'],
  bufferMinutes: 45,
  advanceBookingDays: 60,
  leadTimeMinutes: 300,
  availability: nonDefaultWeek(),
};

interface Endpoint {
  who: 'vendor' | 'admin' | 'customer';
  /** Seeds the row; answers the path to send to and how to read the row back. */
  seed(): Promise<{ path: string; read(): Promise<Record<string, unknown>> }>;
  fields: Record<string, fc.Arbitrary<Change>>;
  /** Fields every request carries: a PUT that replaces the whole of what it names. */
  required?: string[];
}

describe(`every PATCH/PUT changes only the fields it names (${testEngine})`, () => {
  let database: Database;
  let app: Hono<AppEnv>;
  const clients = {} as Record<Endpoint['who'], HttpClient>;
  let vendorProfileId: string;
  let guests = 0;
  let customerUserId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoData(database.db, { vendors: 1 });
    ({ app } = createTestApp(database, { clock: fixedClock(NOW), env: { APP_URL } }));
    for (const who of ['vendor', 'admin', 'customer'] as const) {
      clients[who] = createHttpClient(app, { origin: APP_URL });
      await clients[who].signIn(demoAccounts[who].email, DEMO_PASSWORD);
    }
    const vendorMe = (await (await clients.vendor.get('/api/me')).json()) as { vendorProfileId: string };
    vendorProfileId = vendorMe.vendorProfileId;
    const customerMe = (await (await clients.customer.get('/api/me')).json()) as { user: { id: string } };
    customerUserId = customerMe.user.id;
  });
  afterAll(() => database.close());

  /** A row as stored, but for the time of its last change and its search document (the database derives it). */
  const withoutUpdatedAt = (row: Record<string, unknown> | undefined) => {
    expect(row).toBeDefined();
    const { updatedAt: _updatedAt, searchDocument: _searchDocument, ...rest } = row!;
    return rest;
  };

  const endpoints: Record<string, Endpoint> = {
    'PATCH /api/vendor/profile': {
      who: 'vendor',
      async seed() {
        // The vendor has one profile: it is set back to the baseline before each run. Under review, so
        // that its identity fields change in place (an approved vendor's wait for an admin: decision
        // 055, vendor-pending-changes.routes.test.ts).
        await database.db
          .update(vendorProfiles)
          .set({ ...vendorBaseline, applicationStatus: 'submitted' })
          .where(eq(vendorProfiles.id, vendorProfileId));
        return {
          path: '/api/vendor/profile',
          read: async () =>
            withoutUpdatedAt(
              (
                await database.db.select().from(vendorProfiles).where(eq(vendorProfiles.id, vendorProfileId))
              )[0],
            ),
        };
      },
      fields: {
        business_name: field('business_name', 'businessName', text('Brillo')),
        // The country goes with the number it reads; the wizard's default (MX) when left out.
        business_phone: fc
          .record({ n: fc.integer({ min: 10_000_000, max: 99_999_999 }), withCountry: fc.boolean() })
          .map(({ n, withCountry }) => ({
            body: { business_phone: `55 ${n}`, ...(withCountry && { business_phone_country: 'MX' }) },
            stored: { businessPhone: `+5255${n}` },
          })),
        bio: field('bio', 'bio', text('Bio')),
        experience_years: field(
          'experience_years',
          'experienceYears',
          fc.option(fc.integer({ min: 0, max: 100 })),
        ),
        service_category: field('service_category', 'serviceCategory', fc.constantFrom(...vendorCategories)),
        service_areas: field('service_areas', 'serviceAreas', uniqueOf(neighborhoods, 1)),
        languages: field('languages', 'languages', uniqueOf(languages)),
        address: field('address', 'address', text('Calle')),
        buffer_minutes: field('buffer_minutes', 'bufferMinutes', intIn(BUFFER_MINUTES)),
        advance_booking_days: field(
          'advance_booking_days',
          'advanceBookingDays',
          intIn(ADVANCE_BOOKING_DAYS),
        ),
        lead_time_minutes: field('lead_time_minutes', 'leadTimeMinutes', intIn(LEAD_TIME_MINUTES)),
        availability: field('availability', 'availability', week),
      },
    },

    'PATCH /api/vendor/services/:id': {
      who: 'vendor',
      async seed() {
        const row = await insertService(database.db, vendorProfileId, {
          name: 'Servicio base',
          description: 'Descripción base',
          priceCents: 12_300,
          durationMinutes: 75,
          isActive: false,
          location: 'online',
        });
        return {
          path: `/api/vendor/services/${row.id}`,
          read: async () => (await database.db.select().from(services).where(eq(services.id, row.id)))[0]!,
        };
      },
      fields: {
        name: field('name', 'name', text('Servicio')),
        description: field('description', 'description', fc.option(text('Detalle'))),
        price_cents: field('price_cents', 'priceCents', priceCents),
        duration_minutes: field('duration_minutes', 'durationMinutes', fc.integer({ min: 5, max: 1440 })),
        is_active: field('is_active', 'isActive', fc.boolean()),
        location: field('location', 'location', fc.constantFrom('customer', 'vendor', 'online', null)),
      },
    },

    'PATCH /api/admin/vendors/:id': {
      who: 'admin',
      async seed() {
        const row = await insertVendor(database.db, {
          ...vendorBaseline,
          businessEmail: 'base@example.test',
          applicationStatus: 'pending',
          isVerified: true,
          pricingType: 'hourly',
          adminCreated: true,
        });
        return {
          path: `/api/admin/vendors/${row.id}`,
          read: async () =>
            withoutUpdatedAt(
              (await database.db.select().from(vendorProfiles).where(eq(vendorProfiles.id, row.id)))[0],
            ),
        };
      },
      fields: {
        business_name: field('business_name', 'businessName', text('Jardines')),
        service_category: field('service_category', 'serviceCategory', fc.constantFrom(...vendorCategories)),
        // An empty field clears, as null does.
        business_email: field(
          'business_email',
          'businessEmail',
          fc.oneof(email, fc.constantFrom('', null)),
          (v) => v || null,
        ),
        business_phone: field(
          'business_phone',
          'businessPhone',
          fc.oneof(mxPhone, fc.constantFrom('', null)),
          (v) => v || null,
        ),
        bio: field('bio', 'bio', fc.oneof(text('Bio'), fc.constantFrom('', null)), (v) => v || null),
        address: field(
          'address',
          'address',
          fc.oneof(text('Calle'), fc.constantFrom('', null)),
          (v) => v || null,
        ),
        application_status: field(
          'application_status',
          'applicationStatus',
          fc.constantFrom(...applicationStatuses),
        ),
        is_verified: field('is_verified', 'isVerified', fc.boolean()),
        pricing_type: field('pricing_type', 'pricingType', fc.option(fc.constantFrom(...pricingTypes))),
      },
    },

    'PATCH /api/admin/customers/:id': {
      who: 'admin',
      async seed() {
        const [row] = await database.db
          .insert(profiles)
          .values({
            userId: null,
            displayName: 'Cliente Base',
            phone: '+525599887766',
            email: 'cliente.base@example.test',
            preferredCategories: categoryKeys.slice(0, 2),
            isVendor: false,
          })
          .returning();
        return {
          path: `/api/admin/customers/${row!.id}`,
          read: async () =>
            withoutUpdatedAt((await database.db.select().from(profiles).where(eq(profiles.id, row!.id)))[0]),
        };
      },
      fields: {
        display_name: field('display_name', 'displayName', text('Cliente')),
        phone: field('phone', 'phone', fc.oneof(mxPhone, fc.constantFrom('', null)), (v) => v || null),
        email: field('email', 'email', fc.oneof(email, fc.constantFrom('', null)), (v) => v || null),
        preferred_categories: field('preferred_categories', 'preferredCategories', uniqueOf(categoryKeys)),
      },
    },

    // The same route on a guest's `customers` row: name, phone and email; a guest keeps an
    // email and has no preferred categories.
    'PATCH /api/admin/customers/:id (a guest)': {
      who: 'admin',
      async seed() {
        // Rows an earlier run moved to an email a later run may pick (unique).
        await database.db.delete(customers).where(like(customers.email, 'invitada.cambio.%'));
        const [row] = await database.db
          .insert(customers)
          .values({
            name: 'Invitada Base',
            phoneE164: '+525599887755',
            email: `invitada.base.${++guests}@example.test`,
          })
          .returning();
        return {
          path: `/api/admin/customers/${row!.id}`,
          read: async () => (await database.db.select().from(customers).where(eq(customers.id, row!.id)))[0]!,
        };
      },
      fields: {
        display_name: field('display_name', 'name', text('Invitada')),
        phone: field('phone', 'phoneE164', fc.oneof(mxPhone, fc.constantFrom('', null)), (v) => v || null),
        // Not the profiles' emails: a profile with a guest's email would stand for the guest.
        email: field(
          'email',
          'email',
          email.map((e) => `invitada.${e}`),
        ),
      },
    },

    'PATCH /api/admin/availability-windows/:id': {
      who: 'admin',
      async seed() {
        const [row] = await database.db
          .insert(availabilityWindows)
          .values({
            vendorProfileId,
            startTz: new Date('2026-12-01T16:00:00Z'),
            endTz: new Date('2026-12-01T18:00:00Z'),
            recurrenceRule: 'weekly',
            isActive: false,
          })
          .returning();
        return {
          path: `/api/admin/availability-windows/${row!.id}`,
          read: async () =>
            (
              await database.db.select().from(availabilityWindows).where(eq(availabilityWindows.id, row!.id))
            )[0]!,
        };
      },
      // Starts before the seeded end and ends after the seeded start, so any subset stays a valid window.
      fields: {
        start_tz: field(
          'start_tz',
          'startTz',
          fc
            .integer({ min: 0, max: 119 })
            .map((m) => new Date(Date.parse('2026-12-01T14:00:00Z') + m * 60_000).toISOString()),
          (v) => new Date(v),
        ),
        end_tz: field(
          'end_tz',
          'endTz',
          // with an offset, as the admin's zone writes it
          fc.integer({ min: 1, max: 120 }).map((m) => {
            const local = new Date(Date.parse('2026-12-01T18:00:00Z') + m * 60_000 - 6 * 3_600_000);
            return `${local.toISOString().slice(0, 19)}-06:00`;
          }),
          (v) => new Date(v),
        ),
        recurrence_rule: field(
          'recurrence_rule',
          'recurrenceRule',
          fc.option(fc.constantFrom(...recurrenceRules)),
        ),
        is_active: field('is_active', 'isActive', fc.boolean()),
      },
    },

    'PUT /api/vendor/payout-account': {
      who: 'vendor',
      async seed() {
        const baseline = { clabe: '002010077777777771', holderName: 'Titular Base', bankName: 'BANAMEX' };
        await database.db
          .insert(payoutAccounts)
          .values({ vendorProfileId, ...baseline })
          .onConflictDoUpdate({ target: payoutAccounts.vendorProfileId, set: baseline });
        return {
          path: '/api/vendor/payout-account',
          read: async () =>
            withoutUpdatedAt(
              (
                await database.db
                  .select()
                  .from(payoutAccounts)
                  .where(eq(payoutAccounts.vendorProfileId, vendorProfileId))
              )[0],
            ),
        };
      },
      // A CLABE of a real bank, with its check digit (clabe-validator); the bank's name comes with it.
      fields: {
        clabe: fc
          .record({
            bank: fc.constantFrom(2, 12, 14, 72),
            account: fc.integer({ min: 1, max: 99_999_999_999 }),
          })
          .map(({ bank, account }) => {
            const clabe = clabeOf.calculate(bank, 180, account);
            return { body: { clabe }, stored: { clabe, bankName: bankOfClabe(clabe) } };
          }),
        holder_name: field('holder_name', 'holderName', text('Titular')),
      },
      required: ['clabe', 'holder_name'],
    },
    // The whole record is the PUT's body (decision 098): the optional CURP, when not sent, stays
    // what the baseline holds (none).
    'PUT /api/vendor/tax-profile': {
      who: 'vendor',
      async seed() {
        const baseline = {
          rfc: 'PEMJ800101AB6',
          legalName: 'NOMBRE BASE',
          taxRegime: '612',
          postalCode: '01000',
          curp: null,
        };
        await database.db
          .insert(vendorTaxProfiles)
          .values({ vendorProfileId, ...baseline })
          .onConflictDoUpdate({ target: vendorTaxProfiles.vendorProfileId, set: baseline });
        return {
          path: '/api/vendor/tax-profile',
          read: async () =>
            withoutUpdatedAt(
              (
                await database.db
                  .select()
                  .from(vendorTaxProfiles)
                  .where(eq(vendorTaxProfiles.vendorProfileId, vendorProfileId))
              )[0],
            ),
        };
      },
      // A person's RFC with its check digit (SAT's algorithm, @nodecfdi/rfc), and a person's regime.
      fields: {
        rfc: fc
          .record({
            yy: fc.integer({ min: 0, max: 99 }),
            mm: fc.integer({ min: 1, max: 12 }),
            dd: fc.integer({ min: 1, max: 28 }),
          })
          .map(({ yy, mm, dd }) => {
            const base = `GOMA${[yy, mm, dd].map((n) => String(n).padStart(2, '0')).join('')}K4`;
            const rfc = `${base}${new CheckSum().calculate(`${base}0`)}`;
            return { body: { rfc }, stored: { rfc } };
          }),
        legal_name: field('legal_name', 'legalName', text('NOMBRE')),
        tax_regime: field(
          'tax_regime',
          'taxRegime',
          fc.constantFrom('625', '626', '612', '621', '606', '616'),
        ),
        postal_code: field(
          'postal_code',
          'postalCode',
          fc.integer({ min: 1000, max: 99_999 }).map((n) => String(n).padStart(5, '0')),
        ),
        curp: field(
          'curp',
          'curp',
          fc.integer({ min: 0, max: 99 }).map((n) => `GOMA800101HDFRRN${String(n).padStart(2, '0')}`),
        ),
      },
      required: ['rfc', 'legal_name', 'tax_regime', 'postal_code'],
    },
    'PATCH /api/vendor/photos/:id': {
      who: 'vendor',
      async seed() {
        await database.db
          .insert(services)
          .values({
            id: PHOTO_SERVICE,
            vendorProfileId,
            name: 'Servicio de la foto',
            priceCents: 0,
            durationMinutes: 30,
          })
          .onConflictDoNothing();
        await database.db.delete(vendorPhotos).where(eq(vendorPhotos.id, PHOTO));
        await database.db.insert(vendorPhotos).values({
          id: PHOTO,
          vendorProfileId,
          kind: 'portfolio',
          status: 'approved',
          alt: 'Foto base',
          serviceId: null,
          width: 10,
          height: 10,
          variants: [],
        });
        return {
          path: `/api/vendor/photos/${PHOTO}`,
          read: async () =>
            withoutUpdatedAt(
              (await database.db.select().from(vendorPhotos).where(eq(vendorPhotos.id, PHOTO)))[0],
            ),
        };
      },
      fields: {
        alt: field('alt', 'alt', fc.option(text('Foto'))),
        service_id: field('service_id', 'serviceId', fc.option(fc.constant(PHOTO_SERVICE))),
      },
    },
    // The order names every portfolio photo: what it changes is their positions, and nothing else.
    'PUT /api/vendor/photos/order': {
      who: 'vendor',
      async seed() {
        await database.db
          .delete(vendorPhotos)
          .where(and(eq(vendorPhotos.vendorProfileId, vendorProfileId), eq(vendorPhotos.kind, 'portfolio')));
        await database.db.insert(vendorPhotos).values(
          ORDERED.map((id, position) => ({
            id,
            vendorProfileId,
            kind: 'portfolio' as const,
            status: 'approved' as const,
            alt: `Foto ${position}`,
            position,
            width: 10,
            height: 10,
            variants: [],
          })),
        );
        return {
          path: '/api/vendor/photos/order',
          read: async () => {
            const rows = await database.db
              .select({ id: vendorPhotos.id, alt: vendorPhotos.alt })
              .from(vendorPhotos)
              .where(eq(vendorPhotos.vendorProfileId, vendorProfileId))
              .orderBy(asc(vendorPhotos.position));
            return { order: rows.map((row) => row.id), alts: rows.map((row) => row.alt).sort() };
          },
        };
      },
      fields: {
        ids: fc
          .shuffledSubarray(ORDERED, { minLength: ORDERED.length, maxLength: ORDERED.length })
          .map((ids) => ({ body: { ids }, stored: { order: ids } })),
      },
      required: ['ids'],
    },
    'PUT /api/me/profile': {
      who: 'customer',
      async seed() {
        await database.db
          .update(profiles)
          .set({
            displayName: 'Ana Base',
            phone: '+525566554433',
            preferredCategories: categoryKeys.slice(1, 3),
            notifyPush: false,
            notifyEmail: false,
            language: 'es-MX',
          })
          .where(eq(profiles.userId, customerUserId));
        return {
          path: '/api/me/profile',
          read: async () =>
            withoutUpdatedAt(
              (await database.db.select().from(profiles).where(eq(profiles.userId, customerUserId)))[0],
            ),
        };
      },
      fields: {
        display_name: field('display_name', 'displayName', text('Ana')),
        phone: field('phone', 'phone', fc.option(mxPhone)),
        preferred_categories: field('preferred_categories', 'preferredCategories', uniqueOf(categoryKeys)),
        notify_push: field('notify_push', 'notifyPush', fc.boolean()),
        notify_email: field('notify_email', 'notifyEmail', fc.boolean()),
        language: field('language', 'language', fc.constantFrom('es-MX' as const, 'en' as const)),
      },
    },
  };

  it('covers every PATCH and PUT route of the app', () => {
    const routes = apiRoutes(app)
      .filter((r) => r.method === 'PATCH' || r.method === 'PUT')
      .map((r) => `${r.method} ${r.path}`);
    // A route tried on more than one kind of row names the kind after its path.
    const tried = new Set(Object.keys(endpoints).map((key) => key.replace(/ \(.*\)$/, '')));
    expect([...tried].sort()).toEqual(routes.sort());
  });

  it.each(Object.keys(endpoints))('%s: what is sent changes, nothing else does', async (route) => {
    const endpoint = endpoints[route]!;
    const method = route.split(' ')[0]!;
    await fc.assert(
      fc.asyncProperty(
        fc.record(endpoint.fields, { requiredKeys: endpoint.required ?? [] }),
        async (chosen) => {
          const changes = Object.values(chosen) as Change[];
          const body = Object.assign({}, ...changes.map((c) => c.body));
          const stored = Object.assign({}, ...changes.map((c) => c.stored));
          const row = await endpoint.seed();
          const before = await row.read();
          const res = await clients[endpoint.who].request(row.path, { method, json: body });
          expect(res.status, `${route} ${JSON.stringify(body)}: ${await res.clone().text()}`).toBe(200);
          expect(await row.read()).toEqual({ ...before, ...stored });
        },
      ),
      { numRuns: RUNS_PER_ROUTE, seed: SEED },
    );
  });
});
