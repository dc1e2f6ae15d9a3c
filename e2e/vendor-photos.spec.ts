import { expect } from '@playwright/test';
import { demo, logInAsVendor, signInOnAuthPage } from './support/auth.ts';
import { expectPhoneFriendly, expectTapTargets } from './support/axe.ts';
import { expectImagesLoaded, jpeg, publicPhotos, upload } from './support/photos.ts';
import { test } from './support/test.ts';

// Vendors' photos (decision 074) on a phone: the approved demo vendor uploads a portfolio photo and a
// cover on the dashboard, which read "Waiting for review"; an admin approves both in the Photos tab;
// the public profile then shows them from /media/photos/. At the end the vendor deletes them, so the
// demo vendor looks as seeded to the journeys that run after this one.

const vendorName = 'Brillo Total Limpieza';
const vendorSlug = 'brillo-total-limpieza';

test('a vendor uploads photos, an admin approves them, and the public profile shows them', async ({
  newPhone,
}) => {
  // Two people, uploads decoded on the server, axe three times: more than the default 30 s.
  test.setTimeout(90_000);
  const alt = `Cocina recién limpia ${Date.now().toString(36)}`;
  const vendor = await newPhone();
  const page = vendor.page;
  await logInAsVendor(page, demo.vendor, demo.password);
  await expect(page.getByRole('heading', { level: 1, name: vendorName })).toBeVisible();

  const photos = page.getByRole('region', { name: 'Photos' });
  await expect(photos.getByText(/Barrio checks each new photo before it shows/)).toBeVisible();
  const portfolio = photos.getByRole('region', { name: 'Portfolio' });
  const cards = portfolio.getByRole('article');
  const before = await cards.count();

  // A portfolio photo: its progress, then "Waiting for review", shown through the private URL.
  await upload(
    page,
    portfolio.getByRole('button', { name: 'Add photos' }),
    'cocina.jpg',
    await jpeg(1200, 900, { r: 190, g: 120, b: 60 }),
  );
  await expect(page.getByText('Photo uploaded: waiting for review')).toBeVisible();
  const count = before + 1;
  const card = portfolio.getByRole('article', { name: `Photo ${count} of ${count}` });
  await expect(card.getByText('Waiting for review')).toBeVisible();
  await expectImagesLoaded(card);
  await card.getByLabel(/Description/).fill(alt);
  await card.getByRole('button', { name: `Save the description of photo ${count}` }).click();
  await expect(page.getByText('Description saved')).toBeVisible();

  // A cover (or a new one, if the demo vendor has one): the same.
  const cover = photos.getByRole('region', { name: 'Cover' });
  await upload(
    page,
    cover.getByRole('button', { name: /^(Upload a|Change the) cover$/ }),
    'portada.jpg',
    await jpeg(1600, 600, { r: 40, g: 110, b: 90 }),
  );
  await expect(cover.getByText('Waiting for review')).toBeVisible();
  await expectImagesLoaded(cover);
  await expectPhoneFriendly(page);
  await expectTapTargets(photos);

  // The admin's Photos tab lists both, with the vendor's name; approving each takes it off the list.
  const admin = await newPhone();
  await signInOnAuthPage(admin.page, demo.admin, demo.password);
  await expect(admin.page).toHaveURL(/\/$/);
  await admin.page.goto('/admin?tab=photos');
  await expect(admin.page.getByRole('tab', { name: 'Photos', selected: true })).toBeVisible();
  const waiting = admin.page.getByRole('article').filter({ hasText: alt });
  await expect(waiting.getByRole('heading', { name: `Portfolio photo of ${vendorName}` })).toBeVisible();
  await expectImagesLoaded(waiting);
  const coverCard = admin.page.getByRole('article', { name: `Cover of ${vendorName}` });
  await expectImagesLoaded(coverCard);
  await expectPhoneFriendly(admin.page);
  await expectTapTargets(admin.page.getByRole('tabpanel'));

  await waiting.getByRole('button', { name: `Approve the portfolio photo of ${vendorName}` }).click();
  await expect(admin.page.getByText(`Photo approved: it shows on ${vendorName}’s profile`)).toBeVisible();
  await expect(waiting).toHaveCount(0);
  await coverCard.getByRole('button', { name: `Approve the cover of ${vendorName}` }).click();
  await expect(coverCard).toHaveCount(0);

  // The public profile shows the photos from their public URLs.
  const visitor = await newPhone();
  const shown = publicPhotos(visitor.page);
  await expect(async () => {
    await visitor.page.goto(`/public/vendor/${vendorSlug}`);
    expect(await shown.count()).toBeGreaterThan(0);
  }).toPass();
  // …and they are served to anyone (the public URL of an approved photo).
  const first = shown.first();
  await first.scrollIntoViewIfNeeded();
  await expect.poll(() => first.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

  // The dashboard says Published; the vendor then deletes both, after confirming.
  await page.reload();
  const published = portfolio.getByRole('article', { name: `Photo ${count} of ${count}` });
  await expect(published.getByText('Published')).toBeVisible();
  await expect(published.getByLabel(/Description/)).toHaveValue(alt);
  page.on('dialog', (dialog) => void dialog.accept());
  await published.getByRole('button', { name: `Delete photo ${count}` }).click();
  await expect(published).toHaveCount(0);
  await cover.getByRole('button', { name: 'Delete the cover' }).click();
  await expect(cover.getByRole('button', { name: 'Upload a cover' })).toBeVisible();
});
