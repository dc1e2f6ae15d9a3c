import { expect, type Page } from '@playwright/test';
import { demo, signInOnAuthPage } from './support/auth.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { test } from './support/test.ts';

// Contacts on a phone: the demo customer connects contacts on Home and sees the vendors of their
// network. The seed's "Casa Impecable CDMX" has the business phone +52 55 4123 8890; the .vcf has
// it in the old mobile form with the 1, as many address books still do.

test.describe.configure({ timeout: 90_000 });

const VENDOR = 'Casa Impecable CDMX';
const vcf = [
  'BEGIN:VCARD',
  'VERSION:3.0',
  'FN:Limpieza Casa',
  'TEL;TYPE=CELL:+52 1 55 4123 8890',
  'END:VCARD',
  'BEGIN:VCARD',
  'VERSION:3.0',
  'FN:Tío Beto',
  'TEL;TYPE=CELL:55 0000 1111',
  'EMAIL:beto.familia@example.com',
  'END:VCARD',
  '',
].join('\r\n');

const card = (page: Page) =>
  page.getByRole('region', { name: /Recommendations from your contacts|Permission Required/ });
const recommendations = (page: Page) => page.getByRole('region', { name: 'Recommended for you' });

test('a visitor sees no contacts card and never downloads its code', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Find Services' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Recent Activity' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(card(page)).toHaveCount(0);
  await expect(recommendations(page)).toHaveCount(0);
  // The contacts chunks (the card, its vCard parser, the recommendations) stay on the server.
  expect(
    scripts.filter((url) => /home-contacts|contact-sources|use-contacts|recommendations-list/.test(url)),
  ).toEqual([]);
});

test('the customer imports a .vcf with a vendor’s phone and sees that vendor recommended on Home', async ({
  page,
}) => {
  await signInOnAuthPage(page, demo.customer, demo.password);
  await expect(page).toHaveURL(/\/$/);

  // No Contact Picker in this browser: the spec's fallback of 2 sample contacts, shown as samples.
  await expect(card(page)).toBeVisible();
  await expect(page.getByTestId('contacts-permission')).toHaveText(/Not asked yet|Granted/);
  const samples = card(page).getByRole('list', { name: 'Sample contacts' });
  await expect(samples.getByRole('listitem')).toHaveCount(2);
  await expect(samples.getByText('Sample', { exact: true })).toHaveCount(2);
  await expectNoAxeViolations(page);

  await card(page)
    .getByLabel('Import a contacts file (.vcf)')
    .setInputFiles({
      name: 'contacts.vcf',
      mimeType: 'text/vcard',
      buffer: Buffer.from(vcf, 'utf8'),
    });
  const toast = page.getByRole('listitem').filter({ hasText: 'Contacts Processed!' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('2 contacts checked.');
  await expect(page.getByTestId('contacts-permission')).toHaveText('Granted');

  const vendor = recommendations(page).getByRole('link', { name: new RegExp(VENDOR) });
  await expect(vendor).toBeVisible();
  await expect(vendor).toContainText('In your contacts');
  await expect(vendor).toHaveAttribute('href', /^\/public\/vendor\/[^/?]+$/);
  await expectNoAxeViolations(page);

  // My Profile lists the same recommended vendors.
  await page.goto('/profile');
  await expect(
    page.getByRole('region', { name: 'Recommended vendors' }).getByRole('link', { name: new RegExp(VENDOR) }),
  ).toBeVisible();

  // Settings → privacy: sharing one's own bookings with contacts is off until the user turns it on
  // (decision 037).
  await page.goto('/settings');
  await expect(
    page.getByRole('switch', { name: 'Let my contacts see that I booked a vendor' }),
  ).not.toBeChecked();

  // Settings → privacy: "Delete my contacts data" removes them.
  await page.getByRole('button', { name: 'Delete my contacts data' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete your contacts data?' });
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Your contacts data was deleted')).toBeVisible();

  await page.goto('/');
  await expect(recommendations(page).getByRole('link', { name: new RegExp(VENDOR) })).toHaveCount(0);
  await expect(page.getByTestId('contacts-permission')).toHaveText('Not asked yet');

  // The sample contacts are processed like any others: made up, they match nobody.
  await card(page).getByRole('button', { name: 'Try with 2 sample contacts' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Contacts Processed!' })).toContainText(
    '2 contacts checked. No vendor recommendations yet.',
  );
});

test('with a Contact Picker, a refusal shows the permission error and the denied state', async ({
  newPhone,
}) => {
  const { page } = await newPhone();
  // Chrome on Android has navigator.contacts; here it is stood in for, refusing like a person would.
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'contacts', {
      value: { select: () => Promise.reject(new DOMException('Denied', 'SecurityError')) },
    });
  });
  await signInOnAuthPage(page, demo.customer, demo.password);
  await expect(page).toHaveURL(/\/$/);
  await card(page)
    .getByRole('button', { name: /Connect Contacts|Update contacts/ })
    .click();
  const toast = page.getByRole('listitem').filter({ hasText: 'Permission Error' });
  await expect(toast).toContainText('Contact permission denied');
  await expect(page.getByRole('heading', { name: 'Permission Required' })).toBeVisible();
  await expect(card(page).getByText('Contact access is needed to find vendor recommendations')).toBeVisible();
  await expect(page.getByTestId('contacts-permission')).toHaveText('Denied');
  await expect(card(page).getByRole('button', { name: 'Try again' })).toBeVisible();
  await expectNoAxeViolations(page);
});
