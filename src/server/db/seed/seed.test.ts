import { verifyPassword } from 'better-auth/crypto';
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languages, neighborhoods, vendorCategories } from '../../../shared/categories.ts';
import { activeAppointmentStatuses, appointmentStatuses } from '../../../shared/constants.ts';
import { type weekdays, weeklyAvailabilitySchema } from '../../../shared/weekly-availability.ts';
import { colonias } from '../../features/colonias/colonias-catalogue.ts';
import { createTestDatabase } from '../../test/test-db.ts';
import type { Database, Db } from '../client.ts';
import { account, user, userRoles } from '../schema/auth.ts';
import { appointments, customers } from '../schema/bookings.ts';
import { profiles, services, vendorProfiles } from '../schema/vendors.ts';
import { DEMO_PASSWORD, demoAccounts } from './demo-people.ts';
import { refreshDemoBookings, seedDemoData } from './seed.ts';

const now = new Date('2026-03-10T18:00:00Z'); // a Tuesday, 12:00 in Mexico City
const HOUR = 3_600_000;

async function tableCounts(db: Db) {
  const tables = { user, account, userRoles, profiles, vendorProfiles, services, customers, appointments };
  const entries = await Promise.all(
    Object.entries(tables).map(async ([name, table]) => [
      name,
      (await db.select({ n: count() }).from(table))[0]!.n,
    ]),
  );
  return Object.fromEntries(entries);
}

const mexicoCity = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Mexico_City',
  hourCycle: 'h23',
  weekday: 'long',
  hour: '2-digit',
  minute: '2-digit',
});
function wallClock(at: Date) {
  const parts = Object.fromEntries(mexicoCity.formatToParts(at).map((p) => [p.type, p.value]));
  return { weekday: parts.weekday!.toLowerCase(), time: `${parts.hour}:${parts.minute}` };
}

