import type { Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';

export interface ApiRoute {
  method: string;
  path: string;
}

/**
 * The routes of an app as registered (Hono's `app.routes`), under /api, without middleware and
 * catch-alls. The authorization matrix, the fuzzer and the CSRF suite all walk this list, so a new
 * route is covered by each of them the day it is added.
 */
export function apiRoutes(app: Hono<AppEnv>): ApiRoute[] {
  const seen = new Map<string, ApiRoute>();
  for (const { method, path } of app.routes) {
    if (!path.startsWith('/api')) continue;
    if (method === 'ALL' && path.endsWith('*')) continue; // middleware and the /api/* 404
    seen.set(`${method} ${path}`, { method, path });
  }
  return [...seen.values()];
}
