import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { appointments } from '../src/server/db/schema/bookings.ts';
import { outbox } from '../src/server/db/schema/messaging.ts';
import { createTestDatabase, type TestDatabase } from '../src/server/test/test-db.ts';
import { type BookingOutcome, findSlots, postBooking, verifyAcknowledged } from './support/bookings.ts';
import { logLines, type ServerProcess, startInstances, waitFor } from './support/server-process.ts';

// Fault 3 (ARCHITECTURE §11): two app processes on one PostgreSQL. Many booking requests for
// the same slots arrive at both at once: exactly one wins each slot, the others get 409. Then
// bookings become overdue while both sweepers run every 100 ms: each is cancelled once and its
// customer told once.

const PORTS = [3330, 3331] as const;
const SLOTS = 20;
const REQUESTS_PER_SLOT = 6;
const WAVES = 4;

describe('two instances on one PostgreSQL', () => {
  let database: TestDatabase;
  const instances: ServerProcess[] = [];
  afterAll(async () => {
    for (const instance of instances) await instance.kill();
    await database?.close();
  });

  it('books each slot once and sweeps each overdue booking once', async () => {
    database = await createTestDatabase();
    const appUrl = await startInstances(instances, { ports: PORTS, databaseUrl: database.url! });
    const slots = await findSlots(appUrl, SLOTS);

    // Every request at once, alternating between the instances.
    const outcomes: BookingOutcome[] = await Promise.all(
      slots.flatMap((slot, s) =>
        Array.from({ length: REQUESTS_PER_SLOT }, (_, k) =>
          postBooking(instances[k % 2]!.baseUrl, { origin: appUrl, slot, n: s * REQUESTS_PER_SLOT + k }),
        ),
      ),
    );
    const perSlot = slots.map((slot) => {
      const mine = outcomes.filter((o) => o.slot === slot);
      return {
        created: mine.filter((o) => o.kind === 'created').length,
        conflicts: mine.filter((o) => o.kind === 'refused' && o.status === 409).length,
        other: mine.filter((o) => o.kind !== 'created' && !(o.kind === 'refused' && o.status === 409)),
      };
    });
    const winners = outcomes.flatMap((o) => (o.kind === 'created' ? [o.booking] : []));
    const active = await database.db
      .select({
        vendorId: appointments.vendorProfileId,
        start: appointments.startTz,
        n: sql<number>`count(*)::int`,
      })
      .from(appointments)
      .where(
        inArray(
          appointments.id,
          winners.map((w) => w.id),
        ),
      )
      .groupBy(appointments.vendorProfileId, appointments.startTz);
    const problems = await verifyAcknowledged(database.db, winners);
    console.info(
      `[faults] two instances: ${outcomes.length} booking requests for ${SLOTS} slots ` +
        `(${REQUESTS_PER_SLOT} per slot, half to each instance): ` +
        `${winners.length} created (201), ${perSlot.reduce((n, s) => n + s.conflicts, 0)} refused with 409, ` +
        `${perSlot.reduce((n, s) => n + s.other.length, 0)} other answers; ` +
        `${active.length} slots hold a booking in the database`,
    );
    // A 500 says what failed in the servers' own logs: shown with the answers.
    const serverErrors = instances.flatMap((instance) =>
      logLines(instance, 'unhandled error').map((line) => (line.err as { message?: string })?.message),
    );
    expect({ other: perSlot.flatMap((s) => s.other), serverErrors }).toEqual({ other: [], serverErrors: [] });
    expect(perSlot.map((s) => s.created)).toEqual(slots.map(() => 1));
    expect(perSlot.map((s) => s.conflicts)).toEqual(slots.map(() => REQUESTS_PER_SLOT - 1));
    expect(active.map((a) => a.n)).toEqual(slots.map(() => 1));
    expect(problems).toEqual([]);

    // The sweepers of both instances race over bookings made overdue in waves.
    const perWave = Math.ceil(winners.length / WAVES);
    for (let w = 0; w < WAVES; w++) {
      const wave = winners.slice(w * perWave, (w + 1) * perWave).map((b) => b.id);
      await database.db
        .update(appointments)
        .set({
          status: 'awaiting_payment',
          confirmedAt: sql`now() - interval '2 hours'`,
          paymentDueAt: sql`now() - interval '1 minute'`,
        })
        .where(inArray(appointments.id, wave));
      await waitFor(`wave ${w + 1} cancelled`, async () => {
        const rows = await database.db
          .select({ status: appointments.status, reason: appointments.cancelReason })
          .from(appointments)
          .where(inArray(appointments.id, wave));
        return rows.every((r) => r.status === 'cancelled' && r.reason === 'payment_timeout')
          ? true
          : undefined;
      });
    }
    const notices = await database.db
      .select({
        to: sql<string>`${outbox.payload}->>'to'`,
        subject: sql<string>`${outbox.payload}->>'subject'`,
        n: sql<number>`count(*)::int`,
      })
      .from(outbox)
      .where(
        and(eq(outbox.kind, 'mail'), sql`${outbox.payload}->>'subject' like '%cancelada por falta de pago'`),
      )
      .groupBy(sql`${outbox.payload}->>'to'`, sql`${outbox.payload}->>'subject'`);
    const customerNotices = winners.map(({ code }) =>
      notices
        .filter(
          (m) => m.subject === `Reserva ${code} cancelada por falta de pago` && m.to.startsWith('fault.'),
        )
        .reduce((n, m) => n + m.n, 0),
    );
    const sweptByNow = () =>
      instances.map((instance) =>
        logLines(instance, 'expiry sweeper: bookings moved on').reduce(
          (n, l) => n + Number(l.cancelled ?? 0),
          0,
        ),
      );
    // A pass logs its counts when it ends, after the refunds and reminders that follow the
    // cancellations (decision 046): wait until the passes that cancelled have logged.
    await waitFor('the sweepers logged their passes', async () =>
      sweptByNow().reduce((a, b) => a + b, 0) >= winners.length ? true : undefined,
    );
    const sweptBy = sweptByNow();
    console.info(
      `[faults] two sweepers: ${winners.length} bookings made overdue in ${WAVES} waves; cancelled by ` +
        `instance 1/2: ${sweptBy.join('/')}; ${notices.reduce((n, m) => n + m.n, 0)} cancellation mails ` +
        `queued for ${notices.length} distinct recipient+subject pairs`,
    );
    expect(customerNotices).toEqual(winners.map(() => 1));
    expect(notices.every((m) => m.n === 1)).toBe(true);
    expect(sweptBy[0]! + sweptBy[1]!).toBe(winners.length);
    for (const instance of instances) expect(await instance.stop()).toBe(0);
  });
});
