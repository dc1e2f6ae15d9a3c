import { and, asc, eq, gte, isNull, lte, or, sql } from 'drizzle-orm';
import { payoutMessages } from '../../../shared/payout.schemas.ts';
import type { Db, Tx } from '../../db/client.ts';
import { recordPayout, writeEntries } from '../../db/ledger-entries.ts';
import { ledgerEntries, payoutAccounts, payoutRuns, payouts } from '../../db/schema/ledger.ts';
import { webhookEvents } from '../../db/schema/messaging.ts';
import { vendorProfiles } from '../../db/schema/vendors.ts';
import type { PaymentEvent, PayoutConnect } from '../../integrations/payments/payment-provider.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Logger } from '../../lib/logger.ts';
import { selectBalances, vendorBalances } from '../ledger/balances.ts';
import type { PayoutSettings } from './payouts.service.ts';

// Payouts by Stripe Connect (decision 065): a vendor connects an Express account through Stripe's
// hosted onboarding; account.updated tells when Stripe lets it take payouts; once a day (at
// PAYOUT_SCHEDULE) every such vendor's available balance above PAYOUT_MIN_MXN becomes a payout —
// its ledger entry written with it, under the vendor's row lock, so a balance is taken once however
// many instances run — and its transfer is made after the commit with the payout's own idempotency
// key. A transfer that fails stays pending with its error for the admins and is tried again.

/** How long a transfer that failed (or whose instance stopped) waits before it is tried again. */
export const TRANSFER_RETRY_MS = 15 * 60_000;
const RUN_ZONE = 'America/Mexico_City';

export const transferKey = (payoutId: string) => `barrio-payout-${payoutId}`;

/**
 * POST /api/vendor/payout-account/stripe: the vendor's Express account (made once: its key is the
 * vendor's) and a fresh link to Stripe's onboarding, which comes back to the dashboard.
 */
export async function startStripeOnboarding(
  db: Db,
  {
    vendorProfileId,
    connect,
    appUrl,
    now,
  }: { vendorProfileId: string; connect: PayoutConnect | undefined; appUrl: string; now: Date },
): Promise<{ url: string }> {
  if (!connect) throw new AppError('not_found', payoutMessages.stripeNotConfigured);
  const [vendor] = await db
    .select({
      name: vendorProfiles.businessName,
      email: vendorProfiles.businessEmail,
      accountId: payoutAccounts.stripeAccountId,
    })
    .from(vendorProfiles)
    .leftJoin(payoutAccounts, eq(payoutAccounts.vendorProfileId, vendorProfiles.id))
    .where(eq(vendorProfiles.id, vendorProfileId));
  if (!vendor) throw new AppError('not_found', payoutMessages.vendorNotFound);
  let accountId = vendor.accountId;
  if (!accountId) {
    ({ accountId } = await connect.createAccount({
      vendorProfileId,
      email: vendor.email,
      businessName: vendor.name,
      idempotencyKey: `barrio-account-${vendorProfileId}`,
    }));
    // A second instance that made the same call got the same account (the same key).
    await db
      .insert(payoutAccounts)
      .values({ vendorProfileId, stripeAccountId: accountId, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: payoutAccounts.vendorProfileId,
        set: { stripeAccountId: accountId, updatedAt: now },
      });
  }
  const dashboard = `${appUrl}/vendor/dashboard`;
  return connect.onboardingLink({
    accountId,
    refreshUrl: `${dashboard}?stripe=refresh`,
    returnUrl: `${dashboard}?stripe=return`,
  });
}

/** Records a Stripe event's id once: false when it was told before (its effect is then made). */
async function firstTelling(tx: Tx, eventId: string, now: Date): Promise<boolean> {
  const [recorded] = await tx
    .insert(webhookEvents)
    .values({ provider: 'stripe', eventId, receivedAt: now })
    .onConflictDoNothing()
    .returning({ id: webhookEvents.id });
  return Boolean(recorded);
}

