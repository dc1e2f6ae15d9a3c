import type { Db, Tx } from './db.ts';
import { type LedgerAccount, type LedgerEntryKind, ledgerEntries } from './schema/ledger.ts';

// Writing ledger entries (ARCHITECTURE §7.1, decision 064): each under the key of the event that
// made it, once — a second write of the same event inserts nothing. The plain entries of a booking
// paid and of a payout are built here; the refund rules are the ledger feature's
// (features/ledger/ledger.ts). The demo seed writes its history through these too.

export interface Entry {
  entryKey: string;
  kind: LedgerEntryKind;
  from: LedgerAccount;
  to: LedgerAccount;
  amountMxn: number;
  vendorProfileId: string;
  appointmentId?: string;
  refundId?: string;
  payoutId?: string;
}

/** Writes the entries that are not written yet; a zero amount moves nothing and is no entry. */
export async function writeEntries(tx: Tx | Db, entries: readonly Entry[], now: Date): Promise<number> {
  const rows = entries
    .filter((e) => e.amountMxn > 0)
    .map((e) => ({
      entryKey: e.entryKey,
      kind: e.kind,
      fromAccount: e.from,
      toAccount: e.to,
      amountMxn: e.amountMxn,
      vendorProfileId: e.vendorProfileId,
      appointmentId: e.appointmentId ?? null,
      refundId: e.refundId ?? null,
      payoutId: e.payoutId ?? null,
      createdAt: now,
    }));
  if (rows.length === 0) return 0;
  const written = await tx
    .insert(ledgerEntries)
    .values(rows)
    .onConflictDoNothing({ target: ledgerEntries.entryKey })
    .returning({ id: ledgerEntries.id });
  return written.length;
}

/**
 * A booking paid: its amount less the commission is the vendor's, the commission the platform's.
 * Called in the transaction that marks it paid, with the commission just fixed on it.
 */
export function recordPayment(
  tx: Tx | Db,
  booking: { id: string; vendorProfileId: string; amountMxn: number; commissionMxn: number },
  now: Date,
) {
  const common = { vendorProfileId: booking.vendorProfileId, appointmentId: booking.id };
  return writeEntries(
    tx,
    [
      {
        ...common,
        entryKey: `payment:${booking.id}`,
        kind: 'payment',
        from: 'customer',
        to: 'vendor',
        amountMxn: booking.amountMxn - booking.commissionMxn,
      },
      {
        ...common,
        entryKey: `commission:${booking.id}`,
        kind: 'commission',
        from: 'customer',
        to: 'commission',
        amountMxn: booking.commissionMxn,
      },
    ],
    now,
  );
}

/** A payout made: the vendor's balance to the payout account, with the payout it belongs to. */
export function recordPayout(
  tx: Tx | Db,
  payout: { id: string; vendorProfileId: string; amountMxn: number },
  now: Date,
) {
  return writeEntries(
    tx,
    [
      {
        entryKey: `payout:${payout.id}`,
        kind: 'payout',
        from: 'vendor',
        to: 'payout',
        amountMxn: payout.amountMxn,
        vendorProfileId: payout.vendorProfileId,
        payoutId: payout.id,
      },
    ],
    now,
  );
}
