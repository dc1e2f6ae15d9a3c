import type { Hono, ValidationTargets } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from '../app-env.ts';
import { validatedPartOf } from '../lib/validate.ts';

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

/** A route with what it reads: the schema of each part it validates, and its own handlers. */
export interface ApiRouteInputs extends ApiRoute {
  /** The schema each validated part of the request is read with (validate() in lib/validate.ts). */
  validates: Partial<Record<keyof ValidationTargets, z.ZodType>>;
  /** The route's handlers other than its validators, for the tests that look at how they read input. */
  handlers: ((...args: never[]) => unknown)[];
}

/**
 * apiRoutes() with each route's inputs: its query and path parameters are known from the validators
 * it mounts, so the fuzzer sends malformed values field by field to every route, new ones included.
 */
export function apiRouteInputs(app: Hono<AppEnv>): ApiRouteInputs[] {
  const routes = new Map(apiRoutes(app).map((route) => [`${route.method} ${route.path}`, route]));
  const inputs = new Map<string, ApiRouteInputs>();
  for (const { method, path, handler } of app.routes) {
    const route = routes.get(`${method} ${path}`);
    if (!route) continue;
    const key = `${method} ${path}`;
    const entry = inputs.get(key) ?? { ...route, validates: {}, handlers: [] };
    inputs.set(key, entry);
    const part = validatedPartOf(handler);
    if (part) entry.validates[part.target] = part.schema;
    else entry.handlers.push(handler);
  }
  return [...inputs.values()];
}
