import { randomUUID } from 'node:crypto';
import { generateRandomString, hashPassword } from 'better-auth/crypto';
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { categoryKeyOf } from '../../../shared/categories.ts';
import { activeAppointmentStatuses, DEFAULT_TIMEZONE } from '../../../shared/constants.ts';
import { uniqueSlug } from '../../../shared/slug.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Db, Tx } from '../client.ts';
import { account, user, userRoles } from '../schema/auth.ts';
import { appointments, customers } from '../schema/bookings.ts';
import { availabilityWindows, profiles, services, vendorProfiles } from '../schema/vendors.ts';
import {
  type BookableVendor,
  planAvailabilityWindows,
  planDemoBookings,
  planRefreshBookings,
} from './demo-bookings.ts';
import { seedDemoLedger } from './demo-ledger.ts';
import { DEMO_PASSWORD, demoAccounts, demoCustomerProfiles, demoCustomers } from './demo-people.ts';
import { type DemoVendor, demoVendors } from './demo-vendors.ts';
import { generateVendor } from './generate.ts';
import { insertRows } from './insert-rows.ts';
import { schedules } from './schedules.ts';

// ARCHITECTURE §13: demo data for an empty database — the named vendors, generated ones up to
// `vendors`, customers, bookings in every status and the three demo accounts.

export interface SeedOptions {
  /** How many vendors in all: the named ones first, then generated ones. At least the demo account's vendor is made. */
  vendors: number;
  logger?: Logger;
  /** Bookings and creation dates are placed relative to this instant. */
  now?: Date;
  /**
   * What the features add to the demo through their own rules (the reviews, decision 066), in the
   * seed's transaction: the seed sits below the features and never imports them.
   */
  alsoSeed?: (tx: Tx, now: Date) => Promise<void>;
}

/** Any constant: two instances starting on one empty PostgreSQL seed it once. */
const SEED_LOCK = 727_002;
/** Generated vendors are built and inserted this many at a time, to keep memory flat at 100,000. */
const GENERATED_CHUNK = 5000;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type VendorRow = typeof vendorProfiles.$inferInsert;
type ServiceRow = typeof services.$inferInsert & { id: string };
type UserRow = typeof user.$inferInsert;
type ProfileRow = typeof profiles.$inferInsert;

/**
 * Seeds the demo data when the database holds none (no vendor, user or customer) and returns
 * true; otherwise changes nothing and returns false. Everything happens in one transaction, so a
 * seed interrupted halfway leaves the database empty and the next start tries again.
 */
export async function seedDemoData(
  db: Db,
  { vendors, logger, now = new Date(), alsoSeed }: SeedOptions,
): Promise<boolean> {
  if (!Number.isInteger(vendors) || vendors < 0)
    throw new RangeError(`vendors must be a whole number ≥ 0, not ${vendors}`);
  if (await hasData(db)) return false;
  // scrypt is slow on purpose: hash once, share the hash among the three demo accounts.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const seeded = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (await hasData(tx)) return false;
    await seedInto(tx, { vendors, logger, now, passwordHash });
    await alsoSeed?.(tx, now);
    return true;
  });
  // Fresh statistics: without them the planner reads a bulk-loaded table as tiny and sorts the
  // whole directory for the first page of Browse Vendors (170 ms instead of 3 ms at 100,000 vendors
  // on PGlite, which has no autovacuum to do this later).
  if (seeded) await db.execute(sql`analyze`);
  return seeded;
}

/**
 * ARCHITECTURE §13.2: a demo database outlives the day it was seeded: by a later start its
 * requests have expired and its unpaid bookings timed out, and the demo vendor has nothing left to
 * confirm. At each start the demo vendor gets back what it lacks — a request inside its answer window,
 * a booking awaiting payment with its deadline ahead — placed after its existing bookings. Idempotent:
 * when it has both, nothing changes (two instances take the seed's lock and the second adds nothing).
 * Returns how many bookings it added.
 */
