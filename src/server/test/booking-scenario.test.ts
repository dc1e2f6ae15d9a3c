import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BookingScenario, createBookingScenario } from './booking-scenario.ts';
import { createTestApp } from './test-app.ts';
import { testEngine } from './test-db.ts';
import { MONDAY_9, NOW, WEDNESDAY_9 } from './test-week.ts';

// The scenario's steps leave each booking where their names say, through the real routes: the
// route tests rely on that. Monday 09:00 is 21 h after "now", Wednesday 09:00 more than 24 h.

describe(`the booking scenario (${testEngine})`, () => {
  let world: BookingScenario;

  beforeAll(async () => {
    world = await createBookingScenario({ now: NOW, stripe: true });
  });
  afterAll(() => world?.close());

  it('requested, confirmed and paid through Stripe move one booking along', async () => {
    const booking = await world.requested({ startTime: MONDAY_9 });
    expect((await world.rowOf(booking.id)).status).toBe('pending_vendor');
    expect(booking.manageToken).toMatch(/^[A-Za-z0-9_-]{54}$/);
    const confirmed = await world.confirmed(booking);
    expect(confirmed.row).toMatchObject({
      status: 'awaiting_payment',
      checkoutSessionId: expect.any(String),
    });
    const paid = await world.paid(confirmed);
    expect(paid.row).toMatchObject({ status: 'paid', paidAt: world.clock.now() });
    expect(world.stripe!.rejections).toEqual([]);
  });

  it('pays through the sandbox over another app on the same database', async () => {
    const sandbox = world.over(
      createTestApp(world.database, {
        clock: world.clock,
        env: { APP_URL: world.config.appUrl, RATE_LIMITS: 'off' },
      }).app,
    );
    const { row } = await sandbox.paid({ startTime: MONDAY_9 });
    expect(row).toMatchObject({ status: 'paid', checkoutSessionId: expect.stringMatching(/^cs_sandbox_/) });
  });

  it('ends a booking by the vendor’s decline, the customer’s cancellation or the sweeper', async () => {
    const declined = await world.ended(await world.requested({ startTime: MONDAY_9 }), 'declined');
    expect(declined.row).toMatchObject({ status: 'declined' });
    const cancelled = await world.ended(await world.requested({ startTime: WEDNESDAY_9 }), 'cancelled');
    expect(cancelled.row).toMatchObject({ status: 'cancelled', cancelReason: 'customer' });
    try {
      const expired = await world.ended(await world.requested({ startTime: WEDNESDAY_9 }), 'expired');
      expect(expired.row).toMatchObject({ status: 'expired' });
      expect(world.clock.now()).toEqual(new Date(Date.parse(NOW) + 24 * 60 * 60_000));
    } finally {
      world.clock.set(NOW);
    }
  });
});
