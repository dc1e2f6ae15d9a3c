import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments } from '../../db/schema/bookings.ts';
import { outbox } from '../../db/schema/messaging.ts';
import { reviews, vendorRatings } from '../../db/schema/reviews.ts';
import { vendorProfiles } from '../../db/schema/vendors.ts';
import { demoAccounts } from '../../db/seed/demo-people.ts';
import { seedDemoData } from '../../db/seed/seed.ts';
import { createTestDatabase, type TestDatabase, testEngine } from '../../test/test-db.ts';
import { manageLinkOf } from '../booking-lifecycle/manage-links.ts';
import { requestReviews } from '../booking-lifecycle/request-reviews.ts';
import { seedDemoReviews } from './demo-reviews.ts';

// The demo's reviews come from its past paid bookings through the review rules (decision 066): no
// average is written by hand, and the demo customer is left one booking to review.
const NOW = new Date('2026-11-25T18:00:00Z');
const manageLink = manageLinkOf({ appUrl: 'http://barrio.test', secret: 'demo-secret' });

describe(`the demo's reviews (${testEngine})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    expect(
      await seedDemoData(database.db, {
        vendors: 30,
        now: NOW,
        alsoSeed: (tx, now) => seedDemoReviews(tx, { now, manageLink }),
      }),
    ).toBe(true);
  });
  afterAll(() => database.close());

  it('reviews only past paid bookings, and every average is the sum of its published reviews', async () => {
    const db = database.db;
    const written = await db
      .select({
        status: appointments.status,
        end: appointments.endTz,
        requested: appointments.reviewRequestedAt,
      })
      .from(reviews)
      .innerJoin(appointments, eq(appointments.id, reviews.appointmentId));
    expect(written.length).toBeGreaterThan(5);
    for (const booking of written) {
      expect(['paid', 'confirmed']).toContain(booking.status);
      expect(booking.end.getTime()).toBeLessThan(NOW.getTime());
      expect(booking.requested).not.toBeNull();
    }
    const kept = await db
      .select({
        id: vendorRatings.vendorProfileId,
        count: vendorRatings.ratingCount,
        sum: vendorRatings.ratingSum,
      })
      .from(vendorRatings);
    const published = await db
      .select({
        id: reviews.vendorProfileId,
        count: sql<number>`count(*)::int`,
        sum: sql<number>`sum(${reviews.rating})::int`,
      })
      .from(reviews)
      .where(eq(reviews.status, 'published'))
      .groupBy(reviews.vendorProfileId);
    const expected = new Map(published.map((r) => [r.id, { count: r.count, sum: r.sum }]));
    const mismatched = kept.filter((v) => {
      const want = expected.get(v.id) ?? { count: 0, sum: 0 };
      return want.count !== v.count || want.sum !== v.sum;
    });
    expect(mismatched).toEqual([]);
    const [demoVendor] = await db
      .select({ count: vendorRatings.ratingCount })
      .from(vendorProfiles)
      .innerJoin(vendorRatings, eq(vendorRatings.vendorProfileId, vendorProfiles.id))
      .where(eq(vendorProfiles.businessName, demoAccounts.vendor.businessName));
    expect(demoVendor!.count).toBeGreaterThan(0);
    const answered = await db.select().from(reviews).where(sql`${reviews.answer} is not null`);
    expect(answered).toHaveLength(1);
  });

  it('leaves the demo customer a booking to review, its request in the mailbox, asked once', async () => {
    const db = database.db;
    const unreviewed = await db
      .select({ id: appointments.id, code: appointments.code })
      .from(appointments)
      .where(
        and(
          eq(appointments.customerEmail, demoAccounts.customer.email),
          eq(appointments.status, 'paid'),
          sql`${appointments.endTz} < ${NOW}`,
          sql`not exists (select 1 from ${reviews} where ${reviews.appointmentId} = ${appointments.id})`,
        ),
      );
    expect(unreviewed).toHaveLength(1);
    const mails = (await db.select().from(outbox).where(eq(outbox.kind, 'mail'))).filter((m) =>
      String(m.payload.text).includes(`/review/${unreviewed[0]!.code}?token=`),
    );
    expect(mails.map((m) => m.payload.to)).toEqual([demoAccounts.customer.email]);
    // The sweeper has nothing left to ask.
    expect(await requestReviews({ db, now: NOW, manageLink })).toBe(0);
  });
});
