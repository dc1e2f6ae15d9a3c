import { expect, type Locator } from '@playwright/test';
import { demo, freshEmail, logInAsVendor, signInOnAuthPage } from './support/auth.ts';
import { expectNoAxeViolations, expectPhoneFriendly } from './support/axe.ts';
import { bookSlot, confirmFromMail, payInSandbox } from './support/booking.ts';
import { test } from './support/test.ts';

// Vendors get paid (decision 064), on phones: a customer books and pays the demo vendor; the vendor
// sees the booking's money pending in Earnings beside the seed's available money and its earlier
// SPEI payout; an admin records a SPEI payout of the available balance in the Payouts tab (in
// Spanish); the vendor's available balance is then nothing and the payout is listed with its
// reference.
//
// Other journeys share the server and the demo vendor: they book its first, third and last days,
// so this one books the fifth; none pays out or cancels a past booking, so the available balance
// moves only here. Pending money grows as other journeys pay, so it is never compared. This is the
// one journey that pays the demo vendor out: after it, the vendor has nothing available until the
// next booking's hold passes (a retry on the same server would find no payout due).

test.describe.configure({ timeout: 120_000 });

/** A balance's amount in the Earnings section: the definition after its term. */
const balance = (earnings: Locator, term: string) =>
  earnings
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator('xpath=following-sibling::dd[1]');

test('a paid booking waits in Earnings; an admin pays the available balance out by SPEI', async ({
  newPhone,
}) => {
  const customer = await newPhone();
  const vendorSide = await newPhone();
  const adminSide = await newPhone();
  const v = vendorSide.page;
  await logInAsVendor(v, demo.vendor, demo.password);
  await expect(v).toHaveURL(/\/vendor\/dashboard$/);
  const { slug } = (await (await v.request.get('/api/vendor/profile')).json()) as { slug: string };

  // A customer books and pays: the vendor's mailed confirm link, then Pay now and the sandbox.
  const page = customer.page;
  const code = await bookSlot(
    page,
    slug,
    { day: 4, time: 1 },
    { name: 'Cliente Ganancias', email: freshEmail('ganancias') },
  );
  await page.getByRole('link', { name: 'See your booking' }).click();
  await page.waitForURL(new RegExp(`/booking/${code}\\?token=`));
  const bookingPage = page.url();
  await confirmFromMail(page, v, code);
  await page.goto(bookingPage);
  await page.getByRole('link', { name: 'Pay now' }).click();
  const amount = await payInSandbox(page); // "$450 MXN"

  // The vendor's Earnings: the booking pending (its appointment is still ahead), with its split.
  await v.goto('/vendor/dashboard');
  const earnings = v.getByRole('region', { name: 'Earnings' });
  const entry = earnings.getByRole('listitem').filter({ hasText: `Booking ${code}` });
  await expect(entry.getByText('Pending', { exact: true })).toBeVisible();
  await expect(entry.getByRole('definition').first()).toHaveText(amount);
  await expect(entry.getByText('Commission')).toBeVisible();
  await expect(entry.getByText('Net for you')).toBeVisible();
  await expect(
    earnings.getByText(/^Paid bookings, held until 24 hours after the appointment ends/),
  ).toBeVisible();
  // The seed's past bookings are available to pay out; the CLABE and the earlier payout are there.
  const available = (await balance(earnings, 'Available').textContent())?.trim() ?? '';
  expect(available).toMatch(/^\$[1-9][\d,]*(\.\d{2})? MXN$/);
  await expect(earnings.getByText('CLABE ending in 7771 · BANAMEX')).toBeVisible();
  await expect(earnings.getByText('SPEI · reference BARRIO0000DEMO1')).toBeVisible();
  await expectPhoneFriendly(v);

  // The admin, in Spanish, pays the demo vendor's available balance and records the SPEI reference.
  const admin = adminSide.page;
  await signInOnAuthPage(admin, demo.admin, demo.password);
  await expect(admin).toHaveURL(/\/$/);
  await admin.evaluate(() => localStorage.setItem('barrio.language', 'es-MX'));
  await admin.goto('/admin');
  await admin.getByRole('tab', { name: 'Pagos' }).click();
  await expect(admin).toHaveURL(/tab=payouts/);
  await expect(admin.getByText('Comisión ganada')).toBeVisible();
  const card = admin.getByRole('listitem').filter({
    has: admin.getByRole('heading', { level: 3, name: 'Brillo Total Limpieza' }),
  });
  await expect(
    card.getByText('Disponible', { exact: true }).locator('xpath=following-sibling::dd[1]'),
  ).toHaveText(available);
  await expect(card.getByText(/^CLABE terminada en 7771 · BANAMEX · /)).toBeVisible();
  await expectPhoneFriendly(admin);
  await card.getByRole('button', { name: 'Marcar como pagado: Brillo Total Limpieza' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Pagar a Brillo Total Limpieza' });
  await expect(
    dialog.getByText(`Envía ${available} por SPEI a la CLABE terminada en 7771`, { exact: false }),
  ).toBeVisible();
  // The reference is checked before it is sent, and said in Spanish.
  await dialog.getByRole('button', { name: 'Marcar como pagado' }).click();
  await expect(
    dialog.getByText('Escribe la clave de rastreo de la transferencia.', { exact: true }),
  ).toBeVisible();
  const reference = `E2E${Date.now().toString(36).toUpperCase()}`;
  await dialog.getByLabel('Clave de rastreo del SPEI').fill(reference);
  await expectNoAxeViolations(admin);
  await dialog.getByRole('button', { name: 'Marcar como pagado' }).click();
  await expect(
    admin.getByText(`${available} a Brillo Total Limpieza, clave de rastreo ${reference}`),
  ).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // Nothing is left to pay it: the vendor leaves the due list.
  await expect(card).toHaveCount(0);

  // The Paid view lists it; the ledger still adds up.
  await admin.getByRole('button', { name: 'Pagados' }).click();
  const paid = admin.getByRole('listitem').filter({ hasText: `SPEI · clave de rastreo ${reference}` });
  await expect(paid.getByText('Brillo Total Limpieza')).toBeVisible();
  await expect(paid.getByText(available, { exact: true })).toBeVisible();
  await admin.getByRole('button', { name: 'Revisar la contabilidad' }).click();
  await expect(
    admin.getByText('La contabilidad está en orden: todos los movimientos cuadran.'),
  ).toBeVisible();
  await expectPhoneFriendly(admin);

  // The vendor: nothing available, the payout listed with its reference, the booking still pending.
  await v.reload();
  await expect(balance(earnings, 'Available')).toHaveText('$0 MXN');
  const payout = earnings.getByRole('listitem').filter({ hasText: `SPEI · reference ${reference}` });
  await expect(payout.getByText(available, { exact: true })).toBeVisible();
  await expect(entry.getByText('Pending', { exact: true })).toBeVisible();
  await expectPhoneFriendly(v);

  expect(vendorSide.errors).toEqual([]);
  expect(adminSide.errors).toEqual([]);
  expect(customer.errors).toEqual([]);
});