export async function refreshDemoBookings(
  db: Db,
  { now = new Date(), logger }: { now?: Date; logger?: Logger } = {},
): Promise<number> {
  const added = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const [vendor] = await tx
      .select({ vendor: vendorProfiles })
      .from(vendorProfiles)
      .innerJoin(user, eq(user.id, vendorProfiles.userId))
      .where(eq(user.email, demoAccounts.vendor.email))
      .limit(1);
    if (!vendor) return 0;
    const v = vendor.vendor;
    const mine = eq(appointments.vendorProfileId, v.id);
    const [answerable] = await tx
      .select({ id: appointments.id })
      .from(appointments)
      .where(
        and(
          mine,
          eq(appointments.status, 'pending_vendor'),
          gt(appointments.confirmTokenExpiresAt, now),
          gt(appointments.startTz, now),
        ),
      )
      .limit(1);
    const [payable] = await tx
      .select({ id: appointments.id })
      .from(appointments)
      .where(and(mine, eq(appointments.status, 'awaiting_payment'), gt(appointments.paymentDueAt, now)))
      .limit(1);
    const kinds = [
      ...(answerable ? [] : (['pending_vendor'] as const)),
      ...(payable ? [] : (['awaiting_payment'] as const)),
    ];
    if (kinds.length === 0) return 0;

    const own = await tx
      .select({ id: services.id, priceCents: services.priceCents, durationMinutes: services.durationMinutes })
      .from(services)
      .where(and(eq(services.vendorProfileId, v.id), eq(services.isActive, true)));
    // Rows the sweeper has not moved yet still hold their time (the exclusion constraint): start after them.
    const [last] = await tx
      .select({ end: appointments.endTz, buffer: appointments.bufferMinutes })
      .from(appointments)
      .where(and(mine, inArray(appointments.status, [...activeAppointmentStatuses])))
      .orderBy(desc(appointments.endTz))
      .limit(1);
    const futureFrom = new Date(
      Math.max(now.getTime(), (last?.end.getTime() ?? 0) + (last?.buffer ?? 0) * MINUTE),
    );
    const people = await tx
      .select()
      .from(customers)
      .where(inArray(customers.email, [demoAccounts.customer.email, ...demoCustomers.map((c) => c.email)]));
    // The demo customer's own request first: both demo accounts see it.
    people.sort(
      (a, b) =>
        Number(b.email === demoAccounts.customer.email) - Number(a.email === demoAccounts.customer.email),
    );
    if (people.length === 0) return 0;
    const planned = planRefreshBookings({
      now,
      vendor: {
        id: v.id,
        availability: v.availability,
        timezone: v.timezone,
        bufferMinutes: v.bufferMinutes,
        leadTimeMinutes: v.leadTimeMinutes,
        advanceBookingDays: v.advanceBookingDays,
        services: own,
      },
      kinds,
      customerIds: people.map((c) => c.id),
      futureFrom,
    });
    const contactOf = new Map(people.map((c) => [c.id, c]));
    const rows = planned.map((b) => {
      const c = contactOf.get(b.customerId!)!; // the plan names a customer for each
      return { ...b, customerName: c.name, customerEmail: c.email, customerPhone: c.phoneE164 };
    });
    if (rows.length > 0) await tx.insert(appointments).values(rows);
    return rows.length;
  });
  if (added > 0) logger?.info({ added }, 'demo bookings refreshed for the demo vendor');
  return added;
}

async function hasData(db: Db | Tx): Promise<boolean> {
  const [vendor] = await db.select({ id: vendorProfiles.id }).from(vendorProfiles).limit(1);
  if (vendor) return true;
  const [anyUser] = await db.select({ id: user.id }).from(user).limit(1);
  if (anyUser) return true;
  const [customer] = await db.select({ id: customers.id }).from(customers).limit(1);
  return Boolean(customer);
}

/** better-auth's own id shape: 32 random alphanumerics. */
const newUserId = () => generateRandomString(32, 'a-z', 'A-Z', '0-9');

