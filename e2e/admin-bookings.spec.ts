import { expect } from '@playwright/test';
import { demo, freshEmail, signInOnAuthPage } from './support/auth.ts';
import { expectNoAxeViolations, expectNoSideScroll } from './support/axe.ts';
import { bookSlot, confirmFromMail, payInSandbox } from './support/booking.ts';
import { test } from './support/test.ts';

// Decision 049: a guest books and pays (the sandbox checkout); on a phone, an admin
// finds the booking by its code in the Bookings tab, opens it, cancels it with a refund, and sees the
// refund recorded. Its own vendor (the ninth of the public list, not a featured one) so that it never
// meets another journey.

test.describe.configure({ timeout: 120_000 });

test('an admin finds a paid booking by its code and cancels it with a refund', async ({ newPhone }) => {
  const customer = await newPhone();
  const vendorSide = await newPhone();
  const adminSide = await newPhone();
  // A paid booking: request, the vendor's confirm link, Pay now on the booking page, the sandbox.
  const page = customer.page;
  const { items } = (await (await page.request.get('/api/vendors?limit=12')).json()) as {
    items: { slug: string; business_name: string }[];
  };
  const vendor = items[8] ?? items.at(-1)!;
  const email = freshEmail('reembolso');
  const code = await bookSlot(
    page,
    vendor.slug,
    { day: 'last', time: 0 },
    { name: 'Cliente Reembolso', email },
  );
  await page.getByRole('link', { name: 'See your booking' }).click();
  await page.waitForURL(new RegExp(`/booking/${code}\\?token=`));
  const bookingPage = page.url();
  await confirmFromMail(page, vendorSide.page, code);
  await page.goto(bookingPage);
  await page.getByRole('link', { name: 'Pay now' }).click();
  const amount = await payInSandbox(page);

  // The admin opens the Bookings tab and searches the code (in small letters).
  const admin = adminSide.page;
  await signInOnAuthPage(admin, demo.admin, demo.password);
  await expect(admin).toHaveURL(/\/$/);
  await admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
  await admin.getByRole('tab', { name: 'Bookings' }).click();
  await admin.getByRole('searchbox', { name: 'Search' }).fill(code.toLowerCase());
  await expect(admin.getByText('Showing 1 of 1')).toBeVisible();
  const row = admin.getByRole('listitem').filter({ hasText: code });
  await expect(row.getByText('Paid', { exact: true })).toBeVisible();
  await expect(row.getByText(email)).toBeVisible();
  await expect(admin.getByRole('link', { name: /^Export the 1 bookings/ })).toHaveAttribute(
    'href',
    `/api/admin/bookings.csv?q=${code.toLowerCase()}`,
  );
  await expectNoSideScroll(admin);
  await expectNoAxeViolations(admin);

  // The detail: contact, timeline, payment; cancel with a reason, confirmed first.
  await row.getByRole('button', { name: `Open booking ${code}` }).click();
  const dialog = admin.getByRole('dialog', { name: `Booking ${code}` });
  await expect(dialog.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
  await expect(
    dialog.getByRole('region', { name: 'Timeline' }).getByText('Paid', { exact: true }),
  ).toBeVisible();
  await expect(dialog.getByText('No refund is owed.')).toBeVisible();
  await expectNoAxeViolations(admin);
  await dialog
    .getByLabel('Reason (the customer and the vendor will read it)')
    .fill('El proveedor no puede ir');
  await dialog.getByRole('button', { name: 'Cancel booking' }).click();
  const confirm = admin.getByRole('alertdialog', { name: `Cancel booking ${code}?` });
  await expect(confirm.getByText(/is refunded to the customer\.$/)).toContainText(
    amount.replace(/ MXN$/, ''),
  );
  await expectNoAxeViolations(admin);
  await confirm.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(admin.getByText('Booking cancelled and refunded')).toBeVisible();

  // Recorded: cancelled by Barrio with the reason, refunded with its reference; nothing left to do.
  await expect(dialog.getByText('Cancelled by Barrio')).toBeVisible();
  await expect(dialog.getByText('Reason: El proveedor no puede ir')).toBeVisible();
  await expect(dialog.getByText(/ refunded on /)).toBeVisible();
  await expect(dialog.getByText(/^Refund reference: re_/)).toBeVisible();
  await expect(dialog.getByText('This booking has ended: there is nothing to do.')).toBeVisible();
  await expectNoAxeViolations(admin);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(row.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(row.getByText('Refunded', { exact: true })).toBeVisible();
  expect(adminSide.errors).toEqual([]);
  expect(customer.errors).toEqual([]);
});

// Decision 056: a refund the card network returned stays owed (the seeded booking), with the
// provider's words; the admin records it as paid back by other means with a reference — first in
// Spanish, where the form is checked at 390 px, then read back in English.
test('an admin marks a refund that keeps failing as refunded, with its reference', async ({ newPhone }) => {
  const adminSide = await newPhone();
  const admin = adminSide.page;
  await signInOnAuthPage(admin, demo.admin, demo.password);
  await expect(admin).toHaveURL(/\/$/);
  await admin.evaluate(() => localStorage.setItem('barrio.language', 'es-MX'));
  await admin.goto('/admin?tab=bookings&refund=owed');
  const row = admin.getByRole('listitem').filter({ hasText: 'Reembolso pendiente' }).first();
  const code = (await row.getByRole('button', { name: /^Abrir la reserva / }).getAttribute('aria-label'))
    ?.replace(/^Abrir la reserva /, '')
    .trim();
  expect(code).toMatch(/^[A-Z0-9]{6}$/);
  await row.getByRole('button', { name: `Abrir la reserva ${code}` }).click();
  const dialog = admin.getByRole('dialog', { name: `Reserva ${code}` });
  await expect(
    dialog.getByText(/^El proveedor de pagos respondió: .*expired_or_canceled_card/),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Marcar como reembolsado' }).click();
  await expect(dialog.getByText('Escribe la referencia del reembolso.')).toBeVisible();
  await dialog.getByLabel(/^Referencia del reembolso hecho por otro medio/).fill('SPEI 0012345');
  await expectNoSideScroll(admin);
  await expectNoAxeViolations(admin);
  await dialog.getByRole('button', { name: 'Marcar como reembolsado' }).click();
  const confirm = admin.getByRole('alertdialog', { name: /^¿Marcar .* como reembolsado\?$/ });
  await expect(confirm.getByText(/con la referencia «SPEI 0012345»/)).toBeVisible();
  await expectNoAxeViolations(admin);
  await confirm.getByRole('button', { name: 'Marcar como reembolsado' }).click();
  await expect(admin.getByText('Reembolso registrado')).toBeVisible();
  await expect(dialog.getByText('Devuelto por otro medio; referencia: SPEI 0012345')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Marcar como reembolsado' })).toHaveCount(0);

  // In English, the same booking reads refunded with the admin's reference.
  await admin.evaluate(() => localStorage.setItem('barrio.language', 'en'));
  await admin.goto(`/admin?tab=bookings&q=${code}`);
  const again = admin.getByRole('listitem').filter({ hasText: code! });
  await expect(again.getByText('Refunded', { exact: true })).toBeVisible();
  await again.getByRole('button', { name: `Open booking ${code}` }).click();
  const detail = admin.getByRole('dialog', { name: `Booking ${code}` });
  await expect(detail.getByText('Paid back by other means; reference: SPEI 0012345')).toBeVisible();
  await expectNoSideScroll(admin);
  await expectNoAxeViolations(admin);
  expect(adminSide.errors).toEqual([]);
});
