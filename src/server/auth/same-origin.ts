import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env.ts';
import { AppError } from '../lib/app-error.ts';

/**
 * ARCHITECTURE §10: a cookie-authenticated mutation needs a matching Origin (better-auth does the same
 * for its own endpoints). SameSite=Lax already keeps the cookie off cross-site POSTs; this is the
 * second lock for browsers and proxies that get that wrong.
 */
export const requireSameOrigin = createMiddleware<AppEnv>(async (c, next) => {
  const origin = c.req.header('origin');
  if (origin !== c.var.deps.config.appUrl) throw new AppError('forbidden', 'Cross-origin request refused.');
  await next();
});
