import { expect } from '@playwright/test';
import { freshEmail } from './support/auth.ts';
import { test } from './support/test.ts';

// The magic link end to end through the dev mailbox (ARCHITECTURE §8): sent, clicked once to sign in,
// refused the second time.

test('a magic link from /dev/mailbox signs in once and only once', async ({ page }) => {
  const email = freshEmail('enlace');
  await page.goto('/auth');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send magic link' }).click();
  await expect(page.getByText('Magic link sent!')).toBeVisible();

  await page.goto('/dev/mailbox');
  await expect(page.getByRole('heading', { level: 1, name: 'Dev mailbox' })).toBeVisible();
  const mail = page.getByRole('listitem').filter({ hasText: email }).first();
  await expect(mail).toBeVisible();
  const link = mail.getByRole('link', { name: /\/api\/auth\/magic-link\/verify/ });
  const href = await link.getAttribute('href');
  expect(href).toBeTruthy();
  await link.click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/profile');
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);

  // The same link again, in a fresh browser: refused, and back on /auth with the reason.
  await page.context().clearCookies();
  await page.goto(href!);
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText('Magic link failed')).toBeVisible();
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fprofile$/);
});
