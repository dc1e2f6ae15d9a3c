import { expect, type Page } from '@playwright/test';
import { expectPhoneFriendly } from './support/axe.ts';
import { test } from './support/test.ts';

// Discovery: the public vendor profile on a phone, against the demo data.

/** A demo vendor with similar vendors: the first of the cleaning chip. */
async function someVendor(
  page: Page,
): Promise<{ id: string; slug: string; business_name: string; rating_count: number }> {
  const response = await page.request.get('/api/vendors/featured');
  const { items } = (await response.json()) as {
    items: { id: string; slug: string; business_name: string; rating_count: number }[];
  };
  return items[0]!;
}

test('profile: tabs, See Services, about, reviews, similar vendor, by id and by slug', async ({
  newPhone,
}) => {
  const { page, errors } = await newPhone();
  const vendor = await someVendor(page);
  await page.goto(`/public/vendor/${vendor.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: vendor.business_name })).toBeVisible();
  // The server's fuller title (link previews) stays once the app runs.
  const escaped = vendor.business_name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await expect(page).toHaveTitle(new RegExp(`^${escaped} · .+ in .+, Mexico City · Barrio$`));
  await expect(page.getByRole('link', { name: 'Back to vendors' })).toHaveAttribute('href', '/vendors');
  await expect(page.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
  await expect(page.getByRole('heading', { name: 'New to Barrio?' })).toBeVisible();

  // Services is the default tab: prices and durations (the booking form is e2e/booking-request.spec.ts).
  await expect(page.getByRole('tab', { name: 'Services' })).toHaveAttribute('aria-selected', 'true');
  const services = page.getByRole('tabpanel', { name: 'Services' });
  await expect(services.getByText(/\$[\d,]+\.\d{2}/).first()).toBeVisible();
  await expect(page.getByText('4.8')).toHaveCount(0);
  await expectPhoneFriendly(page);

  await page.getByRole('tab', { name: 'About' }).click();
  await expect(page).toHaveURL(/\?tab=about$/);
  await expect(page.getByRole('tabpanel', { name: 'About' }).getByText('Service areas')).toBeVisible();
  await page.getByRole('tab', { name: 'About' }).press('ArrowRight');
  await expect(page).toHaveURL(/\?tab=services$/);
  await page.getByRole('tab', { name: 'Reviews' }).click();
  // The demo's customers reviewed some vendors (decision 066): their reviews, else "No reviews yet".
  await expect(
    vendor.rating_count > 0
      ? page.getByRole('list', { name: 'Reviews, newest first' })
      : page.getByRole('heading', { name: 'No reviews yet' }),
  ).toBeVisible();
  await expectPhoneFriendly(page);
  await page.getByRole('button', { name: 'See Services' }).click();
  await expect(page).toHaveURL(/\?tab=services$/);
  await expect(page.getByRole('tab', { name: 'Services' })).toBeFocused();

  // A similar vendor links by slug to its own profile.
  const similar = page.getByRole('region', { name: 'Similar vendors' });
  const link = similar.getByRole('article').first().getByRole('heading').getByRole('link');
  const href = (await link.getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/public\/vendor\/[a-z0-9-]+$/);
  expect(href).not.toBe(`/public/vendor/${vendor.slug}`);
  const name = (await link.textContent())?.trim() ?? '';
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  // By id too; and /vendor/{id} (Recent Activity's target) redirects here.
  await page.goto(`/public/vendor/${vendor.id}?tab=about`);
  await expect(page.getByRole('heading', { level: 1, name: vendor.business_name })).toBeVisible();
  await page.goto(`/vendor/${vendor.id}`);
  await expect(page).toHaveURL(new RegExp(`/public/vendor/${vendor.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: vendor.business_name })).toBeVisible();
  expect(errors).toEqual([]);
});

