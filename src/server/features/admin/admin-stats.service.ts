import { count, sql } from 'drizzle-orm';
import type { AdminStats } from '../../../shared/admin.schemas.ts';
import type { Db } from '../../db/client.ts';
import { appointments } from '../../db/schema/bookings.ts';
import { vendorRatings } from '../../db/schema/reviews.ts';
import { vendorProfiles } from '../../db/schema/vendors.ts';
import { scheduledWhere } from './admin-bookings.service.ts';
import { countAdminCustomers } from './admin-customers.service.ts';

/**
 * GET /api/admin/stats: the four summary cards (product §2), all from real rows. Services scheduled
 * are the bookings a customer will be served for, counted as the Bookings tab's `scheduled` filter
 * lists them (the card links there).
 */
export async function getAdminStats(db: Db, { now }: { now: Date }): Promise<AdminStats> {
  const [[vendors], [rated], customers, [scheduled]] = await Promise.all([
    // One pass over the table for both numbers.
    db
      .select({
        total: count(),
        unclaimed: sql<number>`(count(*) filter (where not ${vendorProfiles.isClaimed}))::int`,
      })
      .from(vendorProfiles),
    // The published reviews, as the vendors' kept counts hold them (decisions 066, 067): equal to
    // counting the reviews, without reading a million rows.
    db
      .select({ reviews: sql<number>`coalesce(sum(${vendorRatings.ratingCount}), 0)::int` })
      .from(vendorRatings),
    countAdminCustomers(db),
    db.select({ total: count() }).from(appointments).where(scheduledWhere(now)),
  ]);
  return {
    vendors: vendors?.total ?? 0,
    unclaimed_vendors: vendors?.unclaimed ?? 0,
    customers,
    reviews: rated?.reviews ?? 0,
    services_scheduled: scheduled?.total ?? 0,
  };
}
