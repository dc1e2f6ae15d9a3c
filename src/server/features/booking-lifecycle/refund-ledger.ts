import { and, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { appointments, paymentRefunds, type RefundStatus } from '../../db/schema/bookings.ts';
import { recordRefund, reverseRefund } from '../ledger/ledger.ts';

// The refunds of a booking's payment, one row per provider refund id (decision 056). Stripe sends a
// refund's news in any order and again for days (charge.refunded, refund.updated, refund.failed),
// so no event's amount is taken as the truth: each refund's status only moves forward, and what
// the booking has been paid back is the sum of its refunds that did not fail. A late charge.refunded
// can no longer undo a refund.failed, and a partial refund never closes the whole one owed.

/** One refund as the provider (or an admin) tells of it. */
export interface RefundFact {
  refundId: string;
  amountMxn: number;
  status: RefundStatus;
  failureReason?: string | null;
  reference?: string | null;
}

/** Where a status stands: a refund moves pending → succeeded → failed/canceled, never back. */
const rankOf = (status: SQL) =>
  sql`(case ${status} when 'pending' then 0 when 'succeeded' then 1 else 2 end)`;

/**
 * Records what is known of each refund; a status older than the one kept changes nothing. Returns
 * the refunds whose status this call moved (a new refund included). The ledger counts a refund when
 * it is first known to be on its way or made, and gives it back if it fails after that (decision 064).
 */
export async function recordRefunds(
  tx: Tx | Db,
  appointmentId: string,
  facts: readonly RefundFact[],
  now: Date,
): Promise<{ refundId: string; status: RefundStatus }[]> {
  const moved: { refundId: string; status: RefundStatus }[] = [];
  for (const fact of facts) {
    if (!(fact.amountMxn > 0)) continue;
    const [row] = await tx
      .insert(paymentRefunds)
      .values({
        refundId: fact.refundId,
        appointmentId,
        amountMxn: fact.amountMxn,
        status: fact.status,
        failureReason: fact.failureReason ?? null,
        reference: fact.reference ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: paymentRefunds.refundId,
        set: {
          status: sql`excluded.status`,
          failureReason: sql`coalesce(excluded.failure_reason, ${paymentRefunds.failureReason})`,
          updatedAt: now,
        },
        setWhere: sql`${rankOf(sql`excluded.status`)} > ${rankOf(sql`${paymentRefunds.status}`)}`,
      })
      .returning({
        refundId: paymentRefunds.refundId,
        status: paymentRefunds.status,
        // xmax is 0 on a row this statement inserted, and set on one it updated.
        inserted: sql<boolean>`(xmax = 0)`,
      });
    if (!row) continue;
    moved.push({ refundId: row.refundId, status: row.status });
    const failed = row.status === 'failed' || row.status === 'canceled';
    if (row.inserted && !failed)
      await recordRefund(tx, { appointmentId, refundId: row.refundId, amountMxn: fact.amountMxn }, now);
    else if (!row.inserted && failed) await reverseRefund(tx, row.refundId, now);
  }
  return moved;
}

/** The money still paid back on a booking: its refunds that are on their way or made. */
export const refundedSoFar = (appointmentId: string) =>
  sql<number>`(select coalesce(sum(${paymentRefunds.amountMxn}), 0)::int from ${paymentRefunds}
    where ${paymentRefunds.appointmentId} = ${appointmentId}
      and ${paymentRefunds.status} in ('pending', 'succeeded'))`;

/**
 * The booking as its refunds make it, in the caller's transaction: `refunded_amount_mxn` is their
 * sum; a refund is owed while a cancelled booking that took money has had less back than it owes
 * (`refund_due_mxn`, the policy's share set by its cancel — decision 095 — else the whole amount;
 * `owed − refunded`, whatever part a dashboard refund paid). `error` is the reason kept for the
 * admins while it stays owed. Returns whether the booking still owes a refund.
 */
export async function settleRefunds(
  tx: Tx | Db,
  appointmentId: string,
  now: Date,
  { error, refundId }: { error?: string; refundId?: string } = {},
): Promise<{ owed: boolean } | undefined> {
  const refunded = refundedSoFar(appointmentId);
  const owes = sql`(${appointments.status} = 'cancelled' and ${appointments.paidAt} is not null and ${refunded} < coalesce(${appointments.refundDueMxn}, ${appointments.amountMxn}))`;
  const [row] = await tx
    .update(appointments)
    .set({
      refundedAmountMxn: sql`nullif(${refunded}, 0)`,
      refundNeeded: owes,
      refundedAt: sql`case when ${refunded} > 0 then coalesce(${appointments.refundedAt}, ${now}::timestamptz) end`,
      refundError: sql`case when ${owes} then coalesce(${error ?? null}::text, ${appointments.refundError}) end`,
      ...(refundId ? { refundId } : {}),
      updatedAt: now,
    })
    .where(eq(appointments.id, appointmentId))
    .returning({ owed: appointments.refundNeeded });
  return row;
}

/**
 * The booking a provider's payment belongs to, locked: the one that kept that payment, else the one
 * the provider names that kept no other payment (a refund of a second payment for the same booking
 * is not the booking's).
 */
export async function bookingOfPayment(
  tx: Tx | Db,
  { appointmentId, paymentRef }: { appointmentId: string | null; paymentRef: string | null },
): Promise<string | undefined> {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const byId =
    appointmentId && uuid.test(appointmentId)
      ? and(
          eq(appointments.id, appointmentId),
          paymentRef
            ? or(isNull(appointments.paymentRef), eq(appointments.paymentRef, paymentRef))
            : undefined,
        )
      : undefined;
  const byRef = paymentRef ? eq(appointments.paymentRef, paymentRef) : undefined;
  if (!byId && !byRef) return undefined;
  const rows = await tx
    .select({ id: appointments.id, paymentRef: appointments.paymentRef })
    .from(appointments)
    .where(or(byRef, byId))
    .for('update')
    .limit(2);
  return (rows.find((r) => paymentRef && r.paymentRef === paymentRef) ?? rows[0])?.id;
}
