import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../app-env.ts';
import type { Database } from '../db/client.ts';
import { vendorProfiles } from '../db/schema/vendors.ts';
import { DEMO_PASSWORD, demoAccounts } from '../db/seed/demo-people.ts';
import { seedDemoData } from '../db/seed/seed.ts';
import { createDevMailboxTransport } from '../integrations/mail/dev-mailbox-transport.ts';
import { AppError } from '../lib/app-error.ts';
import { systemClock } from '../lib/clock.ts';
import { createLogger } from '../lib/logger.ts';
import { insertVendor } from '../test/factories.ts';
import { createHttpClient, type HttpClient } from '../test/http-client.ts';
import { createTestApp } from '../test/test-app.ts';
import { createTestDatabase, testEngine } from '../test/test-db.ts';
import { assertOwnedBy, requireAdmin, requireUser, requireVendor } from './guards.ts';
import { mountAuth } from './mount-auth.ts';

// DESIGN §10: every permission on the server. This test walks EVERY /api route the app has (Hono's
// `app.routes`) and calls it as five people. A route that fits no rule below fails the test, so a
// new route cannot ship without someone deciding who may call it.

const APP_URL = 'http://barrio.test';
const actors = ['anonymous', 'customer', 'vendor', 'otherVendor', 'admin'] as const;
type Actor = (typeof actors)[number];
type Access = 'admin' | 'signedIn' | 'vendor' | 'dev' | 'betterAuth' | 'public' | 'signed';

/**
 * Routes anyone may call: those that exist and those DESIGN §6 already promises, so the engineers
 * adding them need not touch this file. Anything else must fall under a prefix rule.
 */
const publicRoutes = new Set([
  'GET /api/health',
  'GET /api/auth-config',
  'GET /api/vendors',
  'GET /api/vendors/featured',
  'GET /api/vendors/:idOrSlug',
  'GET /api/vendors/:idOrSlug/similar',
  'GET /api/vendors/:idOrSlug/availability',
  'POST /api/bookings',
  'GET /api/bookings/confirm',
  'POST /api/bookings/confirm',
  'GET /api/payments/session/:sessionId',
  'POST /api/webhooks/stripe',
  'POST /api/vendor/signup',
  'POST /api/sandbox/checkout/:sessionId/pay',
  'GET /api/sandbox/checkout/:sessionId',
  'GET /api/payments/appointment/:id',
  'POST /api/sandbox/checkout/:sessionId/cancel',
]);

/**
 * Routes only a provider may call, with its proof instead of a session (DESIGN §10: webhooks rely on
 * their signatures): without it everyone — signed in or not — is refused with 401 or 403.
 */
const signedRoutes = new Set(['GET /api/webhooks/whatsapp', 'POST /api/webhooks/whatsapp']);

/** Who may call a route, from its method and path; undefined = nobody decided (the test fails). */
function accessOf(method: string, path: string): Access | undefined {
  if (publicRoutes.has(`${method} ${path}`)) return 'public';
  if (signedRoutes.has(`${method} ${path}`)) return 'signed';
  if (path.startsWith('/api/auth/')) return 'betterAuth';
  if (path.startsWith('/api/admin/')) return 'admin';
  if (path === '/api/me' || path.startsWith('/api/me/')) return 'signedIn';
  if (path.startsWith('/api/vendor/')) return 'vendor';
  if (path.startsWith('/api/dev/')) return 'dev';
  return undefined;
}

/** What each actor must get. `ok` = any status that is neither 401 nor 403. */
function expected(access: Exclude<Access, 'betterAuth'>, actor: Actor): 401 | 403 | 'ok' | 'refused' {
  switch (access) {
    case 'signed':
      return 'refused';
    case 'public':
    case 'dev':
      return 'ok';
    case 'signedIn':
      return actor === 'anonymous' ? 401 : 'ok';
    case 'admin':
      return actor === 'anonymous' ? 401 : actor === 'admin' ? 'ok' : 403;
    case 'vendor':
      return actor === 'anonymous' ? 401 : actor === 'vendor' || actor === 'otherVendor' ? 'ok' : 403;
  }
}

/** The routes of an app as `METHOD /path`, without middleware and catch-alls. */
function apiRoutes(app: Hono<AppEnv>): { method: string; path: string }[] {
  const seen = new Map<string, { method: string; path: string }>();
  for (const { method, path } of app.routes) {
    if (!path.startsWith('/api')) continue;
    if (method === 'ALL' && path.endsWith('*')) continue; // middleware and the /api/* 404
    seen.set(`${method} ${path}`, { method, path });
  }
  return [...seen.values()];
}

