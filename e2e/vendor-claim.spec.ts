import { expect, type Page } from '@playwright/test';
import { demo, freshEmail, signInOnAuthPage } from './support/auth.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { bookSlot, fromMailbox } from './support/booking.ts';
import { test } from './support/test.ts';

// Claiming an admin-created profile (decision 035): a visitor books an unclaimed,
// admin-created vendor; then its owner signs up in the wizard with the profile's business email. The
// signup gets its own profile and an offer to claim; signed in, the owner proves the email with the
// mailed one-time code (a wrong one first) and the dashboard becomes the claimed business. The
// booking made before the claim stays hidden until an admin approves the claim.
//
// The profile comes from the demo seed: an admin-created profile has no services until its owner
// adds them (the admin API makes none), and a booking needs one.

test.describe.configure({ timeout: 120_000 });

interface AdminVendor {
  id: string;
  slug: string;
  business_name: string;
  business_email: string | null;
  business_phone: string | null;
  application_status: string;
  admin_created: boolean;
  is_claimed: boolean;
}

/**
 * The oldest unclaimed, admin-created, approved seed vendor with services and both contacts: far
 * from the newest-first lists other journeys read, and never one of the featured vendors they book.
 */
async function claimableVendor(admin: Page) {
  const featured = (await (await admin.request.get('/api/vendors/featured')).json()) as {
    items: { id: string }[];
  };
  const skip = new Set(featured.items.map((v) => v.id));
  const candidates: AdminVendor[] = [];
  for (let offset = 0; ; offset += 50) {
    const response = await admin.request.get(`/api/admin/vendors?limit=50&offset=${offset}`);
    expect(response.status()).toBe(200);
    const { items } = (await response.json()) as { items: AdminVendor[] };
    candidates.push(
      ...items.filter(
        (v) =>
          v.admin_created &&
          !v.is_claimed &&
          v.application_status === 'approved' &&
          v.business_email &&
          v.business_phone &&
          !skip.has(v.id),
      ),
    );
    if (items.length < 50) break;
  }
  for (const vendor of candidates.reverse()) {
    const detail = (await (await admin.request.get(`/api/vendors/${vendor.slug}`)).json()) as {
      services: unknown[];
    };
    if (detail.services.length > 0) return vendor as AdminVendor & { business_email: string };
  }
  throw new Error('the demo seed has no unclaimed admin-created vendor with services');
}

