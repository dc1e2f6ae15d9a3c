import { expect, type Page } from '@playwright/test';
import { demo, signInOnAuthPage } from './support/auth.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { test } from './support/test.ts';

// Admin dashboard (product §2) on a phone: vendors, their availability windows, customers.

/** The date `days` from today on Mexico City's clocks (the demo vendors' zone), as YYYY-MM-DD. */
function mexicoCityDate(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(
    Date.now() + days * 24 * 60 * 60_000,
  );
}

/**
 * The page fits the phone's width: nothing makes it scroll sideways. Names the widest elements when
 * it does not, to say what to fix.
 */
async function expectNoSideScroll(page: Page) {
  const { width, wide } = await page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > viewport + 0.5)
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)}`);
    return { width: document.scrollingElement!.scrollWidth, wide };
  });
  expect(width, wide.join('\n')).toBe(390);
}

async function openAdmin(page: Page) {
  await signInOnAuthPage(page, demo.admin, demo.password);
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
}

/** Opens the Add Vendor (or Customer) dialog; Save, pressed empty, asks for the name; the dialog. */
async function openAddDialog(page: Page, what: 'Vendor' | 'Customer', nameRequired: string) {
  await page.getByRole('button', { name: `Add ${what}` }).click();
  const dialog = page.getByRole('dialog', { name: `Add ${what}` });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(nameRequired)).toBeVisible();
  return dialog;
}

test('an admin adds, edits and deletes a vendor and manages its availability', async ({ page }) => {
  const name = `Tamales Doña Lupe ${Date.now().toString(36)}`;
  await openAdmin(page);
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary.getByText('Total vendors')).toBeVisible();
  // The demo's customers reviewed their past bookings (decision 066): the card counts them.
  await expect(summary.getByText('Total reviews')).toBeVisible();
  await expect(summary.getByText('No reviews yet')).toHaveCount(0);

  // Add (product §5: business name required)
  const addDialog = await openAddDialog(page, 'Vendor', 'Business name is required.');
  await addDialog.getByLabel('Business name').fill(name);
  await addDialog.getByLabel('Category').selectOption('Cooking');
  await addDialog.getByLabel('Email').fill('lupe@tamales.example');
  await addDialog.getByRole('textbox', { name: 'Phone' }).fill('55 1234 5678');
  await addDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Vendor created successfully')).toBeVisible();
  await expect(addDialog).toBeHidden();

  await page.getByRole('searchbox', { name: 'Search' }).fill(name);
  await expect(page.getByText('Showing 1 of 1')).toBeVisible();
  const card = page.getByRole('article', { name });
  await expect(card.getByText('Unclaimed')).toBeVisible();
  await expect(card.getByText('Admin Created')).toBeVisible();
  await expect(card.getByText('+525512345678')).toBeVisible();

  // Edit
  await card.getByRole('button', { name: `Edit ${name}` }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit Vendor' });
  await expect(editDialog.getByLabel('Business name')).toHaveValue(name);
  await editDialog.getByLabel('Verified').check();
  await editDialog.getByLabel('Pricing type').selectOption('hourly');
  await editDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Vendor updated successfully')).toBeVisible();
  await expect(card.getByText('Verified', { exact: true })).toBeVisible();
  await expect(card.getByText('Hourly')).toBeVisible();

  // Availability: a weekly window early in the morning, three days from now. The editor fits the
  // phone.
  await card.getByRole('tab', { name: 'Availability' }).click();
  const save = card.getByRole('button', { name: 'Save availability' });
  await expect(save).toBeVisible();
  // The zone by its city, as on the booking surfaces.
  await expect(card.getByText('Times are Mexico City time')).toBeVisible();
  await expectNoSideScroll(page);
  await save.click();
  await expect(page.getByText('Please select a date')).toBeVisible();
  await card.getByLabel('Date').fill(mexicoCityDate(3));
  await card.getByLabel('Start').fill('06:00');
  await card.getByLabel('End').fill('');
  await expect(save).toBeDisabled(); // product §5: a slot without an end
  await card.getByLabel('End').fill('08:00');
  await card.getByLabel('Repeat').selectOption('weekly');
  await save.click();
  await expect(page.getByText('1 availability window(s) saved for the date')).toBeVisible();
  const windows = card.getByRole('region', { name: 'Current windows' });
  const item = windows.getByRole('listitem');
  await expect(item).toHaveCount(1);
  await expect(item.getByText('Weekly')).toBeVisible();
  await expect(item.getByText('Active', { exact: true })).toBeVisible();
  await expectNoSideScroll(page);
  await expectNoAxeViolations(page);

  // Edit the window: inactive
  await item.getByRole('button', { name: /^Edit / }).click();
  const windowDialog = page.getByRole('dialog', { name: 'Edit availability window' });
  // The edit dialog keeps the add form's calendar (product §5): up to 30 days ahead.
  await expect(windowDialog.getByLabel('Date')).toHaveAttribute('max', mexicoCityDate(30));
  await windowDialog.getByLabel('Active').uncheck();
  await windowDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Availability window updated successfully')).toBeVisible();
  await expect(item.getByText('Inactive')).toBeVisible();

  // Delete the window, after a confirmation
  await item.getByRole('button', { name: /^Delete / }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Availability window deleted successfully')).toBeVisible();
  await expect(windows.getByText('No availability windows yet.')).toBeVisible();

  // Delete the vendor: Cancel keeps it, Delete removes it
  await card.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' });
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: `Delete ${name}` }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Vendor deleted successfully')).toBeVisible();
  await expect(page.getByText('Showing 0 of 0')).toBeVisible();
});

test('an admin adds and removes a customer', async ({ page }) => {
  const name = `Lucía Prueba ${Date.now().toString(36)}`;
  await openAdmin(page);
  await page.getByRole('tab', { name: 'Customers' }).click();
  await expect(page.getByText('Rosario Pérez')).toBeVisible();

  const dialog = await openAddDialog(page, 'Customer', 'Display name is required.');
  await dialog.getByLabel('Display name').fill(name);
  await dialog.getByRole('textbox', { name: 'Phone' }).fill('55 8765 4321');
  await dialog.getByRole('button', { name: 'Cleaning' }).click();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Customer created successfully')).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search' }).fill(name);
  await expect(page.getByText('Showing 1 of 1')).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: name });
  await expect(row.getByText('+525587654321')).toBeVisible();
  await expect(row.getByText('Cleaning')).toBeVisible();
  await expectNoAxeViolations(page);

  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await page
    .getByRole('alertdialog', { name: 'Are you sure?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('Customer deleted successfully')).toBeVisible();
  await expect(page.getByText('Showing 0 of 0')).toBeVisible();
});

test('the summary cards open the lists they count', async ({ page }) => {
  await openAdmin(page);
  const summary = page.getByRole('region', { name: 'Summary' });
  // Every card is a link, Total reviews too (to the Reviews tab's All: e2e/review-moderation.spec.ts).
  await expect(summary.getByRole('link')).toHaveCount(4);
  const scheduled = summary.getByRole('link', { name: /^Services scheduled: ([\d,]+)\. Show the list$/ });
  const count = /: ([\d,]+)\./.exec((await scheduled.getAttribute('aria-label'))!)![1]!;
  await scheduled.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\?tab=bookings&status=scheduled$/);
  await expect(page.getByRole('tab', { name: 'Bookings', selected: true })).toBeVisible();
  await expect(page.getByLabel('Status')).toHaveValue('scheduled');
  await expect(page.getByText(new RegExp(`^Showing \\d+ of ${count}$`))).toBeVisible();
  await expectNoSideScroll(page);

  await summary.getByRole('link', { name: /^Total customers/ }).click();
  await expect(page).toHaveURL(/\/admin\?tab=customers$/);
  await expect(page.getByRole('tab', { name: 'Customers', selected: true })).toBeVisible();
  // The address keeps the tab across a reload.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Customers', selected: true })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the tools menu reaches the WhatsApp pages and the public directory', async ({ page }) => {
  await openAdmin(page);
  const tools = page.getByRole('navigation', { name: 'Tools' });
  await tools.getByRole('link', { name: 'WhatsApp Testing' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'WhatsApp Testing' })).toBeVisible();
  await page.goBack();
  await tools.getByRole('link', { name: 'WhatsApp Status' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'WhatsApp Status' })).toBeVisible();
  await page.goBack();
  await tools.getByRole('link', { name: 'All Vendors' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'All Vendors' })).toBeVisible();
});

test('an admin edits and deletes a guest, whose bookings stay', async ({ page }) => {
  await openAdmin(page);
  await page.getByRole('tab', { name: 'Customers' }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill('vale.ruiz@correo.example');
  await expect(page.getByText('Showing 1 of 1')).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: 'Valentina Ruiz' });
  await expect(row.getByText('Booking only')).toBeVisible();

  await row.getByRole('button', { name: 'Edit Valentina Ruiz' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Customer' });
  await expect(dialog.getByText('Preferred categories', { exact: true })).toHaveCount(0);
  await dialog.getByLabel('Display name').fill('Valentina Ruiz Paredes');
  await dialog.getByRole('textbox', { name: 'Phone' }).fill('55 2233 4455');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Customer updated successfully')).toBeVisible();
  const edited = page.getByRole('listitem').filter({ hasText: 'Valentina Ruiz Paredes' });
  await expect(edited.getByText('+525522334455')).toBeVisible();

  await edited.getByRole('button', { name: 'Delete Valentina Ruiz Paredes' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' });
  await expect(confirm.getByText(/booking\(s\) stay, each with the name, email and phone/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Customer deleted successfully')).toBeVisible();
  await expect(page.getByText('Showing 0 of 0')).toBeVisible();

  // Her bookings are still in the Bookings tab, with the contact she gave.
  await page.getByRole('tab', { name: 'Bookings' }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill('vale.ruiz@correo.example');
  await expect(page.getByText('vale.ruiz@correo.example').first()).toBeVisible();
  await expect(page.getByText(/Valentina Ruiz$/).first()).toBeVisible();
});

/** Whether the search field's placeholder shows whole in its box (a cut hint reads "…o cor"). */
function placeholderFits(page: Page) {
  return page
    .getByRole('tabpanel')
    .getByRole('searchbox')
    .evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room =
        input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      return { text: input.placeholder, fits: context.measureText(input.placeholder).width <= room };
    });
}

test('the search fields say what they search in full on a phone, in English and Spanish', async ({
  page,
  baseURL,
}) => {
  await openAdmin(page);
  for (const language of ['en', 'es-MX']) {
    // The language's cookie, as the switch keeps it, but not the switch: it would save Spanish to
    // the demo admin's account, which other journeys sign in to.
    await page.context().addCookies([{ name: 'barrio_language', value: language, url: baseURL! }]);
    for (const tab of ['vendors', 'customers', 'bookings']) {
      await page.goto(`/admin?tab=${tab}`);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      const { text, fits } = await placeholderFits(page);
      expect(fits, text).toBe(true);
    }
  }
});
