import { setTimeout as delay } from 'node:timers/promises';
import { and, asc, eq, inArray, isNull, lt, lte, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { outbox } from '../db/schema/messaging.ts';
import type { OutboxHandler, OutboxItem, OutboxKind } from '../features/outbox/outbox.service.ts';
import type { Clock } from '../lib/clock.ts';
import type { Logger } from '../lib/logger.ts';
import { redactSecretsDeep } from '../lib/redact-secrets.ts';

// The outbox (ARCHITECTURE §3, §11; decision 013): side effects — WhatsApp messages, mails — are rows
// written in the same transaction as the change that causes them, and delivered afterwards by a
// dispatcher that any number of instances may run at once.
//
// Claim and lease: one statement,
//   UPDATE outbox SET locked_until = now + lease, attempts = attempts + 1
//   WHERE id IN (SELECT id … due, unlocked or lease expired … FOR UPDATE SKIP LOCKED LIMIT n)
//   RETURNING …
// so two instances never claim one item (a row another claim is locking is skipped; one it has
// just claimed no longer matches). The dispatcher then calls the handler outside any
// transaction, and records the outcome only while it still holds the lease (locked_until
// unchanged). An instance that dies mid-delivery leaves a lease that expires, and the item is
// claimed again: delivery is once while instances live, at least once when one crashes.
// Attempts are counted at claim time, so an item that keeps crashing its instance still fails.
// A graceful stop (decision 023) waits a bounded time for deliveries in progress, then gives the
// leases it still holds back, so another instance takes those items at once instead of after
// the lease.
//
// What is kept: an item's payload is needed only until it is delivered. The statement
// that marks an item sent, or failed for good, also replaces its payload with a copy whose links
// carry no token (lib/redact-secrets.ts), so a confirm link sits in the table only while it waits;
// and settled items are deleted once they are older than the retention (OUTBOX_RETENTION_DAYS).

type JobLogger = Pick<Logger, 'info' | 'warn' | 'error'>;

/** How long a claim holds an item by default; every transport gives up on a delivery sooner. */
export const OUTBOX_LEASE_MS = 60_000;

export interface OutboxDispatcherOptions {
  db: Db;
  /** Only kinds with a handler are claimed; the others wait, pending, for an instance that has one. */
  handlers: Partial<Record<OutboxKind, OutboxHandler>>;
  clock: Clock;
  logger: JobLogger;
  batchSize?: number;
  maxAttempts?: number;
  /** How long a claim holds an item; a delivery must finish within it. */
  leaseMs?: number;
  /** Retry n waits baseBackoffMs · 2^(n−1), at most maxBackoffMs. */
  baseBackoffMs?: number;
  maxBackoffMs?: number;
  pollMs?: number;
  /** How often to log items that wait for a handler this instance lacks. */
  unhandledReportMs?: number;
  /** How long sent and failed items are kept (their payloads already redacted) before deletion. */
  retentionMs?: number;
  /** How often to delete the settled items older than the retention. */
  purgeEveryMs?: number;
}

export interface OutboxRunResult {
  claimed: number;
  sent: number;
  retried: number;
  failed: number;
}

const MAX_ERROR_LENGTH = 2000;
const DAY_MS = 24 * 60 * 60_000;

/** A week to look into a delivery, then nothing of the message is kept. */
export const DEFAULT_OUTBOX_RETENTION_DAYS = 7;

/**
 * Deletes the sent and failed items settled before `before`: a sent item by its sent_at, a failed
 * one by its next_attempt_at (the last time it was due, at most a few hours before it failed).
 * Pending items are never touched. One plain DELETE: running it again, or on several instances at
 * once, deletes each row once and nothing else.
 */
export async function purgeSettledOutbox({ db, before }: { db: Db; before: Date }): Promise<number> {
  const rows = await db
    .delete(outbox)
    .where(
      or(
        and(eq(outbox.status, 'sent'), lt(outbox.sentAt, before)),
        and(eq(outbox.status, 'failed'), lt(outbox.nextAttemptAt, before)),
      ),
    )
    .returning({ id: outbox.id });
  return rows.length;
}

export function createOutboxDispatcher({
  db,
  handlers,
  clock,
  logger,
  batchSize = 20,
  maxAttempts = 8,
  leaseMs = OUTBOX_LEASE_MS,
  baseBackoffMs = 30_000,
  maxBackoffMs = 60 * 60_000,
  pollMs = 5_000,
  unhandledReportMs = 10 * 60_000,
  retentionMs = DEFAULT_OUTBOX_RETENTION_DAYS * DAY_MS,
  purgeEveryMs = 60 * 60_000,
}: OutboxDispatcherOptions) {
  const kinds = (Object.keys(handlers) as OutboxKind[]).filter((k) => handlers[k]);
  let lastUnhandledReport = Number.NEGATIVE_INFINITY;
  let lastPurge = Number.NEGATIVE_INFINITY;
  /** Items whose handler is running now, with the lease each was claimed under. */
  const delivering = new Map<string, Date>();

  const backoffMs = (attempts: number) => Math.min(baseBackoffMs * 2 ** (attempts - 1), maxBackoffMs);

  async function claim(now: Date, lockedUntil: Date) {
    const due = db
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(
          eq(outbox.status, 'pending'),
          inArray(outbox.kind, kinds),
          lte(outbox.nextAttemptAt, now),
          or(isNull(outbox.lockedUntil), lte(outbox.lockedUntil, now)),
        ),
      )
      .orderBy(asc(outbox.nextAttemptAt))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    return db
      .update(outbox)
      .set({ lockedUntil, attempts: sql`${outbox.attempts} + 1` })
      .where(inArray(outbox.id, due))
      .returning({ id: outbox.id, kind: outbox.kind, payload: outbox.payload, attempts: outbox.attempts });
  }

  /**
   * Records an outcome only while this claim still holds the item. A final outcome (sent, failed)
   * also stores the payload redacted, in the same statement: no moment where the item is settled
   * and its tokens are still at rest.
   */
  async function settle(item: OutboxItem, lockedUntil: Date, values: Partial<typeof outbox.$inferInsert>) {
    const { id } = item;
    const final = values.status === 'sent' || values.status === 'failed';
    const rows = await db
      .update(outbox)
      .set({ ...values, ...(final ? { payload: redactSecretsDeep(item.payload) } : {}), lockedUntil: null })
      .where(and(eq(outbox.id, id), eq(outbox.status, 'pending'), eq(outbox.lockedUntil, lockedUntil)))
      .returning({ id: outbox.id });
    if (rows.length === 0) {
      logger.warn(
        { outboxId: id },
        'outbox: the lease expired before delivery finished; another claim owns it',
      );
    }
    return rows.length > 0;
  }

  async function deliver(
    item: OutboxItem,
    lockedUntil: Date,
  ): Promise<'sent' | 'retried' | 'failed' | 'lost'> {
    if (item.attempts > maxAttempts) {
      // Earlier claims ended without an outcome (their instance died): give up like any failure.
      const settled = await settle(item, lockedUntil, {
        status: 'failed',
        lastError: `No outcome after ${maxAttempts} attempts (the delivering instance stopped).`,
      });
      return settled ? 'failed' : 'lost';
    }
    delivering.set(item.id, lockedUntil);
    try {
      await handlers[item.kind]!(item.payload, item);
    } catch (err) {
      delivering.delete(item.id);
      const message = (err instanceof Error ? err.message : String(err)).slice(0, MAX_ERROR_LENGTH);
      const failed = item.attempts >= maxAttempts;
      const settled = await settle(
        item,
        lockedUntil,
        failed
          ? { status: 'failed', lastError: message }
          : { lastError: message, nextAttemptAt: new Date(clock.now().getTime() + backoffMs(item.attempts)) },
      );
      const log = { outboxId: item.id, kind: item.kind, attempts: item.attempts, err: message };
      if (failed) logger.error(log, 'outbox: delivery failed for good');
      else logger.warn(log, 'outbox: delivery failed, will retry');
      if (!settled) return 'lost';
      return failed ? 'failed' : 'retried';
    }
    delivering.delete(item.id);
    const settled = await settle(item, lockedUntil, {
      status: 'sent',
      sentAt: clock.now(),
      lastError: null,
    });
    return settled ? 'sent' : 'lost';
  }

  async function reportUnhandled(now: Date) {
    if (now.getTime() - lastUnhandledReport < unhandledReportMs) return;
    lastUnhandledReport = now.getTime();
    const rows = await db
      .select({ kind: outbox.kind, pending: sql<number>`count(*)::int` })
      .from(outbox)
      .where(
        kinds.length
          ? and(eq(outbox.status, 'pending'), notInArray(outbox.kind, kinds))
          : eq(outbox.status, 'pending'),
      )
      .groupBy(outbox.kind);
    for (const { kind, pending } of rows) {
      logger.warn(
        { kind, pending },
        `outbox: ${pending} ${kind} item(s) wait, pending, for a handler (none registered)`,
      );
    }
  }

  async function purgeIfDue(now: Date) {
    if (now.getTime() - lastPurge < purgeEveryMs) return;
    lastPurge = now.getTime();
    const purged = await purgeSettledOutbox({ db, before: new Date(now.getTime() - retentionMs) });
    if (purged > 0) logger.info({ purged }, 'outbox: deleted settled items past the retention');
  }

  /** One pass: delete old settled items (now and then), claim due items, deliver them, record each outcome. */
  async function runOnce(): Promise<OutboxRunResult> {
    const now = clock.now();
    const result: OutboxRunResult = { claimed: 0, sent: 0, retried: 0, failed: 0 };
    await purgeIfDue(now);
    await reportUnhandled(now);
    if (kinds.length === 0) return result;
    const lockedUntil = new Date(now.getTime() + leaseMs);
    const items = await claim(now, lockedUntil);
    result.claimed = items.length;
    const outcomes = await Promise.all(items.map((item) => deliver(item, lockedUntil)));
    for (const outcome of outcomes) if (outcome !== 'lost') result[outcome]++;
    return result;
  }

  /** Ends this instance's leases on the items it is still delivering; returns how many. */
  async function releaseDelivering(): Promise<number> {
    let released = 0;
    for (const [id, lockedUntil] of delivering) {
      const rows = await db
        .update(outbox)
        .set({ lockedUntil: null })
        .where(and(eq(outbox.id, id), eq(outbox.status, 'pending'), eq(outbox.lockedUntil, lockedUntil)))
        .returning({ id: outbox.id });
      released += rows.length;
    }
    if (released > 0) logger.warn({ released }, 'outbox: released items still being delivered at shutdown');
    return released;
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let started = false;

  async function tick() {
    running = (async () => {
      try {
        // A full batch suggests more are due: keep going before waiting again.
        let full = true;
        while (started && full) full = (await runOnce()).claimed === batchSize;
      } catch (err) {
        logger.error({ err }, 'outbox: dispatch pass failed; retrying at the next poll');
      }
    })();
    await running;
    running = undefined;
    if (started) schedule(pollMs);
  }

  function schedule(delay: number) {
    timer = setTimeout(tick, delay);
    timer.unref(); // never keeps the process alive on its own
  }

  return {
    runOnce,
    /** Polls every `pollMs` (first pass at once). Everything lives in the table, so restarts lose nothing. */
    start() {
      if (started) return;
      started = true;
      schedule(0);
    },
    /**
     * Stops polling and waits for a pass in progress, at most `graceMs`; then gives back the
     * items still being delivered (their lease, not their attempt: the count still stops an item
     * that hangs every instance). A handler that finishes later finds its lease gone and records
     * nothing, so the item is delivered again elsewhere — at least once, as after a crash.
     */
    async stop({ graceMs = Number.POSITIVE_INFINITY }: { graceMs?: number } = {}): Promise<{
      released: number;
    }> {
      started = false;
      if (timer) clearTimeout(timer);
      if (running)
        await (Number.isFinite(graceMs)
          ? Promise.race([running, delay(graceMs, undefined, { ref: false })])
          : running);
      return { released: await releaseDelivering() };
    },
  };
}

export type OutboxDispatcher = ReturnType<typeof createOutboxDispatcher>;
