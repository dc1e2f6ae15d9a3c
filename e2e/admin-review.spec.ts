import { expect, type Page } from '@playwright/test';
import { demo, freshEmail, signInOnAuthPage } from './support/auth.ts';
import { expectNoAxeViolations, expectPhoneFriendly } from './support/axe.ts';
import { hydrateOnGoto } from './support/ssr.ts';
import { test } from './support/test.ts';
import { vendorCards } from './support/vendor-list.ts';
import { signUpVendor } from './support/vendor-signup.ts';

// The vendor review queue (decision 048) on a phone: a vendor who signed up is out of
// Browse Vendors until an admin approves it in the Review tab; then it is listed. Once approved, a
// rename waits in the same tab while the public profile keeps the approved name (decision 055).

async function signInAsAdmin(page: Page) {
  await signInOnAuthPage(page, demo.admin, demo.password);
  await expect(page).toHaveURL(/\/$/);
}

test('an admin approves a submitted vendor, which then appears in Browse Vendors', async ({
  baseURL,
  newPhone,
}) => {
  test.setTimeout(60_000);
  const name = `Huertos Xochimilco ${Date.now().toString(36)}`;
  const visitor = await newPhone();
  const admin = await newPhone();
  const { slug } = await signUpVendor(visitor.page.request, baseURL!, {
    business_name: name,
    business_phone: '55 4444 7777',
    business_email: freshEmail('huertos'),
    password: 'Huertos#2026',
    service_category: 'Jardinería',
    service_areas: ['Coyoacán'],
    languages: ['Spanish'],
    address: 'Calle Xicoténcatl 12',
  });

  // Not listed while under review.
  await visitor.page.goto(`/vendors?q=${encodeURIComponent(name)}`);
  // Once the list has answered, the vendor is not in it (a search that nobody matches in full
  // lists the vendors with most of its words: decision 083).
  await expect(visitor.page.getByRole('status').filter({ hasText: /vendors? found$/ })).toBeVisible();
  await expect(vendorCards(visitor.page).filter({ hasText: name })).toHaveCount(0);

  // The admin opens the Review tab: the vendor waits there with its details.
  const { page } = admin;
  await signInAsAdmin(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await page.getByRole('tab', { name: 'Review', exact: true }).click();
  const card = page.getByRole('article', { name });
  await expect(page.getByRole('tabpanel').getByText(/^Showing \d+ of \d+$/)).toBeVisible();
  // Oldest first: the new vendor is on the last page.
  while (!(await card.isVisible())) {
    const more = page.getByRole('button', { name: 'Load more' });
    await expect(more).toBeVisible();
    await more.click();
  }
  await expect(card.getByText('Submitted', { exact: true })).toBeVisible();
  await expect(card.getByText('+525544447777')).toBeVisible();
  await expect(card.getByText('No active services yet')).toBeVisible();
  await expectNoAxeViolations(page);
  await expectPhoneFriendly(page);

  // Its page: not found for the public; an admin sees it, marked as under review, without a form.
  await visitor.page.goto(`/public/vendor/${slug}`);
  await expect(visitor.page.getByRole('heading', { name: 'Vendor Not Found' })).toBeVisible();
  const preview = hydrateOnGoto(await page.context().newPage());
  await preview.goto(`/public/vendor/${slug}?tab=services`);
  await expect(preview.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(preview.getByText('Under review: this page is not public yet')).toBeVisible();
  await expect(preview.getByText('Bookings open once the profile is approved.')).toBeVisible();
  await expect(preview.getByRole('button', { name: 'Book Now' })).toHaveCount(0);
  await expectNoAxeViolations(preview);
  await preview.close();

  // Asking for changes needs a message; the dialog says so, then is left.
  await card.getByRole('button', { name: `Ask ${name} for changes` }).click();
  const dialog = page.getByRole('dialog', { name: `Ask ${name} for changes` });
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('Write a message for the vendor.')).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).first().click();
  await expect(dialog).toBeHidden();

  await card.getByRole('button', { name: `Approve ${name}` }).click();
  await expect(page.getByText(`${name} approved: now public`)).toBeVisible();
  await expect(card).toBeHidden();

  // Public at once: Browse Vendors lists it.
  await visitor.page.goto(`/vendors?q=${encodeURIComponent(name)}`);
  await expect(vendorCards(visitor.page).filter({ hasText: name })).toHaveCount(1);
  await expect(visitor.page.getByText('1 vendor found')).toBeVisible();
});

