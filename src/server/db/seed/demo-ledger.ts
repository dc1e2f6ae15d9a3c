import { isNotNull } from 'drizzle-orm';
import { bankOfClabe } from '../../../shared/payout.schemas.ts';
import type { Tx } from '../db.ts';
import { recordPayment, recordPayout } from '../ledger-entries.ts';
import { appointments } from '../schema/bookings.ts';
import { payoutAccounts, payouts } from '../schema/ledger.ts';
import { demoAccounts } from './demo-people.ts';

// The demo's money (decision 064), as the real flow would have left it: every seeded booking that
// was paid credited its vendor when it was paid; the demo vendor has a CLABE and was paid by SPEI
// for its oldest booking, so its dashboard shows pending, available and paid-out money, and an
// admin can record the next payout at once.

/** Banamex's example CLABE: its bank code and check digit are valid. */
export const DEMO_CLABE = '002010077777777771';
const DAY = 24 * 60 * 60_000;

export async function seedDemoLedger(tx: Tx, { now, demoVendorId }: { now: Date; demoVendorId: string }) {
  const paid = await tx
    .select({
      id: appointments.id,
      status: appointments.status,
      vendorProfileId: appointments.vendorProfileId,
      amountMxn: appointments.amountMxn,
      commissionMxn: appointments.commissionMxn,
      paidAt: appointments.paidAt,
      endTz: appointments.endTz,
    })
    .from(appointments)
    .where(isNotNull(appointments.commissionMxn));
  for (const booking of paid)
    await recordPayment(tx, { ...booking, commissionMxn: booking.commissionMxn! }, booking.paidAt ?? now);

  await tx.insert(payoutAccounts).values({
    vendorProfileId: demoVendorId,
    clabe: DEMO_CLABE,
    holderName: demoAccounts.vendor.name,
    bankName: bankOfClabe(DEMO_CLABE),
    createdAt: new Date(now.getTime() - 30 * DAY),
    updatedAt: new Date(now.getTime() - 30 * DAY),
  });
  const [oldest] = paid
    .filter((b) => b.vendorProfileId === demoVendorId && b.status === 'paid')
    .filter((b) => b.endTz.getTime() + 3 * DAY < now.getTime())
    .sort((a, b) => a.endTz.getTime() - b.endTz.getTime());
  if (!oldest) return;
  const paidAt = new Date(oldest.endTz.getTime() + 3 * DAY);
  const [payout] = await tx
    .insert(payouts)
    .values({
      vendorProfileId: demoVendorId,
      amountMxn: oldest.amountMxn - oldest.commissionMxn!,
      method: 'spei',
      reference: 'BARRIO0000DEMO1',
      paidAt,
      createdAt: paidAt,
    })
    .returning();
  await recordPayout(tx, payout!, paidAt);
}
