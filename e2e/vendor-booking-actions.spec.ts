import { expect } from '@playwright/test';
import { freshEmail } from './support/auth.ts';
import { expectNoAxeViolations, expectPhoneFriendly } from './support/axe.ts';
import { bookSlot, payInSandbox } from './support/booking.ts';
import { test } from './support/test.ts';
import { ownVendorSignedIn } from './support/vendor-signup.ts';

// The vendor cancels a paid booking (decision 094), on phones: a customer books a vendor of its own
// and pays; the vendor cancels it from the dashboard with a reason; the customer's booking page says
// the vendor cancelled it, with the reason and the full refund.

test.describe.configure({ timeout: 120_000 });

test('the vendor cancels a paid booking with a reason; the booking page shows it and the refund', async ({
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
      business_name: `Plomería Cancela ${Date.now().toString(36)}`,
      business_phone: '55 4444 6666',
      emailKey: 'cancela',
      password: 'Cancela#2026',
      service: { name: 'Reparación de fuga', price_cents: 45_000, duration_minutes: 60 },
    },
  );

  // The customer books; the vendor confirms from the dashboard; the customer pays.
  const page = customer.page;
  const code = await bookSlot(
    page,
    slug,
    { day: 'first', time: 0 },
    { name: 'Cliente Cancelado', email: freshEmail('cancelado') },
  );
  await page.getByRole('link', { name: 'See your booking' }).click();
  await page.waitForURL(new RegExp(`/booking/${code}\\?token=`));
  const bookingPage = page.url();
  await v.reload();
  // The agenda: the request among the requests, then the booking in the list, once confirmed.
  const agenda = v.getByRole('region', { name: 'Agenda' });
  const row = agenda.getByRole('article', { name: `Booking ${code}` });
  await row.getByRole('button', { name: `Confirm booking ${code}` }).click();
  await page.goto(bookingPage);
  await page.getByRole('link', { name: 'Pay now' }).click();
  await payInSandbox(page);

  // The vendor cancels it, with a reason the dialog asks for.
  await v.reload();
  await expect(row.getByText('Paid', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: `Cancel booking ${code}` }).click();
  const dialog = v.getByRole('dialog', { name: `Cancel booking ${code}?` });
  await expect(dialog.getByText(/^Cliente Cancelado gets the full \$450(\.00)? MXN back/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel booking', exact: true }).click();
  await expect(dialog.getByText('Write the reason: the customer reads it.')).toBeVisible();
  await dialog.getByLabel('Why are you cancelling?').fill('Se descompuso mi camioneta');
  await expectNoAxeViolations(v);
  await expectPhoneFriendly(v);
  await dialog.getByRole('button', { name: 'Cancel booking', exact: true }).click();
  await expect(v.getByText('Booking cancelled. We told the customer.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // It leaves the upcoming bookings for the cancelled ones.
  await expect(row).toHaveCount(0);
  await agenda.getByRole('button', { name: 'Cancelled', exact: true }).click();
  await expect(row.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(row.getByText('You cancelled it · Reason: “Se descompuso mi camioneta”')).toBeVisible();
  await expect(row.getByRole('button', { name: `Cancel booking ${code}` })).toHaveCount(0);
  await expectNoAxeViolations(v);

  // The booking page: cancelled by the vendor, the reason, and the refund.
  await page.goto(bookingPage);
  await expect(page.getByText('The vendor cancelled this booking', { exact: true })).toBeVisible();
  await expect(page.getByText('Their reason: “Se descompuso mi camioneta”')).toBeVisible();
  await expect(
    page.getByText(
      /^The vendor cancelled this booking; we are sorry\. (We refunded|Your refund of) \$450(\.00)? MXN/,
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
  await expectNoAxeViolations(page);
});
