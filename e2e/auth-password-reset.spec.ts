import { expect } from '@playwright/test';
import { freshEmail, signUpOnAuthPage } from './support/auth.ts';
import { expectPhoneFriendly } from './support/axe.ts';
import { test } from './support/test.ts';

// "Forgot password?" on a phone: sign up → sign out → Forgot password? → the mail from
// the dev mailbox → a new password → signed in; the link works once.

test('forgot password → reset from the dev mailbox → signed in, and the link works once', async ({
  page,
}) => {
  // A long journey: sign-up, three pages checked with axe, two resets.
  test.setTimeout(90_000);
  const email = freshEmail('olvido');
  await signUpOnAuthPage(page, email, 'Olvidada#2026');
  await expect(page.getByText('Account created!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/settings');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByText('Signed out')).toBeVisible();

  // Forgot password? under the sign-in form's password field.
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Use email and password' }).click();
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/auth\/reset-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Check your email' })).toContainText(
    'We sent you a link if an account exists with that email.',
  );
  await expectPhoneFriendly(page);

  // The mail in the dev mailbox, its link to our reset page.
  await page.goto('/dev/mailbox');
  const mail = page
    .getByRole('listitem')
    .filter({ hasText: email })
    .filter({ hasText: 'Reset your Barrio password' })
    .first();
  const link = mail.getByRole('link', { name: /\/auth\/reset-password\?token=/ });
  const href = await link.getAttribute('href');
  expect(href).toBeTruthy();
  await link.click();

  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  // The wizard's rules, by the field.
  await page.getByLabel('New password', { exact: true }).fill('abcdefgh1');
  await page.getByLabel('Confirm new password', { exact: true }).fill('abcdefgh1');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('Password does not meet security requirements.')).toBeVisible();
  await expectPhoneFriendly(page);
  await page.getByLabel('New password', { exact: true }).fill('Recordada#2026');
  await page.getByLabel('Confirm new password', { exact: true }).fill('Recordada#2026');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('Password changed')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // Signed in as that account.
  await page.goto('/profile');
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);

  // The same link again, in a fresh browser: it no longer works, and offers a new one.
  await page.context().clearCookies();
  await page.goto(href!);
  await page.getByLabel('New password', { exact: true }).fill('Otra#Clave2026');
  await page.getByLabel('Confirm new password', { exact: true }).fill('Otra#Clave2026');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'This link no longer works' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send reset link' })).toBeVisible();
  await expectPhoneFriendly(page);
});

test('vendor access offers Forgot password? too', async ({ page }) => {
  await page.goto('/vendor/auth');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
});
