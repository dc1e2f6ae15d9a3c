import { expect } from '@playwright/test';
import { test } from './support/test.ts';

// Google sign-in through the local OpenID provider the journeys start (playwright.config.ts,
// decision 011): the whole redirect and callback, in the browser.

test('Continue with Google signs in and comes back home', async ({ page, baseURL }) => {
  await page.goto('/auth');
  const google = page.getByRole('button', { name: 'Continue with Google' });
  await expect(google).toBeEnabled();
  await google.click();
  await expect(page).toHaveURL(`${baseURL}/`);
  await page.goto('/profile');
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue('google.user@barrio.test');
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Gabriela Google');
});
