import { expect, type Page } from '@playwright/test';
import { newPhonePage } from './support/auth.ts';
import { expectPhoneFriendly } from './support/axe.ts';
import { phone } from './support/phone.ts';
import { apiRequests, failApiRequests, holdRequests, waitForHydration } from './support/ssr.ts';
import { test } from './support/test.ts';

// Discovery: Home on a phone, against the demo data.

async function expectPhoneFriendlyAndNoErrors(page: Page, errors: Error[]) {
  await expectPhoneFriendly(page);
  expect(errors).toEqual([]);
}

test('Home: featured vendors, Recent Activity for visitors, search and chips', async ({ newPhone }) => {
  const { page, errors } = await newPhone();
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
  // Home's box suggests as the text is typed (a combobox); Enter with none chosen searches.
  await page.getByRole('combobox', { name: 'Search vendors' }).fill('yoga');
  await page.getByRole('combobox', { name: 'Search vendors' }).press('Enter');
  await expect(page).toHaveURL(/\/vendors\?q=yoga$/);
  await page.goto('/');
  await page.getByRole('link', { name: 'Cleaning', exact: true }).click();
  await expect(page).toHaveURL(/\/vendors\?category=cleaning$/);
  expect(errors).toEqual([]);
});

test("Home says 'Failed to load vendors' when the featured vendors fail", async ({ newPhone }) => {
  const { page } = await newPhone();
  await failApiRequests(page, '**/api/vendors/featured');
  await page.goto('/');
  await expect(page.getByText('Failed to load vendors', { exact: true })).toBeVisible();
});

test('a public page comes with everything its screen reads: no API request, and every script named by the page', async ({
  newPhone,
}) => {
  const { page, errors } = await newPhone();
  const requests = apiRequests(page);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  // Asked in the browser's language: a page names the strings of the language it is rendered in.
  const named = async (path: string) => {
    const language = await page.evaluate(() => navigator.languages.join(','));
    const html = await (await page.request.get(path, { headers: { 'accept-language': language } })).text();
    return new Set(
      [
        ...html.matchAll(/<(?:script type="module"|link rel="modulepreload")[^>]*(?:src|href)="([^"]+)"/g),
      ].map((m) => m[1]!),
    );
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
    // The page names every script its screen runs, so none is found late. Home also loads Browse
    // Vendors' screen once it is shown (decision 045): the scripts that page names.
    const inPage = await named(path);
    const next = path === '/' ? await named('/vendors') : new Set<string>();
    expect(
      scripts.filter((src) => !inPage.has(src) && !next.has(src)),
      path,
    ).toEqual([]);
  }
  // Neither the vendors, a profile's similar vendors nor a visitor's session were asked for: all
  // came with the pages, as the queries the server rendered them from.
  expect(requests).toEqual([]);
  expect(errors).toEqual([]);
});

