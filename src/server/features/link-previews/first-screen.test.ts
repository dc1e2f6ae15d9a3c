import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AFTER_LOAD_SCRIPTS_ELEMENT_ID } from '../../../shared/after-load-scripts.ts';
import { FIRST_SCREEN_DRAWN_ATTRIBUTE, FIRST_SCREEN_ELEMENT_ID } from '../../../shared/first-screen.ts';
import type { AppEnv } from '../../app-env.ts';
import type { Database } from '../../db/client.ts';
import { systemClock } from '../../lib/clock.ts';
import { createLogger } from '../../lib/logger.ts';
import { mountWebApp, type RenderScreen } from '../../lib/web-app.ts';
import { insertService, insertVendor } from '../../test/factories.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestDatabase, testEngine } from '../../test/test-db.ts';
import { firstScreenRequests } from './first-screen.ts';
import { renderPublicPage } from './link-previews.ts';

// The first screen's API answers inside the page (docs/decisions/025-first-screen-in-the-page.md):
// the real app answers in-process, and each answer must be the API's own body under the key the web
// app will look it up by.

const builtIndex = `<!doctype html>
<html lang="en">
  <head>
    <title>Barrio</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/start-7.js">
  </head>
  <body><div id="root"></div></body>
</html>`;

// The shape of the build's .vite/manifest.json (vite.config.ts `build.manifest`).
// The entry runs the app (app/start.tsx) after the first paint; index.html preloads both.
const manifest = {
  'index.html': { file: 'assets/index-abc.js', isEntry: true, dynamicImports: ['app/start.tsx'] },
  'app/start.tsx': { file: 'assets/start-7.js', imports: ['_react-1.js', '_core-2.js'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_core-2.js': { file: 'assets/core-2.js', imports: ['_react-1.js'] },
  '_phone-3.js': { file: 'assets/phone-3.js', imports: ['_core-2.js'] },
  'routes/public-vendor.tsx': {
    file: 'assets/public-vendor-4.js',
    imports: ['_core-2.js', 'app/start.tsx', '_phone-3.js'],
  },
  'i18n/bookings.ts': { file: 'assets/bookings-5.js' },
  'routes/public-all-vendors.tsx': {
    file: 'assets/public-all-vendors-6.js',
    imports: ['app/start.tsx', 'index.html'],
  },
};

const modulePreloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" fetchpriority="low" crossorigin href="([^"]+)">/g)].map(
    (m) => m[1],
  );

/** The scripts a drawn page lists for the entry to preload when it starts the app (decisions 030, 031). */
const listedForLater = (html: string): string[] | undefined => {
  const match = new RegExp(
    `<script type="application/json" id="${AFTER_LOAD_SCRIPTS_ELEMENT_ID}">([\\s\\S]*?)</script>`,
  ).exec(html);
  return match ? (JSON.parse(match[1]!) as string[]) : undefined;
};

const answersIn = (html: string): Record<string, unknown> | undefined => {
  const match = new RegExp(
    `<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">([\\s\\S]*?)</script>`,
  ).exec(html);
  return match ? (JSON.parse(match[1]!) as Record<string, unknown>) : undefined;
};

/** The markup the server put into `#root`, with the language it was drawn in; undefined when none. */
const drawnIn = (html: string) => {
  const match = new RegExp(
    `<div id="root" ${FIRST_SCREEN_DRAWN_ATTRIBUTE}="([^"]*)">([\\s\\S]*)</div></body>`,
  ).exec(html);
  return match ? { language: match[1], markup: match[2] } : undefined;
};

describe(`first screen in the page (${testEngine})`, () => {
  let database: Database;
  let api: Hono<AppEnv>;
  let web: Hono<AppEnv>;
  // Stands in for the build's render (src/web/app/render-first-screen.tsx, tested in the web project
  // and in the browser): it shows what it was asked to draw, and with which answers.
  const drawn: { url: string; answers: Map<string, unknown> }[] = [];
  const renderScreen: RenderScreen = async (url, answers) => {
    drawn.push({ url, answers });
    return { markup: `<p>${url.replace(/[<&]/g, '')}</p>`, language: 'en' };
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    const { app, config, db, payments } = createTestApp(database, {
      env: { APP_URL: 'https://barrio.example' },
    });
    api = app;
    const deps = { config, database, db, payments, logger: createLogger('silent'), clock: systemClock };
    const root = mkdtempSync(join(tmpdir(), 'barrio-first-screen-'));
    writeFileSync(join(root, 'index.html'), builtIndex);
    mkdirSync(join(root, '.vite'));
    writeFileSync(join(root, '.vite', 'manifest.json'), JSON.stringify(manifest));
    // As createApp mounts it: the pages read the same app's API in-process.
    web = new Hono<AppEnv>();
    web.use('*', async (c, next) => {
      c.set('deps', deps);
      await next();
    });
    mountWebApp(web, root, {
      renderIndex: (c, readIndexHtml, scriptsOf) =>
        renderPublicPage(c, readIndexHtml, {
          fetchApi: (path) => api.request(path),
          scriptsOf,
          renderScreen,
        }),
    });

    const evil = await insertVendor(database.db, {
      businessName: '</script><script>alert(1)</script> Limpieza',
      slug: 'evil-limpieza',
      serviceCategory: 'cleaning',
      profileImageUrl: '/media/vendors/evil-limpieza.svg',
      isVerified: true,
    });
    await insertService(database.db, evil.id);
    const pets = await insertVendor(database.db, {
      businessName: 'Ana Paseos',
      slug: 'ana-paseos',
      serviceCategory: 'pets',
    });
    await insertService(database.db, pets.id, { name: 'Paseo' });
  });
  afterAll(() => database.close());

  it('gives Home the featured vendors, a visitor no session, and preloads the first photo', async () => {
    const res = await web.request('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    const featured = await (await api.request('/api/vendors/featured')).json();
    expect(answersIn(html)).toEqual({ '/api/auth/get-session': null, '/api/vendors/featured': featured });
    expect(html).toContain(
      '<link rel="preload" as="image" href="/media/vendors/evil-limpieza.svg" fetchpriority="high" />',
    );
    // A vendor's name cannot close the element: `<` is escaped inside the JSON.
    expect(html).not.toContain('</script><script>alert');
    // The entry, the answers and the scripts listed for after the load (decision 030).
    expect(html.match(/<\/script>/g)).toHaveLength(3);
  });

  it('never puts a signed-in answer into a page: with cookies the app asks for its session', async () => {
    const html = await (await web.request('/', { headers: { cookie: 'any=1' } })).text();
    expect(Object.keys(answersIn(html) ?? {})).toEqual(['/api/vendors/featured']);
  });

  it('answers the directory and Browse Vendors as their screens ask: their page sizes and categories', async () => {
    const html = await (await web.request('/public/all-vendors?q=%20ana%20&category=pets')).text();
    const key = '/api/vendors?category=pets&limit=12&offset=0&q=ana';
    const body = await (await api.request(key)).json();
    expect(body.items.map((v: { slug: string }) => v.slug)).toEqual(['ana-paseos']);
    expect(answersIn(html)?.[key]).toEqual(body);

    // 'cooking' is a directory chip, not a Browse Vendors one: Browse Vendors ignores it.
    expect(firstScreenRequests('/vendors', new URLSearchParams('category=cooking'))).toEqual([
      '/api/vendors?offset=0&limit=6',
    ]);
    expect(firstScreenRequests('/public/all-vendors/', new URLSearchParams('category=cooking'))).toEqual([
      '/api/vendors?offset=0&limit=12&category=cooking',
    ]);
    // A search too short to send is left out, as the screens leave it out (decision 024).
    expect(firstScreenRequests('/vendors', new URLSearchParams('q=ab'))).toEqual([
      '/api/vendors?offset=0&limit=6',
    ]);
  });

  it('answers a profile and its similar vendors by its slug, and leaves an unknown vendor to the app', async () => {
    const html = await (await web.request('/public/vendor/ana-paseos')).text();
    const profile = (await (await api.request('/api/vendors/ana-paseos')).json()) as { id: string };
    expect(answersIn(html)?.['/api/vendors/ana-paseos']).toEqual(profile);
    // The whole screen is drawn on the server (decision 031): its similar vendors too, asked for by
    // the slug as the screen asks, whether the page was opened by slug or by id.
    const similar = await (await api.request('/api/vendors/ana-paseos/similar')).json();
    expect(answersIn(html)?.['/api/vendors/ana-paseos/similar']).toEqual(similar);
    const byId = await (await web.request(`/public/vendor/${profile.id}`)).text();
    expect(Object.keys(answersIn(byId) ?? {})).toEqual([
      '/api/auth/get-session',
      `/api/vendors/${profile.id}`,
      '/api/vendors/ana-paseos/similar',
    ]);
    const missing = await web.request('/public/vendor/nobody-here');
    expect(missing.status).toBe(404);
    expect(Object.keys(answersIn(await missing.text()) ?? {})).toEqual(['/api/auth/get-session']);
  });

  it("preloads a page's own screen and strings beside the app shell when the browser draws the page", async () => {
    const withCookie = { headers: { cookie: 'any=1' } };
    const profile = await (await web.request('/public/vendor/ana-paseos', withCookie)).text();
    expect(modulePreloads(profile)).toEqual([
      '/assets/start-7.js',
      '/assets/public-vendor-4.js',
      '/assets/phone-3.js',
      '/assets/bookings-5.js',
    ]);
    const directory = await (await web.request('/public/all-vendors?category=pets', withCookie)).text();
    expect(modulePreloads(directory)).toEqual(['/assets/start-7.js', '/assets/public-all-vendors-6.js']);
    // Home comes with the app; an unknown page has no screen of its own to preload.
    expect(modulePreloads(await (await web.request('/', withCookie)).text())).toEqual(['/assets/start-7.js']);
    expect(modulePreloads(await (await web.request('/no-such-page')).text())).toEqual(['/assets/start-7.js']);
    for (const page of [profile, directory]) expect(listedForLater(page)).toBeUndefined();
  });

  it("lists the scripts of a page it drew for the app's start instead of preloading them (decisions 030, 031)", async () => {
    const profile = await (await web.request('/public/vendor/ana-paseos')).text();
    expect(modulePreloads(profile)).toEqual([]);
    // The app shell is preloaded by the entry's own import of the app; the screen's scripts are listed.
    expect(listedForLater(profile)).toEqual([
      '/assets/public-vendor-4.js',
      '/assets/phone-3.js',
      '/assets/bookings-5.js',
    ]);
    // The entry itself stays: it waits for the visitor. Home has no screen of its own: an empty list.
    expect(profile).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(listedForLater(await (await web.request('/')).text())).toEqual([]);
    // Not drawn (an unknown vendor): preloaded as built.
    const missing = await (await web.request('/public/vendor/nobody-here')).text();
    expect(listedForLater(missing)).toBeUndefined();
    expect(modulePreloads(missing)).toEqual([
      '/assets/start-7.js',
      '/assets/public-vendor-4.js',
      '/assets/phone-3.js',
      '/assets/bookings-5.js',
    ]);
  });

  it("draws a visitor's first screen with the page's own answers, in place of the painted header", async () => {
    drawn.length = 0;
    const html = await (await web.request('/public/all-vendors?category=pets')).text();
    expect(drawnIn(html)).toEqual({ language: 'en', markup: '<p>/public/all-vendors?category=pets</p>' });
    expect(drawn).toHaveLength(1);
    expect(Object.fromEntries(drawn[0]!.answers)).toEqual(answersIn(html));
    expect(html.match(/<div id="root"/g)).toHaveLength(1);
  });

  it('leaves the first screen to the browser with cookies, for an unknown vendor and off the public pages', async () => {
    drawn.length = 0;
    const pages = [
      await web.request('/', { headers: { cookie: 'any=1' } }),
      await web.request('/public/vendor/nobody-here'),
      await web.request('/jobs'),
    ];
    for (const page of pages) expect(drawnIn(await page.text())).toBeUndefined();
    expect(drawn).toEqual([]);
    expect(drawnIn(await (await web.request('/public/vendor/ana-paseos')).text())?.markup).toBe(
      '<p>/public/vendor/ana-paseos</p>',
    );
  });

  it('keeps /index.html, the offline shell, as built', async () => {
    const html = await (await web.request('/index.html')).text();
    expect(html).toBe(builtIndex);
  });
});
