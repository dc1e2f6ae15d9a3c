import { count, sql } from 'drizzle-orm';
import type { AdminStats } from '../../../shared/admin.schemas.ts';
import type { Db } from '../../db/client.ts';
import { appointments } from '../../db/schema/bookings.ts';
import { vendorProfiles } from '../../db/schema/vendors.ts';
import { countPublishedReviews } from '../reviews/reviews.service.ts';
import { scheduledWhere } from './admin-bookings.service.ts';
import { countAdminCustomers } from './admin-customers.service.ts';

/**
 * GET /api/admin/stats: the four summary cards (product §2), all from real rows. Services scheduled
 * are the bookings a customer will be served for, counted as the Bookings tab's `scheduled` filter
 * lists them (the card links there).
 */
export async function getAdminStats(db: Db, { now }: { now: Date }): Promise<AdminStats> {
  const [[vendors], customers, [scheduled], reviews] = await Promise.all([
    // One pass over the table for both numbers.
    db
      .select({
        total: count(),
        unclaimed: sql<number>`(count(*) filter (where not ${vendorProfiles.isClaimed}))::int`,
      })
      .from(vendorProfiles),
    countAdminCustomers(db),
    db.select({ total: count() }).from(appointments).where(scheduledWhere(now)),
    countPublishedReviews(db),
  ]);
  return {
    vendors: vendors?.total ?? 0,
    unclaimed_vendors: vendors?.unclaimed ?? 0,
    customers,
    // The published reviews (decision 066): hidden and deleted ones are not on any profile.
    reviews,
    services_scheduled: scheduled?.total ?? 0,
  };
}
