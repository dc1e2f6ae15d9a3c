import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments } from '../../db/schema/bookings.ts';
import { vendorRatings } from '../../db/schema/reviews.ts';
import { appointmentValues, insertVendor } from '../../test/factories.ts';
import { createTestDatabase, type TestDatabase, testEngine } from '../../test/test-db.ts';
import { vendorPromises } from './vendor-promises.ts';
import { listPublicVendors } from './vendors.service.ts';

// The measured promises and the best-rated order (decision 066), on bookings and ratings written
// here with fixed timestamps.
const NOW = new Date('2026-11-22T18:00:00Z');
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const at = (ms: number) => new Date(NOW.getTime() + ms);

describe(`measured promises and best rated (${testEngine})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  /** A booking asked for `daysAgo` days before now, two days ahead of its time; a guest's. */
  function past(vendorId: string, daysAgo: number, fields: Partial<typeof appointments.$inferInsert>) {
    const createdAt = at(-daysAgo * DAY);
    return appointmentValues(
      vendorId,
      `c${Math.random().toString(36).slice(2)}`,
      at(-daysAgo * DAY + 2 * DAY).toISOString(),
      60,
      {
        customerId: null,
        createdAt,
        updatedAt: createdAt,
        ...fields,
      },
    );
  }
  const answeredAfter = (daysAgo: number, minutes: number) => at(-daysAgo * DAY + minutes * 60_000);

  it('the median answer time over 90 days and the completion rate, each once there is enough', async () => {
    const vendor = await insertVendor(database.db);
    await database.db.insert(appointments).values([
      // Answered after 30, 60 and 240 minutes: the median is 60.
      past(vendor.id, 10, {
        status: 'paid',
        answeredAt: answeredAfter(10, 30),
        confirmedAt: answeredAfter(10, 30),
      }),
      past(vendor.id, 11, {
        status: 'paid',
        answeredAt: answeredAfter(11, 60),
        confirmedAt: answeredAfter(11, 60),
      }),
      past(vendor.id, 12, { status: 'declined', answeredAt: answeredAfter(12, 240) }),
      // Older than 90 days: counts for completion, not for the answer time.
      past(vendor.id, 120, {
        status: 'paid',
        answeredAt: answeredAfter(120, 5000),
        confirmedAt: answeredAfter(120, 5000),
      }),
      // Confirmed, then cancelled by an admin: not carried out.
      past(vendor.id, 20, {
        status: 'cancelled',
        cancelReason: 'admin',
        answeredAt: answeredAfter(20, 45),
        confirmedAt: answeredAfter(20, 45),
      }),
      // Confirmed, then cancelled by the customer: left out of the rate.
      past(vendor.id, 21, {
        status: 'cancelled',
        cancelReason: 'customer',
        answeredAt: answeredAfter(21, 600),
        confirmedAt: answeredAfter(21, 600),
      }),
    ]);
    let promises = (await vendorPromises(database.db, [vendor.id], NOW)).get(vendor.id);
    // Answers in 90 days: 30, 60, 240, 45, 600 → median 60. Confirmed and past: 4 (too few for a rate).
    expect(promises).toEqual({ response_minutes_median: 60, completion_rate: null });

    await database.db.insert(appointments).values([
      past(vendor.id, 30, {
        status: 'paid',
        answeredAt: answeredAfter(30, 50),
        confirmedAt: answeredAfter(30, 50),
      }),
    ]);
    promises = (await vendorPromises(database.db, [vendor.id], NOW)).get(vendor.id);
    // Carried out 4 of 5 (the admin's cancellation is the fifth); answers 30, 45, 50, 60, 240, 600.
    expect(promises).toEqual({ response_minutes_median: 55, completion_rate: 0.8 });

    const newcomer = await insertVendor(database.db);
    await database.db.insert(appointments).values([
      past(newcomer.id, 3, {
        status: 'paid',
        answeredAt: answeredAfter(3, 20),
        confirmedAt: answeredAfter(3, 20),
      }),
    ]);
    const few = await vendorPromises(database.db, [newcomer.id], NOW);
    expect(few.get(newcomer.id)).toEqual({ response_minutes_median: null, completion_rate: null });
  });

  it('a booking the vendor cancelled counts as not carried out once its time has passed', async () => {
    const vendor = await insertVendor(database.db);
    const paid = (daysAgo: number) =>
      past(vendor.id, daysAgo, {
        status: 'paid',
        answeredAt: answeredAfter(daysAgo, 30),
        confirmedAt: answeredAfter(daysAgo, 30),
      });
    const cancelledByVendor = (daysAgo: number) =>
      past(vendor.id, daysAgo, {
        status: 'cancelled',
        cancelReason: 'vendor',
        cancelNote: 'Se descompuso mi auto',
        answeredAt: answeredAfter(daysAgo, 30),
        confirmedAt: answeredAfter(daysAgo, 30),
      });
    await database.db
      .insert(appointments)
      .values([paid(10), paid(11), paid(12), paid(13), cancelledByVendor(14), cancelledByVendor(1)]);
    // The one cancelled 1 day ago was due tomorrow: its time has not passed, so it is not counted yet.
    expect((await vendorPromises(database.db, [vendor.id], NOW)).get(vendor.id)?.completion_rate).toBe(0.8);
    expect(
      (await vendorPromises(database.db, [vendor.id], at(2 * DAY))).get(vendor.id)?.completion_rate,
    ).toBe(0.67);
  });

  it('a booking marked completed counts as carried out; a no-show is left out of the rate', async () => {
    const vendor = await insertVendor(database.db);
    const paid = (daysAgo: number, outcome: 'completed' | 'no_show' | null) =>
      past(vendor.id, daysAgo, {
        status: 'paid',
        answeredAt: answeredAfter(daysAgo, 30),
        confirmedAt: answeredAfter(daysAgo, 30),
        outcome,
        outcomeAt: outcome ? at(-daysAgo * DAY + 2 * DAY) : null,
      });
    const cancelledByVendor = past(vendor.id, 15, {
      status: 'cancelled',
      cancelReason: 'vendor',
      answeredAt: answeredAfter(15, 30),
      confirmedAt: answeredAfter(15, 30),
    });
    await database.db
      .insert(appointments)
      .values([
        paid(10, 'completed'),
        paid(11, 'completed'),
        paid(12, null),
        paid(13, null),
        paid(14, 'no_show'),
        paid(16, 'no_show'),
        cancelledByVendor,
      ]);
    // Four carried out of five (the vendor's cancel the fifth); the two no-shows are not counted.
    expect((await vendorPromises(database.db, [vendor.id], NOW)).get(vendor.id)?.completion_rate).toBe(0.8);
  });

  it('sorts best rated by the Bayesian average: one 5 does not outrank forty 4.8s', async () => {
    const category = 'photography' as const;
    const one = await insertVendor(database.db, { serviceCategory: category, businessName: 'Una Cinco' });
    const forty = await insertVendor(database.db, { serviceCategory: category, businessName: 'Cuarenta' });
    const none = await insertVendor(database.db, { serviceCategory: category, businessName: 'Sin Reseñas' });
    const low = await insertVendor(database.db, { serviceCategory: category, businessName: 'Dos Tres' });
    const rate = (id: string, count: number, sum: number) =>
      database.db
        .update(vendorRatings)
        .set({ ratingCount: count, ratingSum: sum })
        .where(eq(vendorRatings.vendorProfileId, id));
    await rate(one.id, 1, 5);
    await rate(forty.id, 40, 192);
    await rate(low.id, 2, 6);
    const list = await listPublicVendors(database.db, { category, sort: 'rating', offset: 0, limit: 10 });
    expect(list.items.map((v) => [v.business_name, v.rating_average, v.rating_count])).toEqual([
      ['Cuarenta', 4.8, 40],
      ['Una Cinco', 5, 1],
      ['Sin Reseñas', null, 0],
      ['Dos Tres', 3, 2],
    ]);
    // With a filter beyond the category (each row joined before the page is cut), the same order,
    // and one page further on continues it.
    const narrowed = await listPublicVendors(database.db, {
      category,
      colonia: 'Roma Norte',
      sort: 'rating',
      offset: 0,
      limit: 10,
    });
    expect(narrowed.items.map((v) => v.business_name)).toEqual(list.items.map((v) => v.business_name));
    const second = await listPublicVendors(database.db, { category, sort: 'rating', offset: 1, limit: 2 });
    expect(second.items.map((v) => v.business_name)).toEqual(['Una Cinco', 'Sin Reseñas']);
    expect(second.hasMore).toBe(true);
    // The default order stays newest first.
    const newest = await listPublicVendors(database.db, { category, offset: 0, limit: 10 });
    expect(newest.items.map((v) => v.business_name)).toEqual([
      'Dos Tres',
      'Sin Reseñas',
      'Cuarenta',
      'Una Cinco',
    ]);
    void none;
  });
});
