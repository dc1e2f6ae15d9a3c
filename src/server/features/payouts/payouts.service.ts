import { and, asc, desc, eq, gte, or, sql } from 'drizzle-orm';
import type { Language } from '../../../shared/language.ts';
import {
  type AdminPayoutInput,
  type AdminPayoutsDue,
  type AdminPayoutsPaid,
  bankOfClabe,
  type EarningsEntry,
  type PayoutAccount,
  type PayoutAccountView,
  type PayoutView,
  payoutMessages,
  type VendorEarnings,
} from '../../../shared/payout.schemas.ts';
import type { Db, Tx } from '../../db/client.ts';
import { recordPayout } from '../../db/ledger-entries.ts';
import { user } from '../../db/schema/auth.ts';
import { appointments } from '../../db/schema/bookings.ts';
import { ledgerEntries, payoutAccounts, payouts, vendorTaxProfiles } from '../../db/schema/ledger.ts';
import { profiles, vendorProfiles } from '../../db/schema/vendors.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  cancelledBooking,
  commissionEarned,
  releasedAt,
  selectBalances,
  vendorBalances,
  vendorSigned,
} from '../ledger/balances.ts';
import { enqueueMail } from '../outbox/outbox.service.ts';
import { vendorLanguage } from '../whatsapp/whatsapp-texts.ts';
import { payoutSentMail } from './payout-mails.ts';

// Vendors get paid (ARCHITECTURE §7.1, decision 064): the vendor's earnings, its payout account,
// and payouts — an admin who paid a vendor's available balance by SPEI records it here with the
// transfer's reference.

export interface PayoutSettings {
  feeBps: number;
  holdHours: number;
  minMxn: number;
}

const EARNINGS_ENTRIES = 100;
const EARNINGS_PAYOUTS = 50;
const ADMIN_PAYOUTS = 100;

const accountColumns = {
  vendorProfileId: payoutAccounts.vendorProfileId,
  clabe: payoutAccounts.clabe,
  holderName: payoutAccounts.holderName,
  bankName: payoutAccounts.bankName,
  stripeAccountId: payoutAccounts.stripeAccountId,
  stripePayoutsEnabled: payoutAccounts.stripePayoutsEnabled,
};
type AccountRow = {
  clabe: string | null;
  holderName: string | null;
  bankName: string | null;
  stripeAccountId: string | null;
  stripePayoutsEnabled: boolean | null;
};

/** How a vendor is paid: by Stripe once its account takes payouts, else by SPEI to its CLABE. */
function accountView(row: AccountRow | undefined): PayoutAccountView {
  const stripe = !row?.stripeAccountId ? 'none' : row.stripePayoutsEnabled ? 'active' : 'onboarding';
  const method = stripe === 'active' ? 'stripe' : row?.clabe ? 'clabe' : null;
  return {
    method,
    status: method ? 'active' : stripe === 'onboarding' ? 'onboarding' : 'missing',
    stripe,
    clabe_last4: row?.clabe?.slice(-4) ?? null,
    bank: row?.clabe ? row.bankName : null,
    holder_name: row?.holderName ?? null,
  };
}

/** GET /api/vendor/earnings: the three balances, the latest entries and payouts, the payout account. */
export async function getVendorEarnings(
  db: Db,
  {
    vendorProfileId,
    now,
    settings,
    stripeConnect,
  }: { vendorProfileId: string; now: Date; settings: PayoutSettings; stripeConnect: boolean },
): Promise<VendorEarnings> {
  const { holdHours } = settings;
  const [balances, entryRows, payoutRows, [account]] = await Promise.all([
    vendorBalances(db, vendorProfileId, { now, holdHours }),
    db
      .select({
        kind: ledgerEntries.kind,
        amount: vendorSigned,
        gross: appointments.amountMxn,
        commission: appointments.commissionMxn,
        bookingId: ledgerEntries.appointmentId,
        bookingCode: appointments.code,
        released: releasedAt(now, holdHours),
        cancelled: cancelledBooking,
        createdAt: ledgerEntries.createdAt,
      })
      .from(ledgerEntries)
      .leftJoin(appointments, eq(appointments.id, ledgerEntries.appointmentId))
      .where(
        and(
          eq(ledgerEntries.vendorProfileId, vendorProfileId),
          or(eq(ledgerEntries.fromAccount, 'vendor'), eq(ledgerEntries.toAccount, 'vendor')),
        ),
      )
      .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
      .limit(EARNINGS_ENTRIES),
    db
      .select()
      .from(payouts)
      .where(eq(payouts.vendorProfileId, vendorProfileId))
      .orderBy(desc(payouts.createdAt), desc(payouts.id))
      .limit(EARNINGS_PAYOUTS),
    db.select(accountColumns).from(payoutAccounts).where(eq(payoutAccounts.vendorProfileId, vendorProfileId)),
  ]);
  return {
    pending: balances.pending,
    available: balances.available,
    paid_out: balances.paidOut,
    hold_hours: holdHours,
    commission_bps: settings.feeBps,
    entries: entryRows.map(
      (e): EarningsEntry => ({
        kind: e.kind as EarningsEntry['kind'],
        amount: e.amount,
        gross: e.kind === 'payment' ? e.gross : null,
        commission: e.kind === 'payment' ? e.commission : null,
        booking_id: e.bookingId,
        booking_code: e.bookingCode,
        balance: e.released ? 'available' : e.cancelled ? 'refunded' : 'pending',
        created_at: e.createdAt.toISOString(),
      }),
    ),
    payouts: payoutRows.map(payoutView),
    payout_account: accountView(account),
    stripe_connect: stripeConnect,
  };
}

