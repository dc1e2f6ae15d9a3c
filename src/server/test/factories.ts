import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { defaultWeeklyAvailability } from '../../shared/weekly-availability.ts';
import type { Db } from '../db/client.ts';
import { appointments, customers } from '../db/schema/bookings.ts';
import { services, vendorProfiles } from '../db/schema/vendors.ts';

type VendorInsert = typeof vendorProfiles.$inferInsert;
type ServiceInsert = typeof services.$inferInsert;
type AppointmentInsert = typeof appointments.$inferInsert;

let sequence = 0;
const unique = () =>
  `${Date.now().toString(36)}${(sequence++).toString(36)}${randomBytes(2).toString('hex')}`;

/** Test rows with sensible defaults; each test states only what it is about. */
export async function insertVendor(db: Db, overrides: Partial<VendorInsert> = {}) {
  const name = overrides.businessName ?? `Vendor ${unique()}`;
  const [row] = await db
    .insert(vendorProfiles)
    .values({
      businessName: name,
      slug: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${unique()}`,
      serviceCategory: 'cleaning',
      availability: defaultWeeklyAvailability(),
      applicationStatus: 'approved',
      businessEmail: `${unique()}@example.test`,
      businessPhone: '+5215512345678',
      serviceAreas: ['Roma Norte'],
      ...overrides,
    })
    .returning();
  return row!;
}

export async function insertService(db: Db, vendorProfileId: string, overrides: Partial<ServiceInsert> = {}) {
  const [row] = await db
    .insert(services)
    .values({
      vendorProfileId,
      name: 'Limpieza profunda',
      priceCents: 45_000,
      durationMinutes: 120,
      ...overrides,
    })
    .returning();
  return row!;
}

export async function insertCustomer(db: Db, overrides: Partial<typeof customers.$inferInsert> = {}) {
  const [row] = await db
    .insert(customers)
    .values({ name: 'Ana López', email: `${unique()}@example.test`, ...overrides })
    .returning();
  return row!;
}

type CustomerRow = typeof customers.$inferSelect;

/** An appointment of `customer`, carrying that customer's contact as the booking's own (issue 28). */
export function appointmentValues(
  vendorProfileId: string,
  customer: string | Pick<CustomerRow, 'id' | 'name' | 'email' | 'phoneE164'>,
  start: string,
  minutes: number,
  overrides: Partial<AppointmentInsert> = {},
): AppointmentInsert {
  const startTz = new Date(start);
  const contact =
    typeof customer === 'string'
      ? { id: customer, name: 'Ana López', email: `${customer}@example.test`, phoneE164: null }
      : customer;
  return {
    vendorProfileId,
    customerId: contact.id,
    customerName: contact.name,
    customerEmail: contact.email,
    customerPhone: contact.phoneE164,
    startTz,
    endTz: new Date(startTz.getTime() + minutes * 60_000),
    amountMxn: 45_000,
    code: randomBytes(3).toString('hex').toUpperCase(),
    ...overrides,
  };
}

/**
 * Bookings of one vendor and customer for a test that moves the clock around `now`: `at(h)` is `now`
 * plus h hours; `insert` puts each booking (60 minutes) on a day of its own, 48 hours ahead and
 * later, so that none overlaps another (exclusion constraint), unless `startInHours` says when;
 * `read` gives a booking's row back.
 */
export function bookingsAround(
  db: Db,
  { vendorId, customerId, now }: { vendorId: string; customerId: string; now: string },
) {
  let day = 0;
  const at = (hoursFromNow: number) => new Date(Date.parse(now) + hoursFromNow * 60 * 60_000);
  return {
    at,
    async insert(values: Partial<AppointmentInsert> & { startInHours?: number } = {}) {
      const { startInHours = 48 + day++ * 24, ...rest } = values;
      const [row] = await db
        .insert(appointments)
        .values(appointmentValues(vendorId, customerId, at(startInHours).toISOString(), 60, rest))
        .returning();
      return row!;
    },
    async read(id: string) {
      const [row] = await db.select().from(appointments).where(eq(appointments.id, id));
      return row!;
    },
  };
}
