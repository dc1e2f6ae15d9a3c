import { expect } from '@playwright/test';
import { freshEmail } from './support/auth.ts';
import { expectNoAxeViolations, expectPhoneFriendly } from './support/axe.ts';
import { bookSlot } from './support/booking.ts';
import { test } from './support/test.ts';
import { ownVendorSignedIn } from './support/vendor-signup.ts';

// The vendor proposes another time (decision 096), on phones: a customer books a free service of a
// vendor of its own, the vendor confirms and then proposes another day from the dashboard, among
// its own open times; the customer's booking page shows the proposal first, and accepting it moves
// the booking there.

test.describe.configure({ timeout: 120_000 });

test('the vendor proposes another time; the customer accepts it on the booking page', async ({
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
      business_name: `Jardinería Propone ${Date.now().toString(36)}`,
      business_phone: '55 4444 7777',
      emailKey: 'propone',
      password: 'Propone#2026',
      service: { name: 'Poda de jardín', price_cents: 0, duration_minutes: 60 },
    },
  );

  // The customer books; the vendor confirms from the dashboard (free: confirmed at once).
  const page = customer.page;
  const code = await bookSlot(
    page,
    slug,
    { day: 'first', time: 0 },
    { name: 'Cliente Propuesta', email: freshEmail('propuesta') },
  );
  await page.getByRole('link', { name: 'See your booking' }).click();
  await page.waitForURL(new RegExp(`/booking/${code}\\?token=`));
  const bookingPage = page.url();
  const bookedAt = await page.getByTestId('booking-when').textContent();
  await v.reload();
  const agenda = v.getByRole('region', { name: 'Agenda' });
  const row = agenda.getByRole('article', { name: `Booking ${code}` });
  await row.getByRole('button', { name: `Confirm booking ${code}` }).click();
  await expect(row.getByText('Confirmed', { exact: true })).toBeVisible();

  // The vendor proposes another day among its own open times.
  await row.getByRole('button', { name: `Propose another time for booking ${code}` }).click();
  const dialog = v.getByRole('dialog', { name: `Propose another time for ${code}` });
  const send = dialog.getByRole('button', { name: 'Send proposal' });
  await expect(send).toBeDisabled();
  await dialog.getByRole('group', { name: 'Day' }).getByRole('radio').nth(1).check({ force: true });
  await dialog.getByRole('group', { name: /^Time/ }).getByRole('radio').first().check({ force: true });
  await expectNoAxeViolations(v);
  await expectPhoneFriendly(v);
  await send.click();
  await expect(v.getByText('Proposal sent. We will tell you when the customer answers.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(row.getByTestId('proposal-waiting')).toContainText('waiting for the customer');

  // The customer sees it first on the booking page, and accepts it.
  await page.goto(bookingPage);
  const proposal = page.getByRole('region', { name: /proposes another time$/ });
  await expect(proposal).toBeVisible();
  const proposedAt = await proposal.getByTestId('proposal-when').textContent();
  expect(proposedAt).not.toBe(bookedAt);
  await expect(proposal.getByText(/^Your booking stays on .* until you answer\.$/)).toBeVisible();
  await expectNoAxeViolations(page);
  await expectPhoneFriendly(page);
  await proposal.getByRole('button', { name: 'Accept the new time' }).click();
  await expect(page.getByText(/^Done: your booking is now on /)).toBeVisible();
  await expect(proposal).toHaveCount(0);
  await expect(page.getByTestId('booking-when')).toHaveText(proposedAt!);
  await expectNoAxeViolations(page);

  // The vendor's agenda has it at the new time, with nothing waiting.
  await v.reload();
  await expect(row.getByTestId('proposal-waiting')).toHaveCount(0);
  await expect(row.getByRole('button', { name: `Propose another time for booking ${code}` })).toBeVisible();
});
