import { expect, type Page } from '@playwright/test';
import type { AdminReview, VendorOwnReview } from '../src/shared/review.schemas.ts';
import { demo, logInAsVendor, signInOnAuthPage } from './support/auth.ts';
import { expectNoAxeViolations, expectPhoneFriendly } from './support/axe.ts';
import { test } from './support/test.ts';

// Reviews as those who answer and moderate them see them (decision 066), on a phone: the admin's
// Reviews tab, reached from the "Total reviews" card, with its filter in the address, and the
// vendor dashboard's Reviews section. Read-only: other journeys write, report and hide reviews on
// the same server, so what is listed is never counted here, and nothing is sent. To see every
// state of a card (reports, a hidden reason, an answer, the forms) whatever the server holds, the
// last two tests answer the lists' GET themselves, with the contract's shapes.

// Each test signs in and runs axe several times on a phone: more than the default 30 s under load.
test.describe.configure({ timeout: 60_000 });

const long = 'Muy puntual y amable. '.repeat(20).trim();

const adminReviews: AdminReview[] = [
  {
    id: '0c6a1f4e-1b7d-4b59-9a43-1f2d3c4b5a61',
    status: 'published',
    rating: 1,
    comment: `Pésimo servicio, llámame al ••• ${long}`,
    comment_as_written: `Pésimo servicio, llámame al 55 1234 5678 ${long}`,
    author: 'Luis P.',
    created_at: '2026-11-25T18:00:00.000Z',
    vendor: { id: 'v1', name: 'Brillo Total Limpieza Profunda y Mantenimiento', slug: 'brillo-total' },
    booking_code: 'XK7P2M',
    answer: { text: 'Lamentamos lo ocurrido.', created_at: '2026-11-26T18:00:00.000Z' },
    reports: [
      { reason: 'Nunca reservó ese día', by: 'vendor', created_at: '2026-11-26T19:00:00.000Z' },
      { reason: 'Es spam', by: 'visitor', created_at: '2026-11-27T10:00:00.000Z' },
    ],
    hidden_reason: null,
    hidden_at: null,
  },
  {
    id: '1d7b2a5f-2c8e-4c6a-8b54-2a3e4d5c6b72',
    status: 'hidden',
    rating: 2,
    comment: null,
    comment_as_written: null,
    author: 'Marta R.',
    created_at: '2026-11-20T18:00:00.000Z',
    vendor: { id: 'v1', name: 'Brillo Total', slug: 'brillo-total' },
    booking_code: 'RF4D9Q',
    answer: null,
    reports: [],
    hidden_reason: 'Insultos al proveedor',
    hidden_at: '2026-11-27T18:00:00.000Z',
  },
];

const vendorReviews: VendorOwnReview[] = [
  {
    id: '2e8c3b6a-3d9f-4d7b-9c65-3b4f5e6d7c83',
    rating: 5,
    comment: long,
    author: 'Ana G.',
    created_at: '2026-11-25T18:00:00.000Z',
    answer: null,
    status: 'published',
    booking_code: 'AV3L8B',
    hidden_reason: null,
    reported: false,
  },
  {
    id: '3f9d4c7b-4e0a-4e8c-8d76-4c5a6f7e8d94',
    rating: 1,
    comment: 'No vino.',
    author: 'Luis P.',
    created_at: '2026-11-20T18:00:00.000Z',
    answer: { text: 'Sí fui: nadie abrió.', created_at: '2026-11-21T18:00:00.000Z' },
    status: 'hidden',
    booking_code: 'RF4D9Q',
    hidden_reason: 'Datos personales',
    reported: true,
  },
];

/** Answers the list's GET (whatever its query) with `body`; every other call reaches the server. */
async function answerList(page: Page, path: string, body: unknown) {
  await page.route(
    (url) => url.pathname === path,
    (route) => (route.request().method() === 'GET' ? route.fulfill({ json: body }) : route.fallback()),
  );
}

