import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEmailRateLimits, authRateLimits } from '../auth/auth.ts';
import type { Database } from '../db/client.ts';
import { rateLimit } from '../db/schema/auth.ts';
import { devMailbox } from '../db/schema/mail.ts';
import { fixedClock } from '../lib/clock.ts';
import { createHttpClient } from '../test/http-client.ts';
import { createTestApp } from '../test/test-app.ts';
import { createTestDatabase, testEngine } from '../test/test-db.ts';
import { APP_URL } from '../test/test-week.ts';

// Items 8 and 9 through the real app: whose bucket a request counts in (behind a proxy,
// by IPv6 /64, per email) and how large a body may be.

const MINUTE = 60_000;

type App = ReturnType<typeof createTestApp>['app'];

/** A request as @hono/node-server hands it over: from a TCP peer, perhaps with X-Forwarded-For. */
function send(
  app: App,
  path: string,
  {
    peer,
    forwardedFor,
    json,
    method = json === undefined ? 'GET' : 'POST',
  }: {
    peer: string;
    forwardedFor?: string;
    json?: unknown;
    method?: string;
  },
) {
  const headers = new Headers({ origin: APP_URL });
  if (forwardedFor) headers.set('x-forwarded-for', forwardedFor);
  if (json !== undefined) headers.set('content-type', 'application/json');
  return app.request(
    path,
    { method, headers, body: json === undefined ? undefined : JSON.stringify(json) },
    { incoming: { socket: { remoteAddress: peer } } },
  );
}

const linkBudget = authRateLimits['/sign-in/magic-link'].max;
let links = 0;
/** A magic link for a new address each time, so that only better-auth's per-address budget counts. */
const askLink = (app: App, from: { peer: string; forwardedFor?: string }) =>
  send(app, '/api/auth/sign-in/magic-link', { ...from, json: { email: `nobody${links++}@example.test` } });

/** The payment lookup: our own limiter (lib/rate-limit.ts), 60 per minute and client. */
const lookupBudget = 60;
const lookup = (app: App, from: { peer: string; forwardedFor?: string }) =>
  send(app, '/api/payments/session/cs_sandbox_unknown', from);

