import { and, eq, lte, or } from 'drizzle-orm';
import { VENDOR_ANSWER_HOURS } from '../../shared/constants.ts';
import type { Db } from '../db/client.ts';
import { appointments } from '../db/schema/bookings.ts';
import {
  attachMissingCheckouts,
  type CheckoutDeps,
  cancelUnpaidBookings,
} from '../features/payments/payments.service.ts';
import type { Clock } from '../lib/clock.ts';
import type { Logger } from '../lib/logger.ts';

// The expiry sweeper (DESIGN §4): bookings nobody acted on in time leave their active status and
// free their slot (the exclusion constraint covers active statuses only). Each rule is one
// conditional UPDATE: idempotent, and safe on many instances at once — a row another instance has
// just moved no longer matches `status = …` when its lock is released, so it is counted once.
// The payment rule also tells both parties (in the same transaction) and, after it commits, closes
// the provider's checkout; the sweeper also retries checkouts whose creation failed (decision 017).

const HOUR_MS = 60 * 60_000;

export interface ExpiryCounts {
  /** pending_vendor → expired */
  expired: number;
  /** awaiting_payment → cancelled (payment_timeout) */
  cancelled: number;
  /** checkouts created for confirmed bookings that had none (a failed first attempt) */
  attached?: number;
}

export async function expireOverdueBookings({
  db,
  clock,
  checkout,
}: {
  db: Db;
  clock: Clock;
  /** The payment provider: without it, checkouts are neither closed nor retried (unit tests). */
  checkout?: CheckoutDeps;
}): Promise<ExpiryCounts> {
  const now = clock.now();
  // No answer by the earlier of start_tz and created_at + 24 h.
  const expired = await db
    .update(appointments)
    .set({ status: 'expired', updatedAt: now })
    .where(
      and(
        eq(appointments.status, 'pending_vendor'),
        or(
          lte(appointments.startTz, now),
          lte(appointments.createdAt, new Date(now.getTime() - VENDOR_ANSWER_HOURS * HOUR_MS)),
        ),
      ),
    )
    .returning({ id: appointments.id });
  // payment_due_at already holds the earlier of confirmation + 24 h (spec §9) and the start (DESIGN §4).
  const cancelled = await cancelUnpaidBookings({ db, now });
  if (!checkout) return { expired: expired.length, cancelled: cancelled.length };
  // After the commit: a checkout that fails to close now still expires on its own soon after
  // (its expires_at), and a payment that slips in is flagged for refund (DESIGN §7).
  for (const { id, checkoutSessionId } of cancelled) {
    if (!checkoutSessionId) continue;
    await checkout.payments
      .expireCheckout(checkoutSessionId)
      .catch((err: unknown) =>
        checkout.logger.warn({ err, appointmentId: id }, 'expiry sweeper: could not close the checkout'),
      );
  }
  const attached = await attachMissingCheckouts({ db, checkout, now });
  return { expired: expired.length, cancelled: cancelled.length, attached };
}

export interface ExpirySweeperOptions {
  db: Db;
  clock: Clock;
  logger: Pick<Logger, 'info' | 'error'>;
  checkout?: CheckoutDeps;
  intervalMs?: number;
}

/** Runs the sweep at once and then every minute (DESIGN §4) until stopped. */
export function startExpirySweeper({
  db,
  clock,
  logger,
  checkout,
  intervalMs = 60_000,
}: ExpirySweeperOptions) {
  let running: Promise<void> | undefined;
  const sweep = () => {
    if (running) return; // a slow pass is never overlapped by the next one
    running = expireOverdueBookings({ db, clock, checkout })
      .then((counts) => {
        if (counts.expired || counts.cancelled || counts.attached)
          logger.info(counts, 'expiry sweeper: bookings moved on');
      })
      .catch((err: unknown) => logger.error({ err }, 'expiry sweeper: pass failed; retrying in a minute'))
      .finally(() => {
        running = undefined;
      });
  };
  sweep();
  const timer = setInterval(sweep, intervalMs);
  timer.unref(); // never keeps the process alive on its own
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
