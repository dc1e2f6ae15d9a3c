import { expect } from '@playwright/test';
import { freshEmail, logInAsVendor } from './support/auth.ts';
import { expectNoAxeViolations, expectPhoneFriendly, expectTapTargets } from './support/axe.ts';
import { test } from './support/test.ts';
import { signUpVendor } from './support/vendor-signup.ts';

// A vendor's tax details (decision 098) on a phone, in Spanish: a vendor of its own opens Datos
// fiscales, types an RFC whose last character is wrong (the server refuses it beside the field),
// corrects it, chooses the platforms regime and saves; the details read back upper case, as SAT
// writes them, and stay after a reload.

test.describe.configure({ timeout: 90_000 });

test('a vendor gives its tax details and reads them back', async ({ baseURL, newPhone }) => {
  const { page } = await newPhone();
  const email = freshEmail('datos-fiscales');
  await signUpVendor(page.request, baseURL!, {
    business_name: `Plomería Fiscal ${Date.now().toString(36)}`,
    business_phone: '55 4444 6666',
    business_email: email,
    password: 'DatosFiscales#2026',
    service_category: 'Limpieza del Hogar',
    service_areas: ['Roma Norte'],
    languages: ['Spanish'],
    address: 'Calle Pitágoras 100',
  });
  await logInAsVendor(page, email, 'DatosFiscales#2026');
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await page.evaluate(() => localStorage.setItem('barrio.language', 'es-MX'));
  await page.reload();
  const section = page.getByRole('region', { name: 'Datos fiscales' });
  await expect(section.getByText('Aún no has dado tus datos fiscales.')).toBeVisible();
  await section.getByRole('button', { name: 'Agregar mis datos fiscales' }).click();
  const form = section.getByRole('form', { name: 'Tus datos fiscales' });
  await form.getByLabel('RFC').fill('pemj800101ab7');
  await form
    .getByLabel('Nombre o razón social (como está registrado en el SAT)')
    .fill('Juana Pérez Martínez');
  await form.getByLabel('Régimen fiscal').selectOption('625');
  await form.getByLabel('Código postal fiscal').fill('03100');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form.getByText('Este RFC no es válido: revisa su último carácter.')).toBeVisible();
  await expect(form.getByLabel('RFC')).toHaveAttribute('aria-invalid', 'true');
  await expectPhoneFriendly(page);
  await expectNoAxeViolations(page);
  await expectTapTargets(section);

  await form.getByLabel('RFC').fill('PEMJ800101AB6');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Datos fiscales guardados')).toBeVisible();
  await expect(section.getByRole('form')).toHaveCount(0);
  for (const text of ['PEMJ800101AB6', 'Persona física', 'JUANA PÉREZ MARTÍNEZ', '03100'])
    await expect(section.getByText(text, { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Datos fiscales' }).getByText('PEMJ800101AB6', { exact: true }),
  ).toBeVisible();
});
