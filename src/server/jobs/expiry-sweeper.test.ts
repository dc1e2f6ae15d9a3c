import { describe, expect, it, vi } from 'vitest';
import { bookingsAround } from '../test/bookings-around.ts';
import { testManageLink } from '../test/factories.ts';
import { testEngine } from '../test/test-db.ts';
import { startExpirySweeper } from './expiry-sweeper.ts';

// ARCHITECTURE §4, §15: the sweeper runs the lifecycle's expiry at start-up and on its interval (the
// rules themselves: features/booking-lifecycle/expire-bookings.test.ts).

const NOW = '2026-11-23T15:00:00Z';

describe(`startExpirySweeper (${testEngine})`, () => {
  const bookings = bookingsAround(NOW);
  const { clock, at, insert: booking, read: statusOf } = bookings;

  it('runs at start-up and then on its interval until stopped', async () => {
    // The interval is driven by hand (only setInterval is faked: the database's I/O stays real).
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const intervalMs = 60_000;
      const stale = await booking({ createdAt: at(-25) });
      const logger = { info: vi.fn(), error: vi.fn() };
      const sweeper = startExpirySweeper({
        db: bookings.database.db,
        clock,
        logger,
        intervalMs,
        manageLink: testManageLink,
      });
      await vi.waitFor(() =>
        expect(logger.info).toHaveBeenCalledWith({ expired: 1, cancelled: 0 }, expect.any(String)),
      );
      expect(logger.info).toHaveBeenCalledTimes(1); // the start-up pass, before any interval
      expect((await statusOf(stale.id)).status).toBe('expired');
      const unpaid = await booking({ status: 'awaiting_payment', paymentDueAt: at(-1) });
      await vi.advanceTimersByTimeAsync(intervalMs);
      await vi.waitFor(async () => expect((await statusOf(unpaid.id)).status).toBe('cancelled'));
      await sweeper.stop();
      const later = await booking({ createdAt: at(-25) });
      await vi.advanceTimersByTimeAsync(10 * intervalMs);
      await sweeper.stop(); // waits for a pass, had the interval started one
      expect((await statusOf(later.id)).status).toBe('pending_vendor');
      expect(logger.error).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
