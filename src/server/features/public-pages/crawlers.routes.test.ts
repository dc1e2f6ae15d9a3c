import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { insertVendor } from '../../test/factories.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestDatabase, testEngine } from '../../test/test-db.ts';

// What crawlers and shared links read besides the pages: robots.txt naming the sitemap, the sitemap
// as XML (never the app's page), /vendor/{slug} redirected by the server, and a preview on every
// public page, all with URLs from APP_URL whatever Host the request names.

const builtIndex = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Barrio: find trusted local services in Mexico City." />
    <title>Barrio</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

const APP_URL = 'https://barrio.example';
const spoofed = { headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' } };

describe(`crawlers (${testEngine})`, () => {
  let database: Database;
  let app: ReturnType<typeof createTestApp>['app'];

  beforeAll(async () => {
    database = await createTestDatabase();
    const root = mkdtempSync(join(tmpdir(), 'barrio-crawlers-'));
    writeFileSync(join(root, 'index.html'), builtIndex);
    ({ app } = createTestApp(database, { webRoot: root, env: { APP_URL } }));
    await insertVendor(database.db, { businessName: 'Plomería Roma', slug: 'plomeria-roma' });
    await insertVendor(database.db, { businessName: 'Tacos & Co', slug: 'tacos-co' });
    await insertVendor(database.db, {
      businessName: 'Pendiente',
      slug: 'pendiente',
      applicationStatus: 'pending',
    });
    await insertVendor(database.db, {
      businessName: 'Vetada',
      slug: 'vetada',
      applicationStatus: 'rejected',
    });
  });
  afterAll(() => database.close());

  it('robots.txt names the sitemap by its absolute URL', async () => {
    const res = await app.request('/robots.txt', spoofed);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/api\/$/m);
    expect(text).toMatch(/^Sitemap: https:\/\/barrio\.example\/sitemap\.xml$/m);
  });

  it('the sitemap is XML listing the site’s pages and every approved vendor’s profile, no other', async () => {
    const res = await app.request('/sitemap.xml', spoofed);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await res.text();
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ),
    ).toBe(true);
    expect(xml).not.toContain('<html');
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(
      expect.arrayContaining([
        `${APP_URL}/`,
        `${APP_URL}/public/all-vendors`,
        `${APP_URL}/vendor-signup`,
        `${APP_URL}/public/vendor/plomeria-roma`,
        `${APP_URL}/public/vendor/tacos-co`,
      ]),
    );
    expect(locs.every((loc) => loc?.startsWith(`${APP_URL}/`))).toBe(true);
    expect(locs.filter((loc) => /pendiente|vetada/.test(loc!))).toEqual([]);
    expect(xml.match(/<url>/g)).toHaveLength(locs.length);
    expect(xml).toMatch(/<lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod>/);
  });

  it('redirects /vendor/{slug} to the public profile on the server, keeping the query', async () => {
    const res = await app.request('/vendor/plomeria-roma?tab=services', spoofed);
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/public/vendor/plomeria-roma?tab=services');
    const odd = await app.request('/vendor/a%20b%3Cc');
    expect(odd.headers.get('location')).toBe('/public/vendor/a%20b%3Cc');
    // The vendor's own screens under /vendor/ are pages, not vendors.
    for (const screen of ['/vendor/auth', '/vendor/dashboard']) {
      const page = await app.request(screen);
      expect(page.status, screen).toBe(200);
      expect(await page.text(), screen).toContain('<div id="root">');
    }
  });

  const metaContent = (html: string, key: string) =>
    new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(html)?.[1];
  const canonical = (html: string) => /<link rel="canonical" href="([^"]*)" \/>/.exec(html)?.[1];

  it.each([
    ['/', `${APP_URL}/`],
    ['/vendors?q=plomero&category=pets', `${APP_URL}/vendors?category=pets`],
    ['/vendors', `${APP_URL}/vendors`],
    ['/public/all-vendors', `${APP_URL}/public/all-vendors`],
    ['/public/vendor/plomeria-roma', `${APP_URL}/public/vendor/plomeria-roma`],
    ['/vendor-signup?phone=%2B525511223344', `${APP_URL}/vendor-signup`],
    ['/policies/privacy', `${APP_URL}/policies/privacy`],
    ['/policies/terms/', `${APP_URL}/policies/terms`],
  ])('%s has Open Graph tags and a canonical link from APP_URL', async (path, url) => {
    const res = await app.request(path, spoofed);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(metaContent(html, 'og:title')).toContain('Barrio');
    expect(metaContent(html, 'og:description')?.length).toBeGreaterThan(20);
    expect(metaContent(html, 'og:image')).toMatch(/^https:\/\/barrio\.example\/.+\.png$/);
    expect(metaContent(html, 'og:url')).toBe(url);
    expect(canonical(html)).toBe(url);
    expect(html).not.toContain('evil.example');
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('a square site picture makes the small card; pages behind a sign-in get no preview', async () => {
    const home = await (await app.request('/')).text();
    expect(metaContent(home, 'og:image')).toBe(`${APP_URL}/icons/icon-512.png`);
    expect(metaContent(home, 'twitter:card')).toBe('summary');
    for (const path of ['/jobs', '/policies/nothing', '/booking/ABC123?token=t']) {
      const html = await (await app.request(path)).text();
      expect(html, path).not.toContain('og:title');
    }
  });
});