async function seedInto(
  tx: Tx,
  {
    vendors,
    logger,
    now,
    passwordHash,
  }: { vendors: number; logger?: Logger; now: Date; passwordHash: string },
) {
  const at = now.getTime();
  const slugs = new Set<string>();
  const named = orderNamedVendors(demoVendors).slice(0, Math.max(1, Math.min(vendors, demoVendors.length)));

  // ── demo accounts ──────────────────────────────────────────────────────────────────────
  const adminId = newUserId();
  const vendorUserId = newUserId();
  const customerUserId = newUserId();
  const accountsCreated = new Date(at - 200 * DAY);
  // The vendor account signs up an hour before its vendor profile, which orderNamedVendors puts first.
  const vendorAccountCreated = new Date(namedCreatedAt(at, 0).getTime() - HOUR);
  const users: UserRow[] = [
    userRow(adminId, demoAccounts.admin.name, demoAccounts.admin.email, false, accountsCreated),
    userRow(vendorUserId, demoAccounts.vendor.name, demoAccounts.vendor.email, true, vendorAccountCreated),
    userRow(customerUserId, demoAccounts.customer.name, demoAccounts.customer.email, false, accountsCreated),
  ];
  const vendorProfileId = randomUUID();
  const profileRows: ProfileRow[] = [
    profileRow({
      id: vendorProfileId,
      userId: vendorUserId,
      displayName: demoAccounts.vendor.name,
      phone: demoAccounts.vendor.phone,
      email: demoAccounts.vendor.email,
      isVendor: true,
      createdAt: vendorAccountCreated,
    }),
    profileRow({
      id: randomUUID(),
      userId: customerUserId,
      displayName: demoAccounts.customer.name,
      phone: demoAccounts.customer.phone,
      email: demoAccounts.customer.email,
      preferredCategories: [...demoAccounts.customer.preferredCategories],
      createdAt: accountsCreated,
    }),
  ];
  // product §7: customer profiles an admin typed in, with no account behind them yet.
  demoCustomerProfiles.forEach((p, i) => {
    profileRows.push(
      profileRow({ id: randomUUID(), userId: null, ...p, createdAt: new Date(at - (40 - i * 4) * DAY) }),
    );
  });

  // ── named vendors: newest first in the order chosen above, so page one mixes categories ──
  const vendorRows: VendorRow[] = [];
  const serviceRows: ServiceRow[] = [];
  const bookable = new Map<DemoVendor, BookableVendor>();
  named.forEach((vendor, i) => {
    const createdAt = namedCreatedAt(at, i);
    const isDemoVendor = vendor.businessName === demoAccounts.vendor.businessName;
    let owner: { userId: string; profileId: string } | undefined;
    if (isDemoVendor) {
      owner = { userId: vendorUserId, profileId: vendorProfileId };
    } else if (vendor.origin !== 'admin') {
      // A claimed profile belongs to an account: one without a password, so it signs in by magic link.
      owner = { userId: newUserId(), profileId: randomUUID() };
      users.push(userRow(owner.userId, vendor.owner, vendor.email, true, createdAt));
      profileRows.push(
        profileRow({
          id: owner.profileId,
          userId: owner.userId,
          displayName: vendor.owner,
          phone: vendor.phone,
          email: vendor.email,
          isVendor: true,
          createdAt,
        }),
      );
    }
    const row = vendorRow(vendor, uniqueSlug(vendor.businessName, slugs), createdAt, owner);
    slugs.add(row.slug);
    vendorRows.push(row);
    const own = serviceRowsFor(vendor, row.id!, createdAt);
    serviceRows.push(...own);
    bookable.set(vendor, {
      id: row.id!,
      availability: row.availability,
      timezone: DEFAULT_TIMEZONE,
      bufferMinutes: vendor.bufferMinutes,
      leadTimeMinutes: vendor.leadTimeMinutes,
      advanceBookingDays: vendor.advanceBookingDays,
      services: own.map((s) => ({ id: s.id, priceCents: s.priceCents, durationMinutes: s.durationMinutes })),
    });
  });

  await insertRows(tx, user, users);
  await insertRows(
    tx,
    account,
    [adminId, vendorUserId, customerUserId].map((userId) => ({
      id: generateRandomString(32, 'a-z', 'A-Z', '0-9'),
      accountId: userId,
      providerId: 'credential',
      userId,
      password: passwordHash,
      createdAt: accountsCreated,
      updatedAt: accountsCreated,
    })),
  );
  await insertRows(tx, userRoles, [{ userId: adminId, role: 'admin', createdAt: accountsCreated }]);
  await insertRows(tx, profiles, profileRows);
  await insertRows(tx, vendorProfiles, vendorRows);
  await insertRows(tx, services, serviceRows);

  // ── generated vendors, in chunks ───────────────────────────────────────────────────────
  const generatedCount = Math.max(0, vendors - named.length);
  const oldestNamed = namedCreatedAt(at, named.length).getTime();
  for (let from = 0; from < generatedCount; from += GENERATED_CHUNK) {
    const chunkVendors: VendorRow[] = [];
    const chunkServices: ServiceRow[] = [];
    for (let i = from; i < Math.min(from + GENERATED_CHUNK, generatedCount); i++) {
      const vendor = generateVendor(i);
      // Older than every named vendor, seven minutes apart: distinct, and "newest first" is stable.
      const createdAt = new Date(oldestNamed - DAY - i * 7 * MINUTE - (i % 7) * 1000);
      const row = vendorRow(vendor, uniqueSlug(vendor.businessName, slugs), createdAt, undefined);
      slugs.add(row.slug);
      chunkVendors.push(row);
      chunkServices.push(...serviceRowsFor(vendor, row.id!, createdAt));
    }
    await insertRows(tx, vendorProfiles, chunkVendors);
    await insertRows(tx, services, chunkServices);
    logger?.debug(
      { vendors: named.length + from + chunkVendors.length, of: vendors },
      'seeding generated vendors',
    );
  }

  // ── customers and bookings ─────────────────────────────────────────────────────────────
  const demoCustomerId = randomUUID();
  const customerRows = [
    {
      id: demoCustomerId,
      name: demoAccounts.customer.name,
      phoneE164: demoAccounts.customer.phone,
      email: demoAccounts.customer.email,
      userId: customerUserId,
      createdAt: new Date(at - 60 * DAY),
    },
    ...demoCustomers.map((c, i) => ({
      id: randomUUID(),
      name: c.name,
      phoneE164: c.phone,
      email: c.email,
      userId: null,
      createdAt: new Date(at - (100 - i * 3) * DAY),
    })),
  ];
  await insertRows(tx, customers, customerRows);

  const demoVendor = named.find((v) => v.businessName === demoAccounts.vendor.businessName);
  if (!demoVendor)
    throw new Error(`The demo vendor "${demoAccounts.vendor.businessName}" is missing from demo-vendors.ts`);
  const others = named
    .filter((v) => v !== demoVendor && v.applicationStatus === 'approved')
    .map((v) => bookable.get(v)!);
  const demoBookable = bookable.get(demoVendor)!;
  const planned = planDemoBookings({
    now,
    demoVendor: demoBookable,
    otherVendors: others,
    demoCustomerId,
    customerIds: customerRows.slice(1).map((c) => c.id),
  });
  // Each booking carries the contact its customer gave with it.
  const contactOf = new Map<string, (typeof customerRows)[number]>(customerRows.map((c) => [c.id, c]));
  const bookings = planned.map((b) => {
    const c = contactOf.get(b.customerId!)!; // the plan names a customer for each
    return { ...b, customerName: c.name, customerEmail: c.email, customerPhone: c.phoneE164 };
  });
  await insertRows(tx, appointments, bookings);
  await seedDemoLedger(tx, { now, demoVendorId: demoBookable.id });
  await insertRows(tx, availabilityWindows, planAvailabilityWindows(now, [demoBookable, ...others]));

  logger?.debug(
    {
      named: named.length,
      generated: generatedCount,
      customers: customerRows.length,
      bookings: bookings.length,
    },
    'demo data built',
  );
}

