import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { appointments } from './bookings.ts';
import { createdAt, id, updatedAt } from './columns.ts';
import { vendorProfiles } from './vendors.ts';

// The money Barrio holds for its vendors (ARCHITECTURE §7.1, decision 064). Every movement is a
// ledger entry: `amount_mxn` centavos moving from one account to another, so the books always
// balance. The accounts are the customers' side ('customer': money in from a payment, out by a
// refund), one vendor's balance ('vendor'), the platform's commission ('commission') and what left
// Barrio to a vendor ('payout'). An event writes its entries once, in the transaction of the change
// that causes it, under a key of its own; entries are never changed nor deleted (a trigger refuses
// it), and a later kind of movement (tax withheld, an adjustment) is a new kind of row.

export const ledgerAccounts = ['customer', 'vendor', 'commission', 'payout'] as const;
export type LedgerAccount = (typeof ledgerAccounts)[number];

export const ledgerEntryKinds = [
  // A paid booking: its amount less the commission to the vendor, the commission to the platform.
  'payment',
  'commission',
  // A refund of a paid booking: its vendor share and its commission share back to the customer.
  'refund',
  'commission_refund',
  // A refund that failed after it was counted: the shares come back.
  'refund_reversed',
  'commission_refund_reversed',
  // A vendor's available balance paid out.
  'payout',
  // A Stripe transfer reversed after it was made: the money is the vendor's balance again.
  'payout_reversed',
] as const;
export type LedgerEntryKind = (typeof ledgerEntryKinds)[number];

const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: id(),
    // What made it, once: `payment:<appointment>`, `refund:<refund id>`, `payout:<payout>`, …
    entryKey: text('entry_key').notNull().unique(),
    kind: text('kind').$type<LedgerEntryKind>().notNull(),
    fromAccount: text('from_account').$type<LedgerAccount>().notNull(),
    toAccount: text('to_account').$type<LedgerAccount>().notNull(),
    amountMxn: integer('amount_mxn').notNull(),
    // The vendor whose balance or booking it concerns. Money on record keeps its vendor: a vendor
    // with entries cannot be deleted.
    vendorProfileId: uuid('vendor_profile_id')
      .notNull()
      .references(() => vendorProfiles.id, { onDelete: 'restrict' }),
    appointmentId: uuid('appointment_id').references(() => appointments.id, { onDelete: 'restrict' }),
    refundId: text('refund_id'),
    payoutId: uuid('payout_id').references(() => payouts.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_vendor_idx').on(t.vendorProfileId, t.createdAt),
    index('ledger_entries_appointment_idx').on(t.appointmentId),
    // The accountant's export reads every entry oldest first, in keyset pages.
    index('ledger_entries_created_idx').on(t.createdAt, t.id),
    check('ledger_entries_amount_check', sql`${t.amountMxn} > 0`),
    check('ledger_entries_accounts_check', sql`${t.fromAccount} <> ${t.toAccount}`),
    check('ledger_entries_from_check', sql`${t.fromAccount} in (${list(ledgerAccounts)})`),
    check('ledger_entries_to_check', sql`${t.toAccount} in (${list(ledgerAccounts)})`),
    check('ledger_entries_kind_check', sql`${t.kind} in (${list(ledgerEntryKinds)})`),
  ],
);

export const payoutMethods = ['spei', 'stripe'] as const;
export type PayoutMethod = (typeof payoutMethods)[number];
/** A SPEI payout is recorded once made (`paid`); a Stripe one is `pending` until its transfer is made. */
export const payoutStatuses = ['pending', 'paid'] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];

