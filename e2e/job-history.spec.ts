import { expect } from '@playwright/test';
import { demo, signInOnAuthPage } from './support/auth.ts';
import { expectNoAxeViolations, expectNoSideScroll } from './support/axe.ts';
import {
  bookSlot,
  cancelOnPage,
  confirmFromMail,
  featuredVendor,
  payInSandbox,
  rescheduleOnPage,
} from './support/booking.ts';
import { test } from './support/test.ts';

// Job History (/jobs, product §2) and Home Recent Activity on a phone: the demo customer's real
// bookings from the seed (ARCHITECTURE §12, §13), never sample entries.

test.describe.configure({ timeout: 60_000 });

test('the demo customer sees their real bookings on /jobs, opens one’s page and rehires a vendor', async ({
  page,
}) => {
  await signInOnAuthPage(page, demo.customer, demo.password);
  await expect(page).toHaveURL(/\/$/);

  // Home Recent Activity: up to 3 of the customer's bookings, each linking to the vendor.
  const recent = page.getByRole('region', { name: 'Recent Activity' });
  const recentLinks = recent.getByRole('listitem').getByRole('link');
  await expect(recentLinks.first()).toBeVisible();
  expect(await recentLinks.count()).toBeLessThanOrEqual(3);
  await expect(recentLinks.first()).toHaveAttribute('href', /^\/vendor\/[^/]+$/);

  await page.goto('/jobs');
  await expect(page.getByRole('heading', { level: 1, name: 'Job History' })).toBeVisible();
  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible();
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary.getByText('Total jobs')).toBeVisible();
  await expect(summary.getByText('Total spent (paid, MXN)')).toBeVisible();
  // The mean of the customer's own ratings (other journeys may review the demo customer's bookings).
  await expect(
    summary.getByText('Average rating', { exact: true }).locator('xpath=following-sibling::dd[1]'),
  ).toHaveText(/^(No ratings yet|[1-5]\.\d)$/);
  await expect(cards.first().getByText(/\$[\d,]+(\.\d{2})? MXN/)).toBeVisible();
  // The seed gives the demo customer bookings in several statuses (ARCHITECTURE §13).
  expect(await cards.count()).toBeGreaterThan(1);
  const statuses = await cards
    .getByText(/^Status: /)
    .locator('..')
    .allTextContents();
  expect(new Set(statuses).size).toBeGreaterThan(1);
  await expectNoSideScroll(page);
  await expectNoAxeViolations(page);

  // A row opens its booking page, by the link the mails carry.
  const first = cards.first().getByRole('heading', { level: 3 }).getByRole('link');
  const vendorName = (await first.textContent())?.trim() ?? '';
  await first.click();
  await expect(page).toHaveURL(/\/booking\/[A-Z2-9]{6}\?token=[\w-]{54}$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: vendorName, exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goBack();

  // Rehire: the vendor's services tab with the same service chosen in the booking form.
  const rehire = page.getByRole('link', { name: /^Rehire / }).first();
  await expect(rehire).toHaveAttribute('href', /^\/public\/vendor\/[^/?]+\?tab=services&service=[\w-]{36}$/);
  await rehire.click();
  await expect(page).toHaveURL(/\/public\/vendor\/[^/?]+\?tab=services&service=[\w-]{36}$/);
  await expect(page.getByRole('tab', { name: 'Services', selected: true })).toBeVisible();
  const chosen = new URL(page.url()).searchParams.get('service');
  await expect(
    page.getByRole('region', { name: 'Book a service' }).getByLabel('Service', { exact: true }),
  ).toHaveValue(chosen ?? '');
});

test('a signed-in customer books, pays from Job History, then reschedules and cancels from the booking page', async ({
  newPhone,
}) => {
  test.setTimeout(120_000);
  const customer = await newPhone();
  const vendorSide = await newPhone();
  const page = customer.page;
  await signInOnAuthPage(page, demo.customer, demo.password);
  await expect(page).toHaveURL(/\/$/);
  // Featured vendor 1, a day in the middle of the fortnight: no other journey books there.
  const vendor = await featuredVendor(page, 1);
  const code = await bookSlot(
    page,
    vendor.slug,
    { day: 3, time: 0 },
    { name: 'Cliente Demo', email: demo.customer },
  );
  await confirmFromMail(page, vendorSide.page, code);

  // Job History: the row of this booking offers Pay now.
  await page.goto('/jobs');
  const row = page.getByRole('article').filter({ has: page.locator(`a[href^="/booking/${code}?"]`) });
  await row.getByRole('link', { name: `Pay now for ${vendor.business_name}` }).click();
  await payInSandbox(page);

  // From Job History to the booking page, signed in: reschedule, then cancel with the refund.
  await page.goto('/jobs');
  await row.locator(`a[href^="/booking/${code}?"]`).click();
  await expect(page).toHaveURL(new RegExp(`/booking/${code}\\?token=[\\w-]{54}$`));
  await expect(page.getByText('It is paid: see you at the appointment.')).toBeVisible();
  await rescheduleOnPage(page, 8);
  await cancelOnPage(page, { refund: true });

  // In Spanish, the cancelled booking and its refund.
  await page.evaluate(() => localStorage.setItem('barrio.language', 'es-MX'));
  await page.reload();
  await expect(page.getByText('Cancelaste esta reserva', { exact: true })).toBeVisible();
  await expect(page.getByText(/Te reembolsamos \$[\d,.]+ MXN/)).toBeVisible();
  await expectNoAxeViolations(page);
  expect(customer.errors).toEqual([]);
});
