import { expect, type Page, test } from '@playwright/test';
import { AFTER_LOAD_SCRIPTS_ELEMENT_ID } from '../src/shared/after-load-scripts.ts';
import { newPhonePage } from './support/auth.ts';
import { expectPhoneFriendly } from './support/axe.ts';
import { apiRequests, startApp, withoutFirstScreenAnswers } from './support/first-screen.ts';
import { phone } from './support/phone.ts';

// Discovery (issue #4): Home on a phone, against the demo data.

async function expectPhoneFriendlyAndNoErrors(page: Page, errors: Error[]) {
  await expectPhoneFriendly(page);
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
    await expectPhoneFriendlyAndNoErrors(page, errors);

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
    // The whole screen: every card of the first page and every chip (decision 031).
    const found = Number(/\d+/.exec((await page.getByText(/vendors? found/).textContent()) ?? '')?.[0]);
    await expect(page.getByRole('article')).toHaveCount(Math.min(found, 12));
    await expect(page.getByRole('button', { name: 'Cleaning', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByRole('button', { name: 'Pets', exact: true })).toBeVisible();
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
    // A profile's whole screen: its services, the booking form and its similar vendors (decision 031).
    await expect(page.getByRole('heading', { name: 'Book a service' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Similar vendors' })).toBeAttached();
  } finally {
    await noScript.close();
  }

  const { page, errors, close } = await newPhonePage(browser, baseURL);
  try {
    const requests = apiRequests(page);
    await page.goto('/public/all-vendors?category=cleaning');
    // The app starts at the visitor's first sign (decision 031): the parts drawn by the server are
    // marked before it does, and the marks must survive its start, which they would not if it drew
    // the page again.
    const drawnByServer = await page.evaluate(() => {
      const cards = document.querySelectorAll('article');
      // The header, the screen, the search box, the chips and each card are taken over in tasks of
      // their own (decision 030).
      for (const part of document.querySelectorAll(
        'article, header, main > div, search, ul[aria-label="Categories"]',
      ))
        (part as HTMLElement).dataset.drawnBy = 'server';
      return cards.length;
    });
    expect(drawnByServer).toBeGreaterThan(2);
    await startApp(page);
    // Every card of the first page once: the server's.
    await expect(page.locator('article')).toHaveCount(drawnByServer);
    await expect(page.locator('article[data-drawn-by="server"]')).toHaveCount(drawnByServer);
    for (const part of ['header', 'main > div', 'search', 'ul[aria-label="Categories"]']) {
      await expect(page.locator(part)).toHaveCount(1);
      await expect(page.locator(`${part}[data-drawn-by="server"]`)).toHaveCount(1);
    }
    // Nothing asked again: the page's answers drew it.
    expect(requests.filter((path) => path === '/api/vendors')).toEqual([]);
    await expectPhoneFriendlyAndNoErrors(page, errors);
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

test('the app takes over every element the server drew on Home, the lists and a profile', async ({
  browser,
  baseURL,
}) => {
  // decision 031: the server draws the whole screen; a part drawn again (a part of more than one
  // element, a render that differs) would lose what the visitor did with it before the app ran.
  const { page, errors, close } = await newPhonePage(browser, baseURL);
  try {
    const featured = (await (await page.request.get('/api/vendors/featured')).json()) as {
      items: { slug: string }[];
    };
    for (const path of [
      '/',
      '/vendors',
      '/public/all-vendors',
      `/public/vendor/${featured.items[0]?.slug}`,
    ]) {
      await page.goto(path);
      const drawn = await page.evaluate(() => {
        const all = document.querySelectorAll('#root *');
        for (const element of all) element.setAttribute('data-drawn-by', 'server');
        return all.length;
      });
      await startApp(page);
      expect(await page.locator('#root *:not([data-drawn-by])').count(), path).toBe(0);
      expect(await page.locator('#root [data-drawn-by]').count(), path).toBe(drawn);
    }
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
});

test('a page the server drew runs the app at the visitor’s first sign, pressing again an early press', async ({
  browser,
  baseURL,
}) => {
  // decision 031: a visitor who only reads never runs the app; a press, a key, a focus, the mouse or
  // the wheel starts it.
  const { page, errors, close } = await newPhonePage(browser, baseURL);
  try {
    const app: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/app-[^/]+\.js$/.test(request.url())) app.push(request.url());
    });
    // The page's clock is driven from here: a minute after the load passes at once, not in real time.
    await page.clock.install();
    /** Opens `path` and lets it load and settle: the app's script is not fetched. */
    const openAndRead = async (path: string) => {
      app.length = 0;
      await page.goto(path, { waitUntil: 'load' });
      await expect(page.getByRole('article').first()).toBeVisible();
      // A minute after the load, at once: every timer the page set has run (its after-load checks,
      // and the app's start, had one of them started it), and still no app.
      await page.clock.runFor(60_000);
      await expect(page.locator('#root[data-first-screen]')).toHaveCount(1);
      expect(app).toEqual([]);
    };

    await openAndRead('/vendors');
    await page.keyboard.press('Tab');
    await expect(page.locator('#root:not([data-first-screen])')).toHaveCount(1);
    expect(app).toHaveLength(1);

    await openAndRead('/public/all-vendors');
    await page.mouse.move(100, 200);
    await expect(page.locator('#root:not([data-first-screen])')).toHaveCount(1);
    expect(app).toHaveLength(1);

    // A chip pressed before the app has taken the page over is pressed again once it has.
    await openAndRead('/vendors');
    await page.getByRole('button', { name: 'Fitness', exact: true }).click();
    await expect(page).toHaveURL(/\/vendors\?category=fitness$/);
    await expect(page.getByRole('button', { name: 'Fitness', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(app).toHaveLength(1);

    // A field changed before it (the booking form's service) tells the app once it has taken over.
    const vendor = (await (await page.request.get('/api/vendors/featured')).json()) as {
      items: { slug: string }[];
    };
    await openAndRead(`/public/vendor/${vendor.items[0]?.slug}`);
    const form = page.getByRole('region', { name: 'Book a service' });
    await form.getByLabel('Service', { exact: true }).selectOption({ index: 1 });
    await expect(form.getByRole('group', { name: 'Time' }).locator('label').first()).toBeVisible();
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
});