test("an approved vendor's rename waits for the admin; the public profile keeps the approved name", async ({
  baseURL,
  newPhone,
}) => {
  test.setTimeout(90_000);
  const suffix = Date.now().toString(36);
  const name = `Plomería Roma ${suffix}`;
  const impostor = `Plomería Oficial CDMX ${suffix} (impostor)`;
  const email = freshEmail('plomeria');
  const vendor = await newPhone();
  const admin = await newPhone();
  const visitor = await newPhone();
  const { slug, vendorProfileId } = await signUpVendor(vendor.page.request, baseURL!, {
    business_name: name,
    business_phone: '55 4444 8888',
    business_email: email,
    password: 'Plomero#2026',
    service_category: 'Reparaciones',
    service_areas: ['Roma Norte'],
    languages: ['Spanish'],
    address: 'Calle Colima 1',
  });
  await signInAsAdmin(admin.page);
  const approved = await admin.page.request.post(`/api/admin/vendors/${vendorProfileId}/review`, {
    headers: { origin: baseURL! },
    data: { decision: 'approve' },
  });
  expect(approved.status()).toBe(200);

  // The vendor renames itself in Edit Profile, in Spanish: the change waits for review.
  const { page } = vendor;
  await page.goto('/vendor/auth');
  await page.evaluate(() => localStorage.setItem('barrio.language', 'es-MX'));
  await page.reload();
  await page.getByLabel('Correo electrónico', { exact: true }).fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill('Plomero#2026');
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).last().click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.getByRole('button', { name: 'Editar perfil' }).click();
  await expect(
    page.getByText('Los cambios de nombre, categoría, teléfono o dirección esperan'),
  ).toBeVisible();
  await page.getByLabel('Nombre del negocio').fill(impostor);
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByText('Guardado. Tu cambio está en revisión.')).toBeVisible();
  const notice = page.getByRole('region', { name: 'Cambio en revisión' });
  await expect(notice).toContainText(`En revisión${impostor}`);
  await expect(notice).toContainText(`El perfil público muestra${name}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expectNoAxeViolations(page);
  await expectPhoneFriendly(page);

  // The public profile and the search keep the approved name.
  await visitor.page.goto(`/public/vendor/${slug}`);
  await expect(visitor.page.getByRole('heading', { level: 1, name })).toBeVisible();
  await visitor.page.goto(`/vendors?q=${encodeURIComponent('impostor')}`);
  await expect(vendorCards(visitor.page).filter({ hasText: name })).toHaveCount(0);

  // The admin finds the change in the Review tab and rejects it with a reason.
  const adminPage = admin.page;
  await adminPage.goto('/admin');
  await adminPage.getByRole('tab', { name: 'Review', exact: true }).click();
  const change = adminPage.getByRole('article', { name });
  await expect(change.getByText('Proposed')).toBeVisible();
  await expect(change.getByText(impostor)).toBeVisible();
  await expectNoAxeViolations(adminPage);
  await expectPhoneFriendly(adminPage);
  await change.getByRole('button', { name: `Reject the change of ${name}` }).click();
  const dialog = adminPage.getByRole('dialog', { name: `Reject the change of ${name}` });
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('Write a message for the vendor.')).toBeVisible();
  await dialog.getByLabel('Reason').fill('El nombre suplanta a otro negocio.');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(adminPage.getByText(`Change of ${name} rejected`)).toBeVisible();
  await expect(change).toBeHidden();

  // The vendor reads the reason; the public name never changed.
  await page.reload();
  const rejected = page.getByRole('region', { name: 'Cambio no aprobado' });
  await expect(rejected).toContainText('El nombre suplanta a otro negocio.');
  await expectNoAxeViolations(page);
  await visitor.page.goto(`/public/vendor/${slug}`);
  await expect(visitor.page.getByRole('heading', { level: 1, name })).toBeVisible();

  // A descriptive edit publishes at once and is listed for admins.
  await page.getByRole('button', { name: 'Editar perfil' }).click();
  await page.getByLabel('Biografía').fill('Fugas y calentadores, 24 horas');
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByText('Cambios guardados')).toBeVisible();
  await adminPage.reload();
  await adminPage.getByRole('tab', { name: 'Review', exact: true }).click();
  const recent = adminPage.getByRole('region', { name: 'Recent changes' });
  await expect(recent.getByText('Fugas y calentadores, 24 horas')).toBeVisible();
});
