import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../app-env.ts';
import type { Database } from '../db/client.ts';
import { appointments } from '../db/schema/bookings.ts';
import { availabilityWindows, profiles, services, vendorProfiles } from '../db/schema/vendors.ts';
import { DEMO_PASSWORD, demoAccounts } from '../db/seed/demo-people.ts';
import { seedDemoData } from '../db/seed/seed.ts';
import { createDevMailboxTransport } from '../integrations/mail/dev-mailbox-transport.ts';
import { AppError } from '../lib/app-error.ts';
import { fixedClock, systemClock } from '../lib/clock.ts';
import { createLogger } from '../lib/logger.ts';
import { apiRoutes } from '../test/api-routes.ts';
import { changedTables, fingerprintTables } from '../test/db-fingerprint.ts';
import { appointmentValues, insertCustomer, insertVendor } from '../test/factories.ts';
import { createHttpClient, type HttpClient } from '../test/http-client.ts';
import { createTestApp } from '../test/test-app.ts';
import { createTestDatabase, testEngine } from '../test/test-db.ts';
import { APP_URL } from '../test/test-week.ts';
import { assertOwnedBy, requireAdmin, requireUser, requireVendor } from './guards.ts';
import { mountAuth } from './mount-auth.ts';

// ARCHITECTURE §10: every permission on the server. This test walks EVERY /api route the app has (Hono's
// `app.routes`) and calls it as five people. A route that fits no rule below fails the test, so a
// new route cannot ship without someone deciding who may call it.

const NOW = '2026-11-23T18:00:00Z';
const actors = ['anonymous', 'customer', 'vendor', 'otherVendor', 'admin'] as const;
type Actor = (typeof actors)[number];
type Access = 'admin' | 'signedIn' | 'vendor' | 'dev' | 'betterAuth' | 'public' | 'signed';

/**
 * Routes anyone may call: those that exist and those ARCHITECTURE §6 already promises, so the engineers
 * adding them need not touch this file. Anything else must fall under a prefix rule.
 */
const publicRoutes = new Set([
  'GET /api/health',
  'GET /api/auth-config',
  'GET /api/colonias',
  'GET /api/vendors',
  'GET /api/vendors/featured',
  'GET /api/vendors/suggest',
  'GET /api/vendors/:idOrSlug',
  'GET /api/vendors/:idOrSlug/similar',
  'GET /api/vendors/:idOrSlug/availability',
  'POST /api/bookings',
  'GET /api/bookings/confirm',
  'POST /api/bookings/confirm',
  'GET /api/bookings/manage',
  'GET /api/bookings/manage/calendar.ics',
  'GET /api/bookings/manage/availability',
  'POST /api/bookings/manage/cancel',
  'POST /api/bookings/manage/reschedule',
  'POST /api/bookings/manage/accept-proposal',
  'POST /api/bookings/manage/reject-proposal',
  'GET /api/payments/session/:sessionId',
  'POST /api/webhooks/stripe',
  'POST /api/vendor/signup',
  'POST /api/sandbox/checkout/:sessionId/pay',
  'GET /api/sandbox/checkout/:sessionId',
  'GET /api/payments/appointment/:id',
  'POST /api/sandbox/checkout/:sessionId/cancel',
  'GET /api/vendors/:idOrSlug/reviews',
  'GET /api/reviews/request',
  'POST /api/reviews',
  'POST /api/reviews/:id/delete',
  'POST /api/reviews/:id/report',
  'GET /api/calendar/:file',
]);

/**
 * Routes only a provider may call, with its proof instead of a session (ARCHITECTURE §10: webhooks rely on
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

/**
 * The status an admitted person gets from the matrix's request (`{}` as the body of a mutation; real
 * rows in the path: see `fill`). Exact, so that a guard answering 200 where the handler should
 * have refused, or a 500, fails — and a new route must say what it answers here.
 */
