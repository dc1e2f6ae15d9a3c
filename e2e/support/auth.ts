import { type Browser, expect, type Page, test } from '@playwright/test';
import { phone } from './phone.ts';
import { hydrateOnGoto } from './ssr.ts';

/** The demo accounts of the seed (ARCHITECTURE §13). */
export const demo = {
  admin: 'admin@barrio.test',
  vendor: 'vendor@barrio.test',
  customer: 'customer@barrio.test',
  password: 'Barrio#2026demo',
} as const;

/** A fresh address per run, so sign-up journeys can run again on the same database. */
export const freshEmail = (label: string) =>
  `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.test`;

/**
 * Signs in through /auth with email and password (the form is revealed on demand, product §2);
 * `from`: a page to open first, which sends a signed-out visitor there (and back).
 */
export async function signInOnAuthPage(page: Page, email: string, password: string, from = '/auth') {
  await page.goto(from);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Use email and password' }).click();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/**
 * Creates an account through /auth's sign-up form with email and password (`vendor`: as one who
 * offers services); resolves once Create Account is pressed.
 */
export async function signUpOnAuthPage(page: Page, email: string, password: string, { vendor = false } = {}) {
  await page.goto('/auth');
  await page.getByRole('button', { name: "Don't have an account? Create one" }).click();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Use email and password' }).click();
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (vendor) await page.getByLabel("I'm a vendor: I offer services").check();
  await page.getByRole('button', { name: 'Create Account', exact: true }).click();
}

/** Logs in on the vendor access page (product §2) with email and password. */
export async function logInAsVendor(page: Page, email: string, password: string) {
  await page.goto('/vendor/auth');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In', exact: true }).last().click();
}

let contexts = 0;

/**
 * A client address of its own for each page, as every visitor on the real site has one. The e2e
 * server trusts one proxy hop (TRUST_PROXY=1 in playwright.config.ts), so X-Forwarded-For is the
 * client that the rate limits, the open-request caps and a vendor's block count (decisions 036, 038):
 * journeys running side by side never share a bucket, a cap or a block, which from 127.0.0.1 they
 * would. An IPv6 documentation address, a /64 of its own per page (the server keys IPv6 by /64),
 * unique in the run: worker index, then this worker's count.
 */
export function freshClientAddress(): string {
  contexts++;
  return `2001:db8:${test.info().workerIndex.toString(16)}:${contexts.toString(16)}::1`;
}

/**
 * Pages come from browser.newContext() for axe, with the phone of every project, each
 * from its own client address; `errors` collects the page's uncaught errors.
 */
export async function newPhonePage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({
    ...phone,
    baseURL,
    extraHTTPHeaders: { 'X-Forwarded-For': freshClientAddress() },
  });
  const page = hydrateOnGoto(await context.newPage());
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  return { page, errors, close: () => context.close() };
}
