import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimit } from '../db/schema/auth.ts';
import { AppError } from './app-error.ts';

// DESIGN §10: rate limits on booking creation and the token endpoints. better-auth's limiter only
// covers its own endpoints, so this is a small fixed-window counter in the same `rate_limit` table
// (decision 011: in the database, so that every instance counts the same requests). Our keys start
// with `barrio:`, which better-auth never uses. `last_request` holds the window's start here.

export const bookingRateLimits = {
  create: { max: 10, windowMs: 60_000 },
  token: { max: 30, windowMs: 60_000 },
} as const;

export interface ConsumeRateLimitOptions {
  db: Db;
  key: string;
  max: number;
  windowMs: number;
  now: Date;
}

/** Counts one request; throws 429 once the window's budget is spent. One statement: race-free. */
export async function consumeRateLimit({ db, key, max, windowMs, now }: ConsumeRateLimitOptions) {
  const at = now.getTime();
  const windowStart = at - windowMs;
  const expired = sql`rate_limit.last_request <= ${windowStart}`;
  const [row] = await db
    .insert(rateLimit)
    .values({ id: randomUUID(), key: `barrio:${key}`, count: 1, lastRequest: at })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`case when ${expired} then 1 else rate_limit.count + 1 end`,
        lastRequest: sql`case when ${expired} then ${at} else rate_limit.last_request end`,
      },
    })
    .returning({ count: rateLimit.count });
  const count = row?.count ?? 0;
  if (count > max)
    throw new AppError('rate_limited', 'Too many requests. Please wait a minute and try again.');
}

/** The TCP peer from @hono/node-server's bindings (as mount-auth.ts reads it for better-auth). */
export function clientAddress(env: unknown): string {
  const bindings = env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return bindings?.incoming?.socket?.remoteAddress ?? 'unknown';
}
