import { expect } from '@playwright/test';
import { freshEmail } from './support/auth.ts';
import { expectNoAxeViolations, expectPhoneFriendly } from './support/axe.ts';
import { bookSlot, payInSandbox, pickSlot } from './support/booking.ts';
import { test } from './support/test.ts';
import { ownVendorSignedIn } from './support/vendor-signup.ts';

// The vendor's cancellation policy (decision 095), on phones: a vendor of its own picks Moderate in
// the dashboard; a customer reads it on the profile and above "Book Now", books the last day
// offered (more than 48 hours away), pays, reads the booking's own refund dates, and cancels, told
// the refund first. Then the same terms in Spanish.

test.describe.configure({ timeout: 120_000 });

test('the vendor picks Moderate; the customer reads it before booking and is told the refund when cancelling', async ({
  browser,
  baseURL,
  newPhone,
}) => {
  const vendorSide = await newPhone();
  const customer = await newPhone();
  const v = vendorSide.page;
  const { slug } = await ownVendorSignedIn(
    v,
    { browser, baseURL: baseURL! },
    {
      business_name: `Cerrajería Política ${Date.now().toString(36)}`,
      business_phone: '55 4444 7777',
      emailKey: 'politica',
      password: 'Politica#2026',
      service: { name: 'Cambio de chapa', price_cents: 45_000, duration_minutes: 60 },
    },
  );

  // The dashboard: Flexible until the vendor picks Moderate and saves it.
  const section = v.getByRole('region', { name: 'Cancellation policy' });
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByRole('radio', { name: /^Flexible/ })).toBeChecked();
  await section.getByRole('radio', { name: /^Moderate/ }).check();
  await expectNoAxeViolations(v);
  await expectPhoneFriendly(v);
  await section.getByRole('button', { name: 'Save policy' }).click();
  await expect(v.getByText('Cancellation policy saved.')).toBeVisible();
  await v.reload();
  await expect(
    v.getByRole('region', { name: 'Cancellation policy' }).getByRole('radio', { name: /^Moderate/ }),
  ).toBeChecked();

  // The profile's About tab says it, and leads to the policy in full.
  const page = customer.page;
  await page.goto(`/public/vendor/${slug}?tab=about`);
  const about = page.getByTestId('cancellation-policy');
  await expect(about.getByText('Cancellation: Moderate')).toBeVisible();
  await expect(
    about.getByText('Full refund until 48 hours before, half until 24 hours before.'),
  ).toBeVisible();
  await expect(about.getByRole('link', { name: 'The policy in full' })).toHaveAttribute(
    'href',
    '/policies/cancellation',
  );
  await expectNoAxeViolations(page);

  // The booking form says it just above Book Now.
  await page.goto(`/public/vendor/${slug}?tab=services`);
  const form = await pickSlot(page, { day: 'last', time: 0 });
  const terms = form.getByTestId('cancellation-policy');
  await expect(terms.getByText('Cancellation: Moderate')).toBeVisible();
  await terms.getByText('The policy in full').click();
  await expect(
    terms.getByText(/^Cancel more than 48 hours before the start and get a full refund/),
  ).toBeVisible();
  const termsBox = await terms.boundingBox();
  const bookBox = await form.getByRole('button', { name: 'Book Now' }).boundingBox();
  expect(termsBox!.y).toBeLessThan(bookBox!.y);
  await expectNoAxeViolations(page);
  await expectPhoneFriendly(page);

  const code = await bookSlot(
    page,
    slug,
    { day: 'last', time: 0 },
    { name: 'Cliente Moderado', email: freshEmail('moderado') },
  );
  await page.getByRole('link', { name: 'See your booking' }).click();
  await page.waitForURL(new RegExp(`/booking/${code}\\?token=`));
  const bookingPage = page.url();

  // The vendor confirms from the agenda; the customer pays.
  await v.reload();
  const row = v.getByRole('region', { name: 'Agenda' }).getByRole('article', { name: `Booking ${code}` });
  await row.getByRole('button', { name: `Confirm booking ${code}` }).click();
  await page.goto(bookingPage);
  await page.getByRole('link', { name: 'Pay now' }).click();
  await payInSandbox(page);
  await page.goto(bookingPage);
  await expect(page.getByText('It is paid: see you at the appointment.')).toBeVisible();

  // The booking page: the booking's policy as its own dates.
  const kept = page.getByTestId('booking-cancellation-policy');
  await expect(kept.getByText('Moderate', { exact: true })).toBeVisible();
  await expect(kept.getByText(/^Full refund if you cancel before /)).toBeVisible();
  await expect(kept.getByText(/^50% refunded if you cancel before /)).toBeVisible();
  await expect(kept.getByText('No refund after that.')).toBeVisible();
  await expectNoAxeViolations(page);

  // Cancelling more than 48 hours ahead: the dialog says the whole payment comes back, and it does.
  await page.getByRole('button', { name: 'Cancel booking' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
  await expect(dialog.getByText(/^We will refund your \$450(\.00)? MXN in full\.$/)).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('You cancelled this booking', { exact: true })).toBeVisible();
  await expect(page.getByText(/(We refunded|Your refund of) \$450(\.00)? MXN/).first()).toBeVisible();

  // In Spanish: the profile and the booking page say the same terms.
  await page.evaluate(() => localStorage.setItem('barrio.language', 'es-MX'));
  await page.goto(`/public/vendor/${slug}?tab=about`);
  const acerca = page.getByTestId('cancellation-policy');
  await expect(acerca.getByText('Cancelación: Moderada')).toBeVisible();
  await expect(
    acerca.getByText('Reembolso completo hasta 48 horas antes, la mitad hasta 24 horas antes.'),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto(bookingPage);
  await expect(
    page.getByTestId('booking-cancellation-policy').getByText('Moderada', { exact: true }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  expect(customer.errors).toEqual([]);
});
