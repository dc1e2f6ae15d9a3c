import { expect, type Page } from '@playwright/test';
import { demo, signInOnAuthPage } from './support/auth.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { bookingCode, featuredVendor, pickSlot, type Vendor } from './support/booking.ts';
import { test } from './support/test.ts';

// WhatsApp: a customer books; an admin simulates the vendor's `CONFIRM <code>` on the
// testing page — the same handler as Meta's webhook — and the booking becomes awaiting payment
// while the message log updates live over SSE (no Refresh pressed).

test.describe.configure({ timeout: 90_000 });

async function bookAsCustomer(page: Page): Promise<{ code: string; vendor: Vendor }> {
  await signInOnAuthPage(page, demo.customer, demo.password);
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
  const vendor = await featuredVendor(page, 2);
  await page.goto(`/public/vendor/${vendor.slug}?tab=services`);
  const form = await pickSlot(page, { day: 'last', time: 'last' });
  await form.getByRole('button', { name: 'Book Now' }).click();
  return { code: await bookingCode(page), vendor };
}

test('the admin simulates the vendor’s CONFIRM <code>: awaiting payment, and the log updates live', async ({
  newPhone,
}) => {
  const customer = await newPhone();
  const admin = await newPhone();
  const { code, vendor } = await bookAsCustomer(customer.page);

  const page = admin.page;
  await signInOnAuthPage(page, demo.admin, demo.password);
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
  await page.goto('/whatsapp-testing');
  await expect(page.getByRole('heading', { level: 1, name: 'WhatsApp Testing' })).toBeVisible();
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  // The booking request reached the log through the outbox (log transport: stored, not sent).
  const log = page.getByRole('list', { name: 'Recent messages' });
  await expect(log.getByText(`Nueva solicitud de reserva · Código ${code}`)).toBeVisible({
    timeout: 20_000,
  });
  await expectNoAxeViolations(page);

  // The vendor's WhatsApp number (admins may read it).
  const { items } = (await (
    await page.request.get(`/api/admin/vendors?q=${encodeURIComponent(vendor.business_name)}`)
  ).json()) as { items: { id: string; business_phone: string | null }[] };
  const phone = items.find((v) => v.id === vendor.id)?.business_phone;
  expect(phone).toBeTruthy();

  await page.getByLabel('Phone', { exact: true }).fill(phone!);
  await page.getByRole('button', { name: 'CONFIRM', exact: true }).click();
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue('CONFIRM');
  await page.getByLabel('Message', { exact: true }).fill(`CONFIRM ${code}`);
  await page.getByRole('button', { name: 'Simulate message' }).click();
  await expect(page.getByText(`Reply: Reserva ${code} confirmada exitosamente`)).toBeVisible();

  // Live: the incoming message and the answer appear without Refresh.
  await expect(log.getByText(`CONFIRM ${code}`, { exact: true })).toBeVisible();
  await expect(log.getByText(new RegExp(`^Reserva ${code} confirmada exitosamente`))).toBeVisible();
  await expectNoAxeViolations(page);

  const mine = (await (await customer.page.request.get('/api/me/bookings')).json()) as {
    items: { code: string; status: string }[];
  };
  expect(mine.items.find((b) => b.code === code)?.status).toBe('awaiting_payment');
});

test('the status page shows flags and counters; its test names the failing check', async ({
  baseURL,
  newPhone,
}) => {
  const { page } = await newPhone();
  await page.goto('/whatsapp-testing');
  await expect(page.getByText('Authentication Required')).toBeVisible();
  await expectNoAxeViolations(page);

  await signInOnAuthPage(page, demo.admin, demo.password);
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
  await page.goto('/whatsapp-status');
  await expect(page.getByRole('heading', { level: 1, name: 'WhatsApp Status' })).toBeVisible();
  await expect(page.getByText('Log (messages stored, not sent)')).toBeVisible();
  await expect(page.getByText(`${baseURL}/api/webhooks/whatsapp`)).toBeVisible();
  await expect(page.getByText('Vendors with a phone')).toBeVisible();
  await expectNoAxeViolations(page);

  // No app secret or verify token in this run: the webhook check fails, with its toast.
  await page.getByRole('button', { name: 'Test webhook' }).click();
  await expect(
    page.getByText(
      'Webhook: Not set: WHATSAPP_VERIFY_TOKEN, WHATSAPP_APP_SECRET. Meta’s webhook calls would be refused.',
    ),
  ).toBeVisible();
  await expect(page.getByText('Credentials · Skipped')).toBeVisible();
  await expectNoAxeViolations(page);
});
