import { type Browser, expect } from '@playwright/test';
import { freshClientAddress, freshEmail } from './support/auth.ts';
import { expectPhoneFriendly } from './support/axe.ts';
import { phone } from './support/phone.ts';
import { holdRequests, hydrateOnGoto, waitForHydration } from './support/ssr.ts';
import { test } from './support/test.ts';

// The visitor's language from the first byte (decision 068): a phone set to Spanish gets Spanish
// rendered by the server and hydrated as it is; the switch is kept in a cookie the server reads; a
// signed-in account's language wins on a browser where nobody chose.

/** A phone whose browser asks for `locale` (Accept-Language and navigator.languages alike). */
async function phoneIn(browser: Browser, baseURL: string | undefined, locale: string) {
  const context = await browser.newContext({
    ...phone,
    locale,
    baseURL,
    extraHTTPHeaders: { 'X-Forwarded-For': freshClientAddress() },
  });
  const page = hydrateOnGoto(await context.newPage());
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  return { page, errors, context };
}

test('a phone set to Spanish gets Home in Spanish from the server, hydrated as it is; the switch is kept', async ({
  browser,
  baseURL,
}) => {
  const { page, errors, context } = await phoneIn(browser, baseURL, 'es-MX');
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  try {
    // The page as the server sent it, before any script of ours has run.
    const release = await holdRequests(page, '**/assets/app-*.js');
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await expect(page.locator('html')).toHaveAttribute('lang', 'es-MX');
    await expect(page.locator('#root')).toHaveAttribute('data-ssr', 'es-MX');
    await expect(page.getByRole('heading', { level: 1, name: 'Encuentra servicios' })).toBeVisible();
    const rendered = await page.evaluate(() => {
      const all = document.querySelectorAll('#root *');
      for (const element of all) element.setAttribute('data-rendered-by', 'server');
      return all.length;
    });
    release();
    await waitForHydration(page);
    await page.unroute('**/assets/app-*.js');
    // No second render: every element the server rendered is the one on screen, still in Spanish.
    expect(await page.locator('#root *:not([data-rendered-by])').count()).toBe(0);
    expect(await page.locator('#root [data-rendered-by]').count()).toBe(rendered);
    await expect(page.getByRole('heading', { level: 1, name: 'Encuentra servicios' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Change the language to English' })).toBeVisible();
    await expectPhoneFriendly(page);
    // Only the Spanish strings came with the page (decision 084): English comes with the switch.
    expect(scripts.filter((path) => /^\/assets\/es-MX-[\w-]+\.js$/.test(path))).toHaveLength(1);
    expect(scripts.filter((path) => /^\/assets\/en-[\w-]+\.js$/.test(path))).toEqual([]);
    // Every text the page shows meanwhile, to find a key among them (a string not yet downloaded).
    await page.evaluate(() => {
      const seen: string[] = [];
      Object.assign(window, { seenTexts: seen });
      const root = document.getElementById('root')!;
      new MutationObserver(() => seen.push(root.textContent ?? '')).observe(root, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    });

    // The switch: English once its strings are there, never a key, and kept in the cookie the
    // server reads.
    await page.getByRole('button', { name: 'Change the language to English' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Find Services' })).toBeVisible();
    const seenTexts = await page.evaluate(() => (window as unknown as { seenTexts: string[] }).seenTexts);
    expect(seenTexts.length).toBeGreaterThan(0);
    for (const text of seenTexts) expect(text).not.toMatch(/\b(app|discovery|jobs|language|nav)\.\w+/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'barrio_language')?.value).toBe('en');
    // The stored choice wins over the Spanish the browser asks for: the server renders English.
    const html = await (await page.request.get('/vendors')).text();
    expect(html).toMatch(/<html lang="en">/);
    expect(html).toContain('<div id="root" data-ssr="en">');
    await page.goto('/vendors');
    await expect(page.getByRole('heading', { level: 1, name: 'Browse Vendors' })).toBeVisible();
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});

test("a page the server does not render (a review mail's link) speaks the Spanish phone's language too", async ({
  browser,
  baseURL,
}) => {
  const { page, errors, context } = await phoneIn(browser, baseURL, 'es-MX');
  try {
    await page.goto('/review/ZZZZZZ?token=not-a-token');
    await expect(page.getByRole('heading', { name: 'Enlace de reseña no encontrado' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es-MX');
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});

test('a phone set to English gets English; any other language gets Spanish', async ({ browser, baseURL }) => {
  for (const [locale, lang, heading] of [
    ['en-GB', 'en', 'Find Services'],
    ['fr-FR', 'es-MX', 'Encuentra servicios'],
  ] as const) {
    const { page, errors, context } = await phoneIn(browser, baseURL, locale);
    try {
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }
});

test("a signed-in account's language wins where nobody chose; the switch saves it to the account", async ({
  browser,
  baseURL,
}) => {
  const { page, errors, context } = await phoneIn(browser, baseURL, 'en-US');
  try {
    // An account made in Spanish (as a Spanish review mail's reader would have), then opened on a
    // phone set to English: a new device, a link from a mail.
    const signUp = await page.request.post('/api/auth/sign-up/email', {
      headers: { origin: baseURL!, 'accept-language': 'es-MX,es;q=0.9' },
      data: { name: 'Lupita', email: freshEmail('idioma'), password: 'Idioma#2026x' },
    });
    expect(signUp.status()).toBe(200);
    await page.goto('/jobs');
    await expect(page.getByText('Tus reservas con proveedores de Barrio')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es-MX');

    await page.getByRole('button', { name: 'Change the language to English' }).click();
    await expect(page.getByText('Your bookings with Barrio vendors')).toBeVisible();
    await expect
      .poll(async () => ((await (await page.request.get('/api/me')).json()) as MeAnswer).profile?.language)
      .toBe('en');
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});

interface MeAnswer {
  profile: { language: string | null } | null;
}
