import { type Browser, expect } from '@playwright/test';
import { demo, freshClientAddress, freshEmail } from './support/auth.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { bookingCode, dayChip, featuredVendor, fillAddressIfAsked } from './support/booking.ts';
import { phone } from './support/phone.ts';
import { hydrateOnGoto } from './support/ssr.ts';
import { test } from './support/test.ts';

// Decision 069, on phones set to Spanish: a visitor books without touching the language switch; the
// vendor's request reaches the WhatsApp log with its Confirmar / Rechazar buttons; an admin taps
// Confirmar on the testing page — the same handler as Meta's webhook, with the button's id — and the
// visitor's booking page shows it confirmed. Its own vendor (featured 4) so it meets no other journey.

test.describe.configure({ timeout: 90_000 });

/** A phone whose browser asks for Spanish (Accept-Language and navigator.languages alike). */
async function spanishPhone(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({
    ...phone,
    locale: 'es-MX',
    baseURL,
    extraHTTPHeaders: { 'X-Forwarded-For': freshClientAddress() },
  });
  return { page: hydrateOnGoto(await context.newPage()), context };
}

test('un visitante reserva en español; el proveedor confirma con un toque en la página de pruebas de WhatsApp', async ({
  browser,
  baseURL,
}) => {
  const visitor = await spanishPhone(browser, baseURL);
  const admin = await spanishPhone(browser, baseURL);
  try {
    // The visitor books in Spanish, never touching the switch.
    const page = visitor.page;
    const vendor = await featuredVendor(page, 4);
    await page.goto(`/public/vendor/${vendor.slug}?tab=services`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es-MX');
    const form = page.getByRole('region', { name: 'Reservar un servicio' });
    await form.scrollIntoViewIfNeeded();
    await form.getByLabel('Servicio', { exact: true }).selectOption({ index: 1 });
    const times = form.getByRole('group', { name: 'Hora' }).locator('label');
    await expect(times.first()).toBeVisible();
    await (await dayChip(form.getByRole('group', { name: 'Día' }).locator('label'), 3)).click();
    await times.first().click();
    await fillAddressIfAsked(form, { street: 'Calle y número', postalCode: 'Código postal' });
    await form.getByLabel('Nombre', { exact: true }).fill('Lucía Hernández');
    await form.getByLabel('Correo electrónico', { exact: true }).fill(freshEmail('toque'));
    await form.getByRole('button', { name: 'Reservar', exact: true }).click();
    const code = await bookingCode(page);
    await page.getByRole('link', { name: 'Ver tu reserva' }).click();
    await page.waitForURL(new RegExp(`/booking/${code}\\?token=`));
    const bookingPage = page.url();

    // The admin finds the request in the log, with its buttons.
    const tester = admin.page;
    await tester.goto('/auth');
    await expect(tester.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
    await tester.getByLabel('Correo electrónico', { exact: true }).fill(demo.admin);
    await tester.getByRole('button', { name: 'Usar correo y contraseña' }).click();
    await tester.getByLabel('Contraseña', { exact: true }).fill(demo.password);
    await tester.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
    await tester.waitForURL((url) => !url.pathname.startsWith('/auth'));
    await tester.goto('/whatsapp-testing');
    await expect(tester.getByRole('heading', { level: 1, name: 'Pruebas de WhatsApp' })).toBeVisible();
    await expect(tester.getByText('En vivo', { exact: true })).toBeVisible();
    const log = tester.getByRole('list', { name: 'Mensajes recientes' });
    const request = log
      .getByTestId('whatsapp-message')
      .filter({ hasText: `Nueva solicitud de reserva · Código ${code}` });
    await expect(request).toBeVisible({ timeout: 20_000 });
    const buttons = request.getByRole('group', { name: 'Botones — toca uno para simular la respuesta' });
    await expect(buttons.getByRole('button', { name: 'Rechazar', exact: true })).toBeVisible();
    await expectNoAxeViolations(tester);

    // The tap: the vendor's answer, live in the log.
    await buttons.getByRole('button', { name: 'Confirmar', exact: true }).click();
    await expect(tester.getByText(`Respuesta «Confirmar» simulada`)).toBeVisible();
    await expect(log.getByText(new RegExp(`^Reserva ${code} confirmada exitosamente`))).toBeVisible();

    // A second tap on the same old button: the truth, and nothing changes.
    await buttons.getByRole('button', { name: 'Confirmar', exact: true }).click();
    await expect(
      log.getByText(`Esta reserva (${code}) ya fue confirmada; el cliente tiene el enlace de pago.`),
    ).toBeVisible();
    await expectNoAxeViolations(tester);

    // The visitor's booking page: confirmed, waiting for the payment.
    await page.goto(bookingPage);
    await expect(page.getByText(/^El proveedor confirmó\. Paga antes del /)).toBeVisible();
  } finally {
    await visitor.context.close();
    await admin.context.close();
  }
});