const admittedStatus: Record<string, number> = {
  'GET /api/health': 200,
  'GET /api/auth-config': 200,
  'GET /api/colonias': 400, // no q
  'GET /api/vendors': 200,
  'GET /api/vendors/featured': 200,
  'GET /api/vendors/suggest': 400, // no q
  'GET /api/vendors/:idOrSlug': 200,
  'GET /api/vendors/:idOrSlug/similar': 200,
  'GET /api/vendors/:idOrSlug/availability': 400, // no serviceId
  'POST /api/bookings': 400,
  'GET /api/bookings/confirm': 400, // no token
  'POST /api/bookings/confirm': 400,
  'GET /api/bookings/manage': 400, // no token
  'GET /api/bookings/manage/calendar.ics': 400, // no token
  'GET /api/bookings/manage/availability': 400, // no token
  'POST /api/bookings/manage/cancel': 400, // no token
  'POST /api/bookings/manage/reschedule': 400, // no token
  'POST /api/bookings/manage/accept-proposal': 400, // no token
  'POST /api/bookings/manage/reject-proposal': 400, // no token
  'GET /api/payments/session/:sessionId': 400, // a uuid is not a checkout session id
  'GET /api/payments/appointment/:id': 404,
  'POST /api/webhooks/stripe': 404, // Stripe is not configured here
  'GET /api/webhooks/whatsapp': 403, // no verify token
  'POST /api/webhooks/whatsapp': 401, // no signature
  'POST /api/vendor/signup': 400,
  'GET /api/dev/mailbox': 200,
  'GET /api/sandbox/checkout/:sessionId': 400,
  'POST /api/sandbox/checkout/:sessionId/pay': 400,
  'POST /api/sandbox/checkout/:sessionId/cancel': 400,
  'GET /api/me': 200,
  'PUT /api/me/profile': 200, // every field is optional
  'GET /api/me/bookings': 200,
  'GET /api/me/bookings/:id': 404, // nobody's booking: not the caller's
  'GET /api/me/bookings/:id/availability': 404,
  'POST /api/me/bookings/:id/cancel': 404,
  'POST /api/me/bookings/:id/reschedule': 400, // no startTime
  'POST /api/me/contacts': 400,
  'DELETE /api/me/contacts': 200,
  'GET /api/me/recommendations': 200,
  'GET /api/vendor/profile': 200,
  'PATCH /api/vendor/profile': 200,
  'GET /api/vendor/services': 200,
  'GET /api/vendor/photos': 200,
  'POST /api/vendor/photos': 415, // a JSON body: a photo comes as multipart/form-data
  'PUT /api/vendor/photos/order': 400, // no ids
  'PATCH /api/vendor/photos/:id': 404, // nobody's photo
  'DELETE /api/vendor/photos/:id': 404,
  'GET /api/vendor/photos/:id/:file': 400, // not a variant's name
  'GET /api/vendor/time-off': 200,
  'POST /api/vendor/time-off': 400, // no dates
  'DELETE /api/vendor/time-off/:id': 404, // nobody's time off
  'GET /api/vendor/tax-profile': 200,
  'PUT /api/vendor/tax-profile': 400, // no RFC
  'GET /api/admin/photos/pending': 200,
  'POST /api/admin/photos/:id/review': 400, // no decision
  'GET /api/admin/photos/:id/:file': 400,
  'POST /api/vendor/services': 400,
  'PATCH /api/vendor/services/:id': 200,
  'DELETE /api/vendor/services/:id': 200,
  'GET /api/vendor/bookings': 200,
  // Filled with `decline`, which the route with the reason answers first (decision 096).
  'POST /api/vendor/bookings/:id/:action': 400, // no reason
  'GET /api/vendor/agenda': 200,
  'GET /api/vendor/stats': 200,
  'POST /api/vendor/bookings/:id/cancel': 400, // no reason
  'POST /api/vendor/bookings/:id/complete': 409, // a request, not a booking agreed
  'POST /api/vendor/bookings/:id/no-show': 409,
  'POST /api/vendor/bookings/:id/propose': 400, // no startTime
  'POST /api/vendor/bookings/:id/decline': 400, // no reason
  'GET /api/vendor/bookings/:id/proposal-slots': 200,
  'GET /api/vendor/earnings': 200,
  'GET /api/vendor/calendar-feed': 200,
  'POST /api/vendor/calendar-feed/rotate': 200,
  'GET /api/calendar/:file': 404, // not a feed's token
  'GET /api/vendor/reviews': 200,
  'POST /api/vendor/reviews/:id/answer': 400, // no text
  'GET /api/vendors/:idOrSlug/reviews': 200,
  'GET /api/reviews/request': 400, // no token
  'POST /api/reviews': 400, // no rating
  'POST /api/reviews/:id/delete': 404, // nobody's review
  'POST /api/reviews/:id/report': 400, // no reason
  'GET /api/admin/reviews': 200,
  'POST /api/admin/reviews/:id/hide': 400, // no reason
  'POST /api/admin/reviews/:id/dismiss-report': 404, // nobody's review
  'PUT /api/vendor/payout-account': 400, // no CLABE
  'POST /api/vendor/payout-account/stripe': 404, // Stripe is not configured here
  'GET /api/vendor/claim': 200,
  'POST /api/vendor/claim/start': 400, // no channel
  'POST /api/vendor/claim/verify': 400, // no code
  'GET /api/admin/stats': 200,
  'GET /api/admin/vendors/review': 200,
  'GET /api/admin/vendors/unreadable-phones': 200,
  'POST /api/admin/vendors/:id/review': 400, // no decision
  'GET /api/admin/vendors/pending-changes': 200,
  'GET /api/admin/vendors/recent-changes': 200,
  'POST /api/admin/vendors/:id/pending-change': 400, // no decision
  'GET /api/admin/vendors': 200,
  'POST /api/admin/vendors': 400,
  'PATCH /api/admin/vendors/:id': 200,
  'DELETE /api/admin/vendors/:id': 200,
  'POST /api/admin/vendors/:id/approve-claim': 404, // the row DELETE just removed
  'GET /api/admin/customers': 200,
  'POST /api/admin/customers': 400,
  'PATCH /api/admin/customers/:id': 200,
  'DELETE /api/admin/customers/:id': 200,
  'GET /api/admin/availability-windows': 400, // vendor_profile_id is required
  'POST /api/admin/availability-windows': 400,
  'PATCH /api/admin/availability-windows/:id': 200,
  'DELETE /api/admin/availability-windows/:id': 200,
  'GET /api/admin/whatsapp/messages': 200,
  'GET /api/admin/whatsapp/messages/stream': 200,
  'GET /api/admin/whatsapp/pending-appointments': 200,
  'POST /api/admin/whatsapp/simulate': 400,
  'POST /api/admin/whatsapp/notify': 400,
  'GET /api/admin/whatsapp/status': 200,
  'POST /api/admin/whatsapp/self-test': 200,
  'GET /api/admin/bookings': 200,
  'GET /api/admin/bookings.csv': 200,
  'GET /api/admin/bookings/:id': 404, // nobody's booking
  'POST /api/admin/bookings/:id/cancel': 404,
  'POST /api/admin/bookings/:id/refund': 404,
  'POST /api/admin/bookings/:id/mark-refunded': 400,
  'POST /api/admin/bookings/:id/resend-payment-link': 404,
  'GET /api/admin/payouts': 200,
  'POST /api/admin/payouts': 400,
  'GET /api/admin/ledger/check': 200,
  'GET /api/admin/ledger.csv': 200,
};

