import { type Browser, expect, type Page } from '@playwright/test';
import { demo, freshEmail, logInAsVendor, signInOnAuthPage } from './support/auth.ts';
import { expectNoAxeViolations, expectNoSideScroll } from './support/axe.ts';
import { bookingCode, pickSlot } from './support/booking.ts';
import { approveVendor } from './support/review.ts';
import { test } from './support/test.ts';
import { signUpVendor } from './support/vendor-signup.ts';

// A home-cleaning booking asks where; the confirmation recaps it; the
// vendor's dashboard shows the request complete — how to reach the customer and where to go. A
// vendor of its own (signed up here) so that it meets no other journey.

test.describe.configure({ timeout: 90_000 });

/**
 * A cleaning vendor of its own (its services go to the customer's address) serving two colonias,
 * approved, signed in on `vendorPage`, with one service; its slug. Each journey names its own, so
 * that another journey's search never finds two of one name.
 */
async function homeCleaningVendor(
  vendorPage: Page,
  browser: Browser,
  baseURL: string,
  businessName: string,
): Promise<string> {
  const email = freshEmail('limpieza');
  const { slug, vendorProfileId } = await signUpVendor(vendorPage.request, baseURL, {
    business_name: businessName,
    business_phone: '55 3333 4444',
    business_email: email,
    password: 'Limpia#2026',
    service_category: 'Limpieza del Hogar',
    service_areas: ['Roma Norte', 'Condesa'],
    languages: ['Spanish'],
    address: 'Calle Colima 180',
  });
  // Only approved vendors take bookings (decision 048).
  await approveVendor(browser, baseURL, vendorProfileId);
  await logInAsVendor(vendorPage, email, 'Limpia#2026');
  await expect(vendorPage.getByText('Welcome back!')).toBeVisible();
  const added = await vendorPage.request.post('/api/vendor/services', {
    headers: { origin: baseURL },
    data: { name: 'Limpieza profunda', description: null, price_cents: 45_000, duration_minutes: 120 },
  });
  expect(added.status()).toBe(201);
  return slug;
}

test('a home-cleaning booking with an address reaches the vendor’s dashboard complete', async ({
  browser,
  baseURL,
  newPhone,
}) => {
  const vendorSide = await newPhone();
  const customer = await newPhone();
  const slug = await homeCleaningVendor(vendorSide.page, browser, baseURL!, 'Limpieza a Domicilio Narvarte');

  // The customer books it: the form asks where, among the vendor's colonias.
  const page = customer.page;
  await page.goto(`/public/vendor/${slug}?tab=services`);
  await expect(page.getByText('At your address')).toBeVisible();
  const form = await pickSlot(page, { day: 2, time: 0 });
  await expect(form.getByRole('group', { name: 'Where the service is done' })).toBeVisible();
  await expectNoAxeViolations(page);
  await form.getByLabel('Colonia', { exact: true }).selectOption('Condesa');
  await form.getByLabel('Postal code', { exact: true }).fill('06140');
  await form.getByLabel('References (optional)').fill('interior 4, timbre azul');
  await form.getByLabel('Name', { exact: true }).fill('Ana Domicilio');
  await form.getByLabel('Email', { exact: true }).fill(freshEmail('domicilio'));
  await form.getByLabel('Phone (optional)').fill('55 1234 5678');
  await form.getByLabel('Notes (optional)').fill('Hay un perro tranquilo');
  await form.getByRole('button', { name: 'Book Now' }).click();
  const code = await bookingCode(page);

  // The confirmation recaps the request and says what happens next.
  const recap = page.getByLabel(`Your request ${code}`);
  await expect(recap).toContainText('Limpieza a Domicilio Narvarte');
  await expect(recap).toContainText('Limpieza profunda');
  await expect(recap).toContainText('2 h');
  await expect(recap).toContainText(
    'At your address: Calle Durango 120, Condesa, CP 06140 (interior 4, timbre azul)',
  );
  await expect(
    page.getByText(/^What happens next: once the vendor confirms, you get a payment link/),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // The vendor's dashboard: the request complete, in Spanish.
  await vendorSide.page.evaluate(() => localStorage.setItem('barrio.language', 'es-MX'));
  await vendorSide.page.goto('/vendor/dashboard');
  const details = vendorSide.page.getByRole('definition').filter({ hasText: 'Condesa' });
  await expect(details).toContainText(
    'En el domicilio del cliente: Calle Durango 120, Condesa, CP 06140 (interior 4, timbre azul)',
  );
  await expect(vendorSide.page.getByRole('link', { name: 'Llamar al +525512345678' })).toHaveAttribute(
    'href',
    'tel:+525512345678',
  );
  await expect(
    vendorSide.page.getByRole('link', { name: 'Escribir a Ana Domicilio por WhatsApp' }),
  ).toHaveAttribute('href', 'https://wa.me/525512345678');
  await expect(vendorSide.page.getByText('Hay un perro tranquilo')).toBeVisible();
  await expectNoAxeViolations(vendorSide.page);
  expect(customer.errors).toEqual([]);
});

test('a signed-in customer is offered the address of their last booking, and it fits the phone', async ({
  browser,
  baseURL,
  newPhone,
}) => {
  const vendorSide = await newPhone();
  const customer = await newPhone();
  const slug = await homeCleaningVendor(vendorSide.page, browser, baseURL!, 'Limpieza a Domicilio Condesa');
  const page = customer.page;
  await signInOnAuthPage(page, demo.customer, demo.password);
  await expect(page).toHaveURL(/\/$/);

  // A first booking at home, in Roma Norte; the name and email come from the account.
  await page.goto(`/public/vendor/${slug}?tab=services`);
  const form = await pickSlot(page, { day: 1, time: 0 });
  await form.getByLabel('Colonia', { exact: true }).selectOption('Roma Norte');
  await form.getByLabel('References (optional)').fill('timbre azul');
  await expect(form.getByLabel('Email', { exact: true })).toHaveValue(demo.customer);
  await form.getByRole('button', { name: 'Book Now' }).click();
  await bookingCode(page);

  // The next time, the form offers that address: a long label that wraps on the phone.
  await page.goto(`/public/vendor/${slug}?tab=services`);
  const again = page.getByRole('region', { name: 'Book a service' });
  await again.scrollIntoViewIfNeeded();
  await again.getByLabel('Service', { exact: true }).selectOption({ index: 1 });
  const offer = again.getByRole('button', {
    name: 'Use the address of your last booking: Calle Durango 120, Roma Norte, CP 06700 (timbre azul)',
  });
  await expect(offer).toBeVisible();
  await expectNoSideScroll(page);
  await expectNoAxeViolations(page);
  await offer.click();
  await expect(again.getByLabel('Street and number', { exact: true })).toHaveValue('Calle Durango 120');
  await expect(again.getByLabel('Colonia', { exact: true })).toHaveValue('Roma Norte');
  await expect(again.getByLabel('Postal code', { exact: true })).toHaveValue('06700');
  await expect(again.getByLabel('References (optional)')).toHaveValue('timbre azul');
  await expect(offer).toBeHidden();
  expect(customer.errors).toEqual([]);
});
