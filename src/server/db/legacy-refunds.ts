import { sql } from 'drizzle-orm';
import type { Db } from './db.ts';

/**
 * Bookings refunded before refunds were kept one row per provider refund (decision 056) get their
 * row, so that the money they were paid back still counts: what was recorded on the booking, under
 * the refund id it named (or `legacy_<booking>` for a dashboard refund that named none). Runs after
 * every migrate; a booking that has any refund row is left alone, so it runs once per booking.
 */
export async function recordLegacyRefunds(db: Db): Promise<void> {
  await db.execute(sql`
    insert into payment_refunds (refund_id, appointment_id, amount_mxn, status, created_at, updated_at)
    select coalesce(a.refund_id, 'legacy_' || a.id::text), a.id, a.refunded_amount_mxn, 'succeeded',
           coalesce(a.refunded_at, a.updated_at), coalesce(a.refunded_at, a.updated_at)
    from appointments a
    where a.refunded_amount_mxn > 0
      and not exists (select 1 from payment_refunds r where r.appointment_id = a.id)
    on conflict (refund_id) do nothing`);
}
