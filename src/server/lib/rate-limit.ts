import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { rateLimit } from '../db/schema/auth.ts';
import { AppError, type ErrorReason } from './app-error.ts';

// ARCHITECTURE §10: rate limits on booking creation and the token endpoints. better-auth's limiter only
// covers its own endpoints, so this is a small fixed-window counter in the same `rate_limit` table
// (decision 011: in the database, so that every instance counts the same requests). Our keys start
// with `barrio:`, which better-auth never uses. `last_request` holds the window's END here: better-auth
// prunes every row whose last_request is older than its longest window (a minute), ours included, so
// a row keeping its start would lose a 15-minute or daily window after a minute.

export const bookingRateLimits = {
  create: { max: 10, windowMs: 60_000 },
  token: { max: 30, windowMs: 60_000 },
} as const;

export interface ConsumeRateLimitOptions {
  /** A transaction too: the count then stands or falls with what it limits. */
  db: Db | Tx;
  key: string;
  max: number;
  windowMs: number;
  now: Date;
  /** The 429's message and details, when "wait a minute" is not what this limit means. */
  message?: string;
  details?: unknown;
  /** What this request uses of the budget (default 1): e.g. the new contacts of one upload. */
  cost?: number;
  /** Why, for the web app's words, when the class alone would not say what to do. */
  reason?: ErrorReason;
}

/**
 * Counts one request (`cost` units); throws 429 when the window's budget cannot cover it. A refused
 * request is not counted, so a large one that does not fit leaves the budget to smaller ones. One
 * statement: race-free.
 */
export async function consumeRateLimit({
  db,
  key,
  max,
  windowMs,
  now,
  message = 'Too many requests. Please wait a minute and try again.',
  details,
  cost = 1,
  reason,
}: ConsumeRateLimitOptions) {
  const refused = () => {
    const error = new AppError('rate_limited', message, details);
    return reason ? error.because(reason) : error;
  };
  if (cost > max) throw refused();
  const at = now.getTime();
  const expired = sql`rate_limit.last_request <= ${at}`;
  const rows = await db
    .insert(rateLimit)
    .values({ id: randomUUID(), key: `barrio:${key}`, count: cost, lastRequest: at + windowMs })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`case when ${expired} then ${cost} else rate_limit.count + ${cost} end`,
        lastRequest: sql`case when ${expired} then ${at + windowMs} else rate_limit.last_request end`,
      },
      // No row comes back when the budget cannot cover the cost: refused, and nothing changes.
      setWhere: sql`${expired} or rate_limit.count + ${cost} <= ${max}`,
    })
    .returning({ count: rateLimit.count });
  if (rows.length === 0) throw refused();
}

/** Gives back one request of a window, for limits that count only failures (a sign-in that worked). */
export async function refundRateLimit({ db, key }: { db: Db; key: string }) {
  await db
    .update(rateLimit)
    .set({ count: sql`greatest(rate_limit.count - 1, 0)` })
    .where(eq(rateLimit.key, `barrio:${key}`));
}
