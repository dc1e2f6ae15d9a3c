import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { DEMO_PASSWORD, demoAccounts } from '../db/seed/demo-people.ts';
import { seedDemoData } from '../db/seed/seed.ts';
import { createHttpClient } from '../test/http-client.ts';
import { createTestApp } from '../test/test-app.ts';
import { createTestDatabase, testEngine } from '../test/test-db.ts';

// ARCHITECTURE §10: security headers with an explicit CSP on every answer — the API's and the
// served web app's — HSTS only in production, and the session cookie's flags. The CSP itself is
// lib/security-headers.ts; what the browser must be told is asserted here, in one place.

const DEV_URL = 'http://barrio.test';
const PRODUCTION_URL = 'https://barrio.example';

/** The CSP as directive → sources. */
function cspOf(response: Response): Map<string, string[]> {
  const header = response.headers.get('content-security-policy') ?? '';
  return new Map(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

function expectBrowserLocks(response: Response, where: string) {
  const csp = cspOf(response);
  expect(csp.get('default-src'), where).toEqual(["'self'"]);
  expect(csp.get('script-src'), where).toEqual(["'self'"]); // no inline scripts, no eval, no CDN
  expect(csp.get('object-src'), where).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors'), where).toEqual(["'none'"]);
  expect(csp.get('base-uri'), where).toEqual(["'self'"]);
  expect(csp.get('form-action'), where).toEqual(["'self'"]);
  expect(response.headers.get('x-content-type-options'), where).toBe('nosniff');
  expect(response.headers.get('referrer-policy'), where).toBe('strict-origin-when-cross-origin');
  // For browsers that predate frame-ancestors.
  expect(response.headers.get('x-frame-options'), where).toMatch(/^(DENY|SAMEORIGIN)$/);
}

describe(`security headers and cookie flags (${testEngine})`, () => {
  let database: Database;
  const webRoot = mkdtempSync(join(tmpdir(), 'barrio-headers-'));

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoData(database.db, { vendors: 1 });
    // A built web app in miniature: the server's handling, not the bundle, is under test here.
    mkdirSync(join(webRoot, 'assets'));
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Barrio</title><div id="root"></div>');
    writeFileSync(join(webRoot, 'assets', 'index-abc123.js'), 'console.log(1)');
  });
  afterAll(async () => {
    await database.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const devApp = () => createTestApp(database, { env: { APP_URL: DEV_URL }, webRoot }).app;
  const productionApp = () =>
    createTestApp(database, {
      env: { APP_URL: PRODUCTION_URL, NODE_ENV: 'production', AUTH_SECRET: 'p'.repeat(40) },
      webRoot,
    }).app;

  const answers = [
    ['an API answer', '/api/health'],
    ['an API error', '/api/nope'],
    ['the web page', '/'],
    ['a deep link to the web page', '/public/all-vendors'],
    ['a built asset', '/assets/index-abc123.js'],
  ] as const;

  it.each(answers)('locks down %s (%s) outside production, without HSTS', async (where, path) => {
    const response = await devApp().request(path);
    expect(response.status).toBe(where === 'an API error' ? 404 : 200);
    if (where.startsWith('the web page') || where.startsWith('a deep link'))
      expect(await response.text()).toContain('<div id="root">');
    expectBrowserLocks(response, where);
    // HSTS over plain http on a laptop would pin localhost to https for a year.
    expect(response.headers.get('strict-transport-security')).toBeNull();
    expect(cspOf(response).has('upgrade-insecure-requests')).toBe(false);
  });

  it.each(answers)('locks down %s (%s) in production, with HSTS', async (where, path) => {
    const response = await productionApp().request(path);
    expectBrowserLocks(response, where);
    const hsts = response.headers.get('strict-transport-security') ?? '';
    expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(31_536_000);
    expect(hsts).toContain('includeSubDomains');
    expect(cspOf(response).has('upgrade-insecure-requests')).toBe(true);
  });

  /** The session cookie a sign-in sets, as name and attribute list. */
  async function sessionCookie(app: ReturnType<typeof devApp>, origin: string) {
    const response = await createHttpClient(app, { origin }).signIn(
      demoAccounts.customer.email,
      DEMO_PASSWORD,
    );
    const line = response.headers.getSetCookie().find((c) => /session_token=/.test(c));
    expect(line, 'a session cookie').toBeDefined();
    const [pair = '', ...attributes] = line!.split(';').map((part) => part.trim());
    return { name: pair.slice(0, pair.indexOf('=')), attributes: attributes.map((a) => a.toLowerCase()) };
  }

  it('sets the session cookie HttpOnly, SameSite=Lax, Path=/ — and Secure with the __Secure- prefix in production', async () => {
    const production = await sessionCookie(productionApp(), PRODUCTION_URL);
    // better-auth prefixes secure cookies (useSecureCookies, auth.ts): the browser then refuses the
    // cookie over http and from a subdomain's Set-Cookie without Secure.
    expect(production.name).toBe('__Secure-barrio.session_token');
    expect(production.attributes).toEqual(
      expect.arrayContaining(['httponly', 'samesite=lax', 'path=/', 'secure']),
    );

    // Outside production the same flags except Secure, so that http://localhost keeps its session.
    const dev = await sessionCookie(devApp(), DEV_URL);
    expect(dev.name).toBe('barrio.session_token');
    expect(dev.attributes).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/']));
    expect(dev.attributes).not.toContain('secure');
  });
});
