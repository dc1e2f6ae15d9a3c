import { and, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import { commissionOf } from '../../../shared/money.ts';
import type { LedgerCheck } from '../../../shared/payout.schemas.ts';
import type { Db } from '../../db/client.ts';
import { appointments, paymentRefunds } from '../../db/schema/bookings.ts';
import { ledgerEntries, payouts } from '../../db/schema/ledger.ts';

// The ledger's consistency check (`npm run ledger:check`, GET /api/admin/ledger/check; decision
// 064): what the entries say against what the bookings, refunds and payouts say. Each problem
// names the row it is about; none means the books agree.

const sumOf = (kinds: string[]) =>
  sql<number>`coalesce(sum(${ledgerEntries.amountMxn}) filter (where ${ledgerEntries.kind} in (${sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  )})), 0)::int`;

export async function checkLedger(db: Db): Promise<LedgerCheck> {
  const problems: string[] = [];

  // Every booking the ledger knows, and every booking that fixed a commission when it was paid.
  const perBooking = db
    .select({
      appointmentId: ledgerEntries.appointmentId,
      payment: sumOf(['payment']).as('payment'),
      commission: sumOf(['commission']).as('commission'),
      refunded: sql<number>`(${sumOf(['refund', 'commission_refund'])} - ${sumOf([
        'refund_reversed',
        'commission_refund_reversed',
      ])})`.as('refunded'),
      vendorNet: sql<number>`(${sumOf(['payment', 'refund_reversed'])} - ${sumOf(['refund'])})`.as(
        'vendor_net',
      ),
      wrongVendor:
        sql<number>`count(*) filter (where ${ledgerEntries.vendorProfileId} <> ${appointments.vendorProfileId})::int`.as(
          'wrong_vendor',
        ),
    })
    .from(ledgerEntries)
    .innerJoin(appointments, eq(appointments.id, ledgerEntries.appointmentId))
    .groupBy(ledgerEntries.appointmentId)
    .as('per_booking');
  const refunds = db
    .select({
      appointmentId: paymentRefunds.appointmentId,
      total: sql<number>`sum(${paymentRefunds.amountMxn})::int`.as('total'),
    })
    .from(paymentRefunds)
    .where(inArray(paymentRefunds.status, ['pending', 'succeeded']))
    .groupBy(paymentRefunds.appointmentId)
    .as('refunds');
  const bookings = await db
    .select({
      id: appointments.id,
      code: appointments.code,
      status: appointments.status,
      amountMxn: appointments.amountMxn,
      commissionBps: appointments.commissionBps,
      commissionMxn: appointments.commissionMxn,
      payment: perBooking.payment,
      commission: perBooking.commission,
      refunded: perBooking.refunded,
      vendorNet: perBooking.vendorNet,
      wrongVendor: perBooking.wrongVendor,
      refundsRecorded: refunds.total,
    })
    .from(appointments)
    .leftJoin(perBooking, eq(perBooking.appointmentId, appointments.id))
    .leftJoin(refunds, eq(refunds.appointmentId, appointments.id))
    .where(
      or(
        isNotNull(perBooking.appointmentId),
        isNotNull(appointments.commissionMxn),
        and(eq(appointments.status, 'paid'), sql`${appointments.amountMxn} > 0`),
      ),
    );
  for (const b of bookings) {
    const name = `booking ${b.code} (${b.id})`;
    if (b.commissionMxn === null || b.commissionBps === null) {
      problems.push(
        b.status === 'paid'
          ? `${name} is paid but has no commission fixed nor ledger entries`
          : `${name} has ledger entries but was never paid`,
      );
      continue;
    }
    if (b.commissionMxn !== commissionOf(b.amountMxn, b.commissionBps))
      problems.push(`${name}: commission ${b.commissionMxn} is not ${b.commissionBps} bps of ${b.amountMxn}`);
    const payment = b.payment ?? 0;
    const commission = b.commission ?? 0;
    if (payment + commission !== b.amountMxn || commission !== b.commissionMxn)
      problems.push(
        `${name}: its payment entries (${payment} to the vendor, ${commission} commission) do not make its amount ${b.amountMxn} with commission ${b.commissionMxn}`,
      );
    const refunded = b.refunded ?? 0;
    const recorded = b.refundsRecorded ?? 0;
    if (refunded !== recorded)
      problems.push(`${name}: the ledger counts ${refunded} refunded, its refunds say ${recorded}`);
    if ((b.vendorNet ?? 0) < 0)
      problems.push(`${name}: its vendor gave back more (${-(b.vendorNet ?? 0)}) than it was credited`);
    if (recorded >= b.amountMxn && (b.vendorNet ?? 0) !== 0)
      problems.push(`${name} is refunded in full but still credits its vendor ${b.vendorNet}`);
    if ((b.wrongVendor ?? 0) > 0) problems.push(`${name}: an entry names another vendor than the booking's`);
  }

  // Every payout has its one entry, of its amount, and every payout entry its payout.
  const payoutRows = await db
    .select({
      id: payouts.id,
      amountMxn: payouts.amountMxn,
      vendorProfileId: payouts.vendorProfileId,
      entryAmount: ledgerEntries.amountMxn,
      entryVendor: ledgerEntries.vendorProfileId,
    })
    .from(payouts)
    .leftJoin(ledgerEntries, and(eq(ledgerEntries.payoutId, payouts.id), eq(ledgerEntries.kind, 'payout')));
  for (const p of payoutRows) {
    if (p.entryAmount === null) problems.push(`payout ${p.id} has no ledger entry`);
    else if (p.entryAmount !== p.amountMxn || p.entryVendor !== p.vendorProfileId)
      problems.push(`payout ${p.id}: its entry of ${p.entryAmount} does not match its ${p.amountMxn}`);
  }
  const orphans = await db
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .leftJoin(payouts, eq(payouts.id, ledgerEntries.payoutId))
    .where(
      and(
        eq(ledgerEntries.kind, 'payout'),
        or(isNull(payouts.id), ne(payouts.vendorProfileId, ledgerEntries.vendorProfileId)),
      ),
    );
  for (const o of orphans) problems.push(`payout entry ${o.id} has no payout of its vendor`);

  return { ok: problems.length === 0, problems };
}
