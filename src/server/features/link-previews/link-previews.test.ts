import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../../app-env.ts';
import { parseConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { createSandboxProvider } from '../../integrations/payments/sandbox-provider.ts';
import { systemClock } from '../../lib/clock.ts';
import { createLogger } from '../../lib/logger.ts';
import { securityHeaders } from '../../lib/security-headers.ts';
import { mountWebApp } from '../../lib/web-app.ts';
import { insertVendor } from '../../test/factories.ts';
import { createTestDatabase, testEngine } from '../../test/test-db.ts';
import { escapeHtml } from './link-previews.html.ts';
import { renderPublicPage } from './link-previews.ts';

// Link previews: the built index.html, served for public pages with their title, description and
// Open Graph / Twitter tags (crawlers run no JavaScript).

const builtIndex = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Barrio: find trusted local services in Mexico City." />
    <title>Barrio</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

describe(`link previews (${testEngine})`, () => {
  let database: Database;
  let web: Hono<AppEnv>;

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = parseConfig({
      NODE_ENV: 'test',
      PGLITE_DIR: 'memory://',
      AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
      APP_URL: 'https://barrio.example',
    });
    const deps = {
      config,
      database,
      db: database.db,
      logger: createLogger('silent'),
      clock: systemClock,
      payments: createSandboxProvider({ appUrl: config.appUrl, secret: config.authSecret }),
    };
    const root = mkdtempSync(join(tmpdir(), 'barrio-previews-'));
    writeFileSync(join(root, 'index.html'), builtIndex);
    web = new Hono<AppEnv>();
    web.use('*', async (c, next) => {
      c.set('deps', deps);
      await next();
    });
    web.use('*', securityHeaders({ production: false }));
    mountWebApp(web, root, { renderIndex: (c, readIndexHtml) => renderPublicPage(c, readIndexHtml) });

    await insertVendor(database.db, {
      businessName: 'Ana "La Jefa" <Limpieza> & $& Co',
      slug: 'ana-la-jefa',
      serviceCategory: 'House Cleaning',
      serviceAreas: ['Condesa', 'Roma Norte'],
      bio: `Limpieza profunda </title><script>alert(1)</script> ${'muy '.repeat(80)}fin`,
      profileImageUrl: '/media/vendors/ana-la-jefa.svg',
      coverImageUrl: '/media/covers/ana-la-jefa.svg',
    });
    await insertVendor(database.db, {
      businessName: 'Vetada',
      slug: 'vetada',
      applicationStatus: 'rejected',
    });
  });
  afterAll(() => database.close());

  const metaContent = (html: string, key: string) =>
    new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(html)?.[1];

  it('describes a vendor profile with escaped tags and an absolute image URL from APP_URL', async () => {
    const res = await web.request('/public/vendor/ana-la-jefa?tab=services');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-type')).toContain('text/html');
    // The CSP is still the app's own.
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await res.text();
    const name = escapeHtml('Ana "La Jefa" <Limpieza> & $& Co');
    expect(html).toContain(`<title>${name} · House Cleaning in Condesa, Mexico City · Barrio</title>`);
    expect(metaContent(html, 'og:title')).toBe(`${name} · House Cleaning in Condesa, Mexico City · Barrio`);
    // Chat apps show no SVG: the preview is the cover drawn as a 1200×630 PNG.
    expect(metaContent(html, 'og:image')).toBe('https://barrio.example/media/previews/ana-la-jefa.png');
    expect(metaContent(html, 'twitter:image')).toBe('https://barrio.example/media/previews/ana-la-jefa.png');
    expect(metaContent(html, 'og:image:type')).toBe('image/png');
    expect(metaContent(html, 'og:image:width')).toBe('1200');
    expect(metaContent(html, 'og:image:height')).toBe('630');
    expect(metaContent(html, 'og:url')).toBe('https://barrio.example/public/vendor/ana-la-jefa');
    expect(metaContent(html, 'og:type')).toBe('profile');
    expect(html).toContain(
      '<link rel="preload" as="image" href="/media/covers/ana-la-jefa.svg" fetchpriority="high" />',
    );
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    const description = metaContent(html, 'description') ?? '';
    expect(description.startsWith('Limpieza profunda &#60;/title&#62;&#60;script&#62;')).toBe(true);
    expect(description.length).toBeLessThan(400);
    expect(metaContent(html, 'og:description')).toBe(description);
    // Only one title and one description; nothing the vendor typed became markup.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).not.toContain('<script>alert');
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).toContain('<div id="root"></div>');
  });

  it('finds the vendor by id too, and names the canonical slug URL', async () => {
    const [row] = await database.db.query.vendorProfiles.findMany({
      where: (v, { eq }) => eq(v.slug, 'ana-la-jefa'),
    });
    const html = await (await web.request(`/public/vendor/${row!.id}`)).text();
    expect(metaContent(html, 'og:url')).toBe('https://barrio.example/public/vendor/ana-la-jefa');
  });

  it.each(['/public/vendor/nobody', '/public/vendor/vetada', '/public/vendor/%E0%A4%A'])(
    'answers %s with the app (its Not Found screen), status 404 and noindex',
    async (path) => {
      const res = await web.request(path);
      expect(res.status).toBe(404);
      const html = await res.text();
      expect(html).toContain('<title>Vendor Not Found · Barrio</title>');
      expect(metaContent(html, 'robots')).toBe('noindex');
      expect(html).toContain('<div id="root"></div>');
    },
  );

  it('describes the public directory, with a known category', async () => {
    const all = await (await web.request('/public/all-vendors')).text();
    expect(all).toContain('<title>All Vendors · Barrio</title>');
    expect(metaContent(all, 'og:url')).toBe('https://barrio.example/public/all-vendors');
    const pets = await (await web.request('/public/all-vendors?category=pets')).text();
    expect(pets).toContain('<title>Pets vendors · Barrio</title>');
    const odd = await (await web.request('/public/all-vendors?category=%3Cb%3E')).text();
    expect(odd).toContain('<title>All Vendors · Barrio</title>');
  });

  it('leaves other pages as built', async () => {
    const res = await web.request('/vendors');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>Barrio</title>');
    expect(html).not.toContain('og:title');
  });
});