test("an unknown vendor: 'Vendor Not Found' with a link to /auth, and the toast", async ({ newPhone }) => {
  const { page, errors } = await newPhone();
  await page.goto('/public/vendor/no-such-vendor-here');
  await expect(page.getByRole('heading', { level: 1, name: 'Vendor Not Found' })).toBeVisible();
  await expect(page.getByText('Vendor not found', { exact: true })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign In' }).last()).toHaveAttribute(
    'href',
    '/auth',
  );
  await expectPhoneFriendly(page);
  expect(errors).toEqual([]);
});

test('link previews: the server puts the vendor into the HTML', async ({ request }) => {
  const { items } = (await (await request.get('/api/vendors/featured')).json()) as {
    items: { slug: string; business_name: string }[];
  };
  const vendor = items[0]!;
  const html = await (await request.get(`/public/vendor/${vendor.slug}`)).text();
  expect(html).toContain(`<meta property="og:title" content="${vendor.business_name}`);
  const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
  expect(image).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\/previews\/[a-z0-9-]+\.png$/);
  // What a chat app then fetches: a real PNG.
  const picture = await request.get(image!);
  expect(picture.headers()['content-type']).toBe('image/png');
  expect((await picture.body()).subarray(1, 4).toString()).toBe('PNG');
});

test('crawlers: Home has its preview, the sitemap lists the vendor, /vendor/{slug} redirects on the server', async ({
  request,
}) => {
  const { items } = (await (await request.get('/api/vendors/featured')).json()) as {
    items: { slug: string }[];
  };
  const slug = items[0]!.slug;
  const home = await (await request.get('/')).text();
  expect(home).toMatch(/<meta property="og:title" content="Barrio[^"]*" \/>/);
  expect(home).toMatch(
    /<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/icons\/icon-512\.png" \/>/,
  );
  expect(home).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/" \/>/);

  const robots = await (await request.get('/robots.txt')).text();
  const sitemapUrl = /^Sitemap: (\S+)$/m.exec(robots)?.[1];
  expect(sitemapUrl).toMatch(/\/sitemap\.xml$/);
  const sitemap = await request.get(sitemapUrl!);
  expect(sitemap.headers()['content-type']).toBe('application/xml; charset=utf-8');
  expect(await sitemap.text()).toContain(`/public/vendor/${slug}</loc>`);

  const moved = await request.get(`/vendor/${slug}`, { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers().location).toBe(`/public/vendor/${slug}`);
});

test('offline, the app shell still loads and says the network is missing', async ({ newPhone }) => {
  const { page } = await newPhone();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Find Services' })).toBeVisible();
  // Wait for the service worker to take control (registered after load, production build).
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.state === 'activated';
  });
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Find Services' })).toBeVisible();
  await expect(
    page.getByText('You are offline. Barrio will load new information when the connection is back.'),
  ).toBeVisible();
  await page.context().setOffline(false);
  // Installing precaches the app shell; a screen's chunk is cached when it is first visited.
  const worker = await (await page.request.get('/sw.js')).text();
  expect(worker).toMatch(/"\/assets\/index-[^"]+\.js"/);
  expect(worker).not.toMatch(/"\/assets\/public-vendor-[^"]+\.js"/);
  expect(worker).not.toMatch(/"\/assets\/admin-[^"]+\.js"/);
});

test('a profile read when the network goes: the app says so, and its tabs still answer', async ({
  newPhone,
}) => {
  const { page, errors } = await newPhone();
  try {
    const vendor = await someVendor(page);
    await page.goto(`/public/vendor/${vendor.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: vendor.business_name })).toBeVisible();

    await page.context().setOffline(true);
    await expect(
      page.getByText('You are offline. Barrio will load new information when the connection is back.'),
    ).toBeVisible();
    // The screen is the app's, hydrated: its tabs answer without the network.
    await page.getByRole('tab', { name: 'About' }).click();
    await expect(page).toHaveURL(/\?tab=about$/);
    await expect(page.getByRole('tabpanel', { name: 'About' }).getByText('Service areas')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: vendor.business_name })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
    expect(errors).toEqual([]);
  } finally {
    await page.context().setOffline(false);
  }
});
