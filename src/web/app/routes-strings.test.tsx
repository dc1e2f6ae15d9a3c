import type { QueryClient } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { languages } from '../../shared/language.ts';
import { i18n } from '../i18n/i18n.ts';
import { paths } from '../lib/paths.ts';
import { json, sessionHandlers, signedInMe, stubApi } from '../test/fake-api.ts';
import { createQueryClient, Providers } from './providers.tsx';
import { AppRoutes, routeLoadedAt } from './router.tsx';

// Every screen of the route table (app/router.tsx, whose paths are lib/paths.ts), rendered in each
// language, signed out and signed in as an admin who is also a vendor (so that guarded screens show
// themselves, not a redirect): no string the screen asks for may be missing in that language
// (decision 068). A key missing in one language would show the other language's text (or the key);
// here it fails the test. The API answers the session and nothing else, so screens show their
// empty and error states too.

/** A value for each route parameter, so that every pattern is an address. */
const parameters: Record<string, string> = {
  vendorId: 'vendor-1',
  code: 'BRK7Q2',
  sessionId: 'cs_test_1',
  policy: 'cancellation',
};

const addresses = [
  ...Object.values(paths).map(({ pattern }) =>
    pattern.replace(/:(\w+)/g, (_, name: string) => {
      const value = parameters[name];
      if (!value) throw new Error(`No value for :${name} in ${pattern}`);
      return value;
    }),
  ),
  // The routes' query strings that show another screen, and the 404 route.
  '/auth/reset-password?token=t0k3n',
  '/auth/magic-link?token=t0k3n',
  '/vendor-confirm?token=t0k3n&action=confirm',
  '/booking/BRK7Q2?token=t0k3n',
  '/review/BRK7Q2?token=t0k3n',
  '/no-such-page',
];

const missing: string[] = [];
const options = i18n.options;
const before = {
  saveMissing: options.saveMissing,
  missingKeyHandler: options.missingKeyHandler,
  fallbackLng: options.fallbackLng,
};

beforeAll(() => {
  // No fallback: a key missing in Spanish must not pass by showing the English.
  options.fallbackLng = false;
  options.saveMissing = true;
  options.missingKeyHandler = (lngs, ns, key) => {
    missing.push(`${[lngs].flat().join(',')}: ${ns}:${key}`);
  };
});
afterAll(() => Object.assign(options, before));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The WhatsApp screens' live log, which says nothing here. */
class SilentEventSource {
  addEventListener() {}
  close() {}
  onerror = null;
  onopen = null;
}

/** Where the app is now: a guarded screen sends a visitor to sign in. */
let currentPath = '/';
function PathProbe() {
  currentPath = useLocation().pathname;
  return null;
}

/** Renders the app at `url` and waits until its screen has loaded and its reads have settled. */
async function renderSettled(url: string, signedIn: boolean) {
  const me = signedIn ? signedInMe({ isAdmin: true, vendorProfileId: 'vendor-1' }) : null;
  vi.stubGlobal('EventSource', SilentEventSource);
  stubApi({
    ...sessionHandlers(() => me),
    'GET /api/vendors': () => json(200, { items: [], total: 0, hasMore: false, totalCapped: false }),
  });
  const queryClient: QueryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  render(
    <Providers queryClient={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <AppRoutes />
        <PathProbe />
      </MemoryRouter>
    </Providers>,
  );
  await vi.waitFor(
    () => {
      expect(routeLoadedAt(currentPath)).toBe(true);
      expect(queryClient.isFetching()).toBe(0);
      expect(document.body.textContent).not.toMatch(/Loading…|Cargando…/);
    },
    { timeout: 10_000 },
  );
}

describe('every route, in each language', () => {
  const cases = languages.flatMap((language) =>
    [false, true].flatMap((signedIn) =>
      addresses.map((url) => ({ language, url, who: signedIn ? 'signed in' : 'signed out', signedIn })),
    ),
  );
  it.each(cases)('$url: no missing string in $language, $who', async ({ language, url, signedIn }) => {
    await i18n.changeLanguage(language);
    missing.length = 0;
    await renderSettled(url, signedIn);
    expect(missing).toEqual([]);
  });
});
