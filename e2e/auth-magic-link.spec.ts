import { expect } from '@playwright/test';
import { freshEmail, newPhonePage } from './support/auth.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { test } from './support/test.ts';

// The magic link end to end through the dev mailbox (ARCHITECTURE §8; decision 054): sent, opened —
// which alone signs nobody in, its JavaScript run included — tapped once to sign in, and refused
// the second time with the way to a new link.

test('a magic link from /dev/mailbox signs in with one tap, once and only once', async ({
  page,
  browser,
  baseURL,
}) => {
  const email = freshEmail('enlace');
  await page.goto('/auth?redirectTo=%2Fprofile');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send magic link' }).click();
  await expect(page.getByText('Magic link sent!')).toBeVisible();

  await page.goto('/dev/mailbox');
  await expect(page.getByRole('heading', { level: 1, name: 'Dev mailbox' })).toBeVisible();
  const mail = page.getByRole('listitem').filter({ hasText: email }).first();
  await expect(mail).toBeVisible();
  const link = mail.getByRole('link', { name: /\/auth\/magic-link\?token=/ });
  const href = await link.getAttribute('href');
  expect(href).toBeTruthy();
  expect(new URL(href!).searchParams.get('redirectTo')).toBe('/profile');

  // A link scanner: fetches the link and better-auth's own verify address, then loads the page
  // and runs its JavaScript. Nobody is signed in, and the link still works afterwards.
  const scanner = await newPhonePage(browser, baseURL);
  try {
    const token = new URL(href!).searchParams.get('token')!;
    expect((await scanner.page.request.get(href!)).status()).toBe(200);
    await scanner.page.request.get(`/api/auth/magic-link/verify?token=${token}&callbackURL=%2F`);
    await scanner.page.goto(href!);
    await expect(scanner.page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    expect(await (await scanner.page.request.get('/api/auth/get-session')).json()).toBeNull();
    expect((await scanner.page.context().cookies()).some((c) => c.name.includes('session_token'))).toBe(
      false,
    );
  } finally {
    await scanner.close();
  }

  await page.goto(href!);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Barrio' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);

  // The same link again, in a fresh browser, in Spanish: refused, with the way to a new one.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.setItem('barrio.language', 'es-MX'));
  await page.goto(href!);
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Este enlace ya no sirve' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Pedir un enlace nuevo' }).click();
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fprofile$/);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fprofile$/);
});
