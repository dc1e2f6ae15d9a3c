import { expect, type Page } from '@playwright/test';
import type { CreatedReview } from '../src/shared/review.schemas.ts';
import type { PublicVendorDetail } from '../src/shared/vendor.schemas.ts';
import { demo, logInAsVendor, signInOnAuthPage } from './support/auth.ts';
import { expectNoAxeViolations, expectPhoneFriendly } from './support/axe.ts';
import { fromMailbox } from './support/booking.ts';
import { test } from './support/test.ts';

// Reviews from bookings that took place (decision 066), on phones. The demo customer's paid booking
// with the demo vendor ended a few hours before the server started (the demo seed), so the sweeper's
// first pass asked for a review by mail: the customer opens the mailed link, rates it with the
// keyboard in Spanish and publishes it; the profile shows it with the new average; the vendor
// answers it from the dashboard; a visitor reports it; an admin hides it with a reason, and it
// leaves the average while its author still sees it, with the reason.
//
// The one journey that writes a review of the demo vendor: others only read the lists, so the
// vendor's count moves only here, by one and back.

test.describe.configure({ timeout: 120_000 });

const VENDOR = 'Brillo Total Limpieza';
const COMMENT = 'Muy puntuales y dejaron la cocina impecable.';
const ANSWER = '¡Gracias, Sofía! Fue un gusto atenderte.';
const REPORT = 'No parece hablar de un servicio real.';
const HIDE_REASON = 'No describe el servicio reservado.';

/** The review request the sweeper mailed to the demo customer: its link and the booking's code. */
async function reviewRequest(page: Page) {
  const mail = await fromMailbox(
    page,
    (mails) => {
      const found = mails.find((m) => m.to === demo.customer && m.subject === `¿Cómo te fue con ${VENDOR}?`);
      return found?.text ?? '';
    },
    /\/review\/[A-Z2-9]{6}\?token=[\w-]{54}/,
    demo.customer,
  );
  const [, link = '', code = ''] = /(http\S+\/review\/([A-Z2-9]{6})\?token=[\w-]{54})/.exec(mail) ?? [];
  return { link, code };
}

