import { expect } from '@playwright/test';
import { freshEmail, logInAsVendor } from './support/auth.ts';
import { expectNoAxeViolations, expectPhoneFriendly } from './support/axe.ts';
import { bookingCode, dayChip } from './support/booking.ts';
import { approveVendor } from './support/review.ts';
import { test } from './support/test.ts';
import { signUpVendor } from './support/vendor-signup.ts';

// The whole city's colonias (decision 073), at 390 px: a vendor adds a whole alcaldía and a colonia
// outside product §3's ten with the dashboard's picker; a customer finds it through the colonia
// filter's search of the city and books it in Escandón by postal code.

test.describe.configure({ timeout: 90_000 });

test('a vendor serving Miguel Hidalgo is found in Escandón and booked by postal code', async ({
  browser,
  baseURL,
  newPhone,
}) => {
  const vendorSide = await newPhone();
  const customer = await newPhone();
  const email = freshEmail('escandon');
  const businessName = `Limpieza Escandón ${Date.now() % 100_000}`;
  const { slug, vendorProfileId } = await signUpVendor(vendorSide.page.request, baseURL!, {
    business_name: businessName,
    business_phone: '55 3333 4455',
    business_email: email,
    password: 'Escandon#2026',
    service_category: 'cleaning',
    service_areas: ['Condesa'],
    languages: ['Spanish'],
    address: 'Calle José Martí 50, Escandón',
  });
  await approveVendor(browser, baseURL!, vendorProfileId);

  // The vendor adds the alcaldía Miguel Hidalgo whole, and Narvarte Poniente found by its name.
  const vendorPage = vendorSide.page;
  await logInAsVendor(vendorPage, email, 'Escandon#2026');
  await expect(vendorPage.getByText('Welcome back!')).toBeVisible();
  await vendorPage.getByRole('button', { name: 'Edit Profile' }).click();
  await vendorPage.getByLabel('Add a whole alcaldía (all its colonias)').selectOption('Miguel Hidalgo');
  await vendorPage.getByLabel('Search a colonia').fill('narvarte pon');
  await vendorPage.getByRole('button', { name: 'Add Narvarte Poniente, Benito Juárez' }).click();
  const chosen = vendorPage.getByRole('list', { name: 'Other service areas' });
  await expect(chosen.getByRole('button', { name: 'Remove Alcaldía Miguel Hidalgo' })).toBeVisible();
  await expect(chosen.getByRole('button', { name: 'Remove Narvarte Poniente' })).toBeVisible();
  await expect(vendorPage.getByLabel('Condesa')).toBeChecked();
  await expectPhoneFriendly(vendorPage);
  await vendorPage.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(vendorPage.getByText('Changes saved')).toBeVisible();
  const added = await vendorPage.request.post('/api/vendor/services', {
    headers: { origin: baseURL! },
    data: { name: 'Limpieza profunda', description: null, price_cents: 45_000, duration_minutes: 120 },
  });
  expect(added.status()).toBe(201);

  // The customer looks for Escandón among all the city's colonias.
  const page = customer.page;
  await page.goto(`/vendors?q=${encodeURIComponent(businessName)}`);
  const toggle = page.getByRole('button', { name: /^Filters/ });
  await toggle.click();
  await page.getByLabel('Or search all of Mexico City').fill('escandon');
  await page.getByRole('button', { name: 'Add Escandón I Sección, Miguel Hidalgo' }).click();
  await expect(page.getByLabel('Colonia', { exact: true })).toHaveValue('Escandón I Sección');
  await expectPhoneFriendly(page);
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(page).toHaveURL(/colonia=Escand/);
  await expect(page.getByRole('button', { name: 'Remove filter: Escandón I Sección' })).toBeVisible();
  await page.getByRole('link', { name: businessName, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/public/vendor/${slug}`));

  // The booking form: the postal code lists its colonias the vendor serves.
  await page.goto(`/public/vendor/${slug}?tab=services`);
  const form = page.getByRole('region', { name: 'Book a service' });
  await form.scrollIntoViewIfNeeded();
  await form.getByLabel('Service', { exact: true }).selectOption({ index: 1 });
  const times = form.getByRole('group', { name: 'Time' }).locator('label');
  await expect(times.first()).toBeVisible();
  await (await dayChip(form.getByRole('group', { name: 'Day' }).locator('label'), 2)).click();
  await times.first().click();
  await form.getByLabel('Street and number', { exact: true }).fill('Calle José Martí 50');
  await expect(form.getByText('Enter the postal code to see its colonias.')).toBeVisible();
  await form.getByLabel('Postal code', { exact: true }).fill('11800');
  const colonia = form.getByLabel('Colonia', { exact: true });
  await expect(colonia.locator('option', { hasText: 'Escandón II Sección' })).toHaveCount(1);
  await colonia.selectOption('Escandón I Sección');
  await form.getByLabel('Name', { exact: true }).fill('Rosa Escandón');
  await form.getByLabel('Email', { exact: true }).fill(freshEmail('cliente-escandon'));
  await expectPhoneFriendly(page);
  await form.getByRole('button', { name: 'Book Now' }).click();
  const code = await bookingCode(page);
  await expect(page.getByLabel(`Your request ${code}`)).toContainText(
    'At your address: Calle José Martí 50, Escandón I Sección, CP 11800',
  );
  await expectNoAxeViolations(page);
  expect(customer.errors).toEqual([]);
});
