import { expect } from '@playwright/test';
import { demo, signInOnAuthPage } from './support/auth.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { bookingCode, confirmFromMail, featuredVendor, pickSlot, vendorLinks } from './support/booking.ts';
import { test } from './support/test.ts';

// Booking: a visitor requests a slot on a vendor's profile; the vendor answers from the
// link in the dev mailbox (the outbox dispatcher delivers it); the booking moves on.

// Two people, a sign-in, the outbox and four axe scans: longer than one screen's journey.
test.describe.configure({ timeout: 60_000 });

test('a signed-in customer books; the vendor confirms from the mailed link; awaiting payment', async ({
  newPhone,
}) => {
  const customer = await newPhone();
  const vendorSide = await newPhone();
  const page = customer.page;
  await signInOnAuthPage(page, demo.customer, demo.password);
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
  const vendor = await featuredVendor(page, 0);
  // Quick Book's target: the services tab with the form.
  await page.goto(`/public/vendor/${vendor.slug}?tab=services`);
  const form = await pickSlot(page, { time: 0 });
  await expect(form.getByLabel('Email', { exact: true })).toHaveValue(demo.customer);
  await expect(form.getByLabel('Name', { exact: true })).not.toHaveValue('');
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: 'Book Now' }).click();

  await expect(page.getByRole('heading', { name: 'Booking requested' })).toBeVisible();
  await expect(page.getByText('Awaiting confirmation')).toBeVisible();
  // The vendor's own measured answer time when it has one (decision 066), else the 8-hour aim.
  const profile = (await (await page.request.get(`/api/vendors/${vendor.slug}`)).json()) as {
    response_minutes_median: number | null;
  };
  await expect(
    page.getByText(
      profile.response_minutes_median === null
        ? /Confirmations arrive within 8 hours/
        : /This vendor usually answers in about /,
    ),
  ).toBeVisible();
  const code = await bookingCode(page);
  await expectNoAxeViolations(page);

  const v = vendorSide.page;
  const links = await confirmFromMail(page, v, code);
  await expect(v.getByTestId('booking-status')).toHaveText('Status: Awaiting payment');
  await expectNoAxeViolations(v);

  // The same link again: what happened and when; nothing is sent and nothing to press.
  await v.goto(links.decline);
  await expect(v.getByText(/^You confirmed this booking on /)).toBeVisible();
  await expect(v.getByTestId('booking-status')).toHaveCount(0);
  await expect(v.getByRole('button', { name: 'Decline booking' })).toHaveCount(0);

  const mine = (await (await page.request.get('/api/me/bookings')).json()) as {
    items: { code: string; status: string; vendor_slug: string }[];
  };
  expect(mine.items.find((b) => b.code === code)).toMatchObject({
    status: 'awaiting_payment',
    vendor_slug: vendor.slug,
  });
});

test('a visitor books; the vendor declines from the page’s buttons', async ({ newPhone }) => {
  const visitor = await newPhone();
  const vendorSide = await newPhone();
  const page = visitor.page;
  const vendor = await featuredVendor(page, 1);
  await page.goto(`/public/vendor/${vendor.slug}`);
  const form = await pickSlot(page, { time: 1 });

  // product §5: name and email are required, checked at submit.
  await form.getByRole('button', { name: 'Book Now' }).click();
  await expect(page.getByText('Missing Information')).toBeVisible();

  await form.getByLabel('Name', { exact: true }).fill('Visita de Prueba');
  await form.getByLabel('Email', { exact: true }).fill(`visita.${Date.now()}@example.test`);
  await form.getByLabel('Phone (optional)').fill('55 1234 5678');
  // WhatsApp only when asked for (decision 070): the box starts unticked.
  const consent = form.getByRole('checkbox', { name: /Barrio’s messages about this booking on WhatsApp/ });
  await expect(consent).not.toBeChecked();
  await consent.check();
  await form.getByLabel('Notes (optional)').fill('Timbre 3');
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: 'Book Now' }).click();
  const code = await bookingCode(page);

  const links = await vendorLinks(page, code);
  const v = vendorSide.page;
  // Without an action the page waits for a choice.
  await v.goto(links.decline.replace('&action=decline', ''));
  await expect(v.getByText('When you confirm, the customer gets a payment link.')).toBeVisible();
  await expect(v.getByText('Visita de Prueba')).toBeVisible();
  await expectNoAxeViolations(v);
  await v.getByRole('button', { name: 'Decline booking' }).click();
  await expect(v.getByRole('heading', { name: 'Booking declined' })).toBeVisible();
  await expect(v.getByTestId('booking-status')).toHaveText('Status: Declined');

  // No token at all.
  await v.goto('/vendor-confirm');
  await expect(v.getByRole('heading', { name: 'Invalid token' })).toBeVisible();
  // Its toast loads a moment later: axe runs once it is on screen (and has faded in), not while
  // it fades in, when its colours are in between.
  await expect(v.locator('[data-title]', { hasText: 'Invalid confirmation token' })).toBeVisible();
  await expectNoAxeViolations(v);
});