/**
 * account.updated: whether the account takes payouts, as Stripe says now (read after the event, so
 * an older event arriving late changes nothing). Recorded once by its event id.
 */
export async function applyAccountEvent({
  db,
  event,
  connect,
  now,
}: {
  db: Db;
  event: Extract<PaymentEvent, { kind: 'account' }>;
  connect: PayoutConnect;
  now: Date;
}): Promise<'duplicate' | 'account_updated' | 'unknown_account'> {
  const account = await connect.retrieveAccount(event.accountId);
  return db.transaction(async (tx) => {
    if (!(await firstTelling(tx, event.id, now))) return 'duplicate';
    const [updated] = await tx
      .update(payoutAccounts)
      .set({ stripePayoutsEnabled: account.payoutsEnabled, updatedAt: now })
      .where(eq(payoutAccounts.stripeAccountId, account.accountId))
      .returning({ id: payoutAccounts.vendorProfileId });
    return updated ? 'account_updated' : 'unknown_account';
  });
}

/**
 * transfer.reversed: money sent to a vendor came back to Barrio, so it is the vendor's balance again
 * (available, to be paid at a later run). What was reversed in all is read from Stripe, and only
 * what the ledger has not yet given back is written — a late, repeated or partial event adds
 * nothing twice. Recorded once by its event id.
 */
export async function applyTransferReversal({
  db,
  event,
  connect,
  now,
}: {
  db: Db;
  event: Extract<PaymentEvent, { kind: 'transfer_reversed' }>;
  connect: PayoutConnect;
  now: Date;
}): Promise<'duplicate' | 'reversed' | 'unchanged' | 'unknown_transfer'> {
  const transfer = await connect.retrieveTransfer(event.transferId);
  return db.transaction(async (tx) => {
    if (!(await firstTelling(tx, event.id, now))) return 'duplicate';
    const [payout] = await tx
      .select()
      .from(payouts)
      .where(and(eq(payouts.method, 'stripe'), eq(payouts.reference, transfer.transferId)))
      .for('update');
    if (!payout) return 'unknown_transfer';
    const [given] = await tx
      .select({ total: sql<number>`coalesce(sum(${ledgerEntries.amountMxn}), 0)::int` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.payoutId, payout.id), eq(ledgerEntries.kind, 'payout_reversed')));
    const owed = Math.min(transfer.amountReversed, payout.amountMxn) - (given?.total ?? 0);
    if (owed <= 0) return 'unchanged';
    await writeEntries(
      tx,
      [
        {
          entryKey: `payout_reversed:${payout.id}:${transfer.amountReversed}`,
          kind: 'payout_reversed',
          from: 'payout',
          to: 'vendor',
          amountMxn: owed,
          vendorProfileId: payout.vendorProfileId,
          payoutId: payout.id,
        },
      ],
      now,
    );
    return 'reversed';
  });
}

/** The day in Mexico City and whether its PAYOUT_SCHEDULE time has come. */
export function payoutDay(now: Date, schedule: string): { day: string; due: boolean } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: RUN_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    due: `${parts.hour}:${parts.minute}` >= schedule,
  };
}

/** One vendor's available balance taken as a pending Stripe payout, with its entry; none when below the minimum. */
async function takeBalance(tx: Tx, vendorProfileId: string, now: Date, settings: PayoutSettings) {
  const [vendor] = await tx
    .select({ id: vendorProfiles.id })
    .from(vendorProfiles)
    .where(eq(vendorProfiles.id, vendorProfileId))
    .for('update');
  if (!vendor) return undefined;
  const { available } = await vendorBalances(tx, vendor.id, { now, holdHours: settings.holdHours });
  if (available < settings.minMxn) return undefined;
  const [payout] = await tx
    .insert(payouts)
    .values({ vendorProfileId, amountMxn: available, method: 'stripe', status: 'pending', createdAt: now })
    .returning();
  await recordPayout(tx, payout!, now);
  return payout!;
}

export interface PayoutRunCounts {
  created: number;
  transferred: number;
  failed: number;
}

