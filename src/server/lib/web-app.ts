import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';

export const webDistDir = join(process.cwd(), 'dist', 'web');

/** Hashed assets never change under their name; index.html must always be revalidated. */
function cacheControlFor(c: Context): string {
  if (c.req.path.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  if (c.res.headers.get('content-type')?.startsWith('text/html')) return 'no-cache';
  return 'public, max-age=3600';
}

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and every
 * other non-API GET answered with index.html so that deep links reach the client router.
 */
export function mountWebApp(app: Hono<AppEnv>, root = webDistDir) {
  if (!existsSync(join(root, 'index.html'))) return false;
  const isApi = (path: string) => path === '/api' || path.startsWith('/api/');
  app.use('*', async (c, next) => {
    if (isApi(c.req.path)) return next();
    await next();
    if (c.res.status === 200 && !c.res.headers.has('cache-control'))
      c.header('Cache-Control', cacheControlFor(c));
  });
  app.use('*', serveStatic({ root }));
  app.get('*', async (c, next) =>
    isApi(c.req.path) ? next() : serveStatic({ path: join(root, 'index.html') })(c, next),
  );
  return true;
}
