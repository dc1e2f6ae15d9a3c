import { expect, type Page } from '@playwright/test';

// The vendor lists of Browse Vendors and the public directory: their cards and their count text.

const countText = /^(\d+) vendors? found$/;

export const vendorCards = (page: Page) => page.getByRole('list', { name: 'Vendors' }).getByRole('article');

/** The number in the list's "N vendors found", once it shows. */
export async function vendorCount(page: Page): Promise<number> {
  const status = page.getByRole('status').filter({ hasText: countText });
  await expect(status).toBeVisible();
  return Number(countText.exec((await status.textContent()) ?? '')?.[1]);
}