test('the server renders a visitor’s page; the app hydrates it as it is, in the chosen language', async ({
  browser,
  baseURL,
}) => {
  // Without JavaScript the page already shows its screen and vendors (decision 042).
  const noScript = await browser.newContext({ ...phone, baseURL, javaScriptEnabled: false });
  try {
    const page = await noScript.newPage();
    await page.goto('/public/all-vendors?category=cleaning');
    await expect(page.getByRole('heading', { level: 1, name: 'All Vendors' })).toBeVisible();
    // The whole screen: every card of the first page and every chip.
    const found = Number(/\d+/.exec((await page.getByText(/vendors? found/).textContent()) ?? '')?.[0]);
    await expect(page.getByRole('article')).toHaveCount(Math.min(found, 12));
    await expect(page.getByRole('button', { name: 'Cleaning', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByRole('button', { name: 'Pets', exact: true })).toBeVisible();
    // The search box is a plain form until the app hydrates the page: it keeps the category.
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
    // A profile's whole screen: its services, the booking form and its similar vendors (decision 042).
    await expect(page.getByRole('heading', { name: 'Book a service' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Similar vendors' })).toBeAttached();
  } finally {
    await noScript.close();
  }

  const { page, errors, close } = await newPhonePage(browser, baseURL);
  try {
    const requests = apiRequests(page);
    // The app is held back, so that the server's markup can be marked before it hydrates: the
    // marks must survive the hydration, which they would not if it rendered the page again.
    const release = await holdRequests(page, '**/assets/app-*.js');
    await page.goto('/public/all-vendors?category=cleaning', { waitUntil: 'domcontentloaded' });
    const renderedByServer = await page.evaluate(() => {
      for (const part of document.querySelectorAll('#root *'))
        part.setAttribute('data-rendered-by', 'server');
      return {
        cards: document.querySelectorAll('article').length,
        elements: document.querySelectorAll('#root *').length,
      };
    });
    expect(renderedByServer.cards).toBeGreaterThan(2);
    release();
    // Hydrated once the page has loaded, without the visitor doing anything.
    await waitForHydration(page);
    await expect(page.locator('article')).toHaveCount(renderedByServer.cards);
    await expect(page.locator('#root *:not([data-rendered-by])')).toHaveCount(0);
    await expect(page.locator('#root [data-rendered-by]')).toHaveCount(renderedByServer.elements);
    // Nothing asked again: the page's queries rendered it.
    expect(requests.filter((path) => path === '/api/vendors')).toEqual([]);
    await expectPhoneFriendlyAndNoErrors(page, errors);
    // And it answers: a chip filters in place, with one request for the new list.
    await page.getByRole('button', { name: 'Pets', exact: true }).click();
    await expect(page).toHaveURL(/category=pets/);
    await expect(page.getByRole('button', { name: 'Pets', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.locator('article[data-rendered-by="server"]')).toHaveCount(0);
    expect(requests.filter((path) => path === '/api/vendors')).toEqual(['/api/vendors']);
    expect(errors).toEqual([]);
  } finally {
    await close();
  }

  // A visitor who chose Spanish gets the page in Spanish: the app renders it afresh.
  const spanish = await newPhonePage(browser, baseURL);
  try {
    await spanish.page.addInitScript(() => localStorage.setItem('barrio.language', 'es-MX'));
    await spanish.page.goto('/');
    await expect(spanish.page.getByRole('heading', { level: 1, name: 'Encuentra servicios' })).toBeVisible();
    await expect(spanish.page.getByRole('region').getByRole('article').first()).toBeVisible();
    await expect(spanish.page.getByRole('heading', { level: 1 })).toHaveCount(1);
    expect(spanish.errors).toEqual([]);
  } finally {
    await spanish.close();
  }
});

test('the app hydrates every element the server rendered on Home, the lists and a profile', async ({
  newPhone,
}) => {
  // A part rendered again (a render that differs from the server's) would lose what the visitor did
  // with it before the app ran, and shows as a flash.
  const { page, errors } = await newPhone();
  const featured = (await (await page.request.get('/api/vendors/featured')).json()) as {
    items: { slug: string }[];
  };
  for (const path of ['/', '/vendors', '/public/all-vendors', `/public/vendor/${featured.items[0]?.slug}`]) {
    const release = await holdRequests(page, '**/assets/app-*.js');
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    const rendered = await page.evaluate(() => {
      const all = document.querySelectorAll('#root *');
      for (const element of all) element.setAttribute('data-rendered-by', 'server');
      return all.length;
    });
    release();
    await waitForHydration(page);
    await page.unroute('**/assets/app-*.js');
    expect(await page.locator('#root *:not([data-rendered-by])').count(), path).toBe(0);
    expect(await page.locator('#root [data-rendered-by]').count(), path).toBe(rendered);
  }
  expect(errors).toEqual([]);
});

test('a press or a field changed before the app has hydrated the page is replayed once it has', async ({
  newPhone,
}) => {
  // decision 042's event replay: the app's script is held back, so that the visitor acts first.
  const { page, errors } = await newPhone();
  let release = await holdRequests(page, '**/assets/app-*.js');
  await page.goto('/vendors', { waitUntil: 'domcontentloaded' });
  await page.getByRole('button', { name: 'Fitness', exact: true }).click();
  await expect(page.locator('#root[data-ssr]')).toHaveCount(1);
  release();
  await waitForHydration(page);
  await expect(page).toHaveURL(/\/vendors\?category=fitness$/);
  await expect(page.getByRole('button', { name: 'Fitness', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.unroute('**/assets/app-*.js');

  // Text typed in the search box before the app ran is the app's once it has: it searches for it.
  release = await holdRequests(page, '**/assets/app-*.js');
  await page.goto('/vendors', { waitUntil: 'domcontentloaded' });
  await page.getByRole('searchbox').fill('limpieza');
  release();
  await waitForHydration(page);
  await expect(page).toHaveURL(/[?&]q=limpieza(&|$)/);
  await expect(page.getByRole('searchbox')).toHaveValue('limpieza');
  expect(errors).toEqual([]);
});