/**
 * Named vendor `i` (0 is the newest) joined 30 to 180 days ago, 61 hours apart: before any of the
 * demo bookings, which reach 30 days back, and each at a distinct time.
 */
function namedCreatedAt(at: number, i: number): Date {
  return new Date(at - 30 * DAY - i * 61 * HOUR);
}

/**
 * The order the named vendors are created in (newest first): the demo account's vendor, then one
 * vendor of each category in turn. A small `SEED_VENDORS` still covers many categories, and the
 * first page of the directory is not eight cleaners in a row.
 */
function orderNamedVendors(all: readonly DemoVendor[]): DemoVendor[] {
  const familyOf = (category: string) => categoryKeyOf(category) ?? category;
  const groups = new Map<string, DemoVendor[]>();
  for (const vendor of all) {
    if (vendor.businessName === demoAccounts.vendor.businessName) continue;
    const family = familyOf(vendor.serviceCategory);
    groups.set(family, [...(groups.get(family) ?? []), vendor]);
  }
  const ordered = all.filter((v) => v.businessName === demoAccounts.vendor.businessName);
  const queues = [...groups.values()];
  while (queues.some((q) => q.length > 0))
    for (const queue of queues) if (queue.length > 0) ordered.push(queue.shift()!);
  return ordered;
}