describe('seedDemoData with the 60 named vendors', () => {
  let database: Database;
  let db: Db;
  let seeded: boolean;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    seeded = await seedDemoData(db, { vendors: 60, now });
  });
  afterAll(async () => {
    await database?.close();
  });

  it('seeds 60 vendors, each with 1 to 4 services', async () => {
    expect(seeded).toBe(true);
    const rows = await db
      .select({ id: vendorProfiles.id, services: count(services.id) })
      .from(vendorProfiles)
      .leftJoin(services, eq(services.vendorProfileId, vendorProfiles.id))
      .groupBy(vendorProfiles.id);
    expect(rows).toHaveLength(60);
    for (const row of rows) {
      expect(row.services).toBeGreaterThanOrEqual(1);
      expect(row.services).toBeLessThanOrEqual(4);
    }
  });

  it('has vendors behind every category a vendor can choose, and 8 cleaners', async () => {
    for (const key of vendorCategories) {
      const [row] = await db
        .select({ n: count() })
        .from(vendorProfiles)
        .where(eq(vendorProfiles.serviceCategory, key));
      expect(row!.n, key).toBeGreaterThanOrEqual(key === 'cleaning' ? 8 : 1);
    }
  });

  it('stores category keys only, every neighbourhood and only the spec languages', async () => {
    const rows = await db.select().from(vendorProfiles);
    for (const row of rows) expect(vendorCategories, row.businessName).toContain(row.serviceCategory);
    // Every one of product §3's ten, and a few more of the city's, each as the catalogue writes it.
    const areas = new Set(rows.flatMap((r) => r.serviceAreas));
    for (const area of neighborhoods) expect(areas).toContain(area);
    for (const area of areas) expect(colonias().canonicalArea(area), area).toBe(area);
    expect([...areas].filter((area) => !(neighborhoods as readonly string[]).includes(area))).toEqual(
      expect.arrayContaining([
        'Narvarte Poniente',
        'Escandón I Sección',
        'Nápoles',
        'Alcaldía Benito Juárez',
      ]),
    );
    expect(new Set(rows.flatMap((r) => r.languages))).toEqual(new Set(languages));
  });

  it('fills every vendor field within the spec bounds', async () => {
    const rows = await db.select().from(vendorProfiles);
    const statuses = new Set(rows.map((r) => r.applicationStatus));
    expect(statuses).toEqual(new Set(['approved', 'submitted', 'pending']));
    expect(new Set(rows.map((r) => r.pricingType))).toEqual(new Set(['hourly', 'fixed', 'other', null]));
    expect(new Set(rows.map((r) => r.isVerified))).toEqual(new Set([true, false]));
    expect(new Set(rows.map((r) => `${r.adminCreated}/${r.isClaimed}`))).toEqual(
      new Set(['false/true', 'true/false', 'true/true']),
    );
    for (const r of rows) {
      expect(r.businessPhone).toMatch(/^\+5255\d{8}$/);
      expect(r.businessEmail).toMatch(/^[^@\s]+@[^@\s]+\.(example|test)$/);
      expect(r.bufferMinutes).toBeGreaterThanOrEqual(0);
      expect(r.bufferMinutes).toBeLessThanOrEqual(120);
      expect(r.advanceBookingDays).toBeGreaterThanOrEqual(1);
      expect(r.advanceBookingDays).toBeLessThanOrEqual(365);
      expect(r.leadTimeMinutes).toBeGreaterThanOrEqual(0);
      expect(r.leadTimeMinutes).toBeLessThanOrEqual(1440);
      expect(r.timezone).toBe('America/Mexico_City');
      expect(weeklyAvailabilitySchema.safeParse(r.availability).success).toBe(true);
      // product §4: a self-signed profile is claimed with onboarding done.
      if (!r.adminCreated) expect(r.isClaimed && r.onboardingCompleted).toBe(true);
      if (r.isClaimed) expect(r.userId).not.toBeNull();
    }
    expect(new Set(rows.map((r) => JSON.stringify(r.availability))).size).toBeGreaterThan(5);
    expect(new Set(rows.map((r) => r.createdAt.getTime())).size).toBe(60);
  });

  it('gives every vendor a unique slug and only local images', async () => {
    const rows = await db
      .select({
        slug: vendorProfiles.slug,
        avatar: vendorProfiles.profileImageUrl,
        cover: vendorProfiles.coverImageUrl,
      })
      .from(vendorProfiles);
    expect(new Set(rows.map((r) => r.slug)).size).toBe(rows.length);
    for (const r of rows) {
      expect(r.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(r.avatar).toBe(`/media/vendors/${r.slug}.svg`);
      expect(r.cover).toBe(`/media/covers/${r.slug}.svg`);
    }
  });

  it('has a booking in every appointment status', async () => {
    const rows = await db.selectDistinct({ status: appointments.status }).from(appointments);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(appointmentStatuses));
  });

  it('keeps bookings consistent with their service, vendor and status', async () => {
    const rows = await db
      .select({
        a: appointments,
        price: services.priceCents,
        duration: services.durationMinutes,
        vendor: vendorProfiles,
        customerSince: customers.createdAt,
      })
      .from(appointments)
      .innerJoin(services, eq(services.id, appointments.serviceId))
      .innerJoin(vendorProfiles, eq(vendorProfiles.id, appointments.vendorProfileId))
      .innerJoin(customers, eq(customers.id, appointments.customerId));
    expect(rows.length).toBeGreaterThan(30);
    const activeCodes = new Set<string>();
    for (const { a, price, duration, vendor, customerSince } of rows) {
      expect(a.code).toMatch(/^[A-HJKMNP-Z2-9]{6}$/);
      expect(a.amountMxn).toBe(price);
      expect(a.endTz.getTime() - a.startTz.getTime()).toBe(duration * 60_000);
      expect(a.bufferMinutes).toBe(vendor.bufferMinutes);
      expect(a.createdAt.getTime()).toBeLessThan(a.startTz.getTime());
      // Nobody booked a vendor, or as a customer, before they existed.
      expect(a.createdAt.getTime()).toBeGreaterThan(vendor.createdAt.getTime());
      expect(a.createdAt.getTime()).toBeGreaterThan(customerSince.getTime());
      if ((activeAppointmentStatuses as readonly string[]).includes(a.status)) {
        expect(activeCodes.has(a.code)).toBe(false);
        activeCodes.add(a.code);
      }
      if (a.status === 'awaiting_payment') {
        const due = Math.min(a.confirmedAt!.getTime() + 24 * HOUR, a.startTz.getTime());
        expect(a.paymentDueAt?.getTime()).toBe(due);
        expect(due).toBeGreaterThan(now.getTime());
      }
      if (a.status === 'pending_vendor') {
        // ARCHITECTURE §4: not yet expired — before both the start and 24 h after the request.
        expect(a.createdAt.getTime() + 24 * HOUR).toBeGreaterThan(now.getTime());
        expect(a.startTz.getTime()).toBeGreaterThan(now.getTime());
        // …and answerable: the vendor's Confirm and Decline need the answer deadline on the row.
        expect(a.confirmTokenExpiresAt?.getTime()).toBe(
          Math.min(a.startTz.getTime(), a.createdAt.getTime() + 24 * HOUR),
        );
      }
      if (a.status === 'confirmed') expect(a.amountMxn).toBe(0);
      if (a.status === 'paid') expect(a.paidAt).not.toBeNull();
      if (a.status === 'cancelled') expect(a.cancelledAt && a.cancelReason).toBeTruthy();
      if (a.status === 'declined' || a.status === 'expired') expect(a.confirmedAt).toBeNull();
    }
  });

  it('places future active bookings inside the weekly hours, after the lead time', async () => {
    const rows = await db
      .select({ a: appointments, vendor: vendorProfiles })
      .from(appointments)
      .innerJoin(vendorProfiles, eq(vendorProfiles.id, appointments.vendorProfileId))
      .where(
        and(
          inArray(appointments.status, [...activeAppointmentStatuses]),
          sql`${appointments.startTz} > ${now.toISOString()}`,
        ),
      );
    expect(rows.length).toBeGreaterThan(10);
    for (const { a, vendor } of rows) {
      expect(a.startTz.getTime()).toBeGreaterThanOrEqual(now.getTime() + vendor.leadTimeMinutes * 60_000);
      expect(a.startTz.getTime()).toBeLessThanOrEqual(now.getTime() + vendor.advanceBookingDays * 24 * HOUR);
      const start = wallClock(a.startTz);
      const end = wallClock(new Date(a.endTz.getTime() - 60_000)); // the last minute it occupies
      expect(end.weekday).toBe(start.weekday);
      const day = vendor.availability[start.weekday as (typeof weekdays)[number]];
      expect(day.enabled).toBe(true);
      expect(day.slots.some((s) => s.start <= start.time && end.time < s.end)).toBe(true);
    }
  });

  it('creates the three demo accounts with the demo password', async () => {
    const rows = await db
      .select({
        email: user.email,
        verified: user.emailVerified,
        hash: account.password,
        provider: account.providerId,
      })
      .from(user)
      .innerJoin(account, eq(account.userId, user.id))
      .where(
        inArray(user.email, [
          demoAccounts.admin.email,
          demoAccounts.vendor.email,
          demoAccounts.customer.email,
        ]),
      );
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.verified).toBe(true);
      expect(row.provider).toBe('credential');
      expect(await verifyPassword({ hash: row.hash!, password: DEMO_PASSWORD })).toBe(true);
    }
  });

  it('makes admin@barrio.test an admin', async () => {
    const rows = await db
      .select({ email: user.email })
      .from(userRoles)
      .innerJoin(user, eq(user.id, userRoles.userId))
      .where(eq(userRoles.role, 'admin'));
    expect(rows).toEqual([{ email: demoAccounts.admin.email }]);
  });

  it('gives vendor@barrio.test a claimed vendor profile with services and bookings', async () => {
    const [row] = await db
      .select({ vendor: vendorProfiles, isVendor: user.isVendor, profile: profiles })
      .from(vendorProfiles)
      .innerJoin(user, eq(user.id, vendorProfiles.userId))
      .innerJoin(profiles, eq(profiles.id, vendorProfiles.profileId))
      .where(eq(user.email, demoAccounts.vendor.email));
    expect(row?.vendor.businessName).toBe(demoAccounts.vendor.businessName);
    expect(row?.vendor.isClaimed).toBe(true);
    expect(row?.vendor.onboardingCompleted).toBe(true);
    expect(row?.vendor.applicationStatus).toBe('approved');
    expect(row?.isVendor).toBe(true);
    expect(row?.profile.isVendor).toBe(true);
    expect(row?.profile.userId).toBe(row?.vendor.userId);
    const own = await db.select().from(services).where(eq(services.vendorProfileId, row!.vendor.id));
    expect(own.length).toBeGreaterThanOrEqual(2);
    const bookings = await db
      .select()
      .from(appointments)
      .where(eq(appointments.vendorProfileId, row!.vendor.id));
    expect(new Set(bookings.map((b) => b.status)).size).toBe(appointmentStatuses.length);
  });

  it('gives customer@barrio.test a profile, a linked customer row and bookings in many statuses', async () => {
    const [customer] = await db
      .select({ id: customers.id })
      .from(customers)
      .innerJoin(user, eq(user.id, customers.userId))
      .where(eq(user.email, demoAccounts.customer.email));
    expect(customer).toBeDefined();
    const statuses = new Set(
      (
        await db
          .select({ status: appointments.status })
          .from(appointments)
          .where(eq(appointments.customerId, customer!.id))
      ).map((r) => r.status),
    );
    expect(statuses.size).toBeGreaterThanOrEqual(4);
    for (const status of ['pending_vendor', 'awaiting_payment', 'confirmed', 'paid', 'cancelled'] as const) {
      expect(statuses.has(status), status).toBe(true);
    }
    const [profile] = await db
      .select({ isVendor: profiles.isVendor })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.userId))
      .where(eq(user.email, demoAccounts.customer.email));
    expect(profile?.isVendor).toBe(false);
  });

  it('adds about 15 customers and 8 admin-made customer profiles', async () => {
    const [c] = await db.select({ n: count() }).from(customers);
    expect(c!.n).toBe(15);
    const adminMade = await db
      .select()
      .from(profiles)
      .where(and(isNull(profiles.userId), eq(profiles.isVendor, false)));
    expect(adminMade).toHaveLength(8);
    for (const p of adminMade) expect(p.displayName).toBeTruthy();
  });

  it('does nothing the second time', async () => {
    const before = await tableCounts(db);
    expect(await seedDemoData(db, { vendors: 60, now })).toBe(false);
    expect(await tableCounts(db)).toEqual(before);
  });
});

