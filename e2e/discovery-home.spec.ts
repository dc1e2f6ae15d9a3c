import { type Browser, expect, type Page, test } from '@playwright/test';
import { AFTER_LOAD_SCRIPTS_ELEMENT_ID } from '../src/shared/after-load-scripts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { apiRequests, holdRequests, withoutFirstScreenAnswers } from './support/first-screen.ts';
import { phone } from './support/phone.ts';

// Discovery (issue #4): Home on a phone, against the demo data.

async function newPhonePage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ ...phone, baseURL });
  const page = await context.newPage();
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  return { page, errors, close: () => context.close() };
}

async function expectPhoneFriendly(page: Page, errors: Error[]) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectNoAxeViolations(page);
  expect(errors).toEqual([]);
}

test('Home: featured vendors, Recent Activity for visitors, search and chips', async ({
  browser,
  baseURL,
}) => {
  const { page, errors, close } = await newPhonePage(browser, baseURL);
  try {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Find Services' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'My Profile' })).toHaveAttribute('href', '/profile');

    const featured = page.getByRole('region', { name: 'Featured vendors' });
    await expect(featured.getByRole('article')).toHaveCount(3);
    const recent = page.getByRole('region', { name: 'Recent Activity' });
    await expect(recent.getByText('Sign in to see your recent bookings')).toBeVisible();
    await expect(recent.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    await expect(page.getByRole('link', { name: 'All', exact: true })).toHaveAttribute('href', '/');
    await expectPhoneFriendly(page, errors);

    // A featured vendor opens its public profile.
    const first = featured.getByRole('article').first().getByRole('heading').getByRole('link');
    const name = (await first.textContent())?.trim() ?? '';
    await first.click();
    await expect(page).toHaveURL(/\/public\/vendor\/[a-z0-9-]+$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

    // Search and chips lead to Browse Vendors.
    await page.goto('/');
    await page.getByRole('searchbox', { name: 'Search vendors' }).fill('yoga');
    await page.getByRole('searchbox', { name: 'Search vendors' }).press('Enter');
    await expect(page).toHaveURL(/\/vendors\?q=yoga$/);
    await page.goto('/');
    await page.getByRole('link', { name: 'Cleaning', exact: true }).click();
    await expect(page).toHaveURL(/\/vendors\?category=cleaning$/);
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
});

test("Home says 'Failed to load vendors' when the featured vendors fail", async ({ browser, baseURL }) => {
  const { page, close } = await newPhonePage(browser, baseURL);
  try {
    await withoutFirstScreenAnswers(page);
    await page.route('**/api/vendors/featured', (route) =>
      route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'x' } } }),
    );
    await page.goto('/');
    await expect(page.getByText('Failed to load vendors', { exact: true })).toBeVisible();
  } finally {
    await close();
  }
});

