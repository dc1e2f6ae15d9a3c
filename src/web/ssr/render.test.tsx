// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { RenderContext } from '../../shared/ssr.ts';
import { photoSizes, srcSetOf } from '../../shared/vendor-photo-display.ts';
import { fakePhoto, fakeVendor, fakeVendorDetail } from '../features/vendors/vendor-fixtures.ts';
import { render } from './render.tsx';

// The server render of the public pages (decision 042), run as the server runs it: in Node, with no
// document, reading the API through the fetch it is given. It must render the screen from the
// route's prefetched queries, as the browser's first render will from the same dehydrated state.

/** An in-process API that answers these paths (path and query as the client sends them), else 404. */
function apiAnswering(answers: Record<string, unknown>) {
  const asked: { path: string; cookie: string | null }[] = [];
  const fetch: RenderContext['fetch'] = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const path = `${url.pathname}${url.search}`;
    asked.push({ path, cookie: new Headers(init?.headers).get('cookie') });
    return path in answers
      ? Response.json(answers[path])
      : Response.json({ error: { code: 'not_found', message: 'Not found.' } }, { status: 404 });
  };
  return { fetch, asked };
}

/** The dehydrated queries by key, as the page carries them. */
function queriesIn(state: unknown): Record<string, unknown> {
  const { queries } = state as { queries: { queryKey: unknown; state: { data: unknown } }[] };
  return Object.fromEntries(queries.map((query) => [JSON.stringify(query.queryKey), query.state.data]));
}