/**
 * One pass of the payout job: on the first pass after the day's PAYOUT_SCHEDULE (the instance that
 * records the day's run), every vendor whose Stripe account takes payouts and whose available
 * balance reached the minimum gets a payout; then every pending transfer not tried in the last
 * TRANSFER_RETRY_MS is made. Safe to run on any number of instances at once.
 */
export async function runPayouts({
  db,
  connect,
  now,
  settings,
  logger,
}: {
  db: Db;
  connect: PayoutConnect;
  now: Date;
  settings: PayoutSettings & { schedule: string };
  logger?: Pick<Logger, 'info' | 'warn' | 'error'>;
}): Promise<PayoutRunCounts> {
  const counts: PayoutRunCounts = { created: 0, transferred: 0, failed: 0 };
  const { day, due } = payoutDay(now, settings.schedule);
  if (due) {
    const [run] = await db
      .insert(payoutRuns)
      .values({ runOn: day, createdAt: now })
      .onConflictDoNothing()
      .returning({ runOn: payoutRuns.runOn });
    if (run) {
      const balances = selectBalances(db, { now, holdHours: settings.holdHours }).as('balances');
      const dueVendors = await db
        .select({ vendorProfileId: balances.vendorProfileId })
        .from(balances)
        .innerJoin(payoutAccounts, eq(payoutAccounts.vendorProfileId, balances.vendorProfileId))
        .where(and(eq(payoutAccounts.stripePayoutsEnabled, true), gte(balances.available, settings.minMxn)));
      for (const { vendorProfileId } of dueVendors) {
        const payout = await db.transaction((tx) => takeBalance(tx, vendorProfileId, now, settings));
        if (payout) counts.created++;
      }
    }
  }

  // The transfers still to make: claimed one at a time by moving attempted_at, so two instances never
  // send the same one at once (and if they did, its key makes it one transfer at Stripe).
  const waiting = await db
    .select({ id: payouts.id })
    .from(payouts)
    .where(
      and(
        eq(payouts.status, 'pending'),
        or(
          isNull(payouts.attemptedAt),
          lte(payouts.attemptedAt, new Date(now.getTime() - TRANSFER_RETRY_MS)),
        ),
      ),
    )
    .orderBy(asc(payouts.createdAt));
  for (const { id } of waiting) {
    const [claimed] = await db
      .update(payouts)
      .set({ attemptedAt: now, attempts: sql`${payouts.attempts} + 1` })
      .where(
        and(
          eq(payouts.id, id),
          eq(payouts.status, 'pending'),
          or(
            isNull(payouts.attemptedAt),
            lte(payouts.attemptedAt, new Date(now.getTime() - TRANSFER_RETRY_MS)),
          ),
        ),
      )
      .returning();
    if (!claimed) continue;
    const [account] = await db
      .select({ accountId: payoutAccounts.stripeAccountId })
      .from(payoutAccounts)
      .where(eq(payoutAccounts.vendorProfileId, claimed.vendorProfileId));
    try {
      if (!account?.accountId) throw new Error('The vendor has no Stripe account any more.');
      const { transferId } = await connect.transfer({
        payoutId: claimed.id,
        vendorProfileId: claimed.vendorProfileId,
        accountId: account.accountId,
        amountMxn: claimed.amountMxn,
        idempotencyKey: transferKey(claimed.id),
      });
      await db
        .update(payouts)
        .set({ status: 'paid', reference: transferId, paidAt: now, transferError: null })
        .where(and(eq(payouts.id, claimed.id), eq(payouts.status, 'pending')));
      counts.transferred++;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      await db
        .update(payouts)
        .set({ transferError: message.slice(0, 500) })
        .where(and(eq(payouts.id, claimed.id), eq(payouts.status, 'pending')));
      logger?.error(
        { payoutId: claimed.id, err: message },
        'payouts: a Stripe transfer failed; it is tried again',
      );
      counts.failed++;
    }
  }
  return counts;
}
