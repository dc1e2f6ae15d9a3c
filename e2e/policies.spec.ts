import { expect } from '@playwright/test';
import { expectPhoneFriendly } from './support/axe.ts';
import { featuredVendor, pickSlot } from './support/booking.ts';
import { test } from './support/test.ts';

// The policies pages (product §2.23): linked from the booking form ("By requesting you
// accept…"), from the page footer, in both languages, on a phone.

test('the booking form links the cancellation policy, which opens beside the form', async ({ page }) => {
  const vendor = await featuredVendor(page, 1);
  await page.goto(`/public/vendor/${vendor.slug}?tab=services`);
  const form = await pickSlot(page, { time: 0 });
  const consent = form.getByText(/^By requesting you accept the/);
  await expect(consent).toBeVisible();

  // A new tab, so that what was typed stays in the form.
  const opened = page.context().waitForEvent('page');
  await consent.getByRole('link', { name: 'cancellation policy' }).click();
  const policy = await opened;
  await expect(policy).toHaveURL(/\/policies\/cancellation$/);
  await expect(
    policy.getByRole('heading', { level: 1, name: 'Cancellation and refund policy' }),
  ).toBeVisible();
  await expect(policy.getByRole('heading', { level: 2, name: 'Cancelling a paid booking' })).toBeVisible();
  // Each vendor's preset (decision 095), told as the three presets.
  await expect(
    policy.getByText(/^What we refund to the same card depends on your booking’s cancellation policy/),
  ).toBeVisible();
  await expect(
    policy.getByText(/^Moderate: the whole amount if you cancel more than 48 hours before/),
  ).toBeVisible();
  await expectPhoneFriendly(policy);
  await policy.close();

  await expect(form.getByRole('group', { name: 'Time' }).getByRole('radio', { checked: true })).toHaveCount(
    1,
  );
  await expect(consent.getByRole('link', { name: 'privacy notice' })).toHaveAttribute(
    'href',
    '/policies/privacy',
  );
  await expect(consent.getByRole('link', { name: 'terms' })).toHaveAttribute('href', '/policies/terms');
});

test('the privacy notice, from the page footer, in Spanish', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: 'Privacy notice' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy notice' })).toBeVisible();

  await page.getByRole('button', { name: 'Cambiar el idioma a español' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Aviso de privacidad' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-MX');
  await expect(page.getByRole('heading', { level: 2, name: 'Tus derechos ARCO' })).toBeVisible();
  await expect(page.getByText('Última actualización: 7 de diciembre de 2026')).toBeVisible();
  await expect(page.getByRole('link', { name: 'privacidad@barrio.mx' }).first()).toHaveAttribute(
    'href',
    'mailto:privacidad@barrio.mx',
  );
  // The index of the three, this one current.
  const index = page.getByRole('navigation', { name: 'Políticas de Barrio' });
  await expect(index.getByRole('link', { name: 'Aviso de privacidad' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expectPhoneFriendly(page);

  await index.getByRole('link', { name: 'Términos del servicio' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Términos del servicio' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Ley aplicable y tribunales' })).toBeVisible();
  await expectPhoneFriendly(page);
});
