import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client.ts';
import { appointments } from '../../db/schema/bookings.ts';
import { bookingsAround } from '../../test/bookings-around.ts';
import { testManageLink } from '../../test/factories.ts';
import { testEngine } from '../../test/test-db.ts';
import { expireOverdueBookings } from './expire-bookings.ts';

// ARCHITECTURE §4: pending_vendor expires at the earlier of its start and 24 h after the request;
// awaiting_payment is cancelled (payment_timeout) once payment_due_at passes.

const NOW = '2026-11-23T15:00:00Z';

describe(`expireOverdueBookings (${testEngine})`, () => {
  const bookings = bookingsAround(NOW);
  const { clock, at, insert: booking, read: statusOf } = bookings;

  it('expires a request the vendor left unanswered for 24 hours', async () => {
    const stale = await booking({ createdAt: at(-24) });
    const fresh = await booking({ createdAt: at(-23.9) });
    expect(
      await expireOverdueBookings({ db: bookings.database.db, now: clock.now(), manageLink: testManageLink }),
    ).toEqual({
      expired: 1,
      cancelled: 0,
    });
    expect((await statusOf(stale.id)).status).toBe('expired');
    expect((await statusOf(fresh.id)).status).toBe('pending_vendor');
  });

  it('expires a request whose start came before the 24 hours were up', async () => {
    const started = await booking({ createdAt: at(-2), startInHours: 0 });
    const later = await booking({ createdAt: at(-2), startInHours: 1 });
    expect(
      await expireOverdueBookings({ db: bookings.database.db, now: clock.now(), manageLink: testManageLink }),
    ).toEqual({
      expired: 1,
      cancelled: 0,
    });
    expect((await statusOf(started.id)).status).toBe('expired');
    clock.advance(60 * 60_000);
    expect(
      await expireOverdueBookings({ db: bookings.database.db, now: clock.now(), manageLink: testManageLink }),
    ).toEqual({
      expired: 1,
      cancelled: 0,
    });
    expect((await statusOf(later.id)).status).toBe('expired');
  });

  it('cancels an unpaid booking once payment_due_at passes, with the reason and the time', async () => {
    const due = await booking({ status: 'awaiting_payment', paymentDueAt: at(0), createdAt: at(-30) });
    const notYet = await booking({ status: 'awaiting_payment', paymentDueAt: at(1) });
    expect(
      await expireOverdueBookings({ db: bookings.database.db, now: clock.now(), manageLink: testManageLink }),
    ).toEqual({
      expired: 0,
      cancelled: 1,
    });
    expect(await statusOf(due.id)).toMatchObject({
      status: 'cancelled',
      cancelReason: 'payment_timeout',
      cancelledAt: clock.now(),
    });
    expect((await statusOf(notYet.id)).status).toBe('awaiting_payment');
  });

  it('leaves confirmed, paid and terminal bookings alone', async () => {
    const rows = await Promise.all(
      (['confirmed', 'paid', 'declined', 'cancelled', 'expired'] as const).map((status, i) =>
        booking({ status, createdAt: at(-100), startInHours: -50 + i * 2, paymentDueAt: at(-60) }),
      ),
    );
    expect(
      await expireOverdueBookings({ db: bookings.database.db, now: clock.now(), manageLink: testManageLink }),
    ).toEqual({
      expired: 0,
      cancelled: 0,
    });
    const after = await bookings.database.db
      .select({ status: appointments.status })
      .from(appointments)
      .where(
        inArray(
          appointments.id,
          rows.map((r) => r.id),
        ),
      );
    expect(after.map((r) => r.status).sort()).toEqual([
      'cancelled',
      'confirmed',
      'declined',
      'expired',
      'paid',
    ]);
  });

  it('is idempotent, and frees the slot for a new request', async () => {
    const stale = await booking({ createdAt: at(-25), startInHours: 5 });
    expect(
      await expireOverdueBookings({ db: bookings.database.db, now: clock.now(), manageLink: testManageLink }),
    ).toEqual({
      expired: 1,
      cancelled: 0,
    });
    expect(
      await expireOverdueBookings({ db: bookings.database.db, now: clock.now(), manageLink: testManageLink }),
    ).toEqual({
      expired: 0,
      cancelled: 0,
    });
    await expect(booking({ startInHours: 5 })).resolves.toMatchObject({ startTz: stale.startTz });
  });

  it('counts each booking once when several instances sweep at the same time', async () => {
    for (let i = 0; i < 20; i++) await booking({ createdAt: at(-30) });
    for (let i = 0; i < 10; i++) await booking({ status: 'awaiting_payment', paymentDueAt: at(-1) });
    // Separate pools on PostgreSQL (separate instances); on PGlite, one connection interleaving.
    const others: Database[] = bookings.database.url
      ? [
          await openDatabase({ databaseUrl: bookings.database.url }),
          await openDatabase({ databaseUrl: bookings.database.url }),
        ]
      : [];
    try {
      const dbs = [bookings.database.db, ...others.map((o) => o.db), bookings.database.db];
      const results = await Promise.all(
        dbs.map((db) => expireOverdueBookings({ db, now: clock.now(), manageLink: testManageLink })),
      );
      const total = results.reduce((sum, r) => ({
        expired: sum.expired + r.expired,
        cancelled: sum.cancelled + r.cancelled,
      }));
      expect(total).toEqual({ expired: 20, cancelled: 10 });
    } finally {
      await Promise.all(others.map((o) => o.close()));
    }
  });
});