describe(`authorization of every /api route (${testEngine})`, () => {
  let database: Database;
  let app: Hono<AppEnv>;
  let clients: Record<Actor, HttpClient>;
  let demoSlug: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoData(database.db, { vendors: 1 });
    ({ app } = createTestApp(database, { env: { APP_URL } }));
    const client = () => createHttpClient(app, { origin: APP_URL });
    clients = {
      anonymous: client(),
      customer: client(),
      vendor: client(),
      otherVendor: client(),
      admin: client(),
    };
    await clients.customer.signIn(demoAccounts.customer.email, DEMO_PASSWORD);
    await clients.vendor.signIn(demoAccounts.vendor.email, DEMO_PASSWORD);
    await clients.admin.signIn(demoAccounts.admin.email, DEMO_PASSWORD);
    // Another vendor: a fresh account that owns a vendor profile of its own.
    const signUp = await clients.otherVendor.post('/api/auth/sign-up/email', {
      name: 'Otro Proveedor',
      email: 'otro.proveedor@example.test',
      password: 'Otro#Proveedor1',
      isVendor: true,
    });
    const { user } = (await signUp.json()) as { user: { id: string } };
    await insertVendor(database.db, { userId: user.id });
    const [demoVendor] = await database.db
      .select({ slug: vendorProfiles.slug })
      .from(vendorProfiles)
      .limit(1);
    demoSlug = demoVendor!.slug;
  });
  afterAll(() => database.close());

  const fill = (path: string) =>
    path.replace(':idOrSlug', demoSlug).replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');

  it('knows who may call each route', () => {
    const unclassified = apiRoutes(app)
      .filter(({ method, path }) => accessOf(method, path) === undefined)
      .map(({ method, path }) => `${method} ${path}`);
    expect(unclassified, 'add these routes to publicRoutes or put them under a guarded prefix').toEqual([]);
    expect(accessOf('GET', '/api/something-new')).toBeUndefined();
  });

  it('classifies the vendor onboarding routes (issue #5): signup public, the rest vendor only', () => {
    const routes = new Set(apiRoutes(app).map(({ method, path }) => `${method} ${path}`));
    const vendorOnly = [
      'GET /api/vendor/profile',
      'PATCH /api/vendor/profile',
      'GET /api/vendor/services',
      'POST /api/vendor/services',
      'PATCH /api/vendor/services/:id',
      'DELETE /api/vendor/services/:id',
    ];
    for (const route of [...vendorOnly, 'POST /api/vendor/signup']) expect(routes, route).toContain(route);
    for (const route of vendorOnly)
      expect(accessOf(...(route.split(' ') as [string, string])), route).toBe('vendor');
    expect(accessOf('POST', '/api/vendor/signup')).toBe('public');
  });

  it('guards the admin dashboard routes as admin only (issue #9)', () => {
    const admin = apiRoutes(app)
      .filter(({ path }) => path.startsWith('/api/admin/'))
      .map(({ method, path }) => `${method} ${path}`);
    expect(admin).toEqual(
      expect.arrayContaining([
        'GET /api/admin/stats',
        'GET /api/admin/vendors',
        'POST /api/admin/vendors',
        'PATCH /api/admin/vendors/:id',
        'DELETE /api/admin/vendors/:id',
        'GET /api/admin/customers',
        'POST /api/admin/customers',
        'PATCH /api/admin/customers/:id',
        'DELETE /api/admin/customers/:id',
        'GET /api/admin/availability-windows',
        'POST /api/admin/availability-windows',
        'PATCH /api/admin/availability-windows/:id',
        'DELETE /api/admin/availability-windows/:id',
      ]),
    );
    for (const route of admin) expect(accessOf(...(route.split(' ') as [string, string]))).toBe('admin');
  });

  it('classifies the booking routes (issue #6): requests and token links public, lists guarded', () => {
    const routes = new Set(apiRoutes(app).map(({ method, path }) => `${method} ${path}`));
    const expected: [string, Access][] = [
      ['POST /api/bookings', 'public'],
      ['GET /api/bookings/confirm', 'public'],
      ['POST /api/bookings/confirm', 'public'],
      ['GET /api/vendor/bookings', 'vendor'],
      ['POST /api/vendor/bookings/:id/:action', 'vendor'],
      ['GET /api/me/bookings', 'signedIn'],
    ];
    for (const [route, access] of expected) {
      expect(routes, route).toContain(route);
      expect(accessOf(...(route.split(' ') as [string, string])), route).toBe(access);
    }
  });

  it('answers each route as its rule says, for each of five people', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const { method, path } of apiRoutes(app)) {
      const access = accessOf(method, path);
      if (!access || access === 'betterAuth') continue; // better-auth's own: auth.test.ts
      for (const actor of actors) {
        const init = method === 'GET' || method === 'HEAD' ? { method } : { method, json: {} };
        const { status } = await clients[actor].request(fill(path), init);
        const want = expected(access, actor);
        const ok =
          want === 'ok'
            ? status !== 401 && status !== 403 && status < 500
            : want === 'refused'
              ? status === 401 || status === 403
              : status === want;
        if (!ok) failures.push(`${method} ${path} as ${actor}: ${status}, expected ${want}`);
        checked++;
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(5 * 5);
  });

  it('hides the dev mailbox in production and when SMTP is configured', async () => {
    const withSmtp = createTestApp(database, { env: { APP_URL, SMTP_URL: 'smtp://127.0.0.1:1' } }).app;
    expect((await withSmtp.request('/api/dev/mailbox')).status).toBe(404);
    const production = createTestApp(database, {
      env: { APP_URL, NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40) },
    }).app;
    expect((await production.request('/api/dev/mailbox')).status).toBe(404);
  });
});

