import { expect } from '@playwright/test';
import { demo, freshEmail, logInAsVendor } from './support/auth.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { bookSlot, requestBooking } from './support/booking.ts';
import { test } from './support/test.ts';

// Decline-and-block (decision 036): the demo vendor declines a visitor's request from the
// dashboard and blocks its requester; that visitor's next request to the vendor is refused with the
// block's message, while another visitor still books. Each page is its own client address
// (newPhonePage), so the block stored with this visitor's address touches no other journey.

test.describe.configure({ timeout: 90_000 });

// The last day: booking-request.spec.ts books this featured vendor's first day.
const slot = { day: 'last', time: 0 } as const;

test('the vendor declines and blocks a requester, who cannot book again; another visitor can', async ({
  newPhone,
}) => {
  const vendorSide = await newPhone();
  const visitor = await newPhone();
  const other = await newPhone();
  const v = vendorSide.page;
  await logInAsVendor(v, demo.vendor, demo.password);
  await expect(v).toHaveURL(/\/vendor\/dashboard$/);
  const { slug } = (await (await v.request.get('/api/vendor/profile')).json()) as { slug: string };

  const suffix = Date.now().toString(36);
  const requester = { name: `Visita Bloqueada ${suffix}`, email: freshEmail('bloqueada') };
  const code = await bookSlot(visitor.page, slug, slot, requester);

  // The agenda lists the request among those to answer (the seed's and other journeys' ones).
  await v.reload();
  const agenda = v.getByRole('region', { name: 'Agenda' });
  const requests = agenda.getByRole('region', { name: /^Requests to answer/ });
  const row = requests.getByRole('article', { name: `Booking ${code}` });
  await expect(row.getByText('Awaiting your reply')).toBeVisible();
  await row.getByRole('button', { name: `Decline and block the requester of booking ${code}` }).click();
  // The confirmation names the booking and the person it blocks.
  const dialog = v.getByRole('alertdialog');
  await expect(dialog).toContainText(code);
  await expect(dialog).toContainText(requester.name);
  await expectNoAxeViolations(v);
  await dialog.getByRole('button', { name: 'Decline and block' }).click();
  await expect(v.getByText('Booking declined; requester blocked')).toBeVisible();
  await expect(dialog).toBeHidden();
  // Answered: no longer a request, it is among the bookings that will not take place.
  await expect(row).toHaveCount(0);
  await agenda.getByRole('button', { name: 'Cancelled' }).click();
  const declined = agenda
    .getByRole('list')
    .last()
    .getByRole('article', { name: `Booking ${code}` });
  await expect(declined.getByText('Declined', { exact: true })).toBeVisible();
  await expect(declined.getByRole('button')).toHaveCount(0);

  // The same visitor (same email, same connection) asks again: refused, with the block's words.
  await requestBooking(visitor.page, slug, slot, requester);
  const refused = visitor.page.locator('[data-sonner-toast]', { hasText: 'Booking Failed' });
  await expect(refused.getByText('This vendor is not accepting requests from you.')).toBeVisible();
  await expect(visitor.page.getByTestId('booking-code')).toHaveCount(0);
  await expectNoAxeViolations(visitor.page);
  const mine = (await (await v.request.get('/api/vendor/bookings')).json()) as {
    items: { customer_name: string }[];
  };
  expect(mine.items.filter((b) => b.customer_name === requester.name)).toHaveLength(1);

  // Someone else, from their own connection, still books the vendor.
  const stranger = { name: `Otra Visita ${suffix}`, email: freshEmail('otra-visita') };
  const otherCode = await bookSlot(other.page, slug, slot, stranger);
  await expect(other.page.getByRole('heading', { name: 'Booking requested' })).toBeVisible();
  await v.reload();
  const otherRow = requests.getByRole('article', { name: `Booking ${otherCode}` });
  await expect(otherRow.getByText('Awaiting your reply')).toBeVisible();
  // Leave the vendor's calendar as it was: a plain decline, with its reason (decision 096).
  await otherRow.getByRole('button', { name: `Decline booking ${otherCode}` }).click();
  const declining = v.getByRole('dialog', { name: `Decline the request ${otherCode}?` });
  await declining.getByLabel('Why are you declining?').fill('Ese día no trabajo');
  await declining.getByRole('button', { name: 'Decline', exact: true }).click();
  await expect(v.getByText('Request declined. We told the customer.')).toBeVisible();
  await expect(otherRow).toHaveCount(0);
});
