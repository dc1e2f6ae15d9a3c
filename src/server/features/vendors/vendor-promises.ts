import { and, gte, inArray, sql } from 'drizzle-orm';
import {
  COMPLETION_MIN_BOOKINGS,
  RESPONSE_TIME_DAYS,
  RESPONSE_TIME_MIN_ANSWERS,
} from '../../../shared/constants.ts';
import type { Db } from '../../db/client.ts';
import { appointments } from '../../db/schema/bookings.ts';

// The measured promises of a profile (decision 066), from the bookings' own timestamps, never typed
// by anybody: how fast the vendor answers (the median minutes from request to answer over the last
// RESPONSE_TIME_DAYS; a request left to expire counts as answered at its expiry) and how often a
// confirmed booking is carried out (of those whose time passed in the last year, leaving out what
// the customer cancelled or never paid, or did not come; what the vendor or an admin cancelled counts
// as not carried out, decision 094). Each is null when there is too little to say.

const DAY_MS = 24 * 60 * 60_000;
/** The completion rate looks back a year: enough bookings, and the index's range stays short. */
const COMPLETION_DAYS = 365;

export interface VendorPromises {
  response_minutes_median: number | null;
  completion_rate: number | null;
}

export async function vendorPromises(
  db: Db,
  vendorIds: string[],
  now: Date,
): Promise<Map<string, VendorPromises>> {
  if (vendorIds.length === 0) return new Map();
  const responseFrom = new Date(now.getTime() - RESPONSE_TIME_DAYS * DAY_MS);
  const completionFrom = new Date(now.getTime() - COMPLETION_DAYS * DAY_MS);
  const a = appointments;
  const answeredAt = sql`coalesce(${a.answeredAt}, case when ${a.status} = 'expired' then ${a.updatedAt} end)`;
  const asked = sql`${a.createdAt} >= ${responseFrom} and ${answeredAt} is not null`;
  const confirmedAndPast = sql`${a.confirmedAt} is not null and ${a.endTz} <= ${now}
    and not (${a.status} = 'cancelled' and coalesce(${a.cancelReason}, '') in ('customer', 'payment_timeout'))
    and ${a.outcome} is distinct from 'no_show'`;
  const rows = await db
    .select({
      vendorId: a.vendorProfileId,
      answers: sql<number>`count(*) filter (where ${asked})::int`,
      medianMinutes: sql<
        number | null
      >`percentile_cont(0.5) within group (order by extract(epoch from ${answeredAt} - ${a.createdAt}) / 60) filter (where ${asked})`,
      confirmed: sql<number>`count(*) filter (where ${confirmedAndPast})::int`,
      carriedOut: sql<number>`count(*) filter (where ${confirmedAndPast} and ${a.status} in ('paid', 'confirmed'))::int`,
    })
    .from(a)
    // A booking starts after it is asked for: the start bounds both windows (appointments_vendor_start_idx).
    .where(and(inArray(a.vendorProfileId, vendorIds), gte(a.startTz, completionFrom)))
    .groupBy(a.vendorProfileId);
  return new Map(
    rows.map((row) => [
      row.vendorId,
      {
        response_minutes_median:
          row.answers >= RESPONSE_TIME_MIN_ANSWERS && row.medianMinutes !== null
            ? Math.max(1, Math.round(Number(row.medianMinutes)))
            : null,
        completion_rate:
          row.confirmed >= COMPLETION_MIN_BOOKINGS
            ? Math.round((row.carriedOut / row.confirmed) * 100) / 100
            : null,
      },
    ]),
  );
}