// The guards themselves, on probe routes with real sessions from the real better-auth mount: the
// matrix above proves every route uses one; this proves what each guard answers.
describe(`guards on probe routes (${testEngine})`, () => {
  let database: Database;
  let probe: Hono<AppEnv>;
  const client = () => createHttpClient(probe, { origin: APP_URL });

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoData(database.db, { vendors: 1 });
    const { config, db, payments } = createTestApp(database, { env: { APP_URL } });
    const logger = createLogger('silent');
    const deps = { config, database, db, logger, clock: systemClock, payments };
    probe = new Hono<AppEnv>();
    probe.use('*', async (c, next) => {
      c.set('deps', deps);
      await next();
    });
    mountAuth(probe, deps, createDevMailboxTransport({ db, clock: systemClock }));
    probe
      .get('/api/admin/probe', requireAdmin, (c) => c.json({ admin: c.var.user.email }))
      .get('/api/me/probe', requireUser, (c) => c.json({ user: c.var.user.email }))
      .get('/api/vendor/probe/:vendorProfileId', requireVendor, (c) => {
        assertOwnedBy({ vendorProfileId: c.req.param('vendorProfileId') }, c.var.vendorProfileId);
        return c.json({ vendorProfileId: c.var.vendorProfileId });
      });
    probe.onError((err, c) =>
      err instanceof AppError ? c.json(err.toBody(), err.status) : c.json({ error: String(err) }, 500),
    );
  });
  afterAll(() => database.close());

  it('lets only an admin through requireAdmin: 401, 403, 403, 200', async () => {
    expect((await client().get('/api/admin/probe')).status).toBe(401);
    for (const email of [demoAccounts.customer.email, demoAccounts.vendor.email]) {
      const c = client();
      await c.signIn(email, DEMO_PASSWORD);
      expect((await c.get('/api/admin/probe')).status, email).toBe(403);
    }
    const admin = client();
    await admin.signIn(demoAccounts.admin.email, DEMO_PASSWORD);
    const response = await admin.get('/api/admin/probe');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ admin: demoAccounts.admin.email });
  });

  it('lets a vendor reach only its own objects', async () => {
    const vendor = client();
    await vendor.signIn(demoAccounts.vendor.email, DEMO_PASSWORD);
    const own = (await (await vendor.get('/api/me/probe')).json()) as { user: string };
    expect(own.user).toBe(demoAccounts.vendor.email);
    const [row] = await database.db.select({ id: vendorProfiles.id }).from(vendorProfiles).limit(1);
    expect((await vendor.get(`/api/vendor/probe/${row!.id}`)).status).toBe(200);
    const other = await insertVendor(database.db);
    expect((await vendor.get(`/api/vendor/probe/${other.id}`)).status).toBe(404);

    const customer = client();
    await customer.signIn(demoAccounts.customer.email, DEMO_PASSWORD);
    expect((await customer.get(`/api/vendor/probe/${row!.id}`)).status).toBe(403);
    expect((await client().get(`/api/vendor/probe/${row!.id}`)).status).toBe(401);
  });
});