describe(`client limits behind a proxy and per email (${testEngine})`, () => {
  let database: Database;
  // The system's time, moved back: the windows of our limits opened five minutes ago and are still
  // open (15 minutes), which better-auth's clean-up (on the real clock) must not change.
  const clock = fixedClock(new Date(Date.now() - 5 * MINUTE));

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const appWith = (env: Record<string, string> = {}) =>
    createTestApp(database, { clock, env: { APP_URL, ...env } }).app;

  it('gives each client behind a trusted proxy its own bucket, and reads X-Forwarded-For only then', async () => {
    // Behind one proxy (10.0.0.1), two clients: better-auth's magic-link budget and our lookup budget.
    const proxied = appWith({ TRUST_PROXY: '1' });
    const alice = { peer: '10.0.0.1', forwardedFor: '203.0.113.1' };
    const bob = { peer: '10.0.0.1', forwardedFor: '203.0.113.2' };
    let last = 0;
    for (let i = 0; i <= linkBudget; i++) last = (await askLink(proxied, alice)).status;
    expect(last).toBe(429);
    expect((await askLink(proxied, bob)).status).toBe(200);
    for (let i = 0; i <= lookupBudget; i++) last = (await lookup(proxied, alice)).status;
    expect(last).toBe(429);
    expect((await lookup(proxied, bob)).status).toBe(404);

    // The same with TRUST_PROXY listing the proxy; a client writing its own header on the left
    // gains nothing.
    const listed = appWith({ TRUST_PROXY: '10.0.0.0/8' });
    const carol = { peer: '10.0.0.2', forwardedFor: '203.0.113.3' };
    for (let i = 0; i <= linkBudget; i++)
      last = (await askLink(listed, { ...carol, forwardedFor: `192.0.2.${i}, ${carol.forwardedFor}` }))
        .status;
    expect(last).toBe(429);
    expect((await askLink(listed, { peer: '10.0.0.2', forwardedFor: '203.0.113.4' })).status).toBe(200);

    // Without TRUST_PROXY the header is never read: a fresh X-Forwarded-For per request is still the
    // same peer, and two clients of one proxy share its bucket.
    const direct = appWith();
    for (let i = 0; i <= linkBudget; i++)
      last = (await askLink(direct, { peer: '10.0.0.9', forwardedFor: `203.0.113.${10 + i}` })).status;
    expect(last).toBe(429);
    expect((await askLink(direct, { peer: '10.0.0.9', forwardedFor: '203.0.113.99' })).status).toBe(429);
    expect((await askLink(direct, { peer: '10.0.0.10' })).status).toBe(200);
  });

  it('counts a whole IPv6 /64 as one client', async () => {
    const app = appWith();
    let last = 0;
    // One subscriber's /64 holds 2^64 addresses: a new one per request is still one client.
    for (let i = 0; i <= lookupBudget; i++)
      last = (await lookup(app, { peer: `2001:db8:77:1:${(i + 1).toString(16)}::1` })).status;
    expect(last).toBe(429);
    expect((await lookup(app, { peer: '2001:db8:77:2::1' })).status).toBe(404);
    // An IPv4 client arriving on an IPv6 socket keeps its IPv4 key.
    for (let i = 0; i <= lookupBudget; i++)
      last = (await lookup(app, { peer: '::ffff:198.51.100.60' })).status;
    expect(last).toBe(429);
    expect((await lookup(app, { peer: '198.51.100.60' })).status).toBe(429);
  });

  it('allows 5 wrong passwords per email in 15 minutes from any number of addresses', async () => {
    const app = appWith();
    const account = createHttpClient(app, { origin: APP_URL });
    const email = 'limited@example.test';
    const password = 'Limited#2026';
    expect((await account.post('/api/auth/sign-up/email', { name: 'L', email, password })).status).toBe(200);
    // Signing in that works does not count: the owner on several devices never meets the limit.
    for (let i = 0; i < 7; i++)
      expect(
        (await send(app, '/api/auth/sign-in/email', { peer: `100.64.1.${i}`, json: { email, password } }))
          .status,
      ).toBe(200);

    const { max } = authEmailRateLimits['/sign-in/email'];
    for (let i = 0; i < max; i++) {
      const wrong = await send(app, '/api/auth/sign-in/email', {
        peer: `100.64.2.${i}`,
        json: { email: i % 2 ? email : email.toUpperCase(), password: `guess-${i}` },
      });
      expect(wrong.status).toBe(401);
    }
    // The sixth, from yet another address and even with the right password: refused.
    const refused = await send(app, '/api/auth/sign-in/email', {
      peer: '100.64.3.1',
      json: { email, password },
    });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      error: {
        code: 'rate_limited',
        reason: 'too_many_for_email',
        message: 'Too many sign-in attempts for this email. Please wait 15 minutes and try again.',
        details: { per: 'email', retryAfterMinutes: 15 },
      },
    });
    // Another account is not affected; the limit lifts when its 15 minutes are over.
    const other = await send(app, '/api/auth/sign-in/email', {
      peer: '100.64.3.2',
      json: { email: 'someone-else@example.test', password: 'wrong-password' },
    });
    expect(other.status).toBe(401);
    clock.advance(15 * MINUTE);
    const later = await send(app, '/api/auth/sign-in/email', {
      peer: '100.64.3.3',
      json: { email, password },
    });
    expect(later.status).toBe(200);
    clock.advance(-15 * MINUTE);
  });

  it('sends 3 magic links per email in 15 minutes, whatever better-auth cleans up meanwhile', async () => {
    const app = appWith();
    const email = 'inbox@example.test';
    const { max } = authEmailRateLimits['/sign-in/magic-link'];
    for (let i = 0; i < max; i++) {
      const sent = await send(app, '/api/auth/sign-in/magic-link', {
        peer: `192.0.2.${10 + i}`,
        json: { email },
      });
      expect(sent.status).toBe(200);
    }
    // A better-auth window that ends makes it delete every rate_limit row older than its longest
    // window (a minute), on the real clock: our window, opened five minutes ago, must survive it.
    await database.db.insert(rateLimit).values({
      id: 'stale-window',
      key: '192.0.2.99|/sign-in/magic-link',
      count: 1,
      lastRequest: Date.now() - 2 * MINUTE,
    });
    const other = await send(app, '/api/auth/sign-in/magic-link', {
      peer: '192.0.2.99',
      json: { email: 'another-inbox@example.test' },
    });
    expect(other.status).toBe(200);

    const refused = await send(app, '/api/auth/sign-in/magic-link', { peer: '192.0.2.50', json: { email } });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({
      error: {
        code: 'rate_limited',
        message: 'Too many sign-in links for this email. Please wait 15 minutes and try again.',
      },
    });
    const mails = await database.db.select().from(devMailbox).where(eq(devMailbox.to, email));
    expect(mails).toHaveLength(max);
  });
});

