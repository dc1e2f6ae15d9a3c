import { expect } from '@playwright/test';
import { newPhonePage } from './support/auth.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { bookSlot, featuredVendor, vendorLinks } from './support/booking.ts';
import { test } from './support/test.ts';

// The vendor's confirm page tells the truth. Opening a link answers nothing — a
// tap does (decision 053); the link opened a second time says what happened and when, with nothing
// to press; a malformed link is "Invalid token" (the spec's "Token Inválido" in Spanish).

test.describe.configure({ timeout: 60_000 });

test('the confirm link answers on a tap, never on a load; the second visit says "You confirmed…"', async ({
  browser,
  baseURL,
  newPhone,
}) => {
  const visitor = await newPhone();
  const vendorSide = await newPhone();
  const page = visitor.page;
  const vendor = await featuredVendor(page, 0);
  // A day in the middle of the fortnight and its last time: no other journey books there.
  const code = await bookSlot(
    page,
    vendor.slug,
    { day: 2, time: 'last' },
    { name: 'Visita Confirmada', email: `confirmada.${Date.now()}@example.test` },
  );
  const links = await vendorLinks(page, code);

  // Decision 053: a link scanner fetches both links and loads their pages, running the JavaScript.
  // The booking is still waiting for the vendor.
  const scanner = await newPhonePage(browser, baseURL);
  try {
    for (const link of [links.decline, links.confirm]) {
      expect((await scanner.page.request.get(link)).status()).toBe(200);
      await scanner.page.goto(link);
      await expect(scanner.page.getByText('Visita Confirmada')).toBeVisible();
      await expect(scanner.page.getByRole('button', { name: 'Confirm booking' })).toBeEnabled();
    }
  } finally {
    await scanner.close();
  }
  const token = new URL(links.confirm).searchParams.get('token')!;
  const waiting = await vendorSide.page.request.get(`/api/bookings/confirm?token=${token}`);
  expect(await waiting.json()).toMatchObject({ answerable: true, status: 'pending_vendor' });

  // The vendor: the mail's "Confirmar" opens the booking with that answer first; one tap sends it.
  const v = vendorSide.page;
  await v.goto(links.confirm);
  await expect(v.getByText('Check the booking and tap a button to send your answer.')).toBeVisible();
  await expect(v.getByTestId('booking-status')).toHaveCount(0);
  await expectNoAxeViolations(v);
  await v.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(v.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();

  // The same link again (the mail's button pressed a second time).
  await v.goto(links.confirm);
  await expect(v.getByTestId('closed-text')).toHaveText(
    /^You confirmed this booking on [A-Z][a-z]+ \d{1,2} at \d{2}:\d{2}\.$/,
  );
  await expect(v.getByText(code)).toBeVisible();
  await expect(v.getByText('Awaiting payment')).toBeVisible();
  await expect(v.getByRole('button', { name: 'Confirm booking' })).toHaveCount(0);
  await expect(v.getByRole('button', { name: 'Decline booking' })).toHaveCount(0);
  // An old link still tells nobody who booked.
  await expect(v.getByText('Visita Confirmada')).toHaveCount(0);
  // Only what the first visit toasted may still be on screen: the second adds no error.
  await expect(v.getByText('Error processing the confirmation')).toHaveCount(0);
  await expectNoAxeViolations(v);

  // A malformed token: the spec's state, never the validator's words.
  await v.goto('/vendor-confirm?token=short&action=confirm');
  await expect(v.getByRole('heading', { name: 'Invalid token' })).toBeVisible();
  await expect(v.getByText(/Invalid json/)).toHaveCount(0);
  await expect(v.getByRole('button', { name: 'Confirm booking' })).toHaveCount(0);
});
