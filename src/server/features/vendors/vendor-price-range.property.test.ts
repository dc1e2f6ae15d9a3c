import { eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { services, vendorProfiles } from '../../db/schema/vendors.ts';
import { insertService, insertVendor } from '../../test/factories.ts';
import { createTestDatabase, testEngine } from '../../test/test-db.ts';

// Decision 088: a vendor's row holds the lowest and highest price of its active services, kept by
// the services' statement triggers. Any sequence of inserts (several rows at once), price and
// activity changes and deletes leaves it equal to what the services say.

type Step =
  | { kind: 'insert'; vendor: number; prices: { cents: number; active: boolean }[] }
  | { kind: 'price'; service: number; cents: number }
  | { kind: 'activity'; service: number; active: boolean }
  | { kind: 'delete'; service: number };

const cents = fc.integer({ min: 0, max: 500_000 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('insert' as const),
    vendor: fc.nat(2),
    prices: fc.array(fc.record({ cents, active: fc.boolean() }), { minLength: 1, maxLength: 3 }),
  }),
  fc.record({ kind: fc.constant('price' as const), service: fc.nat(), cents }),
  fc.record({ kind: fc.constant('activity' as const), service: fc.nat(), active: fc.boolean() }),
  fc.record({ kind: fc.constant('delete' as const), service: fc.nat() }),
);

describe(`a vendor's active price range follows its services (${testEngine})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('after any sequence of service changes', async () => {
    const db = database.db;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        const vendors = await Promise.all([0, 1, 2].map(() => insertVendor(db)));
        const ids = vendors.map((vendor) => vendor.id);
        const serviceIds: string[] = [];
        for (const change of steps) {
          const target =
            serviceIds.length > 0
              ? serviceIds[(change as { service?: number }).service! % serviceIds.length]
              : undefined;
          if (change.kind === 'insert') {
            // One statement for all of them, as the seed inserts.
            const rows = await db
              .insert(services)
              .values(
                change.prices.map(({ cents: priceCents, active }) => ({
                  vendorProfileId: ids[change.vendor]!,
                  name: 'Servicio',
                  priceCents,
                  durationMinutes: 60,
                  isActive: active,
                })),
              )
              .returning({ id: services.id });
            serviceIds.push(...rows.map((row) => row.id));
          } else if (!target) continue;
          else if (change.kind === 'price')
            await db.update(services).set({ priceCents: change.cents }).where(eq(services.id, target));
          else if (change.kind === 'activity')
            await db.update(services).set({ isActive: change.active }).where(eq(services.id, target));
          else {
            await db.delete(services).where(eq(services.id, target));
            serviceIds.splice(serviceIds.indexOf(target), 1);
          }
        }
        const kept = await db
          .select({
            id: vendorProfiles.id,
            low: vendorProfiles.activePriceMinCents,
            high: vendorProfiles.activePriceMaxCents,
          })
          .from(vendorProfiles)
          .where(inArray(vendorProfiles.id, ids));
        const actual = await db
          .select({
            id: services.vendorProfileId,
            low: sql<number>`min(${services.priceCents})::int`,
            high: sql<number>`max(${services.priceCents})::int`,
          })
          .from(services)
          .where(sql`${services.isActive} and ${inArray(services.vendorProfileId, ids)}`)
          .groupBy(services.vendorProfileId);
        for (const row of kept) {
          const expected = actual.find((a) => a.id === row.id);
          expect({ low: row.low, high: row.high }).toEqual({
            low: expected?.low ?? null,
            high: expected?.high ?? null,
          });
        }
      }),
      { numRuns: 40 },
    );
  });

  it('a vendor inserted alone has no range; its first service gives it one', async () => {
    const vendor = await insertVendor(database.db);
    const range = async () =>
      (
        await database.db
          .select({ low: vendorProfiles.activePriceMinCents, high: vendorProfiles.activePriceMaxCents })
          .from(vendorProfiles)
          .where(eq(vendorProfiles.id, vendor.id))
      )[0];
    expect(await range()).toEqual({ low: null, high: null });
    await insertService(database.db, vendor.id, { priceCents: 45_000 });
    expect(await range()).toEqual({ low: 45_000, high: 45_000 });
  });
});