describe('render (the server render of a public page)', () => {
  it('renders Home with its featured vendors, nobody signed in, and dehydrates what it read', async () => {
    const featured = { items: [fakeVendor(1, { business_name: 'Casa <Limpia> & Co' }), fakeVendor(2)] };
    const { fetch, asked } = apiAnswering({ '/api/vendors/featured': featured });
    const page = await render('/', { fetch, signedOut: true, language: 'en' });
    expect(page).not.toBeNull();
    const { markup, state, language, modules } = page!;
    expect(language).toBe('en');
    expect(markup).toContain(
      '<h1 class="text-2xl font-bold tracking-tight text-stone-900">Find Services</h1>',
    );
    // A vendor's text is escaped like any other.
    expect(markup).toMatch(/Casa &lt;Limpia(>|&gt;) &amp; Co/);
    expect(markup).toContain('href="/public/vendor/vendor-2"');
    // The whole screen, below the first one included: the visitor may read it all before any script runs.
    expect(markup).toContain('Recent Activity');
    expect(markup).toContain('Browse all vendors');
    expect(queriesIn(state)).toEqual({ '["vendors","featured"]': featured, '["me"]': null });
    expect(asked).toEqual([{ path: '/api/vendors/featured', cookie: null }]);
    // Home comes with the app: no screen of its own to preload, only the app's strings in English.
    expect(modules).toEqual(['i18n/en.ts']);
  });

  it("renders in the language it is given: a Spanish browser's Home is Spanish from the first byte", async () => {
    const { fetch } = apiAnswering({ '/api/vendors/featured': { items: [fakeVendor(1)] } });
    const page = await render('/', { fetch, signedOut: true, language: 'es-MX' });
    expect(page?.language).toBe('es-MX');
    expect(page?.markup).toContain(
      '<h1 class="text-2xl font-bold tracking-tight text-stone-900">Encuentra servicios</h1>',
    );
    expect(page?.markup).not.toContain('Find Services');
  });

  it('keeps each request in its own language when renders of two languages run at once', async () => {
    const vendor = fakeVendorDetail(3, { business_name: 'Estudio Norte' });
    const { fetch } = apiAnswering({
      '/api/vendors/featured': { items: [fakeVendor(1)] },
      [`/api/vendors/${vendor.id}`]: vendor,
      [`/api/vendors/${vendor.slug}/similar`]: { items: [] },
    });
    const pages = await Promise.all(
      (['es-MX', 'en', 'es-MX', 'en'] as const).map((language, i) =>
        render(i < 2 ? '/' : `/public/vendor/${vendor.id}`, { fetch, signedOut: true, language }),
      ),
    );
    expect(pages.map((page) => page?.language)).toEqual(['es-MX', 'en', 'es-MX', 'en']);
    expect(pages[0]?.markup).toContain('Encuentra servicios');
    expect(pages[1]?.markup).toContain('Find Services');
    expect(pages[2]?.markup).toContain('Reservar un servicio');
    expect(pages[3]?.markup).toContain('Book a service');
  });

  it('leaves the session unknown for a request with cookies: the browser asks for it', async () => {
    const { fetch } = apiAnswering({ '/api/vendors/featured': { items: [] } });
    const page = await render('/', { fetch, signedOut: false, language: 'en' });
    expect(Object.keys(queriesIn(page?.state))).toEqual(['["vendors","featured"]']);
  });

  it('asks for the list as the screen does: its page size, its own categories, no search too short', async () => {
    const list = { items: [fakeVendor(7, { business_name: 'Ana Paseos' })], total: 1, hasMore: false };
    const { fetch, asked } = apiAnswering({
      '/api/vendors?offset=0&limit=12&category=cooking&q=ana': list,
      '/api/vendors?offset=0&limit=6': list,
    });
    const directory = await render('/public/all-vendors?category=cooking&q=%20ana%20', {
      fetch,
      signedOut: true,
      language: 'en',
    });
    expect(directory?.markup).toContain('All Vendors');
    expect(directory?.markup).toContain('Ana Paseos');
    expect(directory?.markup).toMatch(/aria-pressed="true"[^>]*>Cooking</);
    expect(directory?.modules).toEqual(['i18n/en.ts', 'routes/public-all-vendors.tsx']);
    // 'cooking' is a directory chip, not a Browse Vendors one; 'ab' is too short to send (decision 024).
    const browse = await render('/vendors?category=cooking&q=ab', { fetch, signedOut: true, language: 'en' });
    expect(browse?.markup).toContain('Ana Paseos');
    expect(asked.map(({ path }) => path)).toEqual([
      '/api/vendors?offset=0&limit=12&category=cooking&q=ana',
      '/api/vendors?offset=0&limit=6',
    ]);
  });

  it("renders a profile's card, tabs, services, booking form and similar vendors, asked for by its slug", async () => {
    const vendor = fakeVendorDetail(3, { business_name: 'Estudio Norte' });
    const similar = { items: [fakeVendor(4, { business_name: 'Taller Sur' })] };
    const { fetch, asked } = apiAnswering({
      [`/api/vendors/${vendor.id}`]: vendor,
      [`/api/vendors/${vendor.slug}/similar`]: similar,
    });
    const page = await render(`/public/vendor/${vendor.id}`, { fetch, signedOut: true, language: 'en' });
    expect(page?.markup).toContain('Estudio Norte');
    expect(page?.markup).toContain('role="tablist"');
    for (const service of vendor.services) expect(page?.markup).toContain(service.name);
    expect(page?.markup).toContain('Book a service');
    expect(page?.markup).toContain('Taller Sur');
    expect(asked.map(({ path }) => path)).toEqual([
      `/api/vendors/${vendor.id}`,
      `/api/vendors/${vendor.slug}/similar`,
    ]);
    expect(page?.modules).toEqual(['i18n/en.ts', 'routes/public-vendor.tsx']);
  });

  it("draws a profile's photos in the markup, its lead picture fetched first and the rest lazy", async () => {
    const cover = fakePhoto('c1', 'cover');
    const portfolio = [
      fakePhoto('p1', 'portfolio', { alt: 'Cocina recién limpia', service_id: 's3' }),
      fakePhoto('p2', 'portfolio', { alt: 'Baño' }),
    ];
    const vendor = fakeVendorDetail(3, {
      business_name: 'Estudio Norte',
      cover_photo: cover,
      profile_photo: fakePhoto('a1', 'profile'),
      portfolio,
    });
    const similar = { items: [fakeVendor(4, { profile_photo: fakePhoto('a4', 'profile') })] };
    const { fetch } = apiAnswering({
      [`/api/vendors/${vendor.slug}`]: vendor,
      [`/api/vendors/${vendor.slug}/similar`]: similar,
    });
    const markup = (await render(`/public/vendor/${vendor.slug}`, { fetch, signedOut: true, language: 'en' }))
      ?.markup;
    const images = [...(markup ?? '').matchAll(/<img [^>]*>/g)].map(([tag]) => tag);
    const attribute = (tag: string, name: string) =>
      new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1]?.replace(/&amp;/g, '&');
    const bySrc = (src: string) => images.find((tag) => attribute(tag, 'src') === src) ?? '';
    // The gallery's first photo is the lead (leadPhotoOf), as the server's preload says: the same
    // srcset and sizes, so that the browser fetches it once.
    const lead = bySrc('/media/photos/p1/w960.webp');
    expect(attribute(lead, 'fetchpriority')).toBe('high');
    expect(attribute(lead, 'loading')).toBeUndefined();
    expect(attribute(lead, 'srcset')).toBe(srcSetOf(portfolio[0]!));
    expect(attribute(lead, 'sizes')).toBe(photoSizes.fullWidth);
    expect(attribute(lead, 'alt')).toBe('Cocina recién limpia');
    expect(images.filter((tag) => /fetchpriority="high"/i.test(tag))).toEqual([lead]);
    // The cover and the avatar are on the first screen: not lazy. The rest wait.
    expect(attribute(bySrc('/media/photos/c1/w960.webp'), 'loading')).toBeUndefined();
    expect(attribute(bySrc('/media/photos/a1/w192.webp'), 'loading')).toBeUndefined();
    expect(attribute(bySrc('/media/photos/p2/w960.webp'), 'loading')).toBe('lazy');
    expect(attribute(bySrc('/media/photos/a4/w192.webp'), 'loading')).toBe('lazy');
    // The gallery needs no script to be read: its region, its photos and their service are there.
    expect(markup).toContain('Portfolio');
    expect(markup).toContain('Deep clean');
  });

  it('asks for the list in the order the address gives, as the screen does', async () => {
    const list = { items: [fakeVendor(7, { business_name: 'Ana Paseos' })], total: 1, hasMore: false };
    const { fetch, asked } = apiAnswering({ '/api/vendors?offset=0&limit=6&sort=rating': list });
    const page = await render('/vendors?sort=rating', { fetch, signedOut: true, language: 'en' });
    expect(page?.markup).toContain('Ana Paseos');
    expect(page?.markup).toMatch(/aria-pressed="true"[^>]*>Best rated</);
    expect(asked.map(({ path }) => path)).toEqual(['/api/vendors?offset=0&limit=6&sort=rating']);
  });

  it("renders the Reviews tab's rating and summary from the profile; the list loads in the browser", async () => {
    const vendor = fakeVendorDetail(3, {
      business_name: 'Estudio Norte',
      rating_average: 4.66,
      rating_count: 23,
      response_minutes_median: 125,
      completion_rate: null,
    });
    const { fetch, asked } = apiAnswering({
      [`/api/vendors/${vendor.slug}`]: vendor,
      [`/api/vendors/${vendor.slug}/similar`]: { items: [] },
    });
    const page = await render(`/public/vendor/${vendor.slug}?tab=reviews`, {
      fetch,
      signedOut: true,
      language: 'en',
    });
    expect(page?.markup).toContain('aria-label="4.7 out of 5, 23 reviews"');
    expect(page?.markup).toContain('Usually answers in about 2 hours');
    expect(page?.markup).not.toContain('Completes');
    expect(page?.markup).toContain('Loading reviews…');
    expect(asked.map(({ path }) => path)).toEqual([
      `/api/vendors/${vendor.slug}`,
      `/api/vendors/${vendor.slug}/similar`,
    ]);
    // The list's strings and code are not the page's: they come when the tab is opened.
    expect(page?.modules).toEqual(['i18n/en.ts', 'routes/public-vendor.tsx']);
  });

  it('renders "No reviews yet" for a vendor without reviews', async () => {
    const vendor = fakeVendorDetail(5);
    const { fetch } = apiAnswering({
      [`/api/vendors/${vendor.slug}`]: vendor,
      [`/api/vendors/${vendor.slug}/similar`]: { items: [] },
    });
    const page = await render(`/public/vendor/${vendor.slug}?tab=reviews`, {
      fetch,
      signedOut: true,
      language: 'en',
    });
    expect(page?.markup).toContain('No reviews yet');
    expect(page?.markup).toContain('New on Barrio, no ratings yet');
  });

  it('renders nothing for an unknown vendor or a screen that is not public: the browser renders those', async () => {
    const { fetch, asked } = apiAnswering({});
    expect(await render('/public/vendor/nobody-here', { fetch, signedOut: true, language: 'en' })).toBeNull();
    expect(await render('/jobs', { fetch, signedOut: true, language: 'en' })).toBeNull();
    expect(await render('/no-such-page', { fetch, signedOut: true, language: 'en' })).toBeNull();
    // Asked once, never again: a failed read is left to the browser.
    expect(asked.map(({ path }) => path)).toEqual(['/api/vendors/nobody-here']);
  });
});
