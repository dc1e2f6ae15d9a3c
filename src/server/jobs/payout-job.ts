import type { Db } from '../db/client.ts';
import type { PayoutSettings } from '../features/payouts/payouts.service.ts';
import { runPayouts } from '../features/payouts/stripe-payouts.ts';
import type { PayoutConnect } from '../integrations/payments/payment-provider.ts';
import type { Clock } from '../lib/clock.ts';
import type { Logger } from '../lib/logger.ts';

// The payout job (ARCHITECTURE §15, decision 065): decides only *when* — every few minutes, one pass at
// a time — while runPayouts decides what: the day's payouts once PAYOUT_SCHEDULE has come (the
// instance that records the day's run makes them), and the Stripe transfers still to make. Runs only
// when Stripe is configured: without it, an admin records SPEI payouts by hand.

export interface PayoutJobOptions {
  db: Db;
  clock: Clock;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  connect: PayoutConnect;
  settings: PayoutSettings & { schedule: string };
  intervalMs?: number;
}

export function startPayoutJob({
  db,
  clock,
  logger,
  connect,
  settings,
  intervalMs = 5 * 60_000,
}: PayoutJobOptions) {
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = runPayouts({ db, connect, now: clock.now(), settings, logger })
      .then((counts) => {
        if (counts.created || counts.transferred || counts.failed)
          logger.info(counts, 'payout job: payouts moved on');
      })
      .catch((err: unknown) => logger.error({ err }, 'payout job: pass failed; retrying at the next'))
      .finally(() => {
        running = undefined;
      });
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