test('the admin’s Reviews tab opens from its card and fits the phone', async ({ page }) => {
  await signInOnAuthPage(page, demo.admin, demo.password);
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
  const summary = page.getByRole('region', { name: 'Summary' });
  await summary.getByRole('link', { name: /^Total reviews: [\d,]+\. Show the list$/ }).click();
  await expect(page).toHaveURL(/\/admin\?tab=reviews&status=all$/);
  await expect(page.getByRole('tab', { name: 'Customer reviews', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
  await expect(panel.getByText(/^Showing \d+ of \d+$/)).toBeVisible();
  await expectPhoneFriendly(page);

  await panel.getByRole('button', { name: 'Reported' }).click();
  await expect(page).toHaveURL(/\/admin\?tab=reviews$/);
  await expect(panel.getByRole('button', { name: 'Reported' })).toHaveAttribute('aria-pressed', 'true');
  await panel.getByRole('button', { name: 'Hidden' }).click();
  await expect(page).toHaveURL(/\/admin\?tab=reviews&status=hidden$/);
  await expect(panel.getByText(/^Showing \d+ of \d+$/)).toBeVisible();
  await expectPhoneFriendly(page);

  // A review that can be hidden: its dialog asks a reason before anything is sent.
  await panel.getByRole('button', { name: 'All' }).click();
  await expect(panel.getByText(/^Showing \d+ of \d+$/)).toBeVisible();
  const hide = panel.getByRole('button', { name: /^Hide .+’s review of / }).first();
  if (await hide.isVisible()) {
    await hide.click();
    const dialog = page.getByRole('dialog', { name: /^Hide .+’s review\?$/ });
    await dialog.getByRole('button', { name: 'Hide review' }).click();
    await expect(dialog.getByText('Write the reason.')).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Cancel' }).first().click();
    await expect(dialog).toBeHidden();
  }
});

test('the vendor dashboard’s Reviews section fits the phone', async ({ page }) => {
  await logInAsVendor(page, demo.vendor, demo.password);
  await expect(page).toHaveURL(/\/vendor\/dashboard$/);
  const reviews = page.getByRole('region', { name: 'Reviews' });
  await reviews.scrollIntoViewIfNeeded();
  await expect(
    reviews
      .getByRole('article')
      .first()
      .or(reviews.getByText('No reviews yet: customers are asked for one after each completed booking.')),
  ).toBeVisible();
  await expectPhoneFriendly(page);

  // A review still to answer: the form says the answer is final and counts the characters.
  const answer = reviews.getByRole('button', { name: /^Answer .+’s review$/ }).first();
  if (await answer.isVisible()) {
    await answer.click();
    const form = reviews.getByRole('form', { name: /^Answer .+’s review$/ });
    await expect(
      form.getByText(
        'Your answer is public and cannot be edited; phone numbers and emails in it are shown masked.',
      ),
    ).toBeVisible();
    await form.getByRole('textbox').fill('Gracias');
    await expect(form.getByText('7 of 1,000 characters')).toBeVisible();
    await expectPhoneFriendly(page);
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(form).toBeHidden();
  }
});

test('a review card with reports and the Hide dialog pass axe on a phone', async ({ page }) => {
  await answerList(page, '/api/admin/reviews', { items: adminReviews, total: adminReviews.length });
  await signInOnAuthPage(page, demo.admin, demo.password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/admin?tab=reviews&status=all');
  const panel = page.getByRole('tabpanel');
  const card = panel.getByRole('article', { name: /^Luis P\. on Brillo Total Limpieza/ });
  await expect(card.getByRole('region', { name: 'Open reports' }).getByRole('listitem')).toHaveCount(2);
  await expect(panel.getByText('Hidden Nov 27, 2026: Insultos al proveedor')).toBeVisible();
  await expectPhoneFriendly(page);
  await card.getByRole('button', { name: /^Hide / }).click();
  const dialog = page.getByRole('dialog', { name: 'Hide Luis P.’s review?' });
  await dialog.getByRole('button', { name: 'Hide review' }).click();
  await expect(dialog.getByText('Write the reason.')).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).first().click();
  await expect(card.getByRole('button', { name: /^Hide / })).toBeFocused();
});

test('the vendor’s review, its answer and report forms pass axe on a phone, in Spanish too', async ({
  page,
}) => {
  await answerList(page, '/api/vendor/reviews', {
    items: vendorReviews,
    total: vendorReviews.length,
    average: 5,
    count: 1,
  });
  await logInAsVendor(page, demo.vendor, demo.password);
  await expect(page).toHaveURL(/\/vendor\/dashboard$/);
  const reviews = page.getByRole('region', { name: 'Reviews' });
  await expect(reviews.getByText('Average 5.0 out of 5 · 1 published review')).toBeVisible();
  await expect(reviews.getByText('Hidden by Barrio: Datos personales')).toBeVisible();
  await expect(reviews.getByText('Reported — an admin will review it')).toBeVisible();
  await reviews.getByRole('button', { name: 'Answer Ana G.’s review' }).click();
  const answer = reviews.getByRole('form', { name: 'Answer Ana G.’s review' });
  await expect(answer.getByRole('textbox')).toBeFocused();
  await answer.getByRole('button', { name: 'Publish answer' }).click();
  await expect(answer.getByText('Write your answer.')).toBeVisible();
  await expectPhoneFriendly(page);
  await answer.getByRole('button', { name: 'Cancel' }).click();
  await reviews.getByRole('button', { name: 'Report Ana G.’s review' }).click();
  const report = reviews.getByRole('form', { name: 'Report Ana G.’s review' });
  await expect(report.getByRole('textbox')).toBeFocused();
  await expectPhoneFriendly(page);

  await page.evaluate(() => localStorage.setItem('barrio.language', 'es-MX'));
  await page.reload();
  const reseñas = page.getByRole('region', { name: 'Reseñas' });
  await expect(reseñas.getByText('Promedio 5.0 de 5 · 1 reseña publicada')).toBeVisible();
  await expect(reseñas.getByText('Oculta por Barrio: Datos personales')).toBeVisible();
  await expectPhoneFriendly(page);
});
