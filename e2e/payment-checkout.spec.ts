import { expect, type Page } from '@playwright/test';
import { freshEmail } from './support/auth.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { bookSlot, confirmFromMail, featuredVendor, mailText, sandboxAmount } from './support/booking.ts';
import { test } from './support/test.ts';

// Payments: a visitor books, the vendor confirms from the mailed link, the customer gets
// the payment link by mail and pays in the sandbox checkout (the default provider, ARCHITECTURE §7);
// /payment-success shows the booking in MXN. And the way back: cancel at the checkout, land on
// /payment-cancel, retry into the same checkout.

test.describe.configure({ timeout: 90_000 });

/**
 * Books a featured vendor's slot. Each journey books its own vendor and day: booking-request.spec.ts
 * books vendor 1's first day, so the cancel test here takes its last one; on one day a few slots
 * apart can still overlap, as a service lasts hours and late in the day the day has few slots left.
 */
async function bookAndConfirm(
  page: Page,
  vendorPage: Page,
  vendorIndex: number,
  slot: { day: 'first' | 'last'; time: number },
) {
  const vendor = await featuredVendor(page, vendorIndex);
  const code = await bookSlot(page, vendor.slug, slot, {
    name: 'Cliente de Pago',
    email: freshEmail('pago'),
  });
  await confirmFromMail(page, vendorPage, code);

  // The customer's payment link, in the language of the page they booked on (English), with the
  // deadline.
  const linkMail = await mailText(page, `Booking ${code} confirmed: pay`, '/sandbox/checkout/');
  expect(linkMail).toMatch(
    /You have until .+ to pay; otherwise the booking will be cancelled automatically\./,
  );
  const url = /(http\S+\/sandbox\/checkout\/cs_sandbox_\w+)/.exec(linkMail)![1]!;
  return { code, url: new URL(url).pathname };
}

test('the customer pays in the sandbox; /payment-success shows the booking in MXN', async ({ newPhone }) => {
  const customer = await newPhone();
  const vendorSide = await newPhone();
  const page = customer.page;
  const { code, url } = await bookAndConfirm(page, vendorSide.page, 2, { day: 'first', time: 2 });

  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1, name: 'Test payment' })).toBeVisible();
  const amount = await sandboxAmount(page);
  expect(amount).toMatch(/^\$[\d,]+(\.\d{2})? MXN$/);
  await expect(page.getByTestId('payment-code')).toHaveText(code);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: `Pay ${amount}` }).click();

  await page.waitForURL(/\/payment-success\?session_id=cs_sandbox_\w+&token=[\w-]{54}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment received!' })).toBeVisible();
  await expect(page.getByTestId('payment-amount')).toHaveText(amount);
  await expect(page.getByTestId('payment-status')).toHaveText('Paid');
  await expect(page.getByTestId('payment-code')).toHaveText(code);
  // Date and time in the vendor's timezone, in the page's English ("Wednesday, November 25, 2026 at 9:00 AM"):
  // letters, not \w, which would miss a Spanish day's accents (miércoles, sábado).
  await expect(page.getByTestId('payment-when')).toHaveText(
    /^\p{L}+, \p{L}+ \d{1,2}, \d{4} at \d{1,2}:\d{2}/u,
  );
  await expectNoAxeViolations(page);

  // Both parties are told, each in their language (decision 072): the customer booked on an English
  // page, the vendor's account reads Spanish; the customer's mail carries the calendar invite.
  await mailText(page, `Payment received · Booking ${code}`, 'calendar invitation');
  await mailText(page, `Reserva ${code} pagada`, 'Está confirmada');

  // The checkout is closed now: paying again is refused, the page says so.
  await page.goto(url);
  await expect(
    page.getByRole('heading', { name: 'This payment session is no longer available' }),
  ).toBeVisible();

  // Without a session id: the spec's text and toast.
  await page.goto('/payment-success');
  await expect(page.getByRole('heading', { level: 1, name: 'Booking not found' })).toBeVisible();
  await expect(page.getByText('Payment session ID not found').first()).toBeVisible();
  await expectNoAxeViolations(page);
});

test('cancelling at the checkout leads to /payment-cancel, whose retry returns to the same checkout', async ({
  newPhone,
}) => {
  const customer = await newPhone();
  const vendorSide = await newPhone();
  const page = customer.page;
  const { code, url } = await bookAndConfirm(page, vendorSide.page, 1, { day: 'last', time: 3 });

  await page.goto(url);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.waitForURL(/\/payment-cancel\?appointment_id=[0-9a-f-]{36}&token=[\w-]{54}$/);
  const cancelPage = page.url();
  await expect(page.getByRole('heading', { level: 1, name: 'The payment was not completed' })).toBeVisible();
  await expect(page.getByText('Your booking is still awaiting payment.')).toBeVisible();
  await expect(
    page.getByText(/Pay before the deadline shown below; .+ cancelled automatically\./),
  ).toBeVisible();
  await expect(page.getByTestId('payment-status')).toHaveText('Awaiting payment');
  await expect(page.getByTestId('payment-code')).toHaveText(code);
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Try the payment again' }).click();
  await page.waitForURL((u) => u.pathname === url);
  await expect(page.getByRole('button', { name: /^Pay \$/ })).toBeVisible();

  // The same booking by its id alone (no page token, not signed in): as unknown, no payment link.
  await page.goto(cancelPage.replace(/&token=[\w-]+$/, ''));
  await expect(page.getByRole('heading', { name: 'Booking not found' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try the payment again' })).toHaveCount(0);

  // An unknown booking: said plainly, no retry.
  await page.goto('/payment-cancel?appointment_id=00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Booking not found' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try the payment again' })).toHaveCount(0);
  await expectNoAxeViolations(page);
});
