import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appointments } from '../../db/schema/bookings.ts';
import { ledgerEntries, payouts } from '../../db/schema/ledger.ts';
import { vendorProfiles } from '../../db/schema/vendors.ts';
import { csvRow, csvStream, iso, pesos } from '../../lib/csv.ts';

// GET /api/admin/ledger.csv (decision 064): every ledger entry, oldest first, for the accountant —
// streamed in keyset pages by (created_at, id) on their index, as the bookings export is.

export const LEDGER_CSV_PAGE_ROWS = 500;

export const ledgerCsvHeader = [
  'created_at',
  'kind',
  'from_account',
  'to_account',
  'amount_mxn',
  'vendor',
  'vendor_profile_id',
  'booking_code',
  'refund_id',
  'payout_reference',
  'entry_id',
] as const;

const columns = {
  id: ledgerEntries.id,
  createdAt: ledgerEntries.createdAt,
  kind: ledgerEntries.kind,
  fromAccount: ledgerEntries.fromAccount,
  toAccount: ledgerEntries.toAccount,
  amountMxn: ledgerEntries.amountMxn,
  vendor: vendorProfiles.businessName,
  vendorProfileId: ledgerEntries.vendorProfileId,
  bookingCode: appointments.code,
  refundId: ledgerEntries.refundId,
  payoutReference: payouts.reference,
};
type LedgerCsvRow = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] | null };

async function* ledgerPages(db: Db, pageRows: number): AsyncGenerator<LedgerCsvRow[]> {
  let after: string | undefined;
  for (;;) {
    // The keyset reads the last row's created_at in the database: microseconds, not a Date's ms.
    const page = await db
      .select(columns)
      .from(ledgerEntries)
      .innerJoin(vendorProfiles, eq(vendorProfiles.id, ledgerEntries.vendorProfileId))
      .leftJoin(appointments, eq(appointments.id, ledgerEntries.appointmentId))
      .leftJoin(payouts, eq(payouts.id, ledgerEntries.payoutId))
      .where(
        after
          ? sql`(${ledgerEntries.createdAt}, ${ledgerEntries.id}) > ((select "created_at" from "ledger_entries" where "id" = ${after}), ${after}::uuid)`
          : undefined,
      )
      .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id))
      .limit(pageRows);
    if (page.length === 0) return;
    yield page;
    if (page.length < pageRows) return;
    after = page.at(-1)!.id;
  }
}

const ledgerCsvLine = (row: LedgerCsvRow) =>
  csvRow([
    iso(row.createdAt),
    row.kind,
    row.fromAccount,
    row.toAccount,
    pesos(row.amountMxn),
    row.vendor,
    row.vendorProfileId,
    row.bookingCode,
    row.refundId,
    row.payoutReference,
    row.id,
  ]);

export function ledgerCsvStream({ db, pageRows = LEDGER_CSV_PAGE_ROWS }: { db: Db; pageRows?: number }) {
  return csvStream({ header: ledgerCsvHeader, pages: ledgerPages(db, pageRows), line: ledgerCsvLine });
}

export const ledgerCsvFileName = (now: Date) => `barrio-ledger-${now.toISOString().slice(0, 10)}.csv`;
