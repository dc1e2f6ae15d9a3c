import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../app-env.ts';
import { multipartRoutes } from '../auth/json-bodies.ts';
import type { Database } from '../db/client.ts';
import { DEMO_PASSWORD, demoAccounts } from '../db/seed/demo-people.ts';
import { seedDemoData } from '../db/seed/seed.ts';
import { apiRoutes } from '../test/api-routes.ts';
import { changedTables, fingerprintTables } from '../test/db-fingerprint.ts';
import { createHttpClient, type HttpClient } from '../test/http-client.ts';
import { createTestApp } from '../test/test-app.ts';
import { createTestDatabase, testEngine } from '../test/test-db.ts';
import { APP_URL } from '../test/test-week.ts';

// ARCHITECTURE §10: a cookie-authenticated mutation needs our Origin and a JSON body. Every
// POST, PUT, PATCH and DELETE under /api — from the app's own route list, so new ones are covered —
// is sent the ways a foreign page can send it, with a valid session cookie each time, and must be
// refused without changing anything. Webhooks are left out: providers call them without a
// session, and the signature over the raw body is their only credential (their own tests).
// The routes that take a file (multipartRoutes) take a multipart form with our Origin: from them a
// multipart form from another site is the forgery.

const FOREIGN = 'https://evil.example';
const NOBODY = '00000000-0000-4000-8000-000000000000';

/**
 * better-auth's endpoints are one wildcard route of ours (mount-auth.ts); these are the mutations
 * behind it that a cross-site page would aim at. better-auth checks Origin itself only when a
 * cookie comes along, so requireSameOrigin guards them all, cookie or not.
 */
const betterAuthMutations = [
  '/api/auth/sign-in/email',
  '/api/auth/sign-up/email',
  '/api/auth/sign-in/magic-link',
  '/api/auth/magic-link/verify',
  '/api/auth/sign-in/social',
  '/api/auth/sign-out',
  '/api/auth/update-user',
  '/api/auth/change-password',
  '/api/auth/revoke-sessions',
];

const isMutation = (method: string) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method);

