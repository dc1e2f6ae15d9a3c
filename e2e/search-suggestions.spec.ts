import { expect } from '@playwright/test';
import { expectPhoneFriendly } from './support/axe.ts';
import { test } from './support/test.ts';

// Home's search box understands how people in Mexico City type. "plom" suggests Repair
// (through "plomero"), colonias and vendors; the arrows and Enter choose; a typo still finds the
// plumbers; a colonia with a trade finds those who serve it; the filters narrow "plomero" to a
// colonia and a day. At 390 px, axe on the open list and on the filters.

test('search as people type: suggestions, a synonym, a typo, a colonia, then a profile', async ({
  newPhone,
}) => {
  const { page, errors } = await newPhone();
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Search vendors' });
  await box.click();
  await box.pressSequentially('plom', { delay: 30 });
  const suggestions = page.getByRole('listbox', { name: 'Suggestions' });
  await expect(suggestions.getByRole('group', { name: 'Categories' }).getByRole('option')).toHaveText([
    'Repair',
  ]);
  await expect(suggestions.getByRole('option', { name: 'Don Beto Plomería y Electricidad' })).toBeVisible();
  await expectPhoneFriendly(page);

  // The first option, by keyboard: Browse Vendors on the Repair chip.
  await box.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-activedescendant', /category-repair/);
  await box.press('Enter');
  await expect(page).toHaveURL(/\/vendors\?category=repair$/);
  await expect(page.getByRole('button', { name: 'Repair', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // A typo and a synonym find the same plumbers; a colonia narrows them.
  await page.goto('/vendors?q=plomro');
  await expect(
    page.getByRole('link', { name: 'Don Beto Plomería y Electricidad', exact: true }),
  ).toBeVisible();
  await page.goto('/vendors?q=fontanero%20doctores');
  await expect(page.getByText('1 vendor found')).toBeVisible();

  // "plomero", then the filters — a colonia and a day Don Beto works (Monday to
  // Saturday, from the first day the date field offers: the app's today).
  await page.goto('/vendors?q=plomero');
  await expect(
    page.getByRole('link', { name: 'Don Beto Plomería y Electricidad', exact: true }),
  ).toBeVisible();
  const toggle = page.getByRole('button', { name: /^Filters/ });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.getByLabel('Colonia').selectOption('Doctores');
  const dayField = page.getByLabel('Available on');
  const today = await dayField.getAttribute('min');
  const day = new Date(`${today}T12:00:00Z`);
  do day.setUTCDate(day.getUTCDate() + 1);
  while (day.getUTCDay() === 0);
  const workday = day.toISOString().slice(0, 10);
  await dayField.fill(workday);
  await expectPhoneFriendly(page);
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(page).toHaveURL(
    new RegExp(`colonia=Doctores.*available_on=${workday}|available_on=${workday}.*colonia=Doctores`),
  );
  await expect(page.getByRole('button', { name: 'Remove filter: Doctores' })).toBeVisible();
  await expect(page.getByText('1 vendor found')).toBeVisible();
  await expectPhoneFriendly(page);
  await page.getByRole('link', { name: 'Don Beto Plomería y Electricidad', exact: true }).click();
  await expect(page).toHaveURL(/\/public\/vendor\/don-beto-plomeria-y-electricidad$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Don Beto Plomería y Electricidad' }),
  ).toBeVisible();
  expect(errors).toEqual([]);
});
