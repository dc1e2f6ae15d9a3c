import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleRefunds } from '../features/booking-lifecycle/refund-ledger.ts';
import { appointmentValues, insertCustomer, insertVendor } from '../test/factories.ts';
import { createTestDatabase, type TestDatabase, testEngine } from '../test/test-db.ts';
import { recordLegacyRefunds } from './legacy-refunds.ts';
import { appointments, paymentRefunds } from './schema/bookings.ts';

// Decision 056: bookings refunded before refunds were kept by provider refund id keep what they were
// paid back — else the first refund event afterwards would settle them as owed and pay again.
describe(`refunds recorded before the ledger (${testEngine})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());

  it('get one row each, once, and settle as refunded', async () => {
    const { db } = database;
    const vendor = await insertVendor(db);
    const customer = await insertCustomer(db);
    const cancelled = {
      status: 'cancelled' as const,
      paidAt: new Date('2026-11-20T10:00:00Z'),
      cancelledAt: new Date('2026-11-21T10:00:00Z'),
      refundedAt: new Date('2026-11-21T10:05:00Z'),
    };
    const [ours, dashboard, none] = await db
      .insert(appointments)
      .values([
        appointmentValues(vendor.id, customer, '2026-11-23T15:00:00Z', 60, {
          ...cancelled,
          refundId: 're_legacy_1',
          refundedAmountMxn: 45_000,
        }),
        appointmentValues(vendor.id, customer, '2026-11-23T17:00:00Z', 60, {
          ...cancelled,
          refundedAmountMxn: 45_000,
        }),
        appointmentValues(vendor.id, customer, '2026-11-23T19:00:00Z', 60),
      ])
      .returning({ id: appointments.id });
    await recordLegacyRefunds(db);
    await recordLegacyRefunds(db);
    const rows = await db.select().from(paymentRefunds);
    expect(rows.map((r) => [r.refundId, r.appointmentId, r.amountMxn, r.status]).sort()).toEqual(
      [
        ['re_legacy_1', ours!.id, 45_000, 'succeeded'],
        [`legacy_${dashboard!.id}`, dashboard!.id, 45_000, 'succeeded'],
      ].sort(),
    );
    expect(rows.some((r) => r.appointmentId === none!.id)).toBe(false);
    for (const { id } of [ours!, dashboard!]) {
      expect(await settleRefunds(db, id, new Date('2026-11-28T00:00:00Z'))).toEqual({ owed: false });
      expect((await db.select().from(appointments).where(eq(appointments.id, id)))[0]).toMatchObject({
        refundNeeded: false,
        refundedAmountMxn: 45_000,
      });
    }
  });
});
