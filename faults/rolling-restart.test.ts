import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../src/server/test/test-db.ts';
import {
  type BookingOutcome,
  created,
  findSlots,
  postBooking,
  verifyAcknowledged,
} from './support/bookings.ts';
import { type RoundRobinProxy, startRoundRobinProxy } from './support/round-robin-proxy.ts';
import {
  type Exit,
  logLines,
  type ServerProcess,
  sleep,
  startServer,
  tail,
  waitFor,
} from './support/server-process.ts';

// Graceful shutdown (decision 023): two instances on one PostgreSQL behind a round-robin
// balancer that retries on the other instance only when a connection is refused or reset before
// any answer. Each instance in turn gets SIGTERM, exits, starts again; meanwhile reads and booking
// requests keep coming. No request may fail, and every booking that got 201 exists once.

const PROXY_PORT = 3310;
const PORTS = [3311, 3312] as const;
const SLOTS = 250;

type Phase = 'steady' | 'restarting 1' | 'restarting 2';

interface Answer {
  kind: 'read' | 'booking';
  phase: Phase;
  ok: boolean;
  detail: string;
}

describe('rolling restart of two instances behind a balancer', () => {
  let database: TestDatabase;
  let proxy: RoundRobinProxy | undefined;
  const instances: ServerProcess[] = [];
  afterAll(async () => {
    await proxy?.close();
    for (const instance of instances) await instance.kill();
    await database?.close();
  });

  it('loses no request and no booking while each instance restarts in turn', async () => {
    database = await createTestDatabase();
    const start = (i: 0 | 1) =>
      startServer({
        name: `instance ${i + 1}`,
        port: PORTS[i],
        env: {
          DATABASE_URL: database.url!,
          // Links and the Origin check use the balancer's address, as in production.
          APP_URL: `http://127.0.0.1:${PROXY_PORT}`,
          SEED_VENDORS: '30',
          OUTBOX_POLL_MS: '200',
          LOG_LEVEL: 'info',
        },
      });
    // One after the other: the first seeds the demo data, the second finds it there.
    instances[0] = await start(0);
    instances[1] = await start(1);
    proxy = await startRoundRobinProxy({ port: PROXY_PORT, upstreamPorts: [...PORTS] });
    const base = proxy.url;
    const slots = await findSlots(base, SLOTS);
    const vendorIds = [...new Set(slots.map((s) => s.vendorId))];

    let phase: Phase = 'steady';
    let running = true;
    const answers: Answer[] = [];
    const bookings: BookingOutcome[] = [];
    let nextSlot = 0;

    const bookingWorker = async () => {
      while (running && nextSlot < slots.length) {
        const n = nextSlot++;
        const at = phase;
        const outcome = await postBooking(base, { origin: base, slot: slots[n]!, n });
        bookings.push(outcome);
        const detail = outcome.kind === 'created' ? '201' : JSON.stringify(outcome);
        answers.push({ kind: 'booking', phase: at, ok: outcome.kind === 'created', detail });
        await sleep(100);
      }
    };
    const readWorker = async (w: number) => {
      for (let i = w; running; i++) {
        const at = phase;
        const path =
          i % 2 === 0
            ? '/api/vendors?limit=6'
            : `/api/vendors/${vendorIds[i % vendorIds.length]}/availability?serviceId=${slots.find((s) => s.vendorId === vendorIds[i % vendorIds.length])!.serviceId}`;
        const answer = await fetch(`${base}${path}`)
          .then(async (res) => ({ ok: res.status === 200, detail: `${res.status} ${await res.text()}` }))
          .catch((err: Error) => ({ ok: false, detail: String(err) }));
        answers.push({ kind: 'read', phase: at, ...answer, detail: answer.detail.slice(0, 200) });
        await sleep(50);
      }
    };
    const load = Promise.all([bookingWorker(), bookingWorker(), readWorker(0), readWorker(1), readWorker(2)]);

    const answeredIn = (p: Phase, kind: Answer['kind']) =>
      answers.filter((a) => a.phase === p && a.kind === kind).length;
    const exits: Exit[] = [];
    const stopMs: number[] = [];
    for (const i of [0, 1] as const) {
      // Some steady traffic first, so that connections to both instances are open and reused.
      const before = answers.length;
      await waitFor('traffic before the restart', async () =>
        answers.length >= before + 20 ? true : undefined,
      );
      phase = i === 0 ? 'restarting 1' : 'restarting 2';
      const stopping = performance.now();
      exits.push(await instances[i]!.stop());
      stopMs.push(Math.round(performance.now() - stopping));
      const stopped = instances[i]!;
      instances[i] = await start(i);
      // The load must have gone on during the restart, or the test proved nothing.
      await waitFor(`reads and bookings answered during ${phase}`, async () =>
        answeredIn(phase, 'read') > 0 && answeredIn(phase, 'booking') > 0 ? true : undefined,
      );
      phase = 'steady';
      const steps = logLines(stopped, 'shutdown: database closed').length;
      expect(steps, `instance ${i + 1} logged its shutdown:\n${tail(stopped.log())}`).toBe(1);
    }
    running = false;
    await load;

    const failures = answers.filter((a) => !a.ok);
    const acknowledged = created(bookings);
    const problems = await verifyAcknowledged(database.db, acknowledged);
    const count = (kind: Answer['kind']) => answers.filter((a) => a.kind === kind).length;
    console.info(
      `[faults] rolling restart: ${count('read')} reads and ${count('booking')} booking requests sent ` +
        `(${answeredIn('restarting 1', 'read') + answeredIn('restarting 1', 'booking')} during restart 1, ` +
        `${answeredIn('restarting 2', 'read') + answeredIn('restarting 2', 'booking')} during restart 2); ` +
        `${failures.length} failed; ${acknowledged.length} bookings acknowledged, ` +
        `${acknowledged.length - problems.length} found exactly once; balancer: forwarded ` +
        `${proxy.stats.forwarded.join('/')} to instance 1/2, attempts retried on the other instance ` +
        `(${JSON.stringify(proxy.stats.retried)}), ${proxy.stats.failed} failed; exit codes ${exits.join(', ')} ` +
        `after ${stopMs.join(' and ')} ms from SIGTERM`,
    );
    expect(failures.slice(0, 5)).toEqual([]);
    expect(problems).toEqual([]);
    expect(exits).toEqual([0, 0]);
    expect(proxy.stats.failed).toBe(0);
    for (const instance of instances) expect(await instance.stop()).toBe(0);
  });
});