function payoutView(p: typeof payouts.$inferSelect): PayoutView {
  return {
    id: p.id,
    amount: p.amountMxn,
    method: p.method,
    status: p.status,
    reference: p.reference,
    paid_at: p.paidAt?.toISOString() ?? null,
    created_at: p.createdAt.toISOString(),
  };
}

/** PUT /api/vendor/payout-account: where the vendor is paid, given or replaced. */
export async function savePayoutAccount(
  db: Db,
  { vendorProfileId, input, now }: { vendorProfileId: string; input: PayoutAccount; now: Date },
): Promise<PayoutAccountView> {
  const { clabe, holder_name } = input;
  const values = { clabe, holderName: holder_name, bankName: bankOfClabe(clabe), updatedAt: now };
  const [row] = await db
    .insert(payoutAccounts)
    .values({ vendorProfileId, ...values, createdAt: now })
    .onConflictDoUpdate({ target: payoutAccounts.vendorProfileId, set: values })
    .returning(accountColumns);
  return accountView(row);
}

/**
 * GET /api/admin/payouts?status=due: every vendor whose available balance reached the minimum, with
 * its payout account. ?status=paid: the latest payouts.
 */
export async function listAdminPayouts(
  db: Db,
  { status, now, settings }: { status: 'due' | 'paid'; now: Date; settings: PayoutSettings },
): Promise<AdminPayoutsDue | AdminPayoutsPaid> {
  const commission_earned = await commissionEarned(db);
  if (status === 'paid') {
    const rows = await db
      .select({ payout: payouts, businessName: vendorProfiles.businessName })
      .from(payouts)
      .innerJoin(vendorProfiles, eq(vendorProfiles.id, payouts.vendorProfileId))
      .where(eq(payouts.status, 'paid'))
      .orderBy(desc(payouts.paidAt), desc(payouts.id))
      .limit(ADMIN_PAYOUTS);
    return {
      status,
      commission_earned,
      payouts: rows.map((r) => ({
        ...payoutView(r.payout),
        vendor_profile_id: r.payout.vendorProfileId,
        business_name: r.businessName,
      })),
    };
  }
  const balances = selectBalances(db, { now, holdHours: settings.holdHours }).as('balances');
  const rows = await db
    .select({
      vendorProfileId: balances.vendorProfileId,
      pending: balances.pending,
      available: balances.available,
      paidOut: balances.paidOut,
      businessName: vendorProfiles.businessName,
      clabe: payoutAccounts.clabe,
      holderName: payoutAccounts.holderName,
      bankName: payoutAccounts.bankName,
      stripeAccountId: payoutAccounts.stripeAccountId,
      stripePayoutsEnabled: payoutAccounts.stripePayoutsEnabled,
      rfc: vendorTaxProfiles.rfc,
    })
    .from(balances)
    .innerJoin(vendorProfiles, eq(vendorProfiles.id, balances.vendorProfileId))
    .leftJoin(payoutAccounts, eq(payoutAccounts.vendorProfileId, balances.vendorProfileId))
    .leftJoin(vendorTaxProfiles, eq(vendorTaxProfiles.vendorProfileId, balances.vendorProfileId))
    .where(gte(balances.available, settings.minMxn))
    .orderBy(desc(balances.available), vendorProfiles.businessName);
  return {
    status,
    commission_earned,
    minimum: settings.minMxn,
    vendors: rows.map((r) => ({
      vendor_profile_id: r.vendorProfileId,
      business_name: r.businessName,
      pending: r.pending,
      available: r.available,
      paid_out: r.paidOut,
      payout_account: accountView(r),
      rfc: r.rfc,
    })),
    transfers_pending: (
      await db
        .select({ payout: payouts, businessName: vendorProfiles.businessName })
        .from(payouts)
        .innerJoin(vendorProfiles, eq(vendorProfiles.id, payouts.vendorProfileId))
        .where(eq(payouts.status, 'pending'))
        .orderBy(asc(payouts.createdAt), asc(payouts.id))
        .limit(ADMIN_PAYOUTS)
    ).map(({ payout: p, businessName }) => ({
      id: p.id,
      vendor_profile_id: p.vendorProfileId,
      business_name: businessName,
      amount: p.amountMxn,
      attempts: p.attempts,
      attempted_at: p.attemptedAt?.toISOString() ?? null,
      transfer_error: p.transferError,
      created_at: p.createdAt.toISOString(),
    })),
  };
}

