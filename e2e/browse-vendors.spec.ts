import { expect, type Page, type Request } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { test } from './support/test.ts';
import { vendorCards, vendorCount } from './support/vendor-list.ts';

// The Browse Vendors journey (product §2, §8, §9) on a phone, against the demo data (~60 vendors).

function searchRequests(page: Page) {
  const seen: URL[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/vendors') seen.push(url);
  });
  return seen;
}

test('browse, filter, search, load more, clear and open a vendor', async ({ page }) => {
  const requests = searchRequests(page);
  await page.goto('/vendors');
  await expect(page.getByRole('heading', { level: 1, name: 'Browse Vendors' })).toBeVisible();
  const total = await vendorCount(page);
  expect(total).toBeGreaterThan(12);
  await expect(vendorCards(page)).toHaveCount(6);
  await expect(page.getByRole('button', { name: 'All', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // A category chip filters through the URL.
  await page.getByRole('button', { name: 'Cleaning', exact: true }).click();
  await expect(page).toHaveURL(/\/vendors\?category=cleaning$/);
  await expect(page.getByRole('button', { name: 'Cleaning', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect.poll(() => vendorCount(page)).toBeLessThan(total);
  const cleaning = await vendorCount(page);
  expect(cleaning).toBeGreaterThan(0);
  await expect(vendorCards(page)).toHaveCount(Math.min(6, cleaning));

  // Back to All; then a search, debounced: one request for the whole word, and fewer results.
  await page.getByRole('button', { name: 'All', exact: true }).click();
  await expect(page).toHaveURL(/\/vendors$/);
  await expect.poll(() => vendorCount(page)).toBe(total);
  const firstName =
    (await vendorCards(page).first().getByRole('heading').getByRole('link').textContent())?.trim() ?? '';
  const term = firstName.split(/\s+/).sort((a, b) => b.length - a.length)[0] ?? firstName;
  const before = requests.length;
  await page.getByRole('searchbox', { name: 'Search vendors' }).pressSequentially(term, { delay: 40 });
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(term);
  await expect.poll(() => vendorCount(page)).toBeLessThan(total);
  await expect(vendorCards(page).getByRole('link', { name: firstName, exact: true })).toBeVisible();
  const typed = requests.slice(before).map((url) => url.searchParams.get('q'));
  expect(typed).toEqual([term]);

  // Clearing the box brings everyone back; Load More adds up to 6.
  await page.getByRole('searchbox', { name: 'Search vendors' }).fill('');
  await expect.poll(() => vendorCount(page)).toBe(total);
  await expect(vendorCards(page)).toHaveCount(6);
  await page.getByRole('button', { name: 'Load More Vendors' }).click();
  await expect(vendorCards(page)).toHaveCount(Math.min(12, total));

  // Nonsense finds nothing; Clear Filters restores the list.
  await page.getByRole('searchbox', { name: 'Search vendors' }).fill('zzqx nothing like this');
  await expect(page.getByRole('heading', { name: 'No vendors found' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /vendors? found$/ })).toHaveText('0 vendors found');
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect.poll(() => vendorCount(page)).toBe(total);
  await expect(page.getByRole('searchbox', { name: 'Search vendors' })).toHaveValue('');
  await expect(page).toHaveURL(/\/vendors$/);

  // Quick Book goes to the services tab; the card itself opens the profile.
  const card = vendorCards(page).first();
  const quickBook = card.getByRole('link', { name: /^Quick Book/ });
  await expect(quickBook).toHaveAttribute('href', /^\/public\/vendor\/[a-z0-9-]+\?tab=services#book$/);
  const profileHref = await card.getByRole('heading').getByRole('link').getAttribute('href');
  expect(profileHref).toMatch(/^\/public\/vendor\/[a-z0-9-]+$/);
  const box = await card.boundingBox();
  if (!box) throw new Error('the card has no box');
  await page.mouse.click(box.x + box.width * 0.5, box.y + box.height * 0.45); // the card, away from its links
  await expect(page).toHaveURL(new RegExp(`${profileHref}$`));
});

test('Home search and chips lead to Browse Vendors', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Find Services' })).toBeVisible();
  // Home's box suggests as the text is typed (a combobox); Enter with none marked searches.
  await page.getByRole('combobox', { name: 'Search vendors' }).fill('yoga');
  await page.getByRole('combobox', { name: 'Search vendors' }).press('Enter');
  await expect(page).toHaveURL(/\/vendors\?q=yoga$/);
  await expect(page.getByRole('searchbox', { name: 'Search vendors' })).toHaveValue('yoga');
  await page.goto('/');
  await page.getByRole('link', { name: 'Pets', exact: true }).click();
  await expect(page).toHaveURL(/\/vendors\?category=pets$/);
  await expect(page.getByRole('button', { name: 'Pets', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

test.describe('accessibility (axe)', () => {
  const screens = [
    { path: '/vendors', ready: (page: Page) => expect(vendorCards(page)).toHaveCount(6) },
    {
      path: '/',
      ready: (page: Page) => expect(page.getByRole('heading', { name: 'Find Services' })).toBeVisible(),
    },
    {
      path: '/public/all-vendors',
      ready: (page: Page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible(),
    },
    {
      path: '/no-such-page',
      ready: (page: Page) => expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible(),
    },
  ];
  for (const { path, ready } of screens) {
    test(`${path} has no violations`, async ({ newPhone }) => {
      const { page } = await newPhone();
      await page.goto(path);
      await ready(page);
      await expectNoAxeViolations(page);
    });
  }
});
