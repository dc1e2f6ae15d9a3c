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
    // Below the first screen is drawn a task later, in the browser only (components/later.tsx).
    expect(markup).not.toContain('Recent Activity');
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

  it("draws a profile's card and tabs from its answer", async () => {
    const vendor = fakeVendorDetail(3, { business_name: 'Estudio Norte' });
    const { markup } = await renderFirstScreen(
      `/public/vendor/${vendor.slug}`,
      new Map<string, unknown>([visitor, [`/api/vendors/${vendor.slug}`, vendor]]),
    );
    expect(markup).toContain('Estudio Norte');
    expect(markup).toContain('role="tablist"');
    expect(markup).not.toContain('Vendor Not Found');
  });
});
