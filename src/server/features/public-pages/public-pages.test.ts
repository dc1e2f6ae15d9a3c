import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoSizes } from '../../../shared/vendor-photo-display.ts';
import { type PhotoKind, photoVariantWidths } from '../../../shared/vendor-photos.ts';
import type { AppEnv } from '../../app-env.ts';
import { parseConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { vendorPhotos } from '../../db/schema/media.ts';
import { createSandboxProvider } from '../../integrations/payments/sandbox-provider.ts';
import { systemClock } from '../../lib/clock.ts';
import { createLogger } from '../../lib/logger.ts';
import { securityHeaders } from '../../lib/security-headers.ts';
import { mountWebApp } from '../../lib/web-app.ts';
import { insertService, insertVendor } from '../../test/factories.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestDatabase, testEngine } from '../../test/test-db.ts';
import { escapeHtml } from './link-previews.html.ts';
import { injectRenderedPage, renderPublicPage } from './public-pages.ts';

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

/** The previews' words below are the English ones: asked for as a browser set to English asks. */
const inEnglish = { headers: { 'accept-language': 'en-US,en;q=0.9' } };

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
    mountWebApp(web, root, {
      renderIndex: (c, page) =>
        renderPublicPage(c, { ...page, fetchApi: () => Promise.reject(new Error('no render here')) }),
    });

    await insertVendor(database.db, {
      businessName: 'Ana "La Jefa" <Limpieza> & $& Co',
      slug: 'ana-la-jefa',
      serviceCategory: 'cleaning',
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
    const res = await web.request('/public/vendor/ana-la-jefa?tab=services', inEnglish);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-type')).toContain('text/html');
    // The CSP is still the app's own.
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await res.text();
    const name = escapeHtml('Ana "La Jefa" <Limpieza> & $& Co');
    expect(html).toContain(`<title>${name} · Cleaning in Condesa, Mexico City · Barrio</title>`);
    expect(metaContent(html, 'og:title')).toBe(`${name} · Cleaning in Condesa, Mexico City · Barrio`);
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
    // The app's module and the profile's JSON-LD, whose text cannot close its tag.
    expect(html.match(/<script/g)).toHaveLength(2);
    const jsonLd = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(jsonLd).not.toContain('<');
    expect(JSON.parse(jsonLd)).toMatchObject({
      '@type': 'LocalBusiness',
      name: 'Ana "La Jefa" <Limpieza> & $& Co',
    });
    expect(html).toContain('<div id="root"></div>');
  });

  it("is in the page's language: Spanish for a Spanish browser, or one that asks for none (decision 068)", async () => {
    for (const headers of [{ 'accept-language': 'es-MX,es;q=0.9' }, {}] as Record<string, string>[]) {
      const html = await (await web.request('/public/vendor/ana-la-jefa', { headers })).text();
      const name = escapeHtml('Ana "La Jefa" <Limpieza> & $& Co');
      expect(html).toContain(`<title>${name} · Limpieza en Condesa, Ciudad de México · Barrio</title>`);
      expect(html).toMatch(/<html lang="es-MX">/);
    }
    const all = await (await web.request('/public/all-vendors?category=pets')).text();
    expect(all).toContain('<title>Proveedores de Mascotas · Barrio</title>');
    const missing = await web.request('/public/vendor/nobody');
    expect(await missing.text()).toContain('<title>Proveedor No Encontrado · Barrio</title>');
  });

  it('finds the vendor by id too, and names the canonical slug URL', async () => {
    const [row] = await database.db.query.vendorProfiles.findMany({
      where: (v, { eq }) => eq(v.slug, 'ana-la-jefa'),
    });
    const html = await (await web.request(`/public/vendor/${row!.id}`, inEnglish)).text();
    expect(metaContent(html, 'og:url')).toBe('https://barrio.example/public/vendor/ana-la-jefa');
  });

  it.each(['/public/vendor/nobody', '/public/vendor/vetada', '/public/vendor/%E0%A4%A'])(
    'answers %s with the app (its Not Found screen), status 404 and noindex',
    async (path) => {
      const res = await web.request(path, inEnglish);
      expect(res.status).toBe(404);
      const html = await res.text();
      expect(html).toContain('<title>Vendor Not Found · Barrio</title>');
      expect(metaContent(html, 'robots')).toBe('noindex');
      expect(html).toContain('<div id="root"></div>');
    },
  );

  describe('a vendor with photos (decision 074)', () => {
    /** An approved photo's row: its variants' keys (the link preview reads no bytes). */
    const photo = (vendorProfileId: string, kind: PhotoKind, position: number, alt: string | null) => {
      const id = randomUUID();
      const widths = photoVariantWidths[kind];
      const ratio = kind === 'cover' ? 3 / 8 : 3 / 4;
      return {
        id,
        vendorProfileId,
        kind,
        status: 'approved' as const,
        alt,
        position,
        width: 1600,
        height: 1600 * ratio,
        variants: [
          ...widths.map((w) => ({ key: `photos/${id}/h${w}.webp`, width: w, height: w * ratio })),
          ...(kind === 'cover' ? [{ key: `photos/${id}/hp.jpg`, width: 1200, height: 630 }] : []),
        ],
      };
    };
    const preloads = (html: string) => html.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];

    it("shares the cover's JPEG preview and preloads the first portfolio photo, its variants as the page names them", async () => {
      const vendor = await insertVendor(database.db, { businessName: 'Fotos Roma', slug: 'fotos-roma' });
      const cover = photo(vendor.id, 'cover', 0, 'Ilustración: una sala limpia');
      const first = photo(vendor.id, 'portfolio', 0, 'Una cocina');
      await database.db
        .insert(vendorPhotos)
        .values([cover, first, photo(vendor.id, 'portfolio', 1, null), photo(vendor.id, 'profile', 0, null)]);
      const html = await (await web.request('/public/vendor/fotos-roma', inEnglish)).text();
      expect(metaContent(html, 'og:image')).toBe(`https://barrio.example/media/photos/${cover.id}/hp.jpg`);
      expect(metaContent(html, 'twitter:image')).toBe(metaContent(html, 'og:image'));
      expect(metaContent(html, 'og:image:type')).toBe('image/jpeg');
      expect(metaContent(html, 'og:image:width')).toBe('1200');
      expect(metaContent(html, 'og:image:height')).toBe('630');
      expect(metaContent(html, 'og:image:alt')).toBe('Ilustración: una sala limpia');
      expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
      // One picture fetched first: the gallery's first photo, larger on a phone than the 112 px cover.
      const srcset = [240, 480, 960].map((w) => `/media/photos/${first.id}/h${w}.webp ${w}w`).join(', ');
      expect(preloads(html)).toEqual([
        `<link rel="preload" as="image" href="/media/photos/${first.id}/h960.webp" imagesrcset="${srcset}" imagesizes="${photoSizes.fullWidth}" fetchpriority="high" />`,
      ]);
    });

    it('preloads the cover photo when there is no portfolio', async () => {
      const vendor = await insertVendor(database.db, { businessName: 'Solo Portada', slug: 'solo-portada' });
      const cover = photo(vendor.id, 'cover', 0, null);
      await database.db.insert(vendorPhotos).values(cover);
      const html = await (await web.request('/public/vendor/solo-portada', inEnglish)).text();
      const srcset = [480, 960].map((w) => `/media/photos/${cover.id}/h${w}.webp ${w}w`).join(', ');
      expect(preloads(html)).toEqual([
        `<link rel="preload" as="image" href="/media/photos/${cover.id}/h960.webp" imagesrcset="${srcset}" imagesizes="${photoSizes.fullWidth}" fetchpriority="high" />`,
      ]);
      // Without its own words, the preview's alt names the vendor and its category.
      expect(metaContent(html, 'og:image:alt')).toBe('Solo Portada, Cleaning');
    });
  });

  it('describes the public directory, with a known category', async () => {
    const all = await (await web.request('/public/all-vendors', inEnglish)).text();
    expect(all).toContain('<title>All Vendors · Barrio</title>');
    expect(metaContent(all, 'og:url')).toBe('https://barrio.example/public/all-vendors');
    const pets = await (await web.request('/public/all-vendors?category=pets', inEnglish)).text();
    expect(pets).toContain('<title>Pets vendors · Barrio</title>');
    const odd = await (await web.request('/public/all-vendors?category=%3Cb%3E', inEnglish)).text();
    expect(odd).toContain('<title>All Vendors · Barrio</title>');
  });

  it('leaves pages that are not public as built', async () => {
    const res = await web.request('/jobs', inEnglish);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>Barrio</title>');
    expect(html).not.toContain('og:title');
  });
});

