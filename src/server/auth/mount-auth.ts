import type { Context, Hono } from 'hono';
import type { AppDeps, AppEnv } from '../app-env.ts';
import type { MailTransport } from '../integrations/mail/mail-transport.ts';
import { AUTH_BASE_PATH, CLIENT_IP_HEADER, createAuth } from './auth.ts';
import { requireSameOrigin } from './same-origin.ts';
import { sessionMiddleware } from './session.ts';

/**
 * Mounts better-auth at /api/auth/* on its standard paths (DESIGN §6) and the session middleware
 * on every other /api path. Called by app.ts before the API routes, so the session is known there.
 */
export function mountAuth(app: Hono<AppEnv>, deps: AppDeps, mail: MailTransport) {
  const auth = createAuth({ config: deps.config, db: deps.db, logger: deps.logger, mail });
  const readSession = sessionMiddleware(auth);
  app.use('/api/*', async (c, next) => {
    if (c.req.path.startsWith(`${AUTH_BASE_PATH}/`)) {
      c.set('user', null);
      c.set('session', null);
      return next();
    }
    return readSession(c, next);
  });
  // better-auth checks Origin only when cookies come along; a sign-in or sign-up from another site
  // carries none, so every POST must name our origin (DESIGN §10: mutations need a matching Origin).
  app.on('POST', `${AUTH_BASE_PATH}/*`, requireSameOrigin);
  app.on(['GET', 'POST'], `${AUTH_BASE_PATH}/*`, (c) => auth.handler(withClientIp(c)));
  return auth;
}

/**
 * better-auth keys its rate limits on the client IP taken from a header. We set that header from
 * the TCP connection (and drop any a client sent), so nobody can choose a fresh bucket per request.
 * Behind a reverse proxy every client shares the proxy's address: see decision 011.
 */
function withClientIp(c: Context<AppEnv>): Request {
  const headers = new Headers(c.req.raw.headers);
  headers.delete(CLIENT_IP_HEADER);
  const ip = remoteAddress(c.env);
  if (ip) headers.set(CLIENT_IP_HEADER, ip);
  return new Request(c.req.raw, { headers });
}

/** The peer address from @hono/node-server's bindings; absent under app.request() without env. */
function remoteAddress(env: unknown): string | undefined {
  const bindings = env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return bindings?.incoming?.socket?.remoteAddress;
}
