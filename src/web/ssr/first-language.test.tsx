import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { RenderContext } from '../../shared/ssr.ts';
import { App } from '../app/app.tsx';
import { createQueryClient } from '../app/providers.tsx';
import { fakeVendor } from '../features/vendors/vendor-fixtures.ts';
import { i18n } from '../i18n/i18n.ts';
import { initialLanguage } from '../i18n/stored-language.ts';
import { render } from './render.tsx';

// The language a visitor's page starts in (decision 068), seen from the browser: the server renders
// it in the visitor's choice or their browser's language, and the app starts in the same one, so that
// its first render is the server's markup, hydrated as it is (no flash, no second render).

const fetchFeatured: RenderContext['fetch'] = async () =>
  Response.json({ items: [fakeVendor(1, { business_name: 'Casa Limpia' })] });

function clearChoice() {
  localStorage.clear();
  // biome-ignore lint/suspicious/noDocumentCookie: the test stands in for the switch's own cookie.
  document.cookie = 'barrio_language=; Max-Age=0; Path=/';
  document.body.innerHTML = '';
}

/** The page as the server sends it, in #root. */
async function serverPage(language: RenderContext['language']) {
  const page = await render('/', { fetch: fetchFeatured, signedOut: true, language });
  if (!page) throw new Error('Home was not rendered');
  document.body.innerHTML = `<div id="root" data-ssr="${page.language}">${page.markup}</div>`;
  return page;
}

/** The app's first render in the browser, in the language it starts in, from the page's queries. */
async function firstRenderInBrowser(state: unknown) {
  await i18n.changeLanguage(initialLanguage());
  return renderToString(
    <App
      queryClient={createQueryClient()}
      state={state as never}
      router={(routes) => <StaticRouter location="/">{routes}</StaticRouter>}
    />,
  );
}

afterEach(clearChoice);

describe("the page's first language", () => {
  it('a Spanish page (from Accept-Language: es-MX) starts the app in Spanish: the markup it hydrates is the same', async () => {
    clearChoice();
    // happy-dom's browser says en-US: the page the server rendered is what counts.
    expect(navigator.languages[0]).toMatch(/^en/);
    const page = await serverPage('es-MX');
    expect(page.markup).toContain('Encuentra Servicios');
    expect(initialLanguage()).toBe('es-MX');
    expect(await firstRenderInBrowser(page.state)).toBe(page.markup);
  });

  it('an English page (from Accept-Language: en-US) the same, in English', async () => {
    clearChoice();
    const page = await serverPage('en');
    expect(page.markup).toContain('Find Services');
    expect(initialLanguage()).toBe('en');
    expect(await firstRenderInBrowser(page.state)).toBe(page.markup);
  });

  it('a stored choice wins: the cookie the server read, or the choice kept before the cookie', () => {
    clearChoice();
    document.body.innerHTML = '<div id="root" data-ssr="es-MX"></div>';
    // biome-ignore lint/suspicious/noDocumentCookie: as the switch writes it.
    document.cookie = 'barrio_language=en; Path=/';
    expect(initialLanguage()).toBe('en');
    clearChoice();
    localStorage.setItem('barrio.language', 'en');
    expect(initialLanguage()).toBe('en');
    // …and the cookie is written from it, so that the server renders the next page in it.
    expect(document.cookie).toContain('barrio_language=en');
  });

  it("without a page rendered by the server (the offline shell), the browser's languages; else Spanish", () => {
    clearChoice();
    expect(initialLanguage()).toBe('en'); // happy-dom: en-US
    Object.defineProperty(navigator, 'languages', { configurable: true, get: () => ['fr-FR', 'de'] });
    try {
      expect(initialLanguage()).toBe('es-MX');
      Object.defineProperty(navigator, 'languages', { configurable: true, get: () => ['es-AR', 'en'] });
      expect(initialLanguage()).toBe('es-MX');
    } finally {
      // navigator's own getter, the prototype's, again
      delete (navigator as { languages?: unknown }).languages;
      expect(navigator.languages[0]).toMatch(/^en/);
    }
  });
});
