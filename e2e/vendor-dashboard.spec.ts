import { expect, type Page } from '@playwright/test';
import { freshEmail, logInAsVendor, signUpOnAuthPage } from './support/auth.ts';
import { expectNoAxeViolations, expectPhoneFriendly } from './support/axe.ts';
import { test } from './support/test.ts';
import { signUpVendor } from './support/vendor-signup.ts';

// The vendor dashboard: editors for profile, booking settings and availability, the
// services section, and availability edits reaching the slots the public profile offers.

async function signUpTutoringVendor(page: Page, baseURL: string) {
  const email = freshEmail('dashboard');
  const { slug } = await signUpVendor(page.request, baseURL, {
    business_name: 'Tutorías Rápidas',
    business_phone: '55 2222 3333',
    business_email: email,
    password: 'Tutor#2026',
    service_category: 'Tutorías',
    service_areas: ['Del Valle'],
    languages: ['Spanish'],
    address: 'Insurgentes 10',
  });
  return { email, slug };
}

/** The weekdays (in the vendor's zone) on which the public profile offers slots for a service. */
async function offeredWeekdays(page: Page, slug: string, serviceId: string) {
  const response = await page.request.get(`/api/vendors/${slug}/availability?serviceId=${serviceId}`);
  expect(response.status()).toBe(200);
  const { slots } = (await response.json()) as { slots: string[] };
  const day = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'America/Mexico_City' });
  return new Set(slots.map((s) => day.format(new Date(s))));
}

test('a vendor edits profile, settings, services and availability on the dashboard', async ({
  baseURL,
  newPhone,
}) => {
  // A long journey (about 20 s here), and it waits for the saves' toasts to go before signing out.
  test.setTimeout(60_000);
  const { page } = await newPhone();
  const { email, slug } = await signUpTutoringVendor(page, baseURL!);

  // Vendor login (product §2 Vendor access page) lands on the dashboard.
  await logInAsVendor(page, email, 'Tutor#2026');
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Tutorías Rápidas' })).toBeVisible();
  await expect(page.getByText('Submitted')).toBeVisible();
  await expect(page.getByText('2 h 0 min')).toBeVisible();
  // The long business email wraps: nothing is wider than the phone (a page that side-scrolls is
  // zoomed out by the phone's browser, and then a tap lands above what it aimed at).
  await expectPhoneFriendly(page);

  // Edit Profile: the wizard's fields, saved through PATCH /api/vendor/profile.
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByLabel('Business address').fill('Insurgentes Sur 20');
  await page.getByLabel('Roma Sur').check();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Changes saved')).toBeVisible();
  await expect(page.getByText('Insurgentes Sur 20')).toBeVisible();
  await expect(page.getByText('Roma Sur')).toBeVisible();

  // Booking Settings: bounds are checked before saving (product §5), lead time in hours.
  await page.getByRole('button', { name: 'Booking Settings' }).click();
  await page.getByLabel('Lead time (hours)').fill('30');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(/Please check the scheduling values/)).toBeVisible();
  await page.getByLabel('Lead time (hours)').fill('1.5');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('1 h 30 min')).toBeVisible();

  // Services: add one (price in MXN), edit it, then it is offered publicly.
  await page.getByRole('button', { name: 'Add service' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Clase de matemáticas');
  await page.getByLabel('Price (MXN)').fill('350');
  await page.getByLabel('Duration (minutes)').fill('60');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('$350 MXN · 1 h')).toBeVisible();
  await page.getByRole('button', { name: 'Edit Clase de matemáticas' }).click();
  await page.getByLabel('Price (MXN)').fill('400');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('$400 MXN · 1 h')).toBeVisible();
  const services = (await (await page.request.get('/api/vendor/services')).json()) as {
    items: { id: string }[];
  };
  const serviceId = services.items[0]!.id;

  // Availability: switching Saturday on makes the public profile offer Saturday slots.
  expect(await offeredWeekdays(page, slug, serviceId)).not.toContain('Saturday');
  await page.getByRole('button', { name: 'Update Availability' }).click();
  await page.getByRole('switch', { name: 'Saturday' }).click();
  await page.getByLabel('From').nth(5).fill('11:00'); // Saturday's only slot (after Mon–Fri)
  await expect(page.getByRole('button', { name: 'Copy Saturday to the other days' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('11:00–14:00')).toBeVisible();
  expect(await offeredWeekdays(page, slug, serviceId)).toContain('Saturday');

  // Deactivate the service; Sign Out ('Logged Out').
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Deactivate Clase de matemáticas' }).click();
  await expect(page.getByText('Inactive')).toBeVisible();
  // The saves' toasts stack over the bottom of the screen, where Sign Out is: once they are gone
  // (a press through them would land on a toast, or miss the button while they move).
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByText('Logged Out')).toBeVisible();
  await expect(page).toHaveURL(/\/vendor\/auth$/);
});

test('a customer without a vendor profile is sent to the signup wizard', async ({ page }) => {
  await signUpOnAuthPage(page, freshEmail('no-vendor'), 'Cliente#2026');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/vendor/dashboard');
  await expect(page.getByText('No Vendor Profile Found')).toBeVisible();
  await expect(page).toHaveURL(/\/vendor-signup$/);
});
