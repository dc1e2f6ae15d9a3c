import { expect, type Page } from '@playwright/test';
import { expectPhoneFriendly, expectTapTargets } from './support/axe.ts';
import { phone } from './support/phone.ts';
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
  // No portfolio, no gallery.
  await expect(page.getByRole('region', { name: 'Portfolio' })).toHaveCount(0);

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

/** A demo vendor with photos (src/server/features/media/demo-photos.ts): a cover and four portfolio photos. */
const pictured = 'casa-impecable-cdmx';

test('profile photos: the lead photo fetched first, a gallery swiped and stepped through at 390 px', async ({
  newPhone,
}) => {
  const { page, errors } = await newPhone();
  // The server's page: its lead picture (the gallery's first photo) preloaded in the head with the
  // same srcset and sizes as the one img fetched first in the markup, found before any script.
  const html = await (await page.request.get(`/public/vendor/${pictured}`)).text();
  const head = html.slice(0, html.indexOf('</head>'));
  const preload =
    /<link rel="preload" as="image" href="([^"]+)" imagesrcset="([^"]+)" imagesizes="([^"]+)" fetchpriority="high" \/>/.exec(
      head,
    );
  expect(preload).not.toBeNull();
  const leads =
    html.slice(html.indexOf('<div id="root"')).match(/<img[^>]*fetchpriority="high"[^>]*>/gi) ?? [];
  expect(leads).toHaveLength(1);
  expect(leads[0]).toContain(`srcset="${preload![2]}"`);
  expect(leads[0]).toContain(`sizes="${preload![3]}"`);
  expect(leads[0]).not.toContain('loading=');

  await page.goto(`/public/vendor/${pictured}`);
  const gallery = page.getByRole('region', { name: 'Portfolio' });
  const track = gallery.getByRole('list', { name: 'Portfolio photos, swipe to see more' });
  const first = track.getByRole('img').first();
  await expect(first).toHaveAttribute('alt', /^Ilustración: recámara/);
  // At 3x the 358 px column wants the widest variant, 960 px: the preload's very URL, fetched once.
  await expect
    .poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  expect(await first.evaluate((img: HTMLImageElement) => img.currentSrc)).toBe(
    new URL(preload![1]!, page.url()).href,
  );
  await expect(gallery.getByText('Airbnb turnover')).toBeVisible();
  const position = gallery.getByText(/^Photo \d of 4$/);
  await expect(position).toHaveText('Photo 1 of 4');
  const inView = () => track.evaluate((el) => Math.round(el.scrollLeft / el.clientWidth));

  // A finger's swipe to the left brings the next photo, snapped into place.
  await track.scrollIntoViewIfNeeded();
  const box = (await track.boundingBox())!;
  const cdp = await page.context().newCDPSession(page);
  const y = Math.round(box.y + box.height / 2);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
  const from = Math.round(box.x + box.width * 0.85);
  await touch('touchStart', from);
  for (let step = 1; step <= 10; step++) await touch('touchMove', from - step * Math.round(box.width * 0.06));
  await touch('touchEnd', 0);
  await expect(position).toHaveText('Photo 2 of 4');
  await expect.poll(inView).toBe(1);
  await expect(track.getByRole('img').nth(1)).toBeInViewport();

  // Next and Previous, by tap and by keyboard; at the last photo Next stays put, focused.
  const next = gallery.getByRole('button', { name: 'Next photo' });
  const previous = gallery.getByRole('button', { name: 'Previous photo' });
  await next.click();
  await expect(position).toHaveText('Photo 3 of 4');
  await expect.poll(inView).toBe(2);
  await next.press('Enter');
  await expect(position).toHaveText('Photo 4 of 4');
  await expect(next).toHaveAttribute('aria-disabled', 'true');
  await next.press('Enter');
  await expect(position).toHaveText('Photo 4 of 4');
  await expect(next).toBeFocused();
  await previous.click();
  await expect(position).toHaveText('Photo 3 of 4');
  await expect.poll(inView).toBe(2);
  await expectTapTargets(gallery);
  await expectPhoneFriendly(page);
  expect(errors).toEqual([]);
});

test('profile photos without scripts: the header and the gallery are in the page', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ ...phone, baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/public/vendor/${pictured}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Casa Impecable CDMX' })).toBeVisible();
  const first = page.getByRole('region', { name: 'Portfolio' }).getByRole('img').first();
  await expect(first).toBeVisible();
  await expect
    .poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  await context.close();
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

  // A vendor with a cover photo: its 1200×630 JPEG (decision 074), which every chat app shows.
  const withCover = await (await request.get(`/public/vendor/${pictured}`)).text();
  const cover = /<meta property="og:image" content="([^"]+)"/.exec(withCover)?.[1];
  expect(cover).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\/photos\/[0-9a-f-]{36}\/[\w-]{43}\.jpg$/);
  const jpeg = await request.get(cover!);
  expect(jpeg.headers()['content-type']).toBe('image/jpeg');
  expect([...(await jpeg.body()).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
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
