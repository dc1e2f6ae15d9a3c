import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { appointments } from '../db/schema/bookings.ts';
import { fixedClock } from '../lib/clock.ts';
import { appointmentValues, insertCustomer, insertVendor } from './factories.ts';
import { createTestDatabase, type TestDatabase } from './test-db.ts';

type AppointmentInsert = typeof appointments.$inferInsert;

/**
 * For a test file about bookings moving with the clock around `now` (tests only): a fresh database
 * with one vendor and one customer, emptied of bookings and with the clock back at `now` before each
 * test. `at(h)` is `now` plus h hours; `insert` puts each booking (60 minutes) on a day of its own, 48
 * hours ahead and later, so that none overlaps another (exclusion constraint), unless `startInHours`
 * says when; `read` gives a booking's row back.
 */
export function bookingsAround(now: string) {
  const clock = fixedClock(now);
  let database: TestDatabase | undefined;
  let vendorId = '';
  let customerId = '';
  let day = 0;
  const open = () => {
    if (!database) throw new Error('bookingsAround: the database opens in beforeAll');
    return database;
  };
  beforeAll(async () => {
    database = await createTestDatabase();
    vendorId = (await insertVendor(database.db)).id;
    customerId = (await insertCustomer(database.db)).id;
  });
  afterAll(() => database?.close());
  beforeEach(async () => {
    await open().db.delete(appointments);
    clock.set(now);
  });
  const at = (hoursFromNow: number) => new Date(Date.parse(now) + hoursFromNow * 60 * 60_000);
  return {
    clock,
    get database() {
      return open();
    },
    at,
    async insert(values: Partial<AppointmentInsert> & { startInHours?: number } = {}) {
      const { startInHours = 48 + day++ * 24, ...rest } = values;
      const [row] = await open()
        .db.insert(appointments)
        .values(appointmentValues(vendorId, customerId, at(startInHours).toISOString(), 60, rest))
        .returning();
      return row!;
    },
    async read(id: string) {
      const [row] = await open().db.select().from(appointments).where(eq(appointments.id, id));
      return row!;
    },
  };
}
