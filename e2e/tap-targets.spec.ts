import { expect } from '@playwright/test';
import { demo, logInAsVendor, signInOnAuthPage } from './support/auth.ts';
import { expectTapTargets } from './support/axe.ts';
import { test } from './support/test.ts';

// A phone is tapped with a finger: the controls drawn small (chips, tabs, the language switch, the
// customer's phone and mail on the dashboard) still take a 44 × 44 px tap.

test('the small controls of Home, a profile and its booking form take a fingertip', async ({ page }) => {
  await page.goto('/');
  await expectTapTargets(page.getByRole('banner'));
  await expectTapTargets(page.getByRole('list', { name: 'Categories' }));
  await expectTapTargets(page.getByRole('link', { name: 'See all' }));

  await page.goto('/public/vendor/brillo-total-limpieza?tab=services');
  await expectTapTargets(page.getByRole('tablist'));
  const form = page.getByRole('region', { name: 'Book a service' });
  await form.scrollIntoViewIfNeeded();
  await form.getByLabel('Service', { exact: true }).selectOption({ index: 1 });
  await expect(form.getByRole('group', { name: 'Time' }).locator('label').first()).toBeVisible();
  await expectTapTargets(form.getByRole('group', { name: 'Day' }));
  await expectTapTargets(form.getByRole('group', { name: 'Time' }));
});

test("the customer's phone, WhatsApp and mail on the vendor dashboard take a fingertip", async ({
  newPhone,
}) => {
  const { page } = await newPhone();
  await logInAsVendor(page, demo.vendor, demo.password);
  await expect(page).toHaveURL(/\/vendor\/dashboard$/);
  await expectTapTargets(page.locator('dd:has(a[href^="tel:"]), dd:has(a[href^="mailto:"])'));
});

test("the sign-up checkbox, a toast's close button and Job History rows take a fingertip", async ({
  newPhone,
}) => {
  const { page } = await newPhone();
  await page.goto('/auth');
  await page.getByRole('button', { name: "Don't have an account? Create one" }).click();
  await page.getByLabel('Email', { exact: true }).fill('nobody@example.test');
  await page.getByRole('button', { name: 'Use email and password' }).click();
  await expectTapTargets(page.locator('label:has(> input[type=checkbox])'));

  // A refused sign-in's toast, with its close button.
  const { page: customer } = await newPhone();
  await signInOnAuthPage(customer, demo.customer, 'Wrong#2026pass');
  await expectTapTargets(customer.locator('[data-sonner-toast] [data-close-button]'));

  await signInOnAuthPage(customer, demo.customer, demo.password);
  await expect(customer).not.toHaveURL(/\/auth/);
  await customer.goto('/jobs');
  await expectTapTargets(customer.getByRole('main').getByRole('heading', { level: 3 }));
});