describe(`request body limit (${testEngine})`, () => {
  let database: Database;
  let app: App;

  beforeAll(async () => {
    database = await createTestDatabase();
    ({ app } = createTestApp(database, { env: { APP_URL, RATE_LIMITS: 'off' } }));
  });
  afterAll(() => database.close());

  /** A JSON body of `bytes` bytes, valid enough that only its size can be wrong. */
  const jsonOf = (bytes: number) => {
    const shell = JSON.stringify({ email: 'big@example.test', password: '' });
    return shell.replace('"password":""', `"password":"${'x'.repeat(bytes - shell.length)}"`);
  };

  const tooLarge = {
    error: { code: 'payload_too_large', message: 'The request body is too large (at most 64 KB).' },
  };

  it('answers 413 to a body over 64 KB that says its length', async () => {
    const body = jsonOf(64 * 1024 + 1);
    const res = await app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { origin: APP_URL, 'content-type': 'application/json', 'content-length': String(body.length) },
      body,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual(tooLarge);
    // Just under the limit reaches the route (which refuses the password, not the size).
    const fits = jsonOf(64 * 1024);
    const ok = await app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { origin: APP_URL, 'content-type': 'application/json', 'content-length': String(fits.length) },
      body: fits,
    });
    expect(ok.status).not.toBe(413);
  });

  it('answers 413 to a chunked body without Content-Length, while reading it', async () => {
    let pulled = 0;
    const chunk = new TextEncoder().encode(`"${'x'.repeat(16 * 1024)}",`);
    // 4 MB in 16 KB chunks: the limit must stop reading it after 64 KB, not wait for its end.
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"contacts":['));
      },
      pull(controller) {
        pulled++;
        if (pulled > 256) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const res = await app.request('/api/bookings', {
      method: 'POST',
      headers: { origin: APP_URL, 'content-type': 'application/json' },
      body: chunked,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual(tooLarge);
    expect(pulled).toBeLessThan(10);
  });

  it('still takes a contacts upload and a webhook delivery far over 64 KB, up to their own limits', async () => {
    const me = createHttpClient(app, { origin: APP_URL });
    const signedUp = await me.post('/api/auth/sign-up/email', {
      name: 'Uploader',
      email: 'uploader@example.test',
      password: 'Uploader#2026',
    });
    expect(signedUp.status).toBe(200);
    const contacts = Array.from({ length: 1500 }, (_, i) => ({
      name: `Contacto número ${i} de la libreta`,
      phones: [`55 ${String(30_000_000 + i)}`],
      emails: [`contacto${i}@libreta.example.test`],
    }));
    expect(JSON.stringify({ contacts }).length).toBeGreaterThan(128 * 1024);
    const res = await me.post('/api/me/contacts', { contacts });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ contacts: 1500 });
    // Beyond its own limit (4 MB), the same 413.
    const huge = await me.post('/api/me/contacts', {
      contacts: [{ name: 'x'.repeat(5 * 1024 * 1024), phones: [], emails: [] }],
    });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({
      error: { code: 'payload_too_large', message: 'The request body is too large (at most 4 MB).' },
    });
    // A WhatsApp delivery over 64 KB reaches its signature check (1 MB allowed).
    const delivery = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [],
      pad: 'x'.repeat(100 * 1024),
    });
    const webhook = await app.request('/api/webhooks/whatsapp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': 'sha256=00' },
      body: delivery,
    });
    expect(webhook.status).toBe(401);
  });
});
