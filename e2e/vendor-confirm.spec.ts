import { expect } from '@playwright/test';
import { newPhonePage } from './support/auth.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { bookingCode, featuredVendor, pickSlot, vendorLinks } from './support/booking.ts';
import { test } from './support/test.ts';

// Issue 24 (part 8): the vendor's confirm page tells the truth. The link opened a second time says
// what happened and when, with nothing to press; a malformed link is the spec's "Token Inválido".

test.describe.configure({ timeout: 60_000 });

test('the confirm link opened twice: the second visit says "Ya confirmaste…" with no buttons', async ({
  browser,
  baseURL,
}) => {
  const visitor = await newPhonePage(browser, baseURL);
  const vendorSide = await newPhonePage(browser, baseURL);
  try {
    const page = visitor.page;
    const vendor = await featuredVendor(page, 0);
    await page.goto(`/public/vendor/${vendor.slug}?tab=services`);
    // A day in the middle of the fortnight and its last time: no other journey books there.
    const form = await pickSlot(page, { day: 2, time: 'last' });
    await form.getByLabel('Name', { exact: true }).fill('Visita Confirmada');
    await form.getByLabel('Email', { exact: true }).fill(`confirmada.${Date.now()}@example.test`);
    await form.getByRole('button', { name: 'Book Now' }).click();
    const code = await bookingCode(page);
    const links = await vendorLinks(page, code);

    const v = vendorSide.page;
    await v.goto(links.confirm);
    await expect(v.getByRole('heading', { name: 'Reserva confirmada exitosamente' })).toBeVisible();

    // The same link again (the mail's button pressed a second time).
    await v.goto(links.confirm);
    await expect(v.getByTestId('closed-text')).toHaveText(
      /^Ya confirmaste esta reserva el \d{1,2} de [a-z]+ a las \d{2}:\d{2}\.$/,
    );
    await expect(v.getByText(code)).toBeVisible();
    await expect(v.getByText('Pendiente de pago')).toBeVisible();
    await expect(v.getByRole('button', { name: 'Confirmar Reserva' })).toHaveCount(0);
    await expect(v.getByRole('button', { name: 'Rechazar Reserva' })).toHaveCount(0);
    // Issue 28: an old link still tells nobody who booked.
    await expect(v.getByText('Visita Confirmada')).toHaveCount(0);
    // Only what the first visit toasted may still be on screen: the second adds no error.
    await expect(v.getByText('Error al procesar la confirmación')).toHaveCount(0);
    await expectNoAxeViolations(v);

    // A malformed token: the spec's state, never the validator's words.
    await v.goto('/vendor-confirm?token=short&action=confirm');
    await expect(v.getByRole('heading', { name: 'Token Inválido' })).toBeVisible();
    await expect(v.getByText(/Invalid json/)).toHaveCount(0);
    await expect(v.getByRole('button', { name: 'Confirmar Reserva' })).toHaveCount(0);
  } finally {
    await visitor.close();
    await vendorSide.close();
  }
});