/**
 * ARCHITECTURE §10, objects checked by owner: the path names the first vendor's own service or booking,
 * so another vendor — admitted by the role guard — must get 404, as if the row did not exist.
 */
const otherVendorStatus: Record<string, number> = {
  'PATCH /api/vendor/services/:id': 404,
  'DELETE /api/vendor/services/:id': 404,
  'POST /api/vendor/bookings/:id/complete': 404,
  'GET /api/vendor/bookings/:id/proposal-slots': 404,
  'POST /api/vendor/bookings/:id/no-show': 404,
};

/** What each actor must get from a route: the admitted status, or the guard's refusal. */
function expected(access: Exclude<Access, 'betterAuth'>, actor: Actor, route: string): number | undefined {
  const admitted = admittedStatus[route];
  switch (access) {
    case 'signed':
    case 'public':
    case 'dev':
      return admitted;
    case 'signedIn':
      return actor === 'anonymous' ? 401 : admitted;
    case 'admin':
      return actor === 'anonymous' ? 401 : actor === 'admin' ? admitted : 403;
    case 'vendor':
      if (actor === 'anonymous') return 401;
      if (actor === 'otherVendor') return otherVendorStatus[route] ?? admitted;
      return actor === 'vendor' ? admitted : 403;
  }
}

describe(`authorization of every /api route (${testEngine})`, () => {
  let database: Database;
  let app: Hono<AppEnv>;
  let clients: Record<Actor, HttpClient>;
  /** Real rows for the path parameters: the first vendor's, and objects only an admin may touch. */
  let rows: {
    slug: string;
    serviceId: string;
    bookingId: string;
    adminVendorId: string;
    adminCustomerId: string;
    windowId: string;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    // One fixed instant for the seed, the app and the rows below: a booking placed relative to the
    // real date once met a seeded booking at some hours of the day (a date-dependent failure).
    await seedDemoData(database.db, { vendors: 1, now: new Date(NOW) });
    ({ app } = createTestApp(database, { env: { APP_URL }, clock: fixedClock(NOW) }));
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

    // The first vendor (the demo vendor account's) and its rows.
    const [demoVendor] = await database.db
      .select({ id: vendorProfiles.id, slug: vendorProfiles.slug })
      .from(vendorProfiles)
      .where(eq(vendorProfiles.businessName, demoAccounts.vendor.businessName));
    const [service] = await database.db
      .select({ id: services.id })
      .from(services)
      .where(eq(services.vendorProfileId, demoVendor!.id))
      .limit(1);
    // A request waiting for the first vendor's answer, made now so that it has not expired.
    const [booking] = await database.db
      .insert(appointments)
      .values(
        appointmentValues(
          demoVendor!.id,
          (await insertCustomer(database.db)).id,
          // 01:00 in Mexico City three days later: outside every seeded schedule.
          '2026-11-26T07:00:00Z',
          60,
          { confirmTokenExpiresAt: new Date(Date.parse(NOW) + 24 * 60 * 60_000), createdAt: new Date(NOW) },
        ),
      )
      .returning({ id: appointments.id });
    // What the admin routes act on: a vendor without an account, a customer without bookings and a
    // window of the first vendor — so that the admin's PATCH and DELETE succeed on real rows.
    const adminVendor = await insertVendor(database.db);
    const [adminCustomer] = await database.db
      .insert(profiles)
      .values({ displayName: 'Cliente Sin Cuenta', email: 'cliente.sin.cuenta@example.test' })
      .returning({ id: profiles.id });
    const [window] = await database.db
      .insert(availabilityWindows)
      .values({
        vendorProfileId: demoVendor!.id,
        startTz: new Date('2026-12-01T15:00:00Z'),
        endTz: new Date('2026-12-01T18:00:00Z'),
      })
      .returning({ id: availabilityWindows.id });
    rows = {
      slug: demoVendor!.slug,
      serviceId: service!.id,
      bookingId: booking!.id,
      adminVendorId: adminVendor.id,
      adminCustomerId: adminCustomer!.id,
      windowId: window!.id,
    };
  });
  afterAll(() => database.close());

  /** The path with real rows in it; ids nobody owns where the route has no row worth naming. */
  function fill(path: string): string {
    const nobody = '00000000-0000-4000-8000-000000000000';
    const id = path.startsWith('/api/vendor/services/')
      ? rows.serviceId
      : path.startsWith('/api/vendor/bookings/')
        ? rows.bookingId
        : path.startsWith('/api/admin/vendors/')
          ? rows.adminVendorId
          : path.startsWith('/api/admin/customers/')
            ? rows.adminCustomerId
            : path.startsWith('/api/admin/availability-windows/')
              ? rows.windowId
              : nobody;
    return path
      .replace(':idOrSlug', rows.slug)
      .replace(':action', 'decline')
      .replace(':id', id)
      .replace(/:[A-Za-z]+/g, nobody);
  }

  it('knows who may call each route', () => {
    const unclassified = apiRoutes(app)
      .filter(({ method, path }) => accessOf(method, path) === undefined)
      .map(({ method, path }) => `${method} ${path}`);
    expect(unclassified, 'add these routes to publicRoutes or put them under a guarded prefix').toEqual([]);
    expect(accessOf('GET', '/api/something-new')).toBeUndefined();
  });

  it('classifies the vendor onboarding routes: signup public, the rest vendor only', () => {
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

  it('guards the admin dashboard routes as admin only', () => {
    const admin = apiRoutes(app)
      .filter(({ path }) => path.startsWith('/api/admin/'))
      .map(({ method, path }) => `${method} ${path}`);
    expect(admin).toEqual(
      expect.arrayContaining([
        'GET /api/admin/stats',
        'GET /api/admin/vendors',
        'POST /api/admin/vendors',
        'GET /api/admin/vendors/review',
        'POST /api/admin/vendors/:id/review',
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
        // The Bookings tab
        'GET /api/admin/bookings',
        'GET /api/admin/bookings.csv',
        'GET /api/admin/bookings/:id',
        'POST /api/admin/bookings/:id/cancel',
        'POST /api/admin/bookings/:id/refund',
        'POST /api/admin/bookings/:id/mark-refunded',
        'POST /api/admin/bookings/:id/resend-payment-link',
      ]),
    );
    for (const route of admin) expect(accessOf(...(route.split(' ') as [string, string]))).toBe('admin');
  });

  it('classifies the booking routes: requests and token links public, lists guarded', () => {
    const routes = new Set(apiRoutes(app).map(({ method, path }) => `${method} ${path}`));
    const expected: [string, Access][] = [
      ['POST /api/bookings', 'public'],
      ['GET /api/bookings/confirm', 'public'],
      ['POST /api/bookings/confirm', 'public'],
      ['GET /api/bookings/manage', 'public'],
      ['GET /api/bookings/manage/calendar.ics', 'public'],
      ['GET /api/bookings/manage/availability', 'public'],
      ['POST /api/bookings/manage/cancel', 'public'],
      ['POST /api/bookings/manage/reschedule', 'public'],
      ['POST /api/bookings/manage/accept-proposal', 'public'],
      ['POST /api/bookings/manage/reject-proposal', 'public'],
      ['GET /api/me/bookings/:id', 'signedIn'],
      ['POST /api/me/bookings/:id/cancel', 'signedIn'],
      ['POST /api/me/bookings/:id/reschedule', 'signedIn'],
      ['GET /api/vendor/bookings', 'vendor'],
      ['POST /api/vendor/bookings/:id/:action', 'vendor'],
      ['POST /api/vendor/bookings/:id/cancel', 'vendor'],
      ['POST /api/vendor/bookings/:id/complete', 'vendor'],
      ['POST /api/vendor/bookings/:id/no-show', 'vendor'],
      ['POST /api/vendor/bookings/:id/propose', 'vendor'],
      ['POST /api/vendor/bookings/:id/decline', 'vendor'],
      ['GET /api/vendor/bookings/:id/proposal-slots', 'vendor'],
      ['GET /api/me/bookings', 'signedIn'],
    ];
    for (const [route, access] of expected) {
      expect(routes, route).toContain(route);
      expect(accessOf(...(route.split(' ') as [string, string])), route).toBe(access);
    }
  });

  // Every route × five people, each call between two fingerprints of the database: the matrix grows
  // with the routes, and on a loaded machine it outlasts the default 30 s.
  it('answers each route exactly as its rule says, for each of five people, and a refusal changes nothing', async () => {
    const routes = apiRoutes(app).filter(({ path }) => !path.startsWith('/api/auth/')); // auth.test.ts
    const failures: string[] = [];
    let checked = 0;
    // Actors in this order: the first vendor acts on its own rows before the other vendor tries them.
    for (const { method, path } of routes) {
      const route = `${method} ${path}`;
      const access = accessOf(method, path);
      if (!access || access === 'betterAuth') continue; // reported by 'knows who may call each route'
      for (const actor of actors) {
        const want = expected(access, actor, route);
        if (want === undefined) {
          failures.push(`${route}: add the status an admitted person gets to admittedStatus`);
          break;
        }
        // The rate-limit counters move on every call, refused or not: that is their job.
        const before = await fingerprintTables(database.db, { except: ['rate_limit'] });
        const init = method === 'GET' || method === 'HEAD' ? { method } : { method, json: {} };
        const response = await clients[actor].request(fill(path), init);
        // The message stream never ends by itself; its status and headers are all the matrix needs.
        if (response.headers.get('content-type')?.startsWith('text/event-stream'))
          await response.body?.cancel();
        if (response.status !== want)
          failures.push(`${route} as ${actor}: ${response.status}, expected ${want}`);
        if (response.status >= 400) {
          const after = await fingerprintTables(database.db, { except: ['rate_limit'] });
          const changed = changedTables(before, after);
          if (changed.length > 0) failures.push(`${route} as ${actor} was refused but changed ${changed}`);
        }
        checked++;
      }
    }
    expect(failures).toEqual([]);
    // Every route was called as every person: the count the security suite reports.
    expect(checked).toBe(routes.length * actors.length);
    console.info(
      `authorization matrix: ${routes.length} routes × ${actors.length} people = ${checked} calls (${testEngine})`,
    );
  }, 120_000);

  it("keeps each vendor's lists to its own rows", async () => {
    type Items = { items: { id: string }[] };
    const own = (await (await clients.vendor.get('/api/vendor/services')).json()) as Items;
    expect(own.items.map((s) => s.id)).toContain(rows.serviceId);
    const other = (await (await clients.otherVendor.get('/api/vendor/services')).json()) as Items;
    expect(other.items.map((s) => s.id)).not.toContain(rows.serviceId);
    const bookings = (await (await clients.otherVendor.get('/api/vendor/bookings')).json()) as Items;
    expect(bookings.items.map((b) => b.id)).not.toContain(rows.bookingId);
    const mine = (await (await clients.vendor.get('/api/vendor/bookings')).json()) as Items;
    expect(mine.items.map((b) => b.id)).toContain(rows.bookingId);
  });

  it('hides the dev mailbox in production and when SMTP is configured', async () => {
    const withSmtp = createTestApp(database, { env: { APP_URL, SMTP_URL: 'smtp://127.0.0.1:1' } }).app;
    expect((await withSmtp.request('/api/dev/mailbox')).status).toBe(404);
    const production = createTestApp(database, {
      // Production requires an https APP_URL.
      env: { APP_URL: 'https://barrio.test', NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40) },
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