// The server render in the page (decision 042): the app loads the build's render (`<root>-ssr/render.js`),
// gives it its own API in-process, and puts the markup, the dehydrated queries and the screen's
// preloads into the page. The render here stands in for the build's (src/web/ssr/render.tsx, tested in
// the web project and in the browser): it reads what the real one reads and says what it was given.
const testRender = `
export async function render(url, { fetch, signedOut, language }) {
  if (url.startsWith('/jobs')) return null;
  if (url.startsWith('/broken')) throw new Error('a bug in the render');
  const path = url.startsWith('/public/vendor/') ? '/api/vendors/' + url.split('/')[3] : '/api/vendors/featured';
  const response = await fetch('http://barrio.internal' + path);
  if (!response.ok) return null;
  const data = await response.json();
  return {
    markup: '<p>' + url.replace(/[<&]/g, '') + (signedOut ? ' for a visitor' : ' with cookies') + '</p>',
    state: { queries: [{ queryKey: ['read', path], state: { data } }] },
    language,
    modules: url.startsWith('/public/vendor/') ? ['routes/public-vendor.tsx', 'i18n/bookings.ts'] : [],
  };
}
`;

// The shape of the build's .vite/manifest.json (vite.config.ts `build.manifest`).
const manifest = {
  'index.html': { file: 'assets/index-abc.js', isEntry: true, dynamicImports: ['app/start.tsx'] },
  'app/start.tsx': { file: 'assets/start-7.js', imports: ['_react-1.js'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_phone-3.js': { file: 'assets/phone-3.js', imports: ['_react-1.js'] },
  'routes/public-vendor.tsx': {
    file: 'assets/public-vendor-4.js',
    imports: ['app/start.tsx', '_phone-3.js'],
  },
  'i18n/bookings.ts': { file: 'assets/bookings-5.js' },
};

const stateIn = (html: string) =>
  JSON.parse(
    /<script type="application\/json" id="barrio-ssr-state">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? 'null',
  );
const renderedIn = (html: string) =>
  /<div id="root" data-ssr="([^"]*)">([\s\S]*?)<\/div><script/.exec(html)?.slice(1, 3);
const modulePreloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" fetchpriority="low" crossorigin href="([^"]+)">/g)].map(
    (m) => m[1],
  );

describe(`the server render in the page (${testEngine})`, () => {
  let database: Database;
  let app: ReturnType<typeof createTestApp>['app'];

  beforeAll(async () => {
    database = await createTestDatabase();
    const root = mkdtempSync(join(tmpdir(), 'barrio-ssr-'));
    writeFileSync(join(root, 'index.html'), builtIndex);
    mkdirSync(join(root, '.vite'));
    writeFileSync(join(root, '.vite', 'manifest.json'), JSON.stringify(manifest));
    mkdirSync(`${root}-ssr`);
    writeFileSync(join(`${root}-ssr`, 'render.js'), testRender);
    ({ app } = createTestApp(database, { webRoot: root, env: { APP_URL: 'https://barrio.example' } }));
    const vendor = await insertVendor(database.db, {
      businessName: '</script><script>alert(1)</script> Limpieza',
      slug: 'evil-limpieza',
      isVerified: true,
    });
    await insertService(database.db, vendor.id);
  });
  afterAll(() => database.close());

  it("renders a visitor's page from the app's own API, with its queries and its screen's scripts", async () => {
    const res = await app.request('/public/vendor/evil-limpieza', {
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    expect(renderedIn(html)).toEqual(['en', '<p>/public/vendor/evil-limpieza for a visitor</p>']);
    const profile = await (await app.request('/api/vendors/evil-limpieza')).json();
    expect(stateIn(html)).toEqual({
      queries: [{ queryKey: ['read', '/api/vendors/evil-limpieza'], state: { data: profile } }],
    });
    // A vendor's name cannot close the element: `<` is escaped inside the JSON.
    expect(html).not.toContain('</script><script>alert');
    // The screen's own scripts, beside the app shell the build preloads; and its link preview.
    expect(modulePreloads(html)).toEqual([
      '/assets/public-vendor-4.js',
      '/assets/phone-3.js',
      '/assets/bookings-5.js',
    ]);
    expect(html).toContain(
      '<meta property="og:url" content="https://barrio.example/public/vendor/evil-limpieza" />',
    );
  });

  it("renders in the visitor's language: their stored choice, else their browser's, else Spanish", async () => {
    const page = async (headers: Record<string, string>) => {
      const res = await app.request('/', { headers });
      // One copy per language in any cache on the way (decision 068).
      expect(res.headers.get('vary')).toMatch(/Accept-Language, Cookie/);
      const html = await res.text();
      return { lang: /<html lang="([^"]*)">/.exec(html)?.[1], rendered: renderedIn(html) };
    };
    expect(await page({ 'accept-language': 'es-MX,es;q=0.9,en;q=0.8' })).toEqual({
      lang: 'es-MX',
      rendered: ['es-MX', '<p>/ for a visitor</p>'],
    });
    expect(await page({ 'accept-language': 'en-US,en;q=0.9' })).toEqual({
      lang: 'en',
      rendered: ['en', '<p>/ for a visitor</p>'],
    });
    expect((await page({ 'accept-language': 'fr-FR' })).lang).toBe('es-MX');
    expect((await page({})).lang).toBe('es-MX');
    // The switch's cookie wins over the browser, and alone says nothing of a session.
    expect(await page({ 'accept-language': 'en-US', cookie: 'barrio_language=es-MX' })).toEqual({
      lang: 'es-MX',
      rendered: ['es-MX', '<p>/ for a visitor</p>'],
    });
    expect(await page({ 'accept-language': 'es-MX', cookie: 'barrio_language=en; session=1' })).toEqual({
      lang: 'en',
      rendered: ['en', '<p>/ with cookies</p>'],
    });
  });

  it('renders for a request with cookies too, telling the render that someone may be signed in', async () => {
    const html = await (await app.request('/', { headers: { cookie: 'any=1' } })).text();
    expect(renderedIn(html)?.[1]).toBe('<p>/ with cookies</p>');
  });

  it('leaves the page to the browser where the render declines or fails, with the status of the page', async () => {
    const missing = await app.request('/public/vendor/nobody-here');
    expect(missing.status).toBe(404);
    const jobs = await app.request('/jobs');
    const broken = await app.request('/broken');
    for (const res of [missing, jobs, broken]) {
      const html = await res.text();
      expect(renderedIn(html)).toBeUndefined();
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain('barrio-ssr-state');
    }
  });

  it('keeps /index.html, the offline shell, as built', async () => {
    expect(await (await app.request('/index.html')).text()).toBe(builtIndex);
  });
});

describe('injectRenderedPage', () => {
  it('puts the markup into #root, marked with its language, and the state after it', () => {
    const html = injectRenderedPage(
      builtIndex,
      { markup: '<h1>Hola</h1>', state: { text: '</script><!--' }, language: 'es-MX', modules: [] },
      ['/assets/a.js'],
    );
    expect(html).toContain(
      '<div id="root" data-ssr="es-MX"><h1>Hola</h1></div><script type="application/json" id="barrio-ssr-state">{"text":"\\u003c/script>\\u003c!--"}</script>',
    );
    expect(stateIn(html)).toEqual({ text: '</script><!--' });
    expect(modulePreloads(html)).toEqual(['/assets/a.js']);
  });
});