function vendorRow(
  vendor: DemoVendor,
  slug: string,
  createdAt: Date,
  owner: { userId: string; profileId: string } | undefined,
): VendorRow & { slug: string } {
  const claimed = vendor.origin !== 'admin';
  return {
    id: randomUUID(),
    userId: owner?.userId ?? null,
    profileId: owner?.profileId ?? null,
    slug,
    businessName: vendor.businessName,
    serviceCategory: vendor.serviceCategory,
    bio: vendor.bio,
    address: vendor.address,
    // Made by the media routes from the vendor's name and category: no external URL (ARCHITECTURE §13).
    profileImageUrl: `/media/vendors/${slug}.svg`,
    coverImageUrl: `/media/covers/${slug}.svg`,
    pricingType: vendor.pricingType,
    isVerified: vendor.isVerified,
    certifications: vendor.certifications,
    applicationStatus: vendor.applicationStatus,
    // A vendor asked for changes was reviewed a day after signing up (decision 048).
    reviewMessage: vendor.reviewMessage ?? null,
    reviewedAt: vendor.reviewMessage ? new Date(createdAt.getTime() + 24 * 60 * 60_000) : null,
    experienceYears: vendor.experienceYears,
    businessPhone: vendor.phone,
    businessEmail: vendor.email,
    serviceAreas: vendor.serviceAreas,
    languages: vendor.languages,
    bufferMinutes: vendor.bufferMinutes,
    advanceBookingDays: vendor.advanceBookingDays,
    leadTimeMinutes: vendor.leadTimeMinutes,
    instantBooking: vendor.instantBooking ?? false,
    availability: schedules[vendor.schedule](),
    // product §4: a self-signed profile is created claimed with onboarding done; an admin-created one
    // is neither until its vendor takes it over.
    onboardingCompleted: claimed,
    adminCreated: vendor.origin !== 'self',
    isClaimed: claimed,
    timezone: DEFAULT_TIMEZONE,
    createdAt,
    updatedAt: createdAt,
  };
}

function serviceRowsFor(vendor: DemoVendor, vendorProfileId: string, vendorCreatedAt: Date): ServiceRow[] {
  // Services are listed by created_at: a second apart keeps them in the order they were written.
  return vendor.services.map((s, k) => ({
    id: randomUUID(),
    vendorProfileId,
    name: s.name,
    description: s.description,
    priceCents: s.priceCents,
    durationMinutes: s.durationMinutes,
    isActive: true,
    createdAt: new Date(vendorCreatedAt.getTime() + (k + 1) * 1000),
  }));
}

function userRow(id: string, name: string, email: string, isVendor: boolean, createdAt: Date): UserRow {
  return { id, name, email, emailVerified: true, image: null, isVendor, createdAt, updatedAt: createdAt };
}

function profileRow(p: {
  id: string;
  userId: string | null;
  displayName: string;
  phone: string | null;
  email: string | null;
  preferredCategories?: string[];
  isVendor?: boolean;
  createdAt: Date;
}): ProfileRow {
  return {
    id: p.id,
    userId: p.userId,
    displayName: p.displayName,
    phone: p.phone,
    email: p.email,
    avatarUrl: null,
    preferredCategories: p.preferredCategories ?? [],
    isVendor: p.isVendor ?? false,
    createdAt: p.createdAt,
    updatedAt: p.createdAt,
  };
}