describe('seedDemoData with other vendor counts', () => {
  let database: Database | undefined;
  afterAll(async () => {
    await database?.close();
  });

  async function seedFresh(vendors: number) {
    await database?.close();
    database = await createTestDatabase();
    expect(await seedDemoData(database.db, { vendors, now })).toBe(true);
    return database.db;
  }

  it('seeds once when two instances start together', async () => {
    await database?.close();
    database = await createTestDatabase();
    const results = await Promise.all([
      seedDemoData(database.db, { vendors: 5, now }),
      seedDemoData(database.db, { vendors: 5, now }),
    ]);
    expect(results.sort()).toEqual([false, true]);
    const [row] = await database.db.select({ n: count() }).from(vendorProfiles);
    expect(row!.n).toBe(5);
  });

  it('keeps the demo account vendor when asked for fewer vendors', async () => {
    for (const vendors of [0, 3]) {
      const db = await seedFresh(vendors);
      const rows = await db.select({ name: vendorProfiles.businessName }).from(vendorProfiles);
      expect(rows).toHaveLength(Math.max(vendors, 1));
      expect(rows.map((r) => r.name)).toContain(demoAccounts.vendor.businessName);
      const statuses = await db.selectDistinct({ status: appointments.status }).from(appointments);
      expect(statuses).toHaveLength(appointmentStatuses.length);
    }
  });

  it('generates vendors beyond the named ones, deterministically named', async () => {
    const db = await seedFresh(260);
    const rows = await db
      .select({
        slug: vendorProfiles.slug,
        name: vendorProfiles.businessName,
        createdAt: vendorProfiles.createdAt,
        services: count(services.id),
      })
      .from(vendorProfiles)
      .leftJoin(services, eq(services.vendorProfileId, vendorProfiles.id))
      .groupBy(vendorProfiles.id)
      .orderBy(sql`${vendorProfiles.createdAt} desc`);
    expect(rows).toHaveLength(260);
    expect(new Set(rows.map((r) => r.slug)).size).toBe(260);
    expect(new Set(rows.map((r) => r.createdAt.getTime())).size).toBe(260);
    // Named vendors are the newest; generated ones have one to three services.
    expect(rows[0]!.name).toBe(demoAccounts.vendor.businessName);
    for (const r of rows.slice(60)) expect(r.services).toBeGreaterThanOrEqual(1);
    for (const r of rows.slice(60)) expect(r.services).toBeLessThanOrEqual(3);

    const firstRun = rows.map((r) => r.name);
    const again = await seedFresh(260);
    const secondRun = await again
      .select({ name: vendorProfiles.businessName })
      .from(vendorProfiles)
      .orderBy(sql`${vendorProfiles.createdAt} desc`);
    expect(secondRun.map((r) => r.name)).toEqual(firstRun);
  });
});

