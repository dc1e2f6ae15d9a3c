import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, or } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, type Db, openDatabase } from '../src/server/db/client.ts';
import { appointments } from '../src/server/db/schema/bookings.ts';
import { createTestDatabase, type TestDatabase } from '../src/server/test/test-db.ts';
import {
  type BookingOutcome,
  bookingLoad,
  created,
  findSlots,
  postBooking,
  verifyAcknowledged,
} from './support/bookings.ts';
import { type ServerProcess, startServer, tail, waitFor } from './support/server-process.ts';

// Fault 1: the server is killed (SIGKILL, no shutdown code runs) while booking requests
// are in flight, then started again on the same database. Every booking that was acknowledged
// with 201 must be there exactly once, and the server must start — on PostgreSQL, and on PGlite,
// whose data directory on disk is written by the killed process itself.

const PORT = 3301;
const SLOTS = 70;
const KILL_AFTER_ACKNOWLEDGED = 25;
const CONCURRENCY = 6;

interface Run {
  sent: number;
  acknowledged: number;
  noAnswer: number;
  refused: BookingOutcome[];
  afterRestart: BookingOutcome;
  outcomes: BookingOutcome[];
}

/** Load → SIGKILL once enough bookings are acknowledged → start again → one more booking. */
async function killDuringLoad(start: () => Promise<ServerProcess>): Promise<Run> {
  const first = await start();
  const slots = await findSlots(first.baseUrl, SLOTS + 1);
  let killed = false;
  const load = bookingLoad({
    slots: slots.slice(0, SLOTS),
    concurrency: CONCURRENCY,
    keepGoing: () => !killed,
    send: (slot, n) => postBooking(first.baseUrl, { origin: first.baseUrl, slot, n }),
  });
  await waitFor(`${KILL_AFTER_ACKNOWLEDGED} acknowledged bookings`, async () =>
    created(load.outcomes).length >= KILL_AFTER_ACKNOWLEDGED ? true : undefined,
  );
  await first.kill();
  killed = true;
  await load.finished;
  expect(await first.exited, 'killed, not exited').toBe('SIGKILL');

  const second = await start().catch((err: Error) => {
    throw new Error(`the server did not start again after SIGKILL: ${err.message}`);
  });
  const afterRestart = await postBooking(second.baseUrl, {
    origin: second.baseUrl,
    slot: slots[SLOTS]!,
    n: SLOTS,
  });
  const exit = await second.stop();
  expect(exit, `graceful stop after the restart:\n${tail(second.log())}`).toBe(0);
  const { outcomes } = load;
  return {
    sent: outcomes.length,
    acknowledged: created(outcomes).length,
    noAnswer: outcomes.filter((o) => o.kind === 'no-answer').length,
    refused: outcomes.filter((o) => o.kind === 'refused'),
    afterRestart,
    outcomes,
  };
}

async function check(label: string, db: Db, run: Run) {
  const acknowledged = created(run.outcomes);
  const problems = await verifyAcknowledged(db, acknowledged);
  // Requests cut by the kill may or may not have committed: either is correct, and worth a count.
  const unanswered = run.outcomes.filter((o) => o.kind === 'no-answer');
  const committed = unanswered.length
    ? await db
        .select({ id: appointments.id })
        .from(appointments)
        .where(
          or(
            ...unanswered.map(({ slot }) =>
              and(
                eq(appointments.vendorProfileId, slot.vendorId),
                eq(appointments.startTz, new Date(slot.startTime)),
              ),
            ),
          ),
        )
    : [];
  console.info(
    `[faults] kill -9 on ${label}: ${run.sent} bookings sent, ${run.acknowledged} acknowledged (201), ` +
      `${run.noAnswer} without an answer at the kill (${committed.length} of them committed), ` +
      `${run.refused.length} refused; ` +
      `${run.acknowledged - problems.length} of ${run.acknowledged} acknowledged found exactly once; ` +
      `after the restart: ${run.afterRestart.kind}`,
  );
  expect(problems).toEqual([]);
  expect(run.acknowledged).toBeGreaterThanOrEqual(KILL_AFTER_ACKNOWLEDGED);
  // Distinct free slots: nothing but a kill can stop one of them from being booked.
  expect(run.refused.map((o) => o.kind === 'refused' && `${o.status} ${o.body}`)).toEqual([]);
  expect(run.afterRestart.kind).toBe('created');
}

describe('kill -9 during a booking load', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('PostgreSQL: every acknowledged booking survives, once', async () => {
    const database: TestDatabase = await createTestDatabase();
    cleanups.push(() => database.close());
    const run = await killDuringLoad(() =>
      startServer({ name: 'postgres instance', port: PORT, env: { DATABASE_URL: database.url! } }),
    );
    await check('PostgreSQL', database.db, run);
  });

  it('PGlite: the data directory reopens and every acknowledged booking survives, once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'barrio-faults-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const pgliteDir = join(dir, 'pglite');
    const run = await killDuringLoad(() =>
      startServer({ name: 'pglite instance', port: PORT, env: { PGLITE_DIR: pgliteDir, LOG_LEVEL: 'info' } }),
    );
    // The server has stopped gracefully: the directory is this process's to open now.
    const database: Database = await openDatabase({ pgliteDir });
    try {
      await check('PGlite', database.db, run);
    } finally {
      await database.close();
    }
  });
});