/**
 * Money paid out to a vendor: by SPEI, recorded by an admin with the transfer's reference (its
 * clave de rastreo), or by a Stripe transfer to the vendor's connected account — `pending` from
 * the moment its balance is taken until the transfer is made (its id is then the reference), each
 * failed try kept in `transfer_error` for the admins and retried. Its ledger entry is written with it.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: id(),
    vendorProfileId: uuid('vendor_profile_id')
      .notNull()
      .references(() => vendorProfiles.id, { onDelete: 'restrict' }),
    amountMxn: integer('amount_mxn').notNull(),
    method: text('method').$type<PayoutMethod>().notNull(),
    status: text('status').$type<PayoutStatus>().notNull().default('paid'),
    reference: text('reference'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    // A Stripe transfer's tries: how many, the last one's time and, while it fails, why.
    attempts: integer('attempts').notNull().default(0),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }),
    transferError: text('transfer_error'),
    // The admin who recorded a SPEI payout.
    recordedBy: text('recorded_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('payouts_vendor_idx').on(t.vendorProfileId, t.paidAt),
    index('payouts_paid_idx').on(t.paidAt.desc(), t.id.desc()),
    // One transfer is one payout: the same reference twice is a typing slip, not a second payment.
    uniqueIndex('payouts_reference_idx').on(t.method, t.reference),
    check('payouts_amount_check', sql`${t.amountMxn} > 0`),
    check('payouts_method_check', sql`${t.method} in (${list(payoutMethods)})`),
    check('payouts_status_check', sql`${t.status} in (${list(payoutStatuses)})`),
    check(
      'payouts_paid_check',
      sql`(${t.status} = 'paid') = (${t.paidAt} is not null and ${t.reference} is not null)`,
    ),
    // The payout job's retries read only the transfers still to make.
    index('payouts_pending_idx').on(t.attemptedAt).where(sql`${t.status} = 'pending'`),
  ],
);

/** The day's payout run (PAYOUT_SCHEDULE): the instance that inserts the day's row makes it. */
export const payoutRuns = pgTable('payout_runs', {
  runOn: date('run_on').primaryKey(),
  createdAt: createdAt(),
});

/**
 * Where a vendor is paid: a CLABE (18 digits, its bank and check digit valid) and its holder's
 * name, paid by SPEI; or a Stripe Express account, paid by transfer once Stripe lets it take
 * payouts (`account.updated`). A vendor without either still takes bookings; its balance waits.
 */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    vendorProfileId: uuid('vendor_profile_id')
      .primaryKey()
      .references(() => vendorProfiles.id, { onDelete: 'cascade' }),
    clabe: text('clabe'),
    holderName: text('holder_name'),
    bankName: text('bank_name'),
    stripeAccountId: text('stripe_account_id').unique(),
    stripePayoutsEnabled: boolean('stripe_payouts_enabled').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('payout_accounts_clabe_check', sql`${t.clabe} ~ '^[0-9]{18}$'`),
    check('payout_accounts_holder_check', sql`(${t.clabe} is null) = (${t.holderName} is null)`),
  ],
);

export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;
export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;

/**
 * A vendor's tax data (decision 098): what Mexico's digital-platform regime asks Barrio to keep of
 * each vendor it collects for, as SAT registers it. Personal data: its owner and the admins only.
 */
export const vendorTaxProfiles = pgTable(
  'vendor_tax_profiles',
  {
    vendorProfileId: uuid('vendor_profile_id')
      .primaryKey()
      .references(() => vendorProfiles.id, { onDelete: 'cascade' }),
    rfc: text('rfc').notNull(),
    legalName: text('legal_name').notNull(),
    taxRegime: text('tax_regime').notNull(),
    postalCode: text('postal_code').notNull(),
    curp: text('curp'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('vendor_tax_profiles_rfc_check', sql`${t.rfc} ~ '^[A-ZÑ&]{3,4}[0-9]{6}[A-Z0-9]{3}$'`),
    check('vendor_tax_profiles_postal_code_check', sql`${t.postalCode} ~ '^[0-9]{5}$'`),
    check('vendor_tax_profiles_curp_check', sql`${t.curp} ~ '^[A-Z0-9]{18}$'`),
  ],
);
