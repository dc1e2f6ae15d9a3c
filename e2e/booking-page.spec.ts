import { expect } from '@playwright/test';
import { freshEmail } from './support/auth.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import {
  bookSlot,
  cancelOnPage,
  confirmFromMail,
  featuredVendor,
  mailText,
  payInSandbox,
  rescheduleOnPage,
} from './support/booking.ts';
import { test } from './support/test.ts';

// Decisions 044 and 046: a guest books, follows the confirmation to the booking page, opens
// the same page from the receipt mail, and after the vendor confirms pays from it; then moves it to
// another day and cancels it, with the refund shown. Its own vendor (featured 3, last day; moved to
// a day in the middle) so that it never meets another journey.

test.describe.configure({ timeout: 90_000 });

test('a guest books, opens the booking page from the confirmation and the mail, pays, reschedules and cancels', async ({
  newPhone,
}) => {
  const customer = await newPhone();
  const vendorSide = await newPhone();
  const page = customer.page;
  const vendor = await featuredVendor(page, 3);
  const code = await bookSlot(
    page,
    vendor.slug,
    { day: 'last', time: 1 },
    { name: 'Cliente con Enlace', email: freshEmail('enlace') },
  );

  // From the confirmation: the page, awaiting the vendor, with the answer deadline.
  await page.getByRole('link', { name: 'See your booking' }).click();
  await page.waitForURL(new RegExp(`/booking/${code}\\?token=[\\w-]{54}$`));
  const pageUrl = page.url();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(vendor.business_name);
  await expect(page.getByText(code, { exact: true })).toBeVisible();
  await expect(
    page.getByText(/The vendor usually answers within 8 hours, and at the latest by /),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Pay now' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The receipt mail, in the language of the page the booking was made on, carries the same page.
  const receipt = await mailText(page, `Booking request ${code} received`, '/booking/');
  const mailed = /(http\S+\/booking\/[A-Z2-9]{6}\?token=[\w-]{54})/.exec(receipt)?.[1];
  expect(mailed).toBe(pageUrl);

  // The vendor confirms; the page now offers Pay now, the deadline and the vendor's WhatsApp.
  await confirmFromMail(page, vendorSide.page, code);
  await page.goto(mailed!);
  await expect(page.getByText(/The vendor confirmed\. Pay by /)).toBeVisible();
  // Pay now is on the first screen at 390 px, whole, not at its bottom edge.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.getByRole('link', { name: 'Pay now' })).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('link', { name: /on WhatsApp$/ })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/\d+$/,
  );
  await expect(page.getByRole('link', { name: 'Add to calendar (.ics file)' })).toHaveAttribute(
    'href',
    /\/api\/bookings\/manage\/calendar\.ics\?token=/,
  );
  await expectNoAxeViolations(page);

  // Pay now leads to the checkout; paid, the page says so.
  await page.getByRole('link', { name: 'Pay now' }).click();
  await payInSandbox(page);
  // The success page leads back to the booking page.
  await page.getByRole('link', { name: 'See my booking' }).click();
  await page.waitForURL((u) => u.pathname === `/booking/${code}` && u.searchParams.has('token'));
  await expect(page.getByText('It is paid: see you at the appointment.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Pay now' })).toHaveCount(0);

  // Reschedule: another open time of the same service; it stays paid.
  await rescheduleOnPage(page);
  await expect(page.getByText('It is paid: see you at the appointment.')).toBeVisible();
  await expect(page.getByText('You changed the date')).toBeVisible();
  await expect
    .poll(async () => (await mailText(page, `Booking ${code}: new time`, '/booking/')).length)
    .toBeGreaterThan(0);

  // Cancel: more than 24 hours ahead, a paid booking is refunded in full (the sandbox refunds).
  await cancelOnPage(page, { refund: true });
  await expect(page.getByText(/We refunded \$[\d,.]+ MXN\./)).toBeVisible();
  await mailText(page, `Refund for booking ${code}`, 'We refunded');

  // In Spanish too, and a link with a changed token is a booking not found.
  await page.evaluate(() => localStorage.setItem('barrio.language', 'es-MX'));
  await page.goto(`${mailed!.slice(0, -1)}${mailed!.endsWith('A') ? 'B' : 'A'}`);
  await expect(page.getByRole('heading', { name: 'Reserva no encontrada' })).toBeVisible();
  await expectNoAxeViolations(page);
  expect(customer.errors).toEqual([]);
});
