import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { writeEntries } from '../../db/ledger-entries.ts';
import { appointments } from '../../db/schema/bookings.ts';
import { ledgerEntries } from '../../db/schema/ledger.ts';

// The ledger's rules for refunds (ARCHITECTURE §7.1, decision 064); a payment's and a payout's
// entries are plain and written by db/ledger-entries.ts, which the demo seed uses too. Each writer
// is called inside the transaction of the change that causes it and writes its entries under keys
// made from that event, so a replayed webhook or a second sweeper inserts nothing. Nothing here
// reads a rate from the configuration: the commission was fixed on the booking when it was paid.

/** What the refunds counted so far took back from a booking: in all, and from the commission. */
async function refundedShares(tx: Tx | Db, appointmentId: string) {
  const [row] = await tx
    .select({
      total: sql<number>`coalesce(sum(case
        when ${ledgerEntries.kind} in ('refund', 'commission_refund') then ${ledgerEntries.amountMxn}
        else -${ledgerEntries.amountMxn} end), 0)::int`,
      commission: sql<number>`coalesce(sum(case ${ledgerEntries.kind}
        when 'commission_refund' then ${ledgerEntries.amountMxn}
        when 'commission_refund_reversed' then -${ledgerEntries.amountMxn}
        else 0 end), 0)::int`,
    })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.appointmentId, appointmentId),
        inArray(ledgerEntries.kind, [
          'refund',
          'commission_refund',
          'refund_reversed',
          'commission_refund_reversed',
        ]),
      ),
    );
  return { total: row?.total ?? 0, commission: row?.commission ?? 0 };
}

/**
 * A refund of a booking's payment, counted once when the provider (or an admin) first records it as
 * on its way or made. The commission gives back its share of what is refunded — so a full refund
 * returns the whole commission and the vendor's whole net — and the vendor the rest, from its
 * pending balance or, once paid out, as a negative balance the next payout nets out. A booking
 * that never credited its vendor (a payment that came too late) writes nothing.
 */
export async function recordRefund(
  tx: Tx | Db,
  refund: { appointmentId: string; refundId: string; amountMxn: number },
  now: Date,
): Promise<number> {
  const [booking] = await tx
    .select({
      vendorProfileId: appointments.vendorProfileId,
      amountMxn: appointments.amountMxn,
      commissionMxn: appointments.commissionMxn,
    })
    .from(appointments)
    .where(eq(appointments.id, refund.appointmentId));
  if (!booking || booking.commissionMxn === null || booking.amountMxn <= 0) return 0;
  const before = await refundedShares(tx, refund.appointmentId);
  const total = Math.min(booking.amountMxn, before.total + refund.amountMxn);
  const commissionAfter = Math.floor(
    (total * booking.commissionMxn * 2 + booking.amountMxn) / (2 * booking.amountMxn),
  );
  const commission = Math.max(0, Math.min(refund.amountMxn, commissionAfter - before.commission));
  const common = {
    vendorProfileId: booking.vendorProfileId,
    appointmentId: refund.appointmentId,
    refundId: refund.refundId,
  };
  return writeEntries(
    tx,
    [
      {
        ...common,
        entryKey: `refund:${refund.refundId}`,
        kind: 'refund',
        from: 'vendor',
        to: 'customer',
        amountMxn: refund.amountMxn - commission,
      },
      {
        ...common,
        entryKey: `commission_refund:${refund.refundId}`,
        kind: 'commission_refund',
        from: 'commission',
        to: 'customer',
        amountMxn: commission,
      },
    ],
    now,
  );
}

/** A refund counted before that failed after all: its shares come back as they went. */
export async function reverseRefund(tx: Tx | Db, refundId: string, now: Date): Promise<number> {
  const counted = await tx
    .select()
    .from(ledgerEntries)
    .where(
      and(eq(ledgerEntries.refundId, refundId), inArray(ledgerEntries.kind, ['refund', 'commission_refund'])),
    );
  return writeEntries(
    tx,
    counted.map((e) => ({
      entryKey: `${e.kind}_reversed:${refundId}`,
      kind: e.kind === 'refund' ? ('refund_reversed' as const) : ('commission_refund_reversed' as const),
      from: e.toAccount,
      to: e.fromAccount,
      amountMxn: e.amountMxn,
      vendorProfileId: e.vendorProfileId,
      ...(e.appointmentId ? { appointmentId: e.appointmentId } : {}),
      refundId,
    })),
    now,
  );
}