/** The vendor's public profile as the API answers it now (its rating and count). */
async function profileOf(page: Page, slug: string): Promise<PublicVendorDetail> {
  const response = await page.request.get(`/api/vendors/${slug}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as PublicVendorDetail;
}

/** An average as the profile writes it in `language`: one decimal. */
const ratingText = (average: number, language: string) =>
  new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(average);

test('a customer reviews a paid booking from the mailed link; the vendor answers, a visitor reports it, the admin hides it', async ({
  newPhone,
}) => {
  const customer = await newPhone();
  const page = customer.page;

  // ── The customer, from the review request in the dev mailbox, in Spanish ─────────────────
  const { link, code } = await reviewRequest(page);
  expect(link).not.toBe('');
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('barrio.language', 'es-MX'));
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Reseña tu reserva' })).toBeVisible();
  await expect(page.getByText(code, { exact: true })).toBeVisible();
  const vendorLink = page.getByRole('link', { name: VENDOR, exact: true });
  const slug = ((await vendorLink.getAttribute('href')) ?? '').replace('/public/vendor/', '');
  expect(slug).toMatch(/^[a-z0-9-]+$/);
  const before = await profileOf(page, slug);

  // The rating is required: said before anything is sent.
  const publish = page.getByRole('button', { name: 'Publicar reseña' });
  await publish.click();
  await expect(page.getByText('Elige una calificación de 1 a 5 estrellas.')).toBeVisible();
  // The stars are radios: the arrow keys move and choose within the group.
  const stars = page.getByRole('group', { name: /^Tu calificación/ });
  await stars.getByRole('radio', { name: '1 estrella' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(stars.getByRole('radio', { name: '4 estrellas' })).toBeChecked();
  await page.keyboard.press('ArrowRight');
  await expect(stars.getByRole('radio', { name: '5 estrellas' })).toBeChecked();
  await expect(page.getByText('Elige una calificación de 1 a 5 estrellas.')).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Comentario (opcional)' }).fill(COMMENT);
  await expect(page.getByText(`${COMMENT.length} de 1,000 caracteres`)).toBeVisible();
  await expect(
    page.getByText(/con tu nombre y la inicial de tu apellido\. No se puede editar/),
  ).toBeVisible();
  await expectPhoneFriendly(page);

  const created = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/reviews' && response.request().method() === 'POST',
  );
  await publish.click();
  const answer = await created;
  expect(answer.status()).toBe(201);
  const createdReview = (await answer.json()) as CreatedReview;
  const rated = createdReview.vendor;
  expect(rated.rating_count).toBe(before.rating_count + 1);
  await expect(page.getByRole('heading', { name: '¡Gracias! Tu reseña está publicada.' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Le diste 5 estrellas de 5' })).toBeVisible();
  await expect(page.getByText(COMMENT)).toBeVisible();
  await expectPhoneFriendly(page);

  // The profile's Reviews tab: the review, and the new average in the header.
  await page.getByRole('link', { name: `Verla en el perfil de ${VENDOR}` }).click();
  await expect(page).toHaveURL(new RegExp(`/public/vendor/${slug}\\?tab=reviews$`));
  const average = ratingText(rated.rating_average ?? 0, 'es-MX');
  const reviewCount = `${rated.rating_count} ${rated.rating_count === 1 ? 'reseña' : 'reseñas'}`;
  await expect(page.getByRole('img', { name: `${average} de 5, ${reviewCount}` }).first()).toBeVisible();
  const published = page.getByRole('article').filter({ hasText: COMMENT });
  await expect(published.getByRole('img', { name: '5 de 5 estrellas' })).toBeVisible();
  await expectPhoneFriendly(page);

  // The booking page now offers the review given rather than a new one.
  await page.goto(link.replace('/review/', '/booking/'));
  await expect(page.getByRole('link', { name: 'Ver tu reseña' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Deja una reseña' })).toHaveCount(0);

  // ── The vendor answers it, once, from the dashboard ──────────────────────────────────────
  const vendorSide = await newPhone();
  const v = vendorSide.page;
  await logInAsVendor(v, demo.vendor, demo.password);
  await expect(v).toHaveURL(/\/vendor\/dashboard$/);
  const reviews = v.getByRole('region', { name: 'Reviews' });
  const mine = reviews.getByRole('article').filter({ hasText: `Booking ${code}` });
  await mine.scrollIntoViewIfNeeded();
  await expect(mine.getByText(COMMENT)).toBeVisible();
  await mine.getByRole('button', { name: /^Answer .+’s review$/ }).click();
  const form = mine.getByRole('form', { name: /^Answer .+’s review$/ });
  await expect(
    form.getByText(
      'Your answer is public and cannot be edited; phone numbers and emails in it are shown masked.',
    ),
  ).toBeVisible();
  await form.getByRole('textbox').fill(ANSWER);
  await expectNoAxeViolations(v);
  await form.getByRole('button', { name: 'Publish answer' }).click();
  await expect(v.getByText('Answer published')).toBeVisible();
  await expect(mine.getByText(ANSWER)).toBeVisible();
  await expect(mine.getByRole('button', { name: /^Answer / })).toHaveCount(0);
  await expectPhoneFriendly(v);

  // ── A visitor reads it with the answer, and reports it ───────────────────────────────────
  const visitorSide = await newPhone();
  const visitor = visitorSide.page;
  await visitor.goto(`/public/vendor/${slug}?tab=reviews`);
  const seen = visitor.getByRole('article').filter({ hasText: COMMENT });
  await expect(seen.getByText(`Response from ${VENDOR}`)).toBeVisible();
  await expect(seen.getByText(ANSWER)).toBeVisible();
  await seen.getByRole('button', { name: /^Report the review by / }).click();
  const report = visitor.getByRole('dialog', { name: 'Report this review' });
  await report.getByLabel('Reason').fill(REPORT);
  await expectNoAxeViolations(visitor);
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(visitor.getByText('Thanks, an admin will look at it')).toBeVisible();
  await expect(report).toHaveCount(0);

  // ── An admin hides it, with a reason, from the reported reviews ──────────────────────────
  const adminSide = await newPhone();
  const admin = adminSide.page;
  await signInOnAuthPage(admin, demo.admin, demo.password);
  await expect(admin).toHaveURL(/\/$/);
  await admin.goto('/admin?tab=reviews');
  const reported = admin.getByRole('tabpanel').getByRole('article').filter({ hasText: code });
  await expect(reported.getByText(COMMENT)).toBeVisible();
  await expect(reported.getByText(REPORT)).toBeVisible();
  await expect(reported.getByText(ANSWER)).toBeVisible();
  await expectPhoneFriendly(admin);
  await reported.getByRole('button', { name: new RegExp(`^Hide .+’s review of ${VENDOR}$`) }).click();
  const hide = admin.getByRole('dialog', { name: /^Hide .+’s review\?$/ });
  await hide.getByLabel('Reason (the customer and the vendor read it)').fill(HIDE_REASON);
  await expectNoAxeViolations(admin);
  await hide.getByRole('button', { name: 'Hide review' }).click();
  await expect(admin.getByText('Review hidden', { exact: true })).toBeVisible();
  await expect(hide).toHaveCount(0);

  // It leaves the average; its author still sees it, with the reason, and is told by mail.
  expect((await profileOf(page, slug)).rating_count).toBe(before.rating_count);
  await page.goto(link);
  await expect(page.getByText(`Ocultada por Barrio: ${HIDE_REASON}`)).toBeVisible();
  await expect(page.getByRole('heading', { name: `Respuesta de ${VENDOR}` })).toBeVisible();
  await expect(page.getByText(ANSWER)).toBeVisible();
  await expectPhoneFriendly(page);
  await fromMailbox(
    page,
    (mails) =>
      mails.find((m) => m.to === demo.customer && m.subject === `Ocultamos tu reseña de ${VENDOR}`)?.text ??
      '',
    `Motivo: ${HIDE_REASON}`,
    demo.customer,
  );

  for (const side of [customer, vendorSide, visitorSide, adminSide]) expect(side.errors).toEqual([]);
});
