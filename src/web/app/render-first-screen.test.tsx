// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fakeVendor, fakeVendorDetail } from '../features/vendors/vendor-fixtures.ts';
import { takeFirstScreenData } from '../lib/first-screen.ts';
import { renderFirstScreen } from './render-first-screen.tsx';

// The server's render of a public page's first screen (decision 029), run as the server runs it: in
// Node, with no document, given the answers it puts into the page. It must draw the screen with that
// data, as the browser's first render would, and leave no answer behind for anyone else.

const visitor = ['/api/auth/get-session', null] as const;

describe('renderFirstScreen', () => {
  it('draws Home with its featured vendors, in English, and keeps the answers to itself', async () => {
    const featured = { items: [fakeVendor(1, { business_name: 'Casa <Limpia> & Co' }), fakeVendor(2)] };
    const { markup, language } = await renderFirstScreen(
      '/',
      new Map<string, unknown>([visitor, ['/api/vendors/featured', featured]]),
    );
    expect(language).toBe('en');
    expect(markup).toContain(
      '<h1 class="text-2xl font-bold tracking-tight text-stone-900">Find Services</h1>',
    );
    // A vendor's text is escaped like any other (Preact leaves `>` as it is, React does not).
    expect(markup).toMatch(/Casa &lt;Limpia(>|&gt;) &amp; Co/);
    expect(markup).toContain('href="/public/vendor/vendor-2"');
    // The whole screen, below the first one included (components/later.tsx, decision 031): the
    // visitor may read it all before any script runs.
    expect(markup).toContain('Recent Activity');
    expect(markup).toContain('Browse all vendors');
    expect(takeFirstScreenData('/api/vendors/featured')).toBeUndefined();
  });

  it('draws a list page with its first page of vendors and its query', async () => {
    const page = { items: [fakeVendor(7, { business_name: 'Ana Paseos' })], total: 1 };
    const { markup } = await renderFirstScreen(
      '/public/all-vendors?category=cleaning',
      new Map<string, unknown>([visitor, ['/api/vendors?category=cleaning&limit=12&offset=0', page]]),
    );
    expect(markup).toContain('All Vendors');
    expect(markup).toContain('Ana Paseos');
    expect(markup).toMatch(/aria-pressed="true"[^>]*>Cleaning</);
  });

  it("draws a profile's card, tabs, services, booking form and similar vendors from its answers", async () => {
    const vendor = fakeVendorDetail(3, { business_name: 'Estudio Norte' });
    const similar = { items: [fakeVendor(4, { business_name: 'Taller Sur' })] };
    const { markup } = await renderFirstScreen(
      `/public/vendor/${vendor.slug}`,
      new Map<string, unknown>([
        visitor,
        [`/api/vendors/${vendor.slug}`, vendor],
        [`/api/vendors/${vendor.slug}/similar`, similar],
      ]),
    );
    expect(markup).toContain('Estudio Norte');
    expect(markup).toContain('role="tablist"');
    expect(markup).not.toContain('Vendor Not Found');
    for (const service of vendor.services) expect(markup).toContain(service.name);
    expect(markup).toContain('Book a service');
    expect(markup).toContain('Similar vendors');
    expect(markup).toContain('Taller Sur');
  });
});
