import { expect } from '@playwright/test';
import { demo, freshEmail, signInOnAuthPage, signUpOnAuthPage } from './support/auth.ts';
import { test } from './support/test.ts';

// Accounts with email and password (product §2 Auth page, §5, §8), on a phone.

test('sign up, sign out, sign in again, and see my profile', async ({ page }) => {
  const email = freshEmail('nuevo');
  const password = 'Secreto#2026';
  await page.goto('/auth');
  await page.getByRole('button', { name: "Don't have an account? Create one" }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create Account' })).toBeVisible();

  // product §5: both fields are required.
  await page.getByRole('button', { name: 'Use email and password' }).click();
  await page.getByRole('button', { name: 'Create Account', exact: true }).click();
  await expect(page.getByText('Missing fields')).toBeVisible();

  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  // The show/hide control reveals what was typed.
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Create Account', exact: true }).click();
  await expect(page.getByText('Account created!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // Signed in: My Profile shows the account; the profile was made at sign-up (product §7).
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);

  // Edit the profile: name and a Mexican number, stored as E.164.
  await page.getByLabel('Name', { exact: true }).fill('Nuevo Vecino');
  await page.getByLabel('Phone', { exact: true }).fill('55 1234 5678');
  await page.getByRole('button', { name: 'Pets' }).click();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Nuevo Vecino');
  await expect(page.getByLabel('Phone', { exact: true })).toHaveValue('5512345678');
  await expect(page.getByRole('button', { name: 'Pets' })).toHaveAttribute('aria-pressed', 'true');

  // Settings: a preference switch is saved; Sign Out.
  await page.goto('/settings');
  const push = page.getByRole('switch', { name: 'Push notifications' });
  await expect(push).toBeChecked();
  await push.click();
  await expect(page.getByText('Preferences saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Push notifications' })).not.toBeChecked();
  await expect(page.getByText('Version 1.0.0')).toBeVisible();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByText('Signed out')).toBeVisible();
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fprofile$/);

  // An existing email: 'Account exists', then the page switches to sign-in mode (product §4).
  await page.getByRole('button', { name: "Don't have an account? Create one" }).click();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Use email and password' }).click();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create Account', exact: true }).click();
  await expect(page.getByText('Account exists')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  // Back to My Profile, where the sign-in was asked for.
  await expect(page).toHaveURL(/\/profile$/);
  // A signed-in user who opens /auth goes home.
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/$/);
});

test('a wrong password says Invalid credentials', async ({ page }) => {
  await signInOnAuthPage(page, demo.customer, 'not-the-password');
  await expect(page.getByText('Invalid credentials')).toBeVisible();
  await expect(page.getByText('Please check your email and password')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
});

test('the magic link needs an email first', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Send magic link' }).click();
  await expect(page.getByText('Email required')).toBeVisible();
  await expect(page.getByText('Please enter your email address first')).toBeVisible();
});

test('a vendor sign-up goes on to the vendor wizard after 2 seconds', async ({ page }) => {
  await signUpOnAuthPage(page, freshEmail('proveedor'), 'Proveedor#2026', { vendor: true });
  await expect(page.getByText('then complete your vendor profile')).toBeVisible();
  await expect(page).toHaveURL(/\/vendor-signup$/, { timeout: 5000 });
  // A password account: the wizard asks for it and for one that meets its rule, never naming Google.
  await expect(
    page.getByText(/^Sesión iniciada como proveedor\..+ Una cuenta de proveedor necesita/),
  ).toBeVisible();
  await expect(page.getByLabel('Contraseña actual', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Contraseña para tu cuenta de proveedor', { exact: true })).toBeVisible();
  await expect(page.getByText(/Google/)).toHaveCount(0);
});
