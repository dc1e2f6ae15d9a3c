import type { Db } from '../db/client.ts';
import type { CheckoutDeps } from '../features/booking-lifecycle/booking-checkout.ts';
import { expireOverdueBookings } from '../features/booking-lifecycle/expire-bookings.ts';
import type { ManageLink } from '../features/booking-lifecycle/manage-links.ts';
import type { Clock } from '../lib/clock.ts';
import type { Logger } from '../lib/logger.ts';

// The expiry sweeper (ARCHITECTURE §4, §15): decides only *when* the lifecycle's expiry runs — at
// start-up and then every minute, one pass at a time. What a pass does (requests nobody answered
// expire, unpaid bookings are cancelled and their checkouts closed, failed checkouts are retried;
// decision 017; refunds owed are made and day-ahead reminders queued, decision 046) is
// expireOverdueBookings, in features/booking-lifecycle/expire-bookings.ts.

export interface ExpirySweeperOptions {
  db: Db;
  clock: Clock;
  logger: Pick<Logger, 'info' | 'error'>;
  checkout?: CheckoutDeps;
  /** The customer's booking page, linked from the cancellation mails (`manageLinkFor`). */
  manageLink: ManageLink;
  intervalMs?: number;
}

/** Runs the sweep at once and then every minute (ARCHITECTURE §4) until stopped. */
export function startExpirySweeper({
  db,
  clock,
  logger,
  checkout,
  manageLink,
  intervalMs = 60_000,
}: ExpirySweeperOptions) {
  let running: Promise<void> | undefined;
  const sweep = () => {
    if (running) return; // a slow pass is never overlapped by the next one
    running = expireOverdueBookings({ db, now: clock.now(), checkout, manageLink })
      .then((counts) => {
        if (
          counts.expired ||
          counts.cancelled ||
          counts.attached ||
          counts.refunded ||
          counts.reminded ||
          counts.reviewsRequested
        )
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
