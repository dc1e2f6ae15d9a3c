import { expect } from '@playwright/test';
import { demo, signInOnAuthPage } from './support/auth.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { test } from './support/test.ts';

// Who sees what (product §2, §6): protected pages, the admin guard and tab, vendor access.

test('protected pages send a signed-out visitor to /auth, and signing in brings them back', async ({
  page,
}) => {
  for (const path of ['/profile', '/settings', '/jobs', '/admin']) {
    await page.goto(path);
    // The page to come back to rides along.
    await expect(page, path).toHaveURL(`/auth?redirectTo=${encodeURIComponent(path)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  }
  await signInOnAuthPage(page, demo.customer, demo.password, '/jobs');
  await expect(page).toHaveURL(/\/jobs$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Job History' })).toBeVisible();

  // A redirectTo that would leave the site is ignored: home, as without one.
  await page.context().clearCookies();
  await signInOnAuthPage(page, demo.customer, demo.password, '/auth?redirectTo=%2F%2Fevil.example%2Fjobs');
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
});

test('the Admin tab and /admin are for admins only', async ({ page }) => {
  await signInOnAuthPage(page, demo.customer, demo.password);
  await expect(page).toHaveURL(/\/$/);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Jobs' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  // /admin sends a non-admin to /auth, which sends anyone signed in on home (product §2, §6).
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Find Services' })).toBeVisible();

  await page.context().clearCookies();
  await signInOnAuthPage(page, demo.admin, demo.password);
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/\/admin$/);
});

test('vendor access: a vendor reaches the dashboard, a customer is refused', async ({ page }) => {
  await page.goto('/vendor/auth');
  await expect(page.getByRole('tab', { name: 'Log In' })).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel('Email', { exact: true }).fill(demo.customer);
  await page.getByLabel('Password', { exact: true }).fill(demo.password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(page.getByText('No Vendor Profile Found')).toBeVisible();
  await expect(page).toHaveURL(/\/vendor\/auth$/);

  await page.getByLabel('Email', { exact: true }).fill(demo.vendor);
  await page.getByLabel('Password', { exact: true }).fill(demo.password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await expect(page).toHaveURL(/\/vendor\/dashboard$/);

  await page.goto('/vendor/auth');
  await page.getByRole('tab', { name: 'New Vendor' }).click();
  await page.getByRole('link', { name: 'Start vendor signup' }).click();
  await expect(page).toHaveURL(/\/vendor-signup$/);
});

test.describe('accessibility (axe)', () => {
  for (const path of ['/auth', '/vendor/auth', '/dev/mailbox']) {
    test(`${path} has no violations`, async ({ newPhone }) => {
      const { page } = await newPhone();
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoAxeViolations(page);
    });
  }

  for (const path of ['/profile', '/settings']) {
    test(`${path} has no violations when signed in`, async ({ newPhone }) => {
      const { page } = await newPhone();
      await signInOnAuthPage(page, demo.customer, demo.password);
      await expect(page).toHaveURL(/\/$/);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoAxeViolations(page);
    });
  }
});
