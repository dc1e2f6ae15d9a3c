import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env.ts';
import type { Auth } from './auth.ts';

/**
 * Reads the session cookie once per /api request and sets `c.var.user` and `c.var.session`
 * (null when signed out). The guards in guards.ts decide what a route needs.
 */
export function sessionMiddleware(auth: Auth) {
  return createMiddleware<AppEnv>(async (c, next) => {
    // Cookie-less requests (most public browsing) skip the database.
    if (!c.req.header('cookie')?.includes('session_token')) {
      c.set('user', null);
      c.set('session', null);
      return next();
    }
    const { headers, response } = await auth.api.getSession({
      headers: c.req.raw.headers,
      returnHeaders: true,
    });
    c.set('user', response?.user ?? null);
    c.set('session', response?.session ?? null);
    await next();
    // better-auth extends an active session (product §4: sessions refresh automatically); pass on
    // the renewed cookie, or the removal of a dead one.
    for (const cookie of headers.getSetCookie()) c.res.headers.append('set-cookie', cookie);
  });
}
