import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';
import { outbox } from '../db/schema/messaging.ts';
import { enqueue, type OutboxHandler } from '../features/outbox/outbox.service.ts';
import { fixedClock } from '../lib/clock.ts';
import { createTestDatabase, type TestDatabase, testEngine } from '../test/test-db.ts';
import { createOutboxDispatcher, type OutboxDispatcherOptions, purgeSettledOutbox } from './outbox.ts';

// ARCHITECTURE §3, §11 and decision 013: durable side effects, delivered once, retried with backoff.

const SECOND = 1000;

describe(`outbox (${testEngine})`, () => {
  let database: TestDatabase;
  // enqueue() stamps next_attempt_at with the database's now(), so the dispatcher's clock starts a
  // second after the real time: a fixed date would fall behind it (and leave every item not yet
  // due) once that date had passed.
  const start = () => new Date(Date.now() + SECOND);
  const clock = fixedClock(start());
  const logger = () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() });

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.db.delete(outbox);
    clock.set(start());
  });

  const dispatcher = (
    options: Partial<OutboxDispatcherOptions> & Pick<OutboxDispatcherOptions, 'handlers'>,
  ) => createOutboxDispatcher({ db: database.db, clock, logger: logger(), ...options });
  const row = async (id: string) => (await database.db.select().from(outbox).where(eq(outbox.id, id)))[0]!;

  it('enqueues inside the caller’s transaction: rolled back, nothing is queued', async () => {
    const kept = await database.db.transaction((tx) =>
      enqueue(tx, { kind: 'mail', payload: { to: 'a@example.test' } }),
    );
    await database.db
      .transaction(async (tx) => {
        await enqueue(tx, { kind: 'mail', payload: { to: 'b@example.test' } });
        tx.rollback();
      })
      .catch(() => {});
    const rows = await database.db.select().from(outbox);
    expect(rows.map((r) => r.id)).toEqual([kept]);
    expect(rows[0]).toMatchObject({ status: 'pending', attempts: 0, payload: { to: 'a@example.test' } });
  });

  it('delivers an item once and marks it sent', async () => {
    const mail = vi.fn<OutboxHandler>(async () => {});
    const id = await enqueue(database.db, { kind: 'mail', payload: { subject: 'Hola' } });
    const outbox1 = dispatcher({ handlers: { mail } });
    expect(await outbox1.runOnce()).toEqual({ claimed: 1, sent: 1, retried: 0, failed: 0 });
    expect(await outbox1.runOnce()).toEqual({ claimed: 0, sent: 0, retried: 0, failed: 0 });
    expect(mail).toHaveBeenCalledTimes(1);
    expect(mail).toHaveBeenCalledWith(
      { subject: 'Hola' },
      expect.objectContaining({ id, kind: 'mail', attempts: 1 }),
    );
    expect(await row(id)).toMatchObject({
      status: 'sent',
      attempts: 1,
      sentAt: clock.now(),
      lockedUntil: null,
      lastError: null,
    });
  });

  it('retries a failed delivery with exponential backoff on the clock', async () => {
    let calls = 0;
    const whatsapp = vi.fn<OutboxHandler>(async () => {
      calls++;
      if (calls <= 2) throw new Error(`provider down ${calls}`);
    });
    const id = await enqueue(database.db, { kind: 'whatsapp', payload: { to: '+5215512345678' } });
    const outbox1 = dispatcher({ handlers: { whatsapp } });

    expect((await outbox1.runOnce()).retried).toBe(1);
    expect(await row(id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'provider down 1',
      lockedUntil: null,
      nextAttemptAt: new Date(clock.now().getTime() + 30 * SECOND),
    });
    clock.advance(29 * SECOND);
    expect((await outbox1.runOnce()).claimed).toBe(0); // not due yet
    clock.advance(1 * SECOND);
    expect((await outbox1.runOnce()).retried).toBe(1);
    expect(await row(id)).toMatchObject({
      attempts: 2,
      nextAttemptAt: new Date(clock.now().getTime() + 60 * SECOND),
    });
    clock.advance(60 * SECOND);
    expect((await outbox1.runOnce()).sent).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    expect(whatsapp).toHaveBeenCalledTimes(3);
  });

  it('caps the backoff', async () => {
    const id = await enqueue(database.db, { kind: 'mail', payload: {} });
    const outbox1 = dispatcher({
      handlers: { mail: async () => Promise.reject(new Error('no')) },
      maxAttempts: 20,
      maxBackoffMs: 5 * 60 * SECOND,
    });
    for (let i = 0; i < 6; i++) {
      await outbox1.runOnce();
      clock.advance(60 * 60 * SECOND);
    }
    const { nextAttemptAt, attempts } = await row(id);
    expect(attempts).toBe(6);
    expect(nextAttemptAt.getTime() - (clock.now().getTime() - 60 * 60 * SECOND)).toBe(5 * 60 * SECOND);
  });

  it('marks an item failed, with the last error, after the maximum attempts', async () => {
    const mail = vi.fn<OutboxHandler>(async () => {
      throw new Error('mailbox full');
    });
    const id = await enqueue(database.db, { kind: 'mail', payload: {} });
    const outbox1 = dispatcher({ handlers: { mail }, maxAttempts: 3 });
    const results = [];
    for (let i = 0; i < 5; i++) {
      results.push(await outbox1.runOnce());
      clock.advance(60 * 60 * SECOND);
    }
    expect(results.map((r) => r.claimed)).toEqual([1, 1, 1, 0, 0]);
    expect(results[2]!.failed).toBe(1);
    expect(mail).toHaveBeenCalledTimes(3);
    expect(await row(id)).toMatchObject({
      status: 'failed',
      attempts: 3,
      lastError: 'mailbox full',
      lockedUntil: null,
    });
  });

  it('claims an item again once the lease of a stalled delivery expires, and records one outcome', async () => {
    const id = await enqueue(database.db, { kind: 'mail', payload: {} });
    let release!: () => void;
    const stalled = vi.fn<OutboxHandler>(() => new Promise<void>((resolve) => (release = resolve)));
    const healthy = vi.fn<OutboxHandler>(async () => {});
    const first = dispatcher({ handlers: { mail: stalled }, leaseMs: 60 * SECOND });
    const second = dispatcher({ handlers: { mail: healthy }, leaseMs: 60 * SECOND });

    const firstRun = first.runOnce();
    await vi.waitFor(() => expect(stalled).toHaveBeenCalledTimes(1));
    expect((await second.runOnce()).claimed).toBe(0); // leased
    clock.advance(60 * SECOND);
    expect(await second.runOnce()).toMatchObject({ claimed: 1, sent: 1 });
    release();
    expect(await firstRun).toMatchObject({ claimed: 1, sent: 0 }); // its lease was gone
    expect(healthy).toHaveBeenCalledTimes(1);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('fails an item whose deliveries keep ending without an outcome', async () => {
    const id = await enqueue(database.db, { kind: 'mail', payload: {} });
    // As if three instances had claimed it and died before recording anything.
    await database.db
      .update(outbox)
      .set({ attempts: 3, lockedUntil: new Date(clock.now().getTime() - SECOND) })
      .where(eq(outbox.id, id));
    const mail = vi.fn<OutboxHandler>(async () => {});
    expect(await dispatcher({ handlers: { mail }, maxAttempts: 3 }).runOnce()).toMatchObject({ failed: 1 });
    expect(mail).not.toHaveBeenCalled();
    expect((await row(id)).status).toBe('failed');
  });

  it('leaves items of a kind without a handler pending, and says so in the log', async () => {
    const id = await enqueue(database.db, { kind: 'whatsapp', payload: {} });
    const log = logger();
    const outbox1 = createOutboxDispatcher({ db: database.db, clock, logger: log, handlers: {} });
    expect(await outbox1.runOnce()).toEqual({ claimed: 0, sent: 0, retried: 0, failed: 0 });
    expect(await row(id)).toMatchObject({ status: 'pending', attempts: 0, lockedUntil: null });
    expect(log.warn).toHaveBeenCalledWith(
      { kind: 'whatsapp', pending: 1 },
      expect.stringContaining('handler'),
    );
    await outbox1.runOnce();
    expect(log.warn).toHaveBeenCalledTimes(1); // reported again only after a while

    const mail = vi.fn<OutboxHandler>(async () => {});
    await dispatcher({ handlers: { mail } }).runOnce();
    expect(mail).not.toHaveBeenCalled();
    expect((await row(id)).status).toBe('pending');
  });

  // What is kept of a delivered message holds no usable token.
  it('keeps a sent or failed item’s payload with its tokens redacted, and a retried one whole', async () => {
    const TOKEN = 'k3Jq_Zx9-aB0cD1eF2gH3iJ4kL5mN6oP7qR8sT9uV0w';
    const mailWith = (to: string) => ({
      to,
      subject: 'Nueva solicitud de reserva ABC234',
      text: `Confirmar: http://barrio.test/vendor-confirm?token=${TOKEN}&action=confirm`,
    });
    const sent = await enqueue(database.db, { kind: 'mail', payload: mailWith('ok@example.test') });
    const failing = await enqueue(database.db, { kind: 'mail', payload: mailWith('down@example.test') });
    const handed: string[] = [];
    const mail = vi.fn<OutboxHandler>(async (payload) => {
      handed.push(String(payload.text));
      if (payload.to === 'down@example.test') throw new Error('mailbox down');
    });
    const outbox1 = dispatcher({ handlers: { mail }, maxAttempts: 2, baseBackoffMs: SECOND });
    const redacted = {
      ...mailWith('ok@example.test'),
      text: 'Confirmar: http://barrio.test/vendor-confirm?token=[redacted]&action=confirm',
    };

    expect(await outbox1.runOnce()).toMatchObject({ sent: 1, retried: 1 });
    expect(await row(sent)).toMatchObject({ status: 'sent', payload: redacted });
    expect(JSON.stringify(await row(sent))).not.toContain(TOKEN);
    // A retry needs the link: kept until the last attempt.
    expect((await row(failing)).payload).toEqual(mailWith('down@example.test'));

    clock.advance(SECOND);
    expect(await outbox1.runOnce()).toMatchObject({ failed: 1 });
    expect(await row(failing)).toMatchObject({
      status: 'failed',
      payload: { ...redacted, to: 'down@example.test' },
    });
    expect(JSON.stringify(await database.db.select().from(outbox))).not.toContain(TOKEN);
    // Each delivery was handed the working link.
    expect(handed).toHaveLength(3);
    expect(handed.every((text) => text.includes(`token=${TOKEN}`))).toBe(true);
  });

  it('deletes sent and failed items past the retention, once per purge interval, never a pending one', async () => {
    const DAY = 24 * 60 * 60 * SECOND;
    const now = clock.now().getTime();
    const item = async (n: string, values: Partial<typeof outbox.$inferInsert>) => {
      const id = await enqueue(database.db, { kind: 'whatsapp', payload: { n } });
      await database.db.update(outbox).set(values).where(eq(outbox.id, id));
      return id;
    };
    await item('sent 8 days ago', { status: 'sent', sentAt: new Date(now - 8 * DAY) });
    await item('failed 8 days ago', { status: 'failed', nextAttemptAt: new Date(now - 8 * DAY) });
    const sentRecent = await item('sent 6 days ago', { status: 'sent', sentAt: new Date(now - 6 * DAY) });
    // Waiting 30 days for a handler this instance lacks: still to be delivered, so kept.
    const pendingOld = await item('pending', { nextAttemptAt: new Date(now - 30 * DAY) });
    const ids = async () =>
      (await database.db.select({ id: outbox.id }).from(outbox)).map((r) => r.id).sort();
    const log = logger();
    const outbox1 = createOutboxDispatcher({
      db: database.db,
      clock,
      logger: log,
      handlers: {},
      retentionMs: 7 * DAY,
      purgeEveryMs: 60 * 60 * SECOND,
    });

    await outbox1.runOnce();
    expect(await ids()).toEqual([sentRecent, pendingOld].sort());
    expect(log.info).toHaveBeenCalledWith({ purged: 2 }, expect.stringContaining('retention'));

    // Two days on, the recent one is past the retention too, but only at the next purge.
    clock.advance(2 * DAY);
    await outbox1.runOnce();
    expect(await ids()).toEqual([pendingOld]);
    const later = await item('sent 8 days ago', { status: 'sent', sentAt: new Date(now - 6 * DAY) });
    clock.advance(30 * 60 * SECOND);
    await outbox1.runOnce();
    expect(await ids()).toEqual([later, pendingOld].sort());
    clock.advance(30 * 60 * SECOND);
    await outbox1.runOnce();
    expect(await ids()).toEqual([pendingOld]);

    // Two instances purging at once delete each row once, and then nothing more.
    await item('a', { status: 'sent', sentAt: new Date(now - 8 * DAY) });
    await item('b', { status: 'failed', nextAttemptAt: new Date(now - 8 * DAY) });
    const before = new Date(now - 7 * DAY);
    const counts = await Promise.all([
      purgeSettledOutbox({ db: database.db, before }),
      purgeSettledOutbox({ db: database.db, before }),
    ]);
    expect(counts[0]! + counts[1]!).toBe(2);
    expect(await purgeSettledOutbox({ db: database.db, before })).toBe(0);
    expect(await ids()).toEqual([pendingOld]);
  });

  it('polls with start() and stops with stop()', async () => {
    // The poll timer is driven by hand (only setTimeout is faked: the database's I/O stays real).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const pollMs = 60 * SECOND;
      const delivered: string[] = [];
      const outbox1 = dispatcher({
        handlers: { mail: async (p) => void delivered.push(String(p.n)) },
        pollMs,
      });
      await enqueue(database.db, { kind: 'mail', payload: { n: 1 } });
      outbox1.start();
      // The first pass, at once (each check of vi.waitFor moves the clock 50 ms, far from a poll).
      await vi.advanceTimersByTimeAsync(0);
      await vi.waitFor(() => expect(delivered).toEqual(['1']), { timeout: 5000 });
      // The next item comes with a poll: each check moves the clock a poll further.
      await enqueue(database.db, { kind: 'mail', payload: { n: 2 } });
      await vi.waitFor(
        async () => {
          await vi.advanceTimersByTimeAsync(pollMs);
          expect(delivered).toEqual(['1', '2']);
        },
        { timeout: 5000 },
      );

      await outbox1.stop();
      const third = await enqueue(database.db, { kind: 'mail', payload: { n: 3 } });
      await vi.advanceTimersByTimeAsync(10 * pollMs);
      await outbox1.stop(); // waits for a pass, had a poll started one
      expect(delivered).toEqual(['1', '2']);
      expect(await row(third)).toMatchObject({ status: 'pending', attempts: 0, lockedUntil: null });
    } finally {
      vi.useRealTimers();
    }
  });

  it('stop() waits for a delivery in progress, then gives back the leases of those still running', async () => {
    // One delivery finishes within the grace, the other hangs (a mail server that stopped answering).
    let finishQuick: () => void = () => {};
    const started: string[] = [];
    const outbox1 = dispatcher({
      handlers: {
        mail: (p) => {
          started.push(String(p.n));
          return new Promise<void>((resolve) => {
            if (p.n === 1) finishQuick = resolve;
          });
        },
      },
    });
    const quick = await enqueue(database.db, { kind: 'mail', payload: { n: 1 } });
    const hung = await enqueue(database.db, { kind: 'mail', payload: { n: 2 } });
    outbox1.start();
    await vi.waitFor(() => expect(started.sort()).toEqual(['1', '2']), { timeout: 5000 });
    const stopping = outbox1.stop({ graceMs: 200 });
    finishQuick();
    expect(await stopping).toEqual({ released: 1 });
    expect(await row(quick)).toMatchObject({ status: 'sent', lockedUntil: null });
    // Released: due now for any instance, with the interrupted attempt still counted.
    expect(await row(hung)).toMatchObject({ status: 'pending', lockedUntil: null, attempts: 1 });
    const mail = vi.fn<OutboxHandler>(async () => {});
    expect(await dispatcher({ handlers: { mail } }).runOnce()).toMatchObject({ claimed: 1, sent: 1 });
    expect(mail).toHaveBeenCalledWith({ n: 2 }, expect.objectContaining({ id: hung, attempts: 2 }));
  });

  it.skipIf(testEngine === 'pglite')(
    'delivers each of 200 items exactly once with two instances racing (PostgreSQL only: PGlite is one connection in one process, so there is no second instance to race)',
    async () => {
      const instances: Database[] = [
        await openDatabase({ databaseUrl: database.url! }),
        await openDatabase({ databaseUrl: database.url! }),
      ];
      try {
        await database.db
          .insert(outbox)
          .values(Array.from({ length: 200 }, (_, n) => ({ kind: 'mail' as const, payload: { n } })));
        const deliveries = new Map<number, number>();
        const byInstance = [0, 0];
        const dispatchers = instances.map((instance, i) =>
          createOutboxDispatcher({
            db: instance.db,
            clock,
            logger: logger(),
            batchSize: 7,
            handlers: {
              mail: async (payload) => {
                const n = Number(payload.n);
                deliveries.set(n, (deliveries.get(n) ?? 0) + 1);
                byInstance[i]!++;
                await new Promise((r) => setTimeout(r, Math.random() * 3));
              },
            },
          }),
        );
        await Promise.all(
          dispatchers.map(async (d) => {
            while ((await d.runOnce()).claimed > 0) {}
          }),
        );
        expect(deliveries.size).toBe(200);
        expect([...deliveries.values()].every((count) => count === 1)).toBe(true);
        expect(byInstance[0]! + byInstance[1]!).toBe(200);
        expect(byInstance.every((count) => count > 0)).toBe(true);
        const sent = await database.db
          .select({ id: outbox.id })
          .from(outbox)
          .where(eq(outbox.status, 'sent'));
        expect(sent).toHaveLength(200);
      } finally {
        await Promise.all(instances.map((instance) => instance.close()));
      }
    },
  );
});
