import type { Context } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { clientKey } from './trust-proxy.ts';

/**
 * The one key of a client for rate limits and request caps: its address as `clientKey` finds it,
 * from @hono/node-server's socket (absent under app.request() without env: 'unknown').
 */
export function clientAddress(c: Context<AppEnv>): string {
  const bindings = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return clientKey({
    peer: bindings?.incoming?.socket?.remoteAddress,
    forwardedFor: c.req.header('x-forwarded-for'),
    trustProxy: c.var.deps.config.trustProxy,
  });
}