// The demo data is coherent with the clock. Whatever day the app starts on, the
// demo vendor has a request it can answer (the dashboard's and the link's Confirm: ARCHITECTURE §4's
// answerable — pending, token unexpired, start ahead) and a booking awaiting payment whose deadline is
// ahead and whose checkout the sweeper can create (confirmed more than a minute ago, none stored yet).
describe('demo bookings and the clock', () => {
  let database: Database | undefined;
  afterAll(async () => {
    await database?.close();
  });

  async function demoVendorId(db: Db): Promise<string> {
    const [row] = await db
      .select({ id: vendorProfiles.id })
      .from(vendorProfiles)
      .innerJoin(user, eq(user.id, vendorProfiles.userId))
      .where(eq(user.email, demoAccounts.vendor.email));
    return row!.id;
  }

  /** What the demo vendor can act on at `at`, as the lifecycle's statements would see it. */
  async function actionable(db: Db, at: Date) {
    const vendorId = await demoVendorId(db);
    const rows = await db.select().from(appointments).where(eq(appointments.vendorProfileId, vendorId));
    const answerable = rows.filter(
      (a) =>
        a.status === 'pending_vendor' &&
        a.confirmTokenExpiresAt !== null &&
        a.confirmTokenExpiresAt > at &&
        a.startTz > at &&
        // ARCHITECTURE §4: the deadline is the earlier of the start and 24 h after the request.
        a.confirmTokenExpiresAt.getTime() ===
          Math.min(a.startTz.getTime(), a.createdAt.getTime() + 24 * HOUR),
    );
    const payable = rows.filter(
      (a) =>
        a.status === 'awaiting_payment' &&
        a.paymentDueAt !== null &&
        a.paymentDueAt > at &&
        a.checkoutSessionId === null &&
        a.confirmedAt !== null &&
        a.confirmedAt.getTime() <= at.getTime() - 60_000,
    );
    return { rows, answerable, payable };
  }

  // No real today: a weekday noon, a Friday near midnight, a Saturday evening, New Year's Eve.
  for (const instant of [
    '2026-03-10T18:00:00Z',
    '2026-03-14T05:30:00Z',
    '2026-11-22T02:00:00Z',
    '2026-12-31T23:00:00Z',
  ]) {
    it(`seeded at ${instant}, the demo vendor has requests to answer and bookings to pay for most of a day`, async () => {
      await database?.close();
      database = await createTestDatabase();
      const at = new Date(instant);
      expect(await seedDemoData(database.db, { vendors: 1, now: at })).toBe(true);
      const { answerable, payable } = await actionable(database.db, at);
      expect(answerable.length).toBeGreaterThanOrEqual(2);
      expect(payable.length).toBeGreaterThanOrEqual(1);
      // Still so hours later: the demo does not lapse while someone tries it.
      const later = new Date(at.getTime() + 12 * HOUR);
      expect((await actionable(database.db, later)).answerable.length).toBeGreaterThanOrEqual(2);
      expect((await actionable(database.db, later)).payable.length).toBeGreaterThanOrEqual(1);
    });
  }

  it('a later start gives the demo vendor a fresh request and payment, once, without overlaps', async () => {
    await database?.close();
    database = await createTestDatabase();
    const seededAt = new Date('2026-03-10T18:00:00Z');
    await seedDemoData(database.db, { vendors: 1, now: seededAt });
    // Right after seeding there is nothing to refresh.
    expect(await refreshDemoBookings(database.db, { now: seededAt })).toBe(0);

    for (const days of [3, 9, 40]) {
      const at = new Date(seededAt.getTime() + days * 24 * HOUR);
      expect((await actionable(database.db, at)).answerable).toHaveLength(0);
      // The exclusion constraint would refuse an overlap: the insert succeeding is the check.
      expect(await refreshDemoBookings(database.db, { now: at })).toBe(2);
      const { rows, answerable, payable } = await actionable(database.db, at);
      expect(answerable).toHaveLength(1);
      expect(payable).toHaveLength(1);
      // The demo customer asked: both demo accounts see it.
      const [demoCustomer] = await database.db
        .select()
        .from(customers)
        .where(eq(customers.email, demoAccounts.customer.email));
      expect(answerable[0]!.customerId).toBe(demoCustomer!.id);
      expect(answerable[0]!.customerEmail).toBe(demoAccounts.customer.email);
      // Idempotent: a second start at the same time adds nothing.
      const before = await tableCounts(database.db);
      expect(await refreshDemoBookings(database.db, { now: at })).toBe(0);
      expect(await tableCounts(database.db)).toEqual(before);
      expect(new Set(rows.map((r) => r.code)).size).toBe(rows.length);
    }
  });

  it('does nothing on a database without the demo accounts', async () => {
    await database?.close();
    database = await createTestDatabase();
    expect(await refreshDemoBookings(database.db, { now })).toBe(0);
  });
});
