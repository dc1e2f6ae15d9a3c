import { type Browser, expect, type Page } from '@playwright/test';
import { phone } from './phone.ts';

/** The demo accounts of the seed (DESIGN §13). */
export const demo = {
  admin: 'admin@barrio.test',
  vendor: 'vendor@barrio.test',
  customer: 'customer@barrio.test',
  password: 'Barrio#2026demo',
} as const;

/** A fresh address per run, so sign-up journeys can run again on the same database. */
export const freshEmail = (label: string) =>
  `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.test`;

/** Signs in through /auth with email and password (the form is revealed on demand, spec §2). */
export async function signInOnAuthPage(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Use email and password' }).click();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Pages come from browser.newContext() for axe (DESIGN §1), with the phone of every project. */
export async function newPhonePage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ ...phone, baseURL });
  return { page: await context.newPage(), close: () => context.close() };
}
