import { expect } from '@playwright/test';
import { freshEmail } from './support/auth.ts';
import { expectPhoneFriendly } from './support/axe.ts';
import { mailText, payInSandbox, pickSlot } from './support/booking.ts';
import { test } from './support/test.ts';

// Instant booking (decision 097): a customer books a vendor that takes instant bookings (the demo
// barber) and pays at once in the sandbox checkout, with no wait for the vendor's answer; the vendor
// is told of a confirmed booking. On a phone, 390 px wide, axe clean at each step.

test.describe.configure({ timeout: 90_000 });

const BARBER = 'barberia-el-bigote-de-don-chucho';

test('a customer books an instant-booking vendor and pays at once', async ({ newPhone }) => {
  const { page } = await newPhone();
  await page.goto(`/public/vendor/${BARBER}`);
  // The profile says so up front.
  await expect(page.getByText('Instant booking', { exact: true }).first()).toBeVisible();
  await expectPhoneFriendly(page);

  await page.goto(`/public/vendor/${BARBER}?tab=services`);
  const form = await pickSlot(page, { day: 'last', time: 'last' });
  await form.getByLabel('Name', { exact: true }).fill('Cliente Inmediato');
  const email = freshEmail('inmediato');
  await form.getByLabel('Email', { exact: true }).fill(email);
  // Before Book Now: what booking here means.
  await expect(form.getByText('Instant booking: confirmed at once, pay now.')).toBeVisible();
  await expectPhoneFriendly(page);
  await form.getByRole('button', { name: 'Book Now' }).click();

  // Straight to the checkout: confirmed already, nothing to wait for.
  await page.waitForURL(/\/sandbox\/checkout\/cs_sandbox_\w+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Test payment' })).toBeVisible();
  const code = (await page.getByTestId('payment-code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^[A-Z2-9]{6}$/);
  await expectPhoneFriendly(page);
  const amount = await payInSandbox(page);

  await expect(page.getByRole('heading', { level: 1, name: 'Payment received!' })).toBeVisible();
  await expect(page.getByTestId('payment-status')).toHaveText('Paid');
  await expect(page.getByTestId('payment-amount')).toHaveText(amount);
  await expect(page.getByTestId('payment-code')).toHaveText(code);
  await expectPhoneFriendly(page);

  // The customer had the payment link with the hold's deadline; the vendor (Spanish) was told of a
  // confirmed booking, with nothing to confirm; the customer's receipt of the payment follows.
  const link = await mailText(page, `Booking ${code} confirmed: pay`, '/sandbox/checkout/');
  expect(link).toMatch(/You have until .+ to pay; otherwise the booking will be cancelled automatically\./);
  await mailText(page, `Nueva reserva ${code} confirmada`, 'no necesitas confirmarla');
  await mailText(page, `Payment received · Booking ${code}`, 'calendar invitation');
});
