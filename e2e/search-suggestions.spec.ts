import { expect } from '@playwright/test';
import { newPhonePage } from './support/auth.ts';
import { expectPhoneFriendly } from './support/axe.ts';
import { test } from './support/test.ts';

// Issue 26: Home's search box understands how people in Mexico City type. "plom" suggests Repair
// (through "plomero"), colonias and vendors; the arrows and Enter choose; a typo still finds the
// plumbers; a colonia with a trade finds those who serve it. At 390 px, axe on the open list.

test('search as people type: suggestions, a synonym, a typo, a colonia, then a profile', async ({
  browser,
  baseURL,
}) => {
  const { page, errors, close } = await newPhonePage(browser, baseURL);
  try {
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
    await page.getByRole('link', { name: 'Don Beto Plomería y Electricidad', exact: true }).click();
    await expect(page).toHaveURL(/\/public\/vendor\/don-beto-plomeria-y-electricidad$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Don Beto Plomería y Electricidad' }),
    ).toBeVisible();
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
});
