import { and, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type {
  AdminCustomer,
  AdminCustomerUpdate,
  AdminCustomerValues,
  AdminListQuery,
  AdminPage,
} from '../../../shared/admin.schemas.ts';
import { activeAppointmentStatuses } from '../../../shared/constants.ts';
import type { Db } from '../../db/client.ts';
import { appointments, customers } from '../../db/schema/bookings.ts';
import { profiles } from '../../db/schema/vendors.ts';
import { AppError, sqlState } from '../../lib/app-error.ts';

function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A `customers` row that no customer profile stands for: someone who booked without an account
 * (or whose account has no profile yet). Matched by user or by email, case-insensitively (citext).
 */
const bookingOnly = sql`not exists (
  select 1 from ${profiles} p
  where p.is_vendor = false
    and (p.user_id = ${customers.userId} or p.email = ${customers.email})
)`;

/**
 * A guest's bookings, and those still on (the delete dialog says what stays). The row is
 * named in full: drizzle writes a select list's columns bare, which inside this subquery would be
 * the appointment's own `id`.
 */
const bookingCounts = {
  bookings:
    sql<number>`(select count(*)::int from ${appointments} a where a.customer_id = "customers"."id")`.as(
      'bookings',
    ),
  active_bookings:
    sql<number>`(select count(*)::int from ${appointments} a where a.customer_id = "customers"."id" and a.status in (${sql.join(
      activeAppointmentStatuses.map((status) => sql`${status}`),
      sql`, `,
    )}))`.as('active_bookings'),
};

function profileFilter(q: string | undefined): SQL {
  const customerProfile = eq(profiles.isVendor, false);
  if (!q) return customerProfile;
  return and(
    customerProfile,
    or(ilike(profiles.displayName, containsPattern(q)), eq(profiles.email, q), eq(profiles.phone, q)),
  )!;
}

function bookingOnlyFilter(q: string | undefined): SQL {
  if (!q) return bookingOnly;
  return and(
    bookingOnly,
    or(ilike(customers.name, containsPattern(q)), eq(customers.email, q), eq(customers.phoneE164, q)),
  )!;
}

type CustomerRow = Omit<AdminCustomer, 'created_at'> & { created_at: Date | string };

function toAdminCustomer(row: CustomerRow): AdminCustomer {
  return { ...row, created_at: new Date(row.created_at).toISOString() };
}

/**
 * GET /api/admin/customers (product §2, §7): customer profiles (is_vendor false) and booking-only
 * customers in one list, newest first, paged on the server.
 */
export async function listAdminCustomers(db: Db, query: AdminListQuery): Promise<AdminPage<AdminCustomer>> {
  const fromProfiles = db
    .select({
      id: profiles.id,
      kind: sql<AdminCustomer['kind']>`'profile'`.as('kind'),
      display_name: sql<string>`coalesce(${profiles.displayName}, '')`.as('display_name'),
      phone: profiles.phone,
      email: sql<string | null>`${profiles.email}::text`.as('email'),
      preferred_categories: profiles.preferredCategories,
      has_account: sql<boolean>`${profiles.userId} is not null`.as('has_account'),
      created_at: profiles.createdAt,
      bookings: sql<number>`0`.as('bookings'),
      active_bookings: sql<number>`0`.as('active_bookings'),
    })
    .from(profiles)
    .where(profileFilter(query.q));
  const fromCustomers = db
    .select({
      id: customers.id,
      kind: sql<AdminCustomer['kind']>`'booking_only'`.as('kind'),
      display_name: customers.name,
      phone: customers.phoneE164,
      email: sql<string | null>`${customers.email}::text`.as('email'),
      preferred_categories: sql<string[]>`'{}'::text[]`.as('preferred_categories'),
      has_account: sql<boolean>`${customers.userId} is not null`.as('has_account'),
      created_at: customers.createdAt,
      ...bookingCounts,
    })
    .from(customers)
    .where(bookingOnlyFilter(query.q));

  const [rows, [fromProfilesCount], [fromCustomersCount]] = await Promise.all([
    fromProfiles
      .unionAll(fromCustomers)
      .orderBy(sql`created_at desc`, sql`id desc`)
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(profiles).where(profileFilter(query.q)),
    db.select({ total: count() }).from(customers).where(bookingOnlyFilter(query.q)),
  ]);
  return {
    items: rows.map((r) => toAdminCustomer(r as CustomerRow)),
    total: (fromProfilesCount?.total ?? 0) + (fromCustomersCount?.total ?? 0),
  };
}

/** For the summary card: the same people the Customers tab lists. */
export async function countAdminCustomers(db: Db): Promise<number> {
  const [[a], [b]] = await Promise.all([
    db.select({ total: count() }).from(profiles).where(eq(profiles.isVendor, false)),
    db.select({ total: count() }).from(customers).where(bookingOnly),
  ]);
  return (a?.total ?? 0) + (b?.total ?? 0);
}

const profileColumns = {
  id: profiles.id,
  display_name: profiles.displayName,
  phone: profiles.phone,
  email: profiles.email,
  preferred_categories: profiles.preferredCategories,
  user_id: profiles.userId,
  created_at: profiles.createdAt,
};

function fromProfileRow(row: {
  id: string;
  display_name: string | null;
  phone: string | null;
  email: string | null;
  preferred_categories: string[];
  user_id: string | null;
  created_at: Date;
}): AdminCustomer {
  return {
    id: row.id,
    kind: 'profile',
    display_name: row.display_name ?? '',
    phone: row.phone,
    email: row.email,
    preferred_categories: row.preferred_categories,
    has_account: row.user_id !== null,
    created_at: row.created_at.toISOString(),
    bookings: 0,
    active_bookings: 0,
  };
}

/**
 * POST /api/admin/customers: a profile without a user (ARCHITECTURE §3), taken over when that person
 * signs up with the same email and proves it (me.service.ts).
 */
export async function createAdminCustomer(
  db: Db,
  { input }: { input: AdminCustomerValues },
): Promise<AdminCustomer> {
  const [row] = await db
    .insert(profiles)
    .values({
      userId: null,
      displayName: input.display_name,
      phone: input.phone,
      email: input.email,
      preferredCategories: input.preferred_categories,
      isVendor: false,
    })
    .returning(profileColumns);
  return fromProfileRow(row!);
}

/** Only customer profiles: a vendor's account profile or a booking-only row is not this route's. */
const customerProfile = (id: string) => and(eq(profiles.id, id), eq(profiles.isVendor, false));

export async function updateAdminCustomer(
  db: Db,
  { id, input }: { id: string; input: AdminCustomerUpdate },
): Promise<AdminCustomer> {
  const guest = await updateGuest(db, { id, input });
  if (guest) return guest;
  const changes = {
    displayName: input.display_name,
    phone: input.phone,
    email: input.email,
    preferredCategories: input.preferred_categories,
  };
  const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  const [row] =
    Object.keys(set).length === 0
      ? await db.select(profileColumns).from(profiles).where(customerProfile(id))
      : await db.update(profiles).set(set).where(customerProfile(id)).returning(profileColumns);
  if (!row) throw new AppError('not_found', 'Customer not found.').because('customer_not_found');
  return fromProfileRow(row);
}

/**
 * DELETE /api/admin/customers/:id (product §7: admins delete profiles). A signed-up person keeps the
 * account; the profile is made again, empty, at their next visit (me.service.ts). A guest's
 * `customers` row goes, and their bookings stay, each with its own contact (product §2).
 */
export async function deleteAdminCustomer(db: Db, { id }: { id: string }): Promise<{ id: string }> {
  const [row] = await db.delete(profiles).where(customerProfile(id)).returning({ id: profiles.id });
  if (row) return row;
  // appointments.customer_id is set null: every booking keeps its name, email and phone.
  const [guest] = await db.delete(customers).where(guestRow(id)).returning({ id: customers.id });
  if (!guest) throw new AppError('not_found', 'Customer not found.').because('customer_not_found');
  return guest;
}

// ——— Guests: `customers` rows no customer profile stands for ———

/** A 400 in the validator's shape (lib/validate.ts), naming the field. */
const fieldRefusal = (path: string, message: string) =>
  new AppError('validation_failed', `Invalid json (${path}): ${message}`, [{ path, message }]);

const guestRow = (id: string) => and(eq(customers.id, id), bookingOnly)!;

const guestColumns = {
  id: customers.id,
  name: customers.name,
  phone: customers.phoneE164,
  email: customers.email,
  user_id: customers.userId,
  created_at: customers.createdAt,
  ...bookingCounts,
};

function fromGuestRow(row: {
  id: string;
  name: string;
  phone: string | null;
  email: string;
  user_id: string | null;
  created_at: Date;
  bookings: number;
  active_bookings: number;
}): AdminCustomer {
  return {
    id: row.id,
    kind: 'booking_only',
    display_name: row.name,
    phone: row.phone,
    email: row.email,
    preferred_categories: [],
    has_account: row.user_id !== null,
    created_at: row.created_at.toISOString(),
    bookings: row.bookings,
    active_bookings: row.active_bookings,
  };
}

/**
 * PATCH of a guest: name, phone and email of the `customers` row, only those sent. The bookings keep
 * the contact given with each (a mail about one goes where its customer asked). Undefined when `id`
 * is no guest's.
 */
async function updateGuest(
  db: Db,
  { id, input }: { id: string; input: AdminCustomerUpdate },
): Promise<AdminCustomer | undefined> {
  const [found] = await db.select({ id: customers.id }).from(customers).where(guestRow(id));
  if (!found) return undefined;
  if (input.preferred_categories !== undefined && input.preferred_categories.length > 0)
    throw fieldRefusal(
      'preferred_categories',
      'A guest has no preferred categories: they are kept on a profile.',
    );
  if (input.email === null)
    throw fieldRefusal('email', 'A guest’s email is required: it is how their bookings reach them.');
  const changes = { name: input.display_name, phoneE164: input.phone, email: input.email };
  const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  try {
    const [row] =
      Object.keys(set).length === 0
        ? await db.select(guestColumns).from(customers).where(eq(customers.id, id))
        : await db.update(customers).set(set).where(eq(customers.id, id)).returning(guestColumns);
    if (!row) throw new AppError('not_found', 'Customer not found.').because('customer_not_found');
    return fromGuestRow(row);
  } catch (err) {
    if (sqlState(err) === '23505')
      throw new AppError('conflict', 'Another customer already has this email.', [
        { path: 'email', message: 'Another customer already has this email.' },
      ]).because('customer_email_taken');
    throw err;
  }
}
