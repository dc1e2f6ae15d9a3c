import { randomBytes } from 'node:crypto';
import { defaultWeeklyAvailability } from '../../shared/weekly-availability.ts';
import type { Db } from '../db/client.ts';
import { type appointments, customers } from '../db/schema/bookings.ts';
import { services, vendorProfiles } from '../db/schema/vendors.ts';
import { manageLinkOf } from '../features/booking-lifecycle/manage-links.ts';

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
      // At the vendor's place unless a test is about addresses: no address asked.
      location: 'vendor',
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

/** An appointment of `customer`, carrying that customer's contact as the booking's own. */
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

/** The customer's booking page links of tests that run lifecycle operations directly (decision 044). */
export const testManageLink = manageLinkOf({ appUrl: 'http://barrio.test', secret: 'test-secret' });