describe(`cross-site requests to every mutation (${testEngine})`, () => {
  let database: Database;
  let app: Hono<AppEnv>;
  let people: { customer: HttpClient; vendor: HttpClient; admin: HttpClient };
  let mutations: { method: string; path: string }[];

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoData(database.db, { vendors: 1 });
    ({ app } = createTestApp(database, { env: { APP_URL } }));
    const person = async (email: string) => {
      const client = createHttpClient(app, { origin: APP_URL });
      await client.signIn(email, DEMO_PASSWORD);
      return client;
    };
    people = {
      customer: await person(demoAccounts.customer.email),
      vendor: await person(demoAccounts.vendor.email),
      admin: await person(demoAccounts.admin.email),
    };
    mutations = [
      ...apiRoutes(app).filter(
        ({ method, path }) =>
          isMutation(method) && !path.startsWith('/api/webhooks/') && !path.startsWith('/api/auth/'),
      ),
      ...betterAuthMutations.map((path) => ({ method: 'POST', path })),
    ];
  });
  afterAll(() => database.close());

  /** The person whose cookie the route admits, so that only the CSRF locks can refuse. */
  function personFor(path: string): HttpClient {
    if (path.startsWith('/api/admin/')) return people.admin;
    if (path.startsWith('/api/vendor/') && path !== '/api/vendor/signup') return people.vendor;
    return people.customer;
  }

  const fill = (path: string) => path.replace(':action', 'decline').replace(/:[A-Za-z]+/g, NOBODY);

  /** A request as a browser on another site could make it: the person's cookie, headers as given. */
  function send(method: string, path: string, headers: Record<string, string>, body?: BodyInit) {
    const client = personFor(path);
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    return app.request(
      fill(path),
      { method, headers: { cookie, ...headers }, body },
      { incoming: { socket: { remoteAddress: client.ip } } },
    );
  }

  const json = JSON.stringify({
    full_name: 'Pirata',
    email: 'pirata@evil.example',
    password: 'x'.repeat(12),
  });
  const forgeries: {
    name: string;
    status: 403 | 415;
    headers: Record<string, string>;
    body?: () => BodyInit;
  }[] = [
    {
      name: 'a JSON body from a foreign Origin',
      status: 403,
      headers: { origin: FOREIGN, 'content-type': 'application/json' },
      body: () => json,
    },
    {
      name: 'a JSON body without an Origin',
      status: 403,
      headers: { 'content-type': 'application/json' },
      body: () => json,
    },
    {
      // The classic: an HTML form with enctype="text/plain" needs no CORS preflight.
      name: 'a text/plain body, even with our Origin',
      status: 415,
      headers: { origin: APP_URL, 'content-type': 'text/plain;charset=UTF-8' },
      body: () => json,
    },
    {
      name: 'an urlencoded form, even with our Origin',
      status: 415,
      headers: { origin: APP_URL, 'content-type': 'application/x-www-form-urlencoded' },
      body: () => 'full_name=Pirata&email=pirata%40evil.example',
    },
    {
      name: 'a multipart form, even with our Origin',
      status: 415,
      headers: { origin: APP_URL },
      body: () => {
        const form = new FormData();
        form.set('full_name', 'Pirata');
        return form;
      },
    },
  ];

  const foreignMultipart: (typeof forgeries)[number] = {
    name: 'a multipart form from a foreign Origin',
    status: 403,
    headers: { origin: FOREIGN },
    body: () => {
      const form = new FormData();
      form.set('kind', 'portfolio');
      form.set('file', new File([new Uint8Array([0xff, 0xd8, 0xff])], 'x.jpg', { type: 'image/jpeg' }));
      return form;
    },
  };
  const forgeriesOf = (method: string, path: string) =>
    multipartRoutes.has(`${method} ${path}`)
      ? forgeries.map((forgery) => (forgery.name.startsWith('a multipart') ? foreignMultipart : forgery))
      : forgeries;

  it('refuses each forgery on each mutation and changes nothing', async () => {
    expect(mutations.length).toBeGreaterThan(30);
    const before = await fingerprintTables(database.db);
    const failures: string[] = [];
    let sent = 0;
    for (const { method, path } of mutations) {
      for (const forgery of forgeriesOf(method, path)) {
        const response = await send(method, path, forgery.headers, forgery.body?.());
        sent++;
        const body = (await response.json().catch(() => undefined)) as
          | { error?: { code?: string } }
          | undefined;
        const code = forgery.status === 403 ? 'forbidden' : 'unsupported_media_type';
        if (response.status !== forgery.status || body?.error?.code !== code)
          failures.push(`${method} ${path}, ${forgery.name}: ${response.status} ${JSON.stringify(body)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(changedTables(before, await fingerprintTables(database.db))).toEqual([]);
    expect(sent).toBe(mutations.length * forgeries.length);
    console.info(
      `CSRF: ${mutations.length} mutations × ${forgeries.length} forgeries = ${sent} requests refused (${testEngine})`,
    );
  });

  it('lets the same person through with our Origin and a JSON body (the locks, not the guards, refused)', async () => {
    // better-auth's are left out here: sign-out and the like would end the sessions used above.
    const ours = mutations.filter(({ path }) => !path.startsWith('/api/auth/'));
    const refused: string[] = [];
    for (const { method, path } of ours) {
      const response = multipartRoutes.has(`${method} ${path}`)
        ? await send(method, path, { origin: APP_URL }, new FormData())
        : await send(method, path, { origin: APP_URL, 'content-type': 'application/json' }, '{}');
      if ([401, 403, 415].includes(response.status) || response.status >= 500)
        refused.push(`${method} ${path}: ${response.status}`);
    }
    expect(refused).toEqual([]);
  });

  it('lets a mutation without a body through: a DELETE sends no Content-Type', async () => {
    const response = await send('DELETE', '/api/me/contacts', { origin: APP_URL });
    expect(response.status).toBe(200);
  });
});
