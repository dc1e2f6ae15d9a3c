import { expect } from '@playwright/test';
import { expectPhoneFriendly } from './support/axe.ts';
import { failApiRequests } from './support/ssr.ts';
import { test } from './support/test.ts';
import { vendorCards, vendorCount } from './support/vendor-list.ts';

// Discovery: the public directory on a phone, against the demo data (~60 vendors).

test('directory: category, search, load more, empty state, sign in, card and Quick Book', async ({
  newPhone,
}) => {
  const { page, errors } = await newPhone();
  await page.goto('/public/all-vendors');
  await expect(page.getByRole('heading', { level: 1, name: 'All Vendors' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
  const total = await vendorCount(page);
  expect(total).toBeGreaterThan(12);
  await expect(vendorCards(page)).toHaveCount(12);
  // The directory's own chips (product §3): Cooking yes, Tech no.
  await expect(page.getByRole('button', { name: 'Cooking', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tech', exact: true })).toHaveCount(0);
  await expectPhoneFriendly(page);

  await page.getByRole('button', { name: 'Load More Vendors' }).click();
  await expect(vendorCards(page)).toHaveCount(Math.min(24, total));

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

  // Quick Book opens the services tab at the booking form, its first step focused.
  const card = vendorCards(page).first();
  await expect(card.getByRole('link', { name: /^Quick Book/ })).toHaveAttribute(
    'href',
    /^\/public\/vendor\/[a-z0-9-]+\?tab=services#book$/,
  );
  await card.getByRole('link', { name: /^Quick Book/ }).click();
  await expect(page).toHaveURL(/\/public\/vendor\/[a-z0-9-]+\?tab=services#book$/);
  await expect(page.getByRole('tab', { name: 'Services' })).toHaveAttribute('aria-selected', 'true');
  const form = page.getByRole('region', { name: 'Book a service' });
  await expect(form.getByLabel('Service', { exact: true })).toBeFocused();
  await expect(form).toBeInViewport();
  expect(errors).toEqual([]);
});

test("directory says 'Failed to load vendors. Please try again.'", async ({ newPhone }) => {
  const { page } = await newPhone();
  await failApiRequests(page, '**/api/vendors?*');
  await page.goto('/public/all-vendors');
  await expect(
    page.locator('[data-title]', { hasText: 'Failed to load vendors. Please try again.' }),
  ).toBeVisible();
});
