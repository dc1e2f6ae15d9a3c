import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { withoutFirstScreenAnswers } from './support/first-screen.ts';
import { phone } from './support/phone.ts';

// Discovery (issue #4): the public directory on a phone, against the demo data (~60 vendors).

const countText = /^(\d+) vendors? found$/;
const cards = (page: Page) => page.getByRole('list', { name: 'Vendors' }).getByRole('article');

async function vendorCount(page: Page): Promise<number> {
  const status = page.getByRole('status').filter({ hasText: countText });
  await expect(status).toBeVisible();
  return Number(countText.exec((await status.textContent()) ?? '')?.[1]);
}

async function newPhonePage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ ...phone, baseURL });
  const page = await context.newPage();
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  return { page, errors, close: () => context.close() };
}

test('directory: category, search, load more, empty state, sign in, card and Quick Book', async ({
  browser,
  baseURL,
}) => {
  const { page, errors, close } = await newPhonePage(browser, baseURL);
  try {
    await page.goto('/public/all-vendors');
    await expect(page.getByRole('heading', { level: 1, name: 'All Vendors' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    const total = await vendorCount(page);
    expect(total).toBeGreaterThan(12);
    await expect(cards(page)).toHaveCount(12);
    // The directory's own chips (spec §3): Cooking yes, Tech no.
    await expect(page.getByRole('button', { name: 'Cooking', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Tech', exact: true })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Load More Vendors' }).click();
    await expect(cards(page)).toHaveCount(Math.min(24, total));

    await page.getByRole('searchbox', { name: 'Search vendors' }).fill('zzqx nothing like this');
    await expect(page.getByRole('heading', { name: 'No vendors found' })).toBeVisible();
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect.poll(() => vendorCount(page)).toBe(total);

    // ?category= preselects.
    await page.goto('/public/all-vendors?category=pets');
    await expect(page.getByRole('button', { name: 'Pets', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect.poll(() => vendorCount(page)).toBeLessThan(total);

    // Quick Book opens the services tab; the card opens the profile.
    const card = cards(page).first();
    await expect(card.getByRole('link', { name: /^Quick Book/ })).toHaveAttribute(
      'href',
      /^\/public\/vendor\/[a-z0-9-]+\?tab=services$/,
    );
    await card.getByRole('link', { name: /^Quick Book/ }).click();
    await expect(page).toHaveURL(/\/public\/vendor\/[a-z0-9-]+\?tab=services$/);
    await expect(page.getByRole('tab', { name: 'Services' })).toHaveAttribute('aria-selected', 'true');
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
});

test("directory says 'Failed to load vendors. Please try again.'", async ({ browser, baseURL }) => {
  const { page, close } = await newPhonePage(browser, baseURL);
  try {
    await withoutFirstScreenAnswers(page);
    await page.route('**/api/vendors?*', (route) =>
      route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'x' } } }),
    );
    await page.goto('/public/all-vendors');
    await expect(
      page.locator('[data-title]', { hasText: 'Failed to load vendors. Please try again.' }),
    ).toBeVisible();
  } finally {
    await close();
  }
});