test('the first screen comes inside the page: no API request, and every script named by the page', async ({
  browser,
  baseURL,
}) => {
  const { page, errors, close } = await newPhonePage(browser, baseURL);
  try {
    const requests = apiRequests(page);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const named = async (path: string) => {
      const html = await (await page.request.get(path)).text();
      const inPage = [
        ...html.matchAll(/<(?:script type="module"|link rel="modulepreload")[^>]*(?:src|href)="([^"]+)"/g),
      ].map((m) => m[1]!);
      // A page the server drew lists its screen's scripts for after its load instead, and the
      // entry's import of the app preloads the app's own (Vite's list in the entry; decision 030).
      const listed = new RegExp(`id="${AFTER_LOAD_SCRIPTS_ELEMENT_ID}">([^<]*)<`).exec(html)?.[1];
      if (!listed) return new Set(inPage);
      const entry = inPage.find((src) => /\/assets\/index-[^/]+\.js$/.test(src)) ?? '';
      const entryCode = await (await page.request.get(entry)).text();
      const withApp = [...entryCode.matchAll(/"(assets\/[^"]+\.js)"/g)].map((m) => `/${m[1]}`);
      return new Set([...inPage, ...withApp, ...(JSON.parse(listed) as string[])]);
    };
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Featured vendors' }).getByRole('article')).toHaveCount(3);
    const slug = (
      await page
        .getByRole('region', { name: 'Featured vendors' })
        .getByRole('article')
        .first()
        .getByRole('heading')
        .getByRole('link')
        .getAttribute('href')
    )
      ?.split('/')
      .pop();
    for (const path of ['/', '/vendors', '/public/all-vendors?category=cleaning', `/public/vendor/${slug}`]) {
      scripts.length = 0;
      await page.goto(path);
      await expect(page.getByRole('article').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      // The page names every script its first screen runs, so none is found late.
      const inPage = await named(path);
      expect(
        scripts.filter((src) => !inPage.has(src)),
        path,
      ).toEqual([]);
    }
    // Neither the vendors nor a visitor's session were asked for (a profile's similar vendors, below
    // the fold, are): all came with the pages.
    expect(requests.filter((path) => !path.endsWith('/similar'))).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
});

test('the server draws a visitor’s first screen; the app takes it over as it is, in the chosen language', async ({
  browser,
  baseURL,
}) => {
  // Without JavaScript the page already shows its screen and vendors (decision 029).
  const noScript = await browser.newContext({ ...phone, baseURL, javaScriptEnabled: false });
  try {
    const page = await noScript.newPage();
    await page.goto('/public/all-vendors?category=cleaning');
    await expect(page.getByRole('heading', { level: 1, name: 'All Vendors' })).toBeVisible();
    // The first cards; the browser draws the rest a task later (decision 027).
    await expect(page.getByRole('article').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cleaning', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // The search box is a plain form until the app takes over (decision 030): it keeps the category.
    await page.getByRole('searchbox', { name: 'Search vendors' }).fill('limpieza');
    await page.getByRole('searchbox', { name: 'Search vendors' }).press('Enter');
    await expect(page).toHaveURL(/\/public\/all-vendors\?category=cleaning&q=limpieza$/);
    await expect(page.getByRole('searchbox', { name: 'Search vendors' })).toHaveValue('limpieza');
    await expect(page.getByRole('article').first()).toBeVisible();
    const profile =
      (await page.getByRole('article').first().getByRole('heading').getByRole('link').getAttribute('href')) ??
      '';
    await page.goto(profile);
    await expect(page.getByRole('tab', { name: 'Services' })).toHaveAttribute('aria-selected', 'true');
  } finally {
    await noScript.close();
  }

  const { page, errors, close } = await newPhonePage(browser, baseURL);
  try {
    // The app's scripts wait until the drawn cards are marked; the marks must survive the app
    // starting, which they would not if it drew the page again.
    const release = await holdRequests(page, '**/assets/*.js');
    const requests = apiRequests(page);
    // Module scripts hold back DOMContentLoaded, not the page's parsing.
    await page.goto('/public/all-vendors?category=cleaning', { waitUntil: 'commit' });
    await page.locator('article').last().waitFor();
    const drawnByServer = await page.evaluate(() => {
      const cards = document.querySelectorAll('article');
      // The header, the screen, the search box and the chips are taken over in tasks of their own
      // (decision 030).
      for (const part of document.querySelectorAll(
        'article, header, main > div, search, ul[aria-label="Categories"]',
      ))
        (part as HTMLElement).dataset.drawnBy = 'server';
      return cards.length;
    });
    expect(drawnByServer).toBeGreaterThan(0);
    release();
    // The app is running once it draws what lies below the first screen (components/later.tsx).
    await expect(page.getByRole('button', { name: 'Pets', exact: true })).toBeVisible();
    // Every card of the first page once, the server's among them.
    const found = Number(/\d+/.exec((await page.getByText(/vendors? found/).textContent()) ?? '')?.[0]);
    expect(found).toBeGreaterThan(drawnByServer);
    await expect(page.locator('article')).toHaveCount(Math.min(found, 12));
    await expect(page.locator('article[data-drawn-by="server"]')).toHaveCount(drawnByServer);
    for (const part of ['header', 'main > div', 'search', 'ul[aria-label="Categories"]']) {
      await expect(page.locator(part)).toHaveCount(1);
      await expect(page.locator(`${part}[data-drawn-by="server"]`)).toHaveCount(1);
    }
    await expectPhoneFriendly(page, errors);
    // And it answers: a chip filters in place, with one request for the new list.
    await page.getByRole('button', { name: 'Pets', exact: true }).click();
    await expect(page).toHaveURL(/category=pets/);
    await expect(page.getByRole('button', { name: 'Pets', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.locator('article[data-drawn-by="server"]')).toHaveCount(0);
    expect(requests.filter((path) => path === '/api/vendors')).toEqual(['/api/vendors']);
    expect(errors).toEqual([]);
  } finally {
    await close();
  }

  // A visitor who chose Spanish gets the page in Spanish: the app draws it afresh.
  const spanish = await newPhonePage(browser, baseURL);
  try {
    await spanish.page.addInitScript(() => localStorage.setItem('barrio.language', 'es-MX'));
    await spanish.page.goto('/');
    await expect(spanish.page.getByRole('heading', { level: 1, name: 'Encuentra Servicios' })).toBeVisible();
    await expect(spanish.page.getByRole('region').getByRole('article').first()).toBeVisible();
    await expect(spanish.page.getByRole('heading', { level: 1 })).toHaveCount(1);
    expect(spanish.errors).toEqual([]);
  } finally {
    await spanish.close();
  }
});

test('a page the server drew fetches the app once it has loaded, or as soon as the visitor touches it, pressing again an early press', async ({
  browser,
  baseURL,
}) => {
  // decision 030: the photos go first; the app's scripts wait for the page's load event.
  const { page, errors, close } = await newPhonePage(browser, baseURL);
  try {
    const app: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/app-[^/]+\.js$/.test(request.url())) app.push(request.url());
    });
    /** Opens `path` with its photos held (so that it cannot load); returns their release. */
    const openWithPhotosHeld = async (path: string) => {
      app.length = 0;
      await page.unroute('**/media/**');
      const release = await holdRequests(page, '**/media/**');
      await page.goto(path, { waitUntil: 'domcontentloaded' });
      await expect(page.getByRole('article').first()).toBeVisible();
      // The entry has run (DOMContentLoaded) and waits: no app script yet.
      expect(app).toEqual([]);
      return release;
    };

    const releasePhotos = await openWithPhotosHeld('/vendors');
    expect(await page.evaluate(() => document.readyState)).toBe('interactive');
    releasePhotos();
    await page.waitForLoadState('load');
    // The app is running once it draws the chips after the fifth (components/later.tsx).
    await expect(page.getByRole('button', { name: 'Pets', exact: true })).toBeVisible();
    expect(app).toHaveLength(1);

    // Touched before its load (a key here), the page starts the app at once.
    const releaseAgain = await openWithPhotosHeld('/public/all-vendors');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Cooking', exact: true })).toBeVisible();
    expect(await page.evaluate(() => document.readyState)).toBe('interactive');
    expect(app).toHaveLength(1);
    releaseAgain();

    // A chip pressed before the app has taken the page over is pressed again once it has.
    const releaseLast = await openWithPhotosHeld('/vendors');
    await page.getByRole('button', { name: 'Fitness', exact: true }).click();
    await expect(page).toHaveURL(/\/vendors\?category=fitness$/);
    await expect(page.getByRole('button', { name: 'Fitness', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(app).toHaveLength(1);
    releaseLast();
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
});