/** The one-time code of the newest claim mail to `to`, from the dev mailbox once the outbox sent it. */
function claimCode(page: Page, to: string): Promise<string> {
  return fromMailbox(
    page,
    (mails) => {
      const mail = mails.find((m) => m.to === to && m.subject.startsWith('Tu código de Barrio:'));
      return /(\d{6})/.exec(mail?.subject ?? '')?.[1] ?? '';
    },
    /^\d{6}$/,
    to,
  );
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

test('an owner signs up with an admin-created profile’s email, claims it with the mailed code; an admin approves', async ({
  newPhone,
}) => {
  const admin = await newPhone();
  const visitor = await newPhone();
  const owner = await newPhone();
  const a = admin.page;
  await signInOnAuthPage(a, demo.admin, demo.password);
  await a.waitForURL((url) => !url.pathname.startsWith('/auth'));
  const target = await claimableVendor(a);

  // Before any claim, a visitor requests a booking from the profile.
  const suffix = Date.now().toString(36);
  const customer = `Cliente Previo ${suffix}`;
  const code = await bookSlot(
    visitor.page,
    target.slug,
    { time: 0 },
    { name: customer, email: freshEmail('previo') },
  );

  // The wizard (Spanish, its default) with the profile's business email and a phone of one's own.
  const page = owner.page;
  const business = `Negocio Propio ${suffix}`;
  const password = 'Reclamo#2026';
  await page.goto('/vendor-signup');
  await page.getByLabel('Nombre del negocio', { exact: true }).fill(business);
  const phone = `55 ${20_000_000 + (Date.now() % 70_000_000)}`;
  await page.getByLabel('Teléfono de WhatsApp', { exact: true }).fill(phone);
  await page.getByLabel('Correo electrónico', { exact: true }).fill(target.business_email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByLabel('Categoría de servicio').selectOption({ label: 'Limpieza' });
  await page.getByLabel('Dirección del negocio').fill('Calle Durango 5, Roma Norte');
  await page.getByLabel('Roma Norte').check();
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByLabel('Nombre', { exact: true }).fill('Limpieza general');
  await page.getByLabel('Precio (MXN)', { exact: true }).fill('400');
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByRole('button', { name: 'Crear perfil' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Perfil creado' })).toBeVisible();

  // Offered, not taken: the code is tied to the account, so a password account signs in first.
  const offer = page.getByRole('region', { name: '¿Ya estás en Barrio? Reclama tu perfil' });
  await expect(offer.getByText(`Encontramos el perfil «${target.business_name}»`)).toBeVisible();
  await expect(offer.getByText('Inicia sesión con tu nueva cuenta para recibir el código.')).toBeVisible();
  await expect(offer.getByRole('button')).toHaveCount(0);
  await expectNoAxeViolations(page);
  const untouched = (await (
    await a.request.get(`/api/admin/vendors?q=${encodeURIComponent(target.business_email)}`)
  ).json()) as { items: AdminVendor[] };
  expect(untouched.items.find((v) => v.id === target.id)).toMatchObject({ is_claimed: false });

  await page.getByRole('link', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/vendor\/auth$/);
  // The account speaks the wizard's Spanish (decision 068); this owner reads English on this phone.
  await page.evaluate(() => localStorage.setItem('barrio.language', 'en'));
  await page.getByLabel('Email', { exact: true }).fill(target.business_email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In', exact: true }).last().click();
  await expect(page).toHaveURL(/\/vendor\/dashboard$/);
  // The account's own profile, not the admin's.
  await expect(page.getByRole('heading', { level: 1, name: business })).toBeVisible();
  const own = (await (await page.request.get('/api/vendor/profile')).json()) as { id: string };
  expect(own.id).not.toBe(target.id);

  const card = page.getByRole('region', { name: 'Already on Barrio? Claim your profile' });
  await expect(card.getByRole('button', { name: /^WhatsApp to \+52\s••••\s\d{4}$/ })).toBeVisible();
  // The stored email, masked: its first letters only.
  const [local = '', domain = ''] = target.business_email.split('@');
  const masked = `${local[0]}•••@${domain[0]}•••.${domain.split('.').at(-1)}`;
  await card.getByRole('button', { name: `Email to ${masked}` }).click();
  await expect(card.getByRole('status')).toContainText(`We sent a 6-digit code to ${masked}`);
  const claim = await claimCode(page, target.business_email);

  // A wrong code first: refused, with the tries left.
  await card.getByLabel('6-digit code').fill(wrongCode(claim));
  await card.getByRole('button', { name: 'Claim profile' }).click();
  await expect(card.getByRole('alert')).toHaveText('That code is not correct. 4 tries left.');
  await expect(card.getByLabel('6-digit code')).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);

  await card.getByLabel('6-digit code').fill(claim);
  await card.getByRole('button', { name: 'Claim profile' }).click();
  await expect(page.getByText('Profile claimed').first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: target.business_name })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Claim awaiting approval' })).toBeVisible();

  // The booking made before the claim stays with the admins until one approves the claim.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: target.business_name })).toBeVisible();
  const agenda = page.getByRole('region', { name: 'Agenda' });
  await expect(agenda.getByText('No requests waiting for your answer.')).toBeVisible();
  await expect(agenda.getByText(customer)).toHaveCount(0);

  await a.goto('/admin');
  await expect(a.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await a.getByRole('searchbox', { name: 'Search' }).fill(target.business_email);
  const vendorCard = a.getByRole('article', { name: target.business_name });
  await expect(vendorCard.getByText('Claim awaiting approval')).toBeVisible();
  const approve = vendorCard.getByRole('button', { name: `Approve the claim of ${target.business_name}` });
  await expect(approve).toHaveText('Approve claim');
  await expectNoAxeViolations(a);
  await approve.click();
  await expect(a.getByText('Claim approved')).toBeVisible();
  await expect(approve).toHaveCount(0);
  await expect(vendorCard.getByText('Claim awaiting approval')).toHaveCount(0);

  // Approved: the owner sees the earlier booking and can answer it.
  await page.reload();
  const row = agenda
    .getByRole('region', { name: /^Requests to answer/ })
    .getByRole('article', { name: `Booking ${code}` });
  await expect(row.getByText('Awaiting your reply')).toBeVisible();
  await expect(row.getByText(customer)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Claim awaiting approval' })).toHaveCount(0);
  await row.getByRole('button', { name: `Decline booking ${code}` }).click();
  const declining = page.getByRole('dialog', { name: `Decline the request ${code}?` });
  await declining.getByLabel('Why are you declining?').fill('Sin cupo esa semana');
  await declining.getByRole('button', { name: 'Decline', exact: true }).click();
  await expect(page.getByText('Request declined. We told the customer.')).toBeVisible();
  await expect(row).toHaveCount(0);
});
