import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlState, toAppError } from '../lib/app-error.ts';
import { appointmentValues, insertCustomer, insertVendor } from '../test/factories.ts';
import { createTestDatabase, testEngine } from '../test/test-db.ts';
import type { Database } from './client.ts';
import { appointments } from './schema/bookings.ts';

// ARCHITECTURE §3: no two active appointments of one vendor overlap, buffer included (migration 0002).
describe(`appointments exclusion constraint (${testEngine})`, () => {
  let database: Database;
  let customerId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    customerId = (await insertCustomer(database.db)).id;
  });
  afterAll(() => database.close());

  async function book(
    vendorId: string,
    start: string,
    minutes: number,
    extra: Parameters<typeof appointmentValues>[4] = {},
  ) {
    const [row] = await database.db
      .insert(appointments)
      .values(appointmentValues(vendorId, customerId, start, minutes, extra))
      .returning();
    return row!;
  }

  async function refusal(promise: Promise<unknown>) {
    const err = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err, 'the insert should have been refused').toBeDefined();
    return err;
  }

  it('refuses an overlapping active appointment of the same vendor with SQLSTATE 23P01 (→ 409)', async () => {
    const vendor = await insertVendor(database.db);
    await book(vendor.id, '2030-01-07T15:00:00Z', 60);
    const err = await refusal(book(vendor.id, '2030-01-07T15:30:00Z', 60));
    expect(sqlState(err)).toBe('23P01');
    expect(toAppError(err)?.status).toBe(409);
  });

  it('refuses a booking inside the buffer after an earlier one, and accepts one just past it', async () => {
    const vendor = await insertVendor(database.db);
    await book(vendor.id, '2030-01-08T15:00:00Z', 60, { bufferMinutes: 15 }); // busy until 16:15
    expect(sqlState(await refusal(book(vendor.id, '2030-01-08T16:10:00Z', 30)))).toBe('23P01');
    await expect(book(vendor.id, '2030-01-08T16:15:00Z', 30)).resolves.toMatchObject({
      status: 'pending_vendor',
    });
  });

  it('refuses a booking whose own buffer runs into the next one', async () => {
    const vendor = await insertVendor(database.db);
    await book(vendor.id, '2030-01-09T17:00:00Z', 60);
    // 16:00–16:50 plus a 15-minute buffer reaches 17:05.
    expect(sqlState(await refusal(book(vendor.id, '2030-01-09T16:00:00Z', 50, { bufferMinutes: 15 })))).toBe(
      '23P01',
    );
    await expect(book(vendor.id, '2030-01-09T16:00:00Z', 45, { bufferMinutes: 15 })).resolves.toBeDefined();
  });

  it('blocks across every active status', async () => {
    for (const status of ['awaiting_payment', 'confirmed', 'paid'] as const) {
      const vendor = await insertVendor(database.db);
      await book(vendor.id, '2030-01-10T15:00:00Z', 60, { status });
      expect(sqlState(await refusal(book(vendor.id, '2030-01-10T15:00:00Z', 60)))).toBe('23P01');
    }
  });

  it('does not block on cancelled, declined or expired appointments', async () => {
    const vendor = await insertVendor(database.db);
    for (const status of ['cancelled', 'declined', 'expired'] as const) {
      await book(vendor.id, '2030-01-11T15:00:00Z', 60, { status });
    }
    await expect(book(vendor.id, '2030-01-11T15:00:00Z', 60)).resolves.toMatchObject({
      status: 'pending_vendor',
    });
  });

  it('does not block another vendor at the same time', async () => {
    const first = await insertVendor(database.db);
    const second = await insertVendor(database.db);
    await book(first.id, '2030-01-12T15:00:00Z', 60);
    await expect(book(second.id, '2030-01-12T15:00:00Z', 60)).resolves.toBeDefined();
  });

  it('lets back-to-back appointments without buffer touch', async () => {
    const vendor = await insertVendor(database.db);
    await book(vendor.id, '2030-01-13T15:00:00Z', 60);
    await expect(book(vendor.id, '2030-01-13T16:00:00Z', 60)).resolves.toBeDefined();
  });

  it('frees the slot when an active appointment is cancelled', async () => {
    const vendor = await insertVendor(database.db);
    const first = await book(vendor.id, '2030-01-14T15:00:00Z', 60);
    await refusal(book(vendor.id, '2030-01-14T15:00:00Z', 60));
    await database.db.update(appointments).set({ status: 'cancelled' }).where(eq(appointments.id, first.id));
    await expect(book(vendor.id, '2030-01-14T15:00:00Z', 60)).resolves.toBeDefined();
  });
});
