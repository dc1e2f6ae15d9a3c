import { expect } from '@playwright/test';
import { freshEmail, newPhonePage } from './support/auth.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { bookingCode, pickSlot } from './support/booking.ts';
import { approveVendor } from './support/review.ts';
import { test } from './support/test.ts';

// A home-cleaning booking asks where; the confirmation recaps it; the
// vendor's dashboard shows the request complete — how to reach the customer and where to go. A
// vendor of its own (signed up here) so that it meets no other journey.

test.describe.configure({ timeout: 90_000 });

const everyWeekday = { enabled: true, slots: [{ start: '09:00', end: '17:00' }] };
const closed = { enabled: false, slots: [{ start: '10:00', end: '14:00' }] };

test('a home-cleaning booking with an address reaches the vendor’s dashboard complete', async ({
  browser,
  baseURL,
}) => {
  const vendorSide = await newPhonePage(browser, baseURL);
  const customer = await newPhonePage(browser, baseURL);
  try {
    // A cleaning vendor (its services go to the customer's address) serving two colonias.
    const email = freshEmail('limpieza');
    const signup = await vendorSide.page.request.post('/api/vendor/signup', {
      headers: { origin: baseURL! },
      data: {
        business_name: 'Limpieza a Domicilio Narvarte',
        business_phone: '55 3333 4444',
        business_email: email,
        password: 'Limpia#2026',
        service_category: 'Limpieza del Hogar',
        service_areas: ['Roma Norte', 'Condesa'],
        languages: ['Spanish'],
        address: 'Calle Colima 180',
        availability: {
          monday: everyWeekday,
          tuesday: everyWeekday,
          wednesday: everyWeekday,
          thursday: everyWeekday,
          friday: everyWeekday,
          saturday: closed,
          sunday: closed,
        },
      },
    });
    expect(signup.status()).toBe(201);
    const { slug, vendorProfileId } = (await signup.json()) as { slug: string; vendorProfileId: string };
    // Only approved vendors take bookings (decision 048).
    await approveVendor(browser, baseURL!, vendorProfileId);
    await vendorSide.page.goto('/vendor/auth');
    await vendorSide.page.getByLabel('Email', { exact: true }).fill(email);
    await vendorSide.page.getByLabel('Password', { exact: true }).fill('Limpia#2026');
    await vendorSide.page.getByRole('button', { name: 'Log In', exact: true }).last().click();
    await expect(vendorSide.page.getByText('Welcome back!')).toBeVisible();
    const added = await vendorSide.page.request.post('/api/vendor/services', {
      headers: { origin: baseURL! },
      data: { name: 'Limpieza profunda', description: null, price_cents: 45_000, duration_minutes: 120 },
    });
    expect(added.status()).toBe(201);

    // The customer books it: the form asks where, among the vendor's colonias.
    const page = customer.page;
    await page.goto(`/public/vendor/${slug}?tab=services`);
    await expect(page.getByText('At your address')).toBeVisible();
    const form = await pickSlot(page, { day: 2, time: 0 });
    await expect(form.getByRole('group', { name: 'Where the service is done' })).toBeVisible();
    await expectNoAxeViolations(page);
    await form.getByLabel('Colonia', { exact: true }).selectOption('Condesa');
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
      'At your address: Calle Durango 120, Condesa, CP 06700 (interior 4, timbre azul)',
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
      'En el domicilio del cliente: Calle Durango 120, Condesa, CP 06700 (interior 4, timbre azul)',
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
  } finally {
    await vendorSide.close();
    await customer.close();
  }
});