/**
 * POST /api/admin/payouts: an admin paid a vendor's whole available balance by SPEI; the payout, its
 * ledger entry and the vendor's mail are written together. The vendor's row is locked first, so two admins (or two
 * clicks) pay a balance once: the second finds nothing available (409).
 */
export async function recordSpeiPayout(
  db: Db,
  {
    input,
    adminId,
    now,
    settings,
    appUrl,
  }: { input: AdminPayoutInput; adminId: string; now: Date; settings: PayoutSettings; appUrl: string },
) {
  return db.transaction(async (tx: Tx) => {
    const [vendor] = await tx
      .select({
        id: vendorProfiles.id,
        name: vendorProfiles.businessName,
        email: sql<
          string | null
        >`coalesce(${vendorProfiles.businessEmail}, (select ${user.email} from ${user} where ${user.id} = ${vendorProfiles.userId}))`,
        timezone: vendorProfiles.timezone,
        vendorLanguages: vendorProfiles.languages,
        // A subquery, not a join: FOR UPDATE locks the vendor's row alone. Both user_id columns
        // qualified, since a column in a subquery is written unqualified.
        vendorAccountLanguage: sql<Language | null>`(select ${profiles.language} from ${profiles} where ${profiles}.${sql.identifier(profiles.userId.name)} = ${vendorProfiles}.${sql.identifier(vendorProfiles.userId.name)})`,
      })
      .from(vendorProfiles)
      .where(eq(vendorProfiles.id, input.vendor_profile_id))
      .for('update');
    if (!vendor) throw new AppError('not_found', payoutMessages.vendorNotFound);
    const [account] = await tx
      .select(accountColumns)
      .from(payoutAccounts)
      .where(eq(payoutAccounts.vendorProfileId, vendor.id));
    if (!account?.clabe) throw new AppError('conflict', payoutMessages.noAccount);
    const clabe = account.clabe;
    const { available } = await vendorBalances(tx, vendor.id, { now, holdHours: settings.holdHours });
    if (available <= 0) throw new AppError('conflict', payoutMessages.nothingAvailable);
    const [payout] = await tx
      .insert(payouts)
      .values({
        vendorProfileId: vendor.id,
        amountMxn: available,
        method: 'spei',
        reference: input.reference,
        paidAt: now,
        recordedBy: adminId,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!payout) throw new AppError('conflict', payoutMessages.referenceTaken);
    await recordPayout(tx, payout, now);
    if (vendor.email)
      await enqueueMail(
        tx,
        payoutSentMail({
          to: vendor.email,
          vendorName: vendor.name,
          amountMxn: payout.amountMxn,
          reference: input.reference,
          paidAt: now,
          timezone: vendor.timezone,
          clabeLast4: clabe.slice(-4),
          bank: account.bankName,
          earningsUrl: `${appUrl}/vendor/dashboard`,
          language: vendorLanguage(vendor),
        }),
      );
    return { ...payoutView(payout), vendor_profile_id: vendor.id };
  });
}

/** Whether a vendor has money on record, which keeps it from being deleted. */
export async function hasLedgerEntries(tx: Tx | Db, vendorProfileId: string): Promise<boolean> {
  const [row] = await tx
    .select({ one: sql`1` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.vendorProfileId, vendorProfileId))
    .limit(1);
  return Boolean(row);
}
