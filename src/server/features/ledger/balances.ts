import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { appointments } from '../../db/schema/bookings.ts';
import { ledgerEntries } from '../../db/schema/ledger.ts';

// The balances, derived from the entries (ARCHITECTURE §7.1, decision 064): a vendor's balance is
// what its entries brought in less what they took out. The part that belongs to bookings still
// paid whose end is more than the hold behind `now` is *available*; the money of bookings not yet
// done is *pending*; a cancelled booking's money goes back to its customer and counts in neither,
// whether or not its refund is made yet — unless its cancellation policy kept a share for the
// vendor (decision 095), which counts as a paid booking's does once its refund is recorded. Money not tied to a booking (a payout) counts against the
// available balance, which may so go below zero when a booking is refunded after its money was
// paid out.

export interface Balances {
  pending: number;
  available: number;
  paidOut: number;
}

/**
 * A cancelled booking whose cancellation policy kept part or all of its payment for the vendor
 * (decision 095): its cancel owed back less than its amount. That part is the vendor's as a paid
 * booking's is, released at the same time.
 */
const keptByPolicy = sql`coalesce(${appointments.status} = 'cancelled'
  and ${appointments.refundDueMxn} < ${appointments.amountMxn}, false)`;

/**
 * Whether an entry's booking has let its money go: still paid (or cancelled with a share kept by
 * its policy), ended, and the hold passed.
 */
export const releasedAt = (now: Date, holdHours: number) =>
  sql<boolean>`(${ledgerEntries.appointmentId} is null or ((${appointments.status} = 'paid' or ${keptByPolicy})
    and ${appointments.endTz} + ${holdHours} * interval '1 hour' <= ${now.toISOString()}::timestamptz))`;

/** Whether an entry's booking was cancelled with its money all its customer's again. */
export const cancelledBooking = sql<boolean>`(coalesce(${appointments.status} = 'cancelled', false)
  and not ${keptByPolicy})`;

/** An entry's amount as its vendor sees it: in to the vendor's balance, or out of it. */
export const vendorSigned = sql<number>`(case when ${ledgerEntries.toAccount} = 'vendor'
  then ${ledgerEntries.amountMxn} else -${ledgerEntries.amountMxn} end)`;

const touchesVendor = or(eq(ledgerEntries.fromAccount, 'vendor'), eq(ledgerEntries.toAccount, 'vendor'));

/** The balances of the vendors `where` picks, one row each (those with entries). */
export function selectBalances(
  tx: Tx | Db,
  { now, holdHours, where }: { now: Date; holdHours: number; where?: SQL | undefined },
) {
  const released = releasedAt(now, holdHours);
  return tx
    .select({
      vendorProfileId: ledgerEntries.vendorProfileId,
      pending: sql<number>`coalesce(sum(${vendorSigned}) filter (where not ${released}
        and not ${cancelledBooking}), 0)::int`.as('pending'),
      available: sql<number>`coalesce(sum(${vendorSigned}) filter (where ${released}), 0)::int`.as(
        'available',
      ),
      paidOut:
        sql<number>`coalesce(sum(case ${ledgerEntries.kind} when 'payout' then ${ledgerEntries.amountMxn}
        when 'payout_reversed' then -${ledgerEntries.amountMxn} else 0 end), 0)::int`.as('paid_out'),
    })
    .from(ledgerEntries)
    .leftJoin(appointments, eq(appointments.id, ledgerEntries.appointmentId))
    .where(and(touchesVendor, where))
    .groupBy(ledgerEntries.vendorProfileId);
}

/** One vendor's balances at `now`: zero when it has no entries. */
export async function vendorBalances(
  tx: Tx | Db,
  vendorProfileId: string,
  { now, holdHours }: { now: Date; holdHours: number },
): Promise<Balances> {
  const [row] = await selectBalances(tx, {
    now,
    holdHours,
    where: eq(ledgerEntries.vendorProfileId, vendorProfileId),
  });
  return { pending: row?.pending ?? 0, available: row?.available ?? 0, paidOut: row?.paidOut ?? 0 };
}

/** The platform's commission kept: what came to its account less what refunds took back. */
export async function commissionEarned(tx: Tx | Db): Promise<number> {
  const [row] = await tx
    .select({
      total: sql<number>`coalesce(sum(case when ${ledgerEntries.toAccount} = 'commission'
        then ${ledgerEntries.amountMxn} else -${ledgerEntries.amountMxn} end), 0)::int`,
    })
    .from(ledgerEntries)
    .where(or(eq(ledgerEntries.fromAccount, 'commission'), eq(ledgerEntries.toAccount, 'commission')));
  return row?.total ?? 0;
}
