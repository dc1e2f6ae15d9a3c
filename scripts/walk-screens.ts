import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { adminEn, adminEsMX } from '../src/web/i18n/admin.ts';
import { errorCodeTexts, errorReasonTexts } from '../src/web/i18n/api-errors.ts';
import { authEn, authEsMX } from '../src/web/i18n/auth.ts';
import { authErrorTexts } from '../src/web/i18n/auth-errors.ts';
import { bookingsEsMX } from '../src/web/i18n/bookings.es-MX.ts';
import { bookingsEn } from '../src/web/i18n/bookings.ts';
import { contactsEn, contactsEsMX } from '../src/web/i18n/contacts.ts';
import { en } from '../src/web/i18n/en.ts';
import { esMX } from '../src/web/i18n/es-MX.ts';
import { payoutsEn, payoutsEsMX } from '../src/web/i18n/payouts.ts';
import { photosEn, photosEsMX } from '../src/web/i18n/photos.ts';
import { policiesEn, policiesEsMX } from '../src/web/i18n/policies.ts';
import { reviewModerationEn, reviewModerationEsMX } from '../src/web/i18n/review-moderation.ts';
import { reviewPageEn, reviewPageEsMX } from '../src/web/i18n/review-page.ts';
import { reviewsEn, reviewsEsMX } from '../src/web/i18n/reviews.ts';
import { vendorEn, vendorEsMX } from '../src/web/i18n/vendor.ts';
import { whatsappEn, whatsappEsMX } from '../src/web/i18n/whatsapp.ts';

// A walk through every screen as a person sees it: a 390 px phone, in one language, through the
// three roles. Each screen is photographed (under WALK_OUT) and checked for what a unit test does
// not see: text of the other language (the app's strings and the server's answers), keys shown as
// text, sideways scrolling, tap targets under 44 px, controls a fixed bar covers, focus without a
// visible style, and axe. Not a test: it reports, for a person to look at the photos beside it.
//
//   npm run build
//   PORT=4151 PGLITE_DIR=/tmp/walk-es OUTBOX_POLL_MS=500 RATE_LIMITS=off TRUST_PROXY=1 npm run serve
//   WALK_URL=http://127.0.0.1:4151 WALK_LANG=es WALK_OUT=/tmp/walk npx tsx scripts/walk-screens.ts
//
// It writes WALK_OUT/<lang>/NNN-screen[.part].png and findings.md (by kind: text in the other
// language, keys, overflow, small targets, covered controls, focus, axe, page errors). Its text and
// size checks are heuristics: read each finding against its photo (a vendor's own words in Spanish
// on an English page are content, not a leftover).
//
// The server needs the demo data, the dev mailbox and the sandbox checkout (the defaults outside
// production) on a fresh database: the walk books, pays, moves, cancels and reviews. `WALK_LANG=en`
// starts from a Spanish browser and takes the top bar's switch (the cookie); `es` is the browser's
// Accept-Language alone. `WALK_ONLY` (a substring) walks only the screens whose names hold it.

type Lang = 'es' | 'en';
const lang: Lang = process.env.WALK_LANG === 'en' ? 'en' : 'es';
const baseURL = process.env.WALK_URL ?? 'http://127.0.0.1:4151';
const out = join(process.env.WALK_OUT ?? '/tmp/walk', lang);
const only = process.env.WALK_ONLY;
const password = 'Barrio#2026demo';
const es = lang === 'es';
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// ── the strings of each language, to find the other one's on screen ────────────────────────────

function flatten(value: unknown, into: Set<string>) {
  if (typeof value === 'string') into.add(value);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) flatten(v, into);
}
function stringsOf(language: 'en' | 'es-MX'): Set<string> {
  const spanish = language === 'es-MX';
  const all = new Set<string>();
  for (const bundle of spanish
    ? [esMX, adminEsMX, authEsMX, bookingsEsMX, contactsEsMX, payoutsEsMX, policiesEsMX, reviewPageEsMX]
    : [en, adminEn, authEn, bookingsEn, contactsEn, payoutsEn, policiesEn, reviewPageEn])
    flatten(bundle, all);
  for (const bundle of spanish
    ? [reviewModerationEsMX, reviewsEsMX, vendorEsMX, whatsappEsMX, photosEsMX]
    : [reviewModerationEn, reviewsEn, vendorEn, whatsappEn, photosEn])
    flatten(bundle, all);
  for (const table of [errorCodeTexts, errorReasonTexts, authErrorTexts])
    for (const texts of Object.values(table)) all.add(texts[language]);
  return all;
}
const mine = stringsOf(es ? 'es-MX' : 'en');
const theirs = stringsOf(es ? 'en' : 'es-MX');
/** The other language's strings that are not also ours, as patterns (`{{x}}` matches anything). */
const foreign = [...theirs]
  .filter((text) => !mine.has(text) && text.replace(/\{\{[^}]+\}\}/g, '').replace(/\W/g, '').length >= 4)
  .map((text) => ({
    text,
    pattern: new RegExp(
      `^${text
        .split(/\{\{[^}]+\}\}/)
        .map(escapeRegExp)
        .join('.+')}$`,
      's',
    ),
  }));
/** Words common in the other language and rare in ours (a server answer, a date, a leftover). */
const foreignWords = new RegExp(
  // Whole words: a letter with an accent is a letter too ("mayúscula" holds no "may").
  `(?<!\\p{L})(${
    es
      ? 'the|and|your|you|with|this|that|for|from|please|loading|failed|booking|sign in|back|next|cancel|save|error|not|found|monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december|am|pm'
      : 'el|la|los|las|del|para|con|tu|tus|una|reserva|cancelar|guardar|iniciar|sesión|cargando|lunes|martes|miércoles|jueves|viernes|sábado|domingo|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre'
  })(?!\\p{L})`,
  'iu',
);

// ── what is checked on each screen ──────────────────────────────────────────────────────────────

interface Finding {
  screen: string;
  kind: string;
  detail: string;
}
const findings: Finding[] = [];
const screens: string[] = [];
let counter = 0;

/** Waits until the screen has drawn: no spinner, no animation still running to an end. */
async function settle(page: Page) {
  await page.waitForLoadState('load');
  await page.locator('#root:not([data-ssr])').waitFor({ state: 'attached', timeout: 15_000 });
  await page
    .waitForFunction(
      () => !/Cargando|Loading|Comprobando|Checking your/.test(document.body.textContent ?? ''),
      null,
      {
        timeout: 8_000,
      },
    )
    .catch(() => undefined);
  await page.waitForTimeout(300);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** What a person reads on the page: text nodes, and the names a screen reader reads. */
function visibleTexts(page: Page) {
  return page.evaluate(() => {
    const texts: { text: string; lang: string; where: string }[] = [];
    const nameOf = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''}`;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      const text = node.textContent?.replace(/\s+/g, ' ').trim();
      if (!el || !text || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(el.tagName)) continue;
      if (!el.checkVisibility({ checkOpacity: false }) && !el.closest('.sr-only')) continue;
      texts.push({ text, lang: el.closest('[lang]')?.getAttribute('lang') ?? '', where: nameOf(el) });
    }
    for (const el of document.querySelectorAll('[aria-label],[placeholder],[title],img[alt]')) {
      for (const attribute of ['aria-label', 'placeholder', 'title', 'alt']) {
        const text = el.getAttribute(attribute)?.trim();
        if (text)
          texts.push({
            text,
            lang: el.closest('[lang]')?.getAttribute('lang') ?? '',
            where: `${nameOf(el)}@${attribute}`,
          });
      }
    }
    texts.push({ text: document.title, lang: document.documentElement.lang, where: 'title' });
    return texts;
  });
}

/** Interactive elements smaller than 44 × 44 px (inline links in running text aside). */
function smallTargets(page: Page) {
  return page.evaluate(() => {
    const small: string[] = [];
    const selector =
      'a[href],button,select,textarea,input:not([type=hidden]),[role=button],[role=tab],[role=switch],[role=radio],[role=checkbox],summary';
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      if (!el.checkVisibility() || el.closest('.sr-only')) continue;
      // A checkbox or radio is tapped through its label.
      const target =
        el instanceof HTMLInputElement && ['checkbox', 'radio'].includes(el.type)
          ? (el.closest('label') ?? (el.id ? document.querySelector(`label[for="${el.id}"]`) : null) ?? el)
          : el;
      const r = target.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      // A hit area grown around the control (styles.css `tap-target`) is what a finger meets.
      const grown = getComputedStyle(target, '::after');
      const hit =
        grown.content !== 'none' && grown.position === 'absolute'
          ? {
              width: Math.max(r.width, Number.parseFloat(grown.width) || 0),
              height: Math.max(r.height, Number.parseFloat(grown.height) || 0),
            }
          : r;
      const style = getComputedStyle(el);
      const inline =
        style.display === 'inline' &&
        (el.parentElement?.textContent?.trim().length ?? 0) > (el.textContent?.trim().length ?? 0) + 3;
      if (inline) continue;
      if (hit.height < 44 || hit.width < 44)
        small.push(
          `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}" ${Math.round(hit.width)}×${Math.round(hit.height)}`,
        );
    }
    return small;
  });
}

/** What overflows the screen's width, and text cut short by an ellipsis. */
function overflows(page: Page) {
  return page.evaluate(() => {
    const found: string[] = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width)
      found.push(`page scrolls sideways: ${document.documentElement.scrollWidth}px`);
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      if (!el.checkVisibility()) continue;
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      let clipped = false;
      for (let p = el.parentElement; p; p = p.parentElement) {
        const s = getComputedStyle(p);
        if (s.overflowX !== 'visible' && p !== document.body && p !== document.documentElement) {
          clipped = true;
          break;
        }
      }
      if (!clipped && r.right > width + 1 && r.width > 0 && style.position !== 'fixed')
        found.push(
          `beyond the screen: ${el.tagName.toLowerCase()} "${el.textContent?.trim().slice(0, 40)}" right=${Math.round(r.right)}`,
        );
      if (style.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1)
        found.push(`cut short: "${el.textContent?.trim().slice(0, 60)}"`);
    }
    return found;
  });
}

/** Controls a fixed bar low on the screen covers once the page is scrolled to its end. */
async function covered(page: Page) {
  const found: string[] = [];
  // Behind an open dialog, everything is covered on purpose.
  if (await page.locator('[role=dialog],[role=alertdialog]').count()) return found;
  for (const to of ['end'] as const) {
    found.push(
      ...(await page.evaluate((where) => {
        window.scrollTo(0, where === 'end' ? document.documentElement.scrollHeight : 0);
        const hidden: string[] = [];
        const selector = 'a[href],button,select,textarea,input:not([type=hidden]),[role=tab],[role=switch]';
        for (const el of document.querySelectorAll<HTMLElement>(selector)) {
          if (!el.checkVisibility() || el.closest('.sr-only')) continue;
          const r = el.getBoundingClientRect();
          if (r.bottom <= 0 || r.top >= window.innerHeight || r.width === 0) continue;
          const x = Math.min(Math.max(r.left + r.width / 2, 1), window.innerWidth - 1);
          const y = Math.min(Math.max(r.top + r.height / 2, 1), window.innerHeight - 1);
          const top = document.elementFromPoint(x, y);
          if (!top || el.contains(top) || top.contains(el) || el.closest('label')?.contains(top)) continue;
          let bar: Element | null = top;
          while (bar && !['fixed', 'sticky'].includes(getComputedStyle(bar).position))
            bar = bar.parentElement;
          // Content scrolled under the top bar is in its place; a bar low on the screen hides it.
          if (bar && !bar.contains(el) && bar.getBoundingClientRect().top > window.innerHeight / 2)
            hidden.push(
              `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}" under ${bar.tagName.toLowerCase()}`,
            );
        }
        return hidden;
      }, to)),
    );
  }
  return [...new Set(found)];
}

/** Keyboard stops whose focus draws nothing: Tab through the first 40. */
async function focusWithoutStyle(page: Page) {
  await page.evaluate(() => {
    window.scrollTo(0, 0);
    (document.activeElement as HTMLElement | null)?.blur();
  });
  const bare = new Set<string>();
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    const seen = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      // Past the page's last stop, focus has left for the browser's own controls.
      if (!el || el === document.body || !document.hasFocus()) return null;
      const style = getComputedStyle(el);
      const drawn =
        (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0) ||
        style.boxShadow !== 'none';
      // A checkbox's or radio's focus may show on its label or a sibling drawn for it (peer-focus).
      const label = el.closest('label');
      const labelDrawn = label
        ? getComputedStyle(label).outlineStyle !== 'none' || getComputedStyle(label).boxShadow !== 'none'
        : false;
      const sibling = el.nextElementSibling as HTMLElement | null;
      const siblingDrawn = sibling
        ? getComputedStyle(sibling).outlineStyle !== 'none' || getComputedStyle(sibling).boxShadow !== 'none'
        : false;
      // A card drawn around a link stretched over it (`has-[a:focus-visible]:outline-2`).
      const card = el.closest('[class*="has-[a:focus-visible]"]');
      const cardDrawn = card ? getComputedStyle(card).outlineStyle !== 'none' : false;
      return drawn || labelDrawn || siblingDrawn || cardDrawn
        ? ''
        : `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
    });
    if (seen === null) break;
    if (seen) bare.add(seen);
  }
  return [...bare];
}

/** Photographs the screen as it is now and checks it; `name` becomes its file's name. */
async function shoot(page: Page, name: string, { focus = true } = {}) {
  if (only && !name.includes(only)) return;
  const screen = `${String(++counter).padStart(3, '0')}-${name}`;
  screens.push(screen);
  const add = (kind: string, details: string[]) => {
    for (const detail of details) findings.push({ screen, kind, detail });
  };
  try {
    await settle(page);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    const viewport = page.viewportSize()!;
    // Full pages in screen-high parts, scrolled to as a person would (fixed bars where they are),
    // so each photo reads at its size.
    const scrolled = await page.evaluate(() => window.scrollY);
    for (let part = 0, y = 0; y < height && part < 8; part++, y += viewport.height - 120) {
      if (part > 0 || scrolled > 0)
        await page.evaluate((top) => window.scrollTo(0, top), part ? y : scrolled);
      await page.screenshot({ path: join(out, `${screen}${part ? `.${part}` : ''}.png`) });
      if (part === 0 && scrolled > 0) y = scrolled;
    }
    const texts = await visibleTexts(page);
    for (const { text, lang: within, where } of texts) {
      if (within && !within.startsWith(es ? 'es' : 'en')) continue; // marked as the other language
      if (/^[a-z]+(\.[a-zA-Z0-9_]+)+$/.test(text)) add('key shown', [`${where}: ${text}`]);
      const match = foreign.find(({ pattern }) => pattern.test(text));
      if (match) add('other language (app string)', [`${where}: "${text}"`]);
      else if (foreignWords.test(text)) add('other language? (word)', [`${where}: "${text.slice(0, 160)}"`]);
    }
    const htmlLang = await page.evaluate(() => document.documentElement.lang);
    if (!htmlLang.startsWith(es ? 'es' : 'en')) add('html lang', [htmlLang]);
    add('overflow', await overflows(page));
    add('tap target < 44 px', await smallTargets(page));
    add('under a fixed bar', await covered(page));
    if (focus) add('focus without style', await focusWithoutStyle(page));
    const { violations } = await new AxeBuilder({ page }).analyze();
    add(
      'axe',
      violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    );
    await page.evaluate(() => window.scrollTo(0, 0));
  } catch (error) {
    add('walk error', [String(error).slice(0, 300)]);
  }
}

/** Runs a part of the walk; a failure is noted and the walk goes on. */
async function step(name: string, run: () => Promise<void>) {
  try {
    await run();
  } catch (error) {
    findings.push({ screen: name, kind: 'walk error', detail: String(error).split('\n')[0]!.slice(0, 300) });
    console.error(`✗ ${name}: ${String(error).split('\n')[0]}`);
  }
}

// ── people ──────────────────────────────────────────────────────────────────────────────────────

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
let people = 0;

/** A phone of its own (its own client address, for the rate limits); in the walk's language. */
async function phone(): Promise<{ context: BrowserContext; page: Page }> {
  people++;
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    // English is reached by the switch from a Spanish browser: what the server answers must follow
    // the choice, not the browser.
    locale: 'es-MX',
    timezoneId: 'America/Mexico_City',
    extraHTTPHeaders: { 'X-Forwarded-For': `2001:db8:77:${people.toString(16)}::1` },
  });
  // tsx keeps functions' names with a helper the page lacks; the checks run in the page need it.
  await context.addInitScript({ content: 'globalThis.__name = (target) => target;' });
  const page = await context.newPage();
  page.on('pageerror', (error) =>
    findings.push({ screen: page.url(), kind: 'page error', detail: error.message }),
  );
  page.on('console', (message) => {
    if (message.type() === 'error')
      findings.push({ screen: page.url(), kind: 'console error', detail: message.text().slice(0, 200) });
  });
  if (!es) {
    await page.goto('/');
    await settle(page);
    await page.getByRole('button', { name: 'Change the language to English' }).click();
    await page.getByRole('button', { name: 'Cambiar el idioma a español' }).waitFor();
  }
  return { context, page };
}

async function signIn(context: BrowserContext, email: string) {
  const response = await context.request.post('/api/auth/sign-in/email', {
    headers: { origin: baseURL },
    data: { email, password },
  });
  if (!response.ok()) throw new Error(`sign-in of ${email}: ${response.status()}`);
}

interface Mail {
  to: string;
  subject: string;
  text: string;
}
/**
 * The first link matching `pattern` in the dev mailbox (in a mail holding `containing`), once the
 * outbox has delivered it.
 */
async function mailLink(page: Page, pattern: RegExp, containing = ''): Promise<string> {
  const until = Date.now() + 20_000;
  while (Date.now() < until) {
    const mails = (await (await page.request.get('/api/dev/mailbox')).json()) as Mail[];
    for (const mail of mails) {
      const found = mail.text.includes(containing) ? pattern.exec(mail.text) : null;
      if (found) return found[0];
    }
    await page.waitForTimeout(500);
  }
  throw new Error(`no mail with ${pattern}`);
}

const b = es ? bookingsEsMX : bookingsEn;

mkdirSync(out, { recursive: true });

// ── the visitor ─────────────────────────────────────────────────────────────────────────────────

const visitor = await phone();
const v = visitor.page;
const featured = (
  (await (await v.request.get('/api/vendors/featured')).json()) as { items: { slug: string }[] }
).items;
// The demo vendor that vendor@barrio.test owns: its dashboard then shows this walk's booking.
const ownSlug = 'brillo-total-limpieza';

await step('home', async () => {
  await v.goto('/');
  await shoot(v, 'home');
  const search = v.getByRole('combobox').first();
  await search.fill('plom');
  await v.getByRole('listbox').waitFor({ timeout: 5_000 });
  await shoot(v, 'home-suggestions', { focus: false });
});

await step('browse', async () => {
  await v.goto('/vendors');
  await shoot(v, 'browse');
  await v
    .getByRole('button', { name: /^(Filtros|Filters)/ })
    .first()
    .click();
  await shoot(v, 'browse-filters-panel', { focus: false });
  await v.goto(
    '/vendors?category=cleaning&colonia=Roma%20Norte&min_price=100&max_price=900&verified=true&sort=rating',
  );
  await shoot(v, 'browse-filtered');
  await v.goto('/vendors?q=plomero');
  await shoot(v, 'search-plomero');
  await v.goto('/vendors?q=zzqxwv');
  await shoot(v, 'search-empty');
  await v.goto('/vendors');
  await settle(v);
  await v.getByRole('searchbox').or(v.getByRole('combobox')).first().fill('pl');
  await v.waitForTimeout(800);
  await shoot(v, 'search-too-short', { focus: false });
});

await step('directory', async () => {
  await v.goto('/public/all-vendors');
  await shoot(v, 'directory');
});

await step('profile', async () => {
  for (const tab of ['services', 'about', 'reviews'] as const) {
    await v.goto(`/public/vendor/${ownSlug}?tab=${tab}`);
    await shoot(v, `profile-${tab}`);
  }
  await v.goto(`/public/vendor/${featured[1]?.slug ?? ownSlug}`);
  await shoot(v, 'profile-other');
  await v.goto('/public/vendor/no-such-vendor');
  await shoot(v, 'profile-not-found');
});

let bookingLink = '';
let code = '';
await step('book', async () => {
  await v.goto(`/public/vendor/${ownSlug}?tab=services`);
  const form = v.getByRole('region', { name: (es ? esMX : en).discovery.profile.bookTitle });
  await form.scrollIntoViewIfNeeded();
  await form.getByRole('button', { name: b.form.submit, exact: true }).click();
  await shoot(v, 'booking-form-errors', { focus: false });
  await form.getByLabel(b.form.service, { exact: true }).selectOption({ index: 1 });
  const times = form.getByRole('group', { name: b.form.time }).locator('label');
  await times.first().waitFor();
  await form.getByRole('group', { name: b.form.day }).locator('label').nth(2).click();
  await times.first().click();
  const street = form.getByLabel(b.form.street, { exact: true });
  if (await street.count()) {
    await street.fill('Calle Durango 120');
    const colonia = form.getByLabel(b.form.colonia, { exact: true });
    if ((await colonia.evaluate((el) => el.tagName)) === 'SELECT') await colonia.selectOption({ index: 1 });
    else await colonia.fill('Roma Norte');
    await form.getByLabel(b.form.postalCode, { exact: true }).fill('06700');
  }
  await form.getByLabel(b.form.name, { exact: true }).fill('Ana Walk');
  await form.getByLabel(b.form.email, { exact: true }).fill(`walk.${lang}@example.test`);
  await shoot(v, 'booking-form-filled', { focus: false });
  await form.getByRole('button', { name: b.form.submit, exact: true }).click();
  await v.getByTestId('booking-code').waitFor();
  code = (await v.getByTestId('booking-code').textContent())?.trim() ?? '';
  await shoot(v, 'booking-requested');
  await v.goto('/dev/mailbox');
  await shoot(v, 'dev-mailbox', { focus: false });
  bookingLink = await mailLink(v, new RegExp(`https?://\\S+/booking/${code}\\?token=[\\w-]+`));
  await v.goto(bookingLink);
  await shoot(v, 'booking-page-requested');
});

await step('vendor confirm', async () => {
  const confirm = await mailLink(v, /https?:\/\/\S+\/vendor-confirm\?token=[\w-]+&action=confirm/, code);
  const vendorPhone = await phone();
  await vendorPhone.page.goto(confirm);
  await shoot(vendorPhone.page, 'vendor-confirm');
  await vendorPhone.page.getByRole('button', { name: 'Confirmar Reserva' }).click();
  await vendorPhone.page.getByRole('heading', { name: 'Reserva confirmada exitosamente' }).waitFor();
  await shoot(vendorPhone.page, 'vendor-confirm-done');
  await vendorPhone.page.goto(confirm);
  await shoot(vendorPhone.page, 'vendor-confirm-again');
  await vendorPhone.context.close();
});

await step('pay', async () => {
  await v.goto(bookingLink);
  await shoot(v, 'booking-page-awaiting-payment');
  await v
    .getByRole('link', { name: b.manage.pay, exact: true })
    .or(v.getByRole('button', { name: b.manage.pay, exact: true }))
    .first()
    .click();
  await v.waitForURL(/\/sandbox\/checkout\//);
  await shoot(v, 'sandbox-checkout');
  const checkout = v.url();
  await v
    .getByRole('link', { name: 'Cancelar', exact: true })
    .or(v.getByRole('button', { name: 'Cancelar', exact: true }))
    .first()
    .click();
  await v.waitForURL(/\/payment-cancel/);
  await shoot(v, 'payment-cancel');
  await v.goto(checkout);
  await settle(v);
  await v.getByRole('button', { name: /^Pagar / }).click();
  await v.waitForURL(/\/payment-success/);
  await shoot(v, 'payment-success');
});

await step('move and cancel', async () => {
  await v.goto(bookingLink);
  await shoot(v, 'booking-page-paid');
  await v.getByRole('button', { name: b.manage.changes.reschedule, exact: true }).click();
  const dialog = v.getByRole('dialog', { name: b.manage.changes.rescheduleTitle });
  const days = dialog.getByRole('group', { name: b.form.day }).locator('label');
  await days.first().waitFor();
  await days.nth(4).click();
  await dialog.getByRole('group', { name: b.form.time }).locator('label').first().click();
  await shoot(v, 'booking-reschedule-dialog', { focus: false });
  await dialog.getByRole('button', { name: b.manage.changes.confirmReschedule }).click();
  await dialog.waitFor({ state: 'detached' });
  await shoot(v, 'booking-rescheduled', { focus: false });
  await v.getByRole('button', { name: b.manage.changes.cancel, exact: true }).click();
  const cancel = v.getByRole('dialog', { name: b.manage.changes.cancelTitle });
  await cancel.getByLabel(b.manage.changes.reason).fill('Cambio de planes');
  await shoot(v, 'booking-cancel-dialog', { focus: false });
  await cancel.getByRole('button', { name: b.manage.changes.cancel }).click();
  await cancel.waitFor({ state: 'detached' });
  await shoot(v, 'booking-cancelled');
  await v.goto(`/booking/${code}?token=altered`);
  await shoot(v, 'booking-not-found');
});

await step('pages', async () => {
  for (const policy of ['cancellation', 'terms', 'privacy']) {
    await v.goto(`/policies/${policy}`);
    await shoot(v, `policy-${policy}`, { focus: policy === 'cancellation' });
  }
  await v.goto('/no-such-page');
  await shoot(v, 'not-found');
});

await step('auth', async () => {
  const a = (es ? authEsMX : authEn).page;
  const vendorAccess = (es ? authEsMX : authEn).vendorAuth;
  const email = () => v.getByLabel(a.email, { exact: true }).first();
  const passwordField = () => v.getByLabel(a.password, { exact: true }).first();
  await v.goto('/auth');
  await shoot(v, 'auth-sign-in');
  await email().fill('customer@barrio.test');
  await v.getByRole('button', { name: a.usePassword }).click();
  await passwordField().fill('wrong-password-1');
  await v.getByRole('button', { name: a.signIn, exact: true }).last().click();
  await v.waitForTimeout(1500);
  await shoot(v, 'auth-wrong-password', { focus: false });
  await v.goto('/auth');
  await settle(v);
  await v.getByRole('button', { name: a.toSignUp }).click();
  await email().fill(`new.${lang}@example.test`);
  await v.getByRole('button', { name: a.usePassword }).click();
  await passwordField().fill('short');
  await v.getByRole('button', { name: a.signUp, exact: true }).last().click();
  await v.waitForTimeout(1500);
  await shoot(v, 'auth-sign-up-short-password', { focus: false });
  await v.goto('/auth');
  await settle(v);
  await email().fill('customer@barrio.test');
  await v.getByRole('button', { name: a.magicLink }).click();
  await v.waitForTimeout(1500);
  await shoot(v, 'auth-magic-link-sent', { focus: false });
  await v.goto('/auth/reset-password');
  await shoot(v, 'reset-password');
  await v.goto('/auth/reset-password?token=spent-token');
  await shoot(v, 'reset-password-token');
  await v.goto('/auth/magic-link?token=spent-token');
  await shoot(v, 'magic-link');
  await v.getByRole('main').getByRole('button').first().click();
  await v.waitForTimeout(1500);
  await shoot(v, 'magic-link-spent', { focus: false });
  await v.goto('/vendor/auth');
  await shoot(v, 'vendor-auth');
  await email().fill('vendor@barrio.test');
  await passwordField().fill('wrong-password-1');
  await v.getByRole('button', { name: vendorAccess.logIn, exact: true }).last().click();
  await v.waitForTimeout(1500);
  await shoot(v, 'vendor-auth-wrong-password', { focus: false });
  await v.getByRole('tab', { name: vendorAccess.newVendor }).click();
  await shoot(v, 'vendor-auth-new-vendor');
});
await visitor.context.close();

// ── the customer ────────────────────────────────────────────────────────────────────────────────

await step('customer', async () => {
  const { context, page } = await phone();
  await signIn(context, 'customer@barrio.test');
  await page.goto('/');
  await shoot(page, 'customer-home');
  await page.goto('/jobs');
  await shoot(page, 'customer-jobs');
  await page.goto('/profile');
  await shoot(page, 'customer-profile');
  await page.goto('/settings');
  await shoot(page, 'customer-settings');
  const review = await mailLink(page, /https?:\/\/\S+\/review\/[A-Z2-9]{6}\?token=[\w-]+/);
  await page.goto(review);
  await shoot(page, 'review-form');
  const r = es ? reviewPageEsMX : reviewPageEn;
  await page.getByRole('button', { name: r.form.publish }).click();
  await shoot(page, 'review-form-error', { focus: false });
  await page.getByRole('radio').nth(3).check({ force: true });
  await page.getByRole('textbox').first().fill('Muy puntuales y amables.');
  await page.getByRole('button', { name: r.form.publish }).click();
  await page.waitForTimeout(1500);
  await shoot(page, 'review-published');
  await page.goto(review);
  await shoot(page, 'review-given');
  await page.goto('/jobs');
  await settle(page);
  await page.locator('main a[href^="/booking/"]').first().click();
  await page.waitForURL(/\/booking\//);
  await shoot(page, 'customer-booking-page');
  await page.goto('/whatsapp-testing');
  await shoot(page, 'customer-whatsapp-testing', { focus: false });
  await context.close();
});

// ── the vendor ──────────────────────────────────────────────────────────────────────────────────

await step('vendor', async () => {
  const { context, page } = await phone();
  await signIn(context, 'vendor@barrio.test');
  await page.goto('/vendor/dashboard');
  await shoot(page, 'vendor-dashboard');
  const d = (es ? vendorEsMX : vendorEn).dashboard;
  const p = (es ? payoutsEsMX : payoutsEn).earnings.account;
  const r = (es ? reviewModerationEsMX : reviewModerationEn).vendor;
  // Each of the dashboard's forms and dialogs, opened from a fresh page.
  const opens = [
    ['edit-profile', d.editProfile],
    ['availability', d.updateAvailability],
    ['booking-settings', d.bookingSettingsButton],
    ['add-service', d.services.add],
    ['edit-service', d.services.edit],
    ['block', d.bookings.block],
    ['clabe', p.add],
    ['answer-review', r.answer],
    ['report-review', r.report],
  ] as const;
  for (const [name, label] of opens) {
    await page.goto('/vendor/dashboard');
    await settle(page);
    // By the start of its name: a row's button names its row ("Edit Limpieza profunda").
    const matching = page.getByRole('button', { name: new RegExp(`^${escapeRegExp(label)}`) });
    const control = name === 'edit-service' ? matching.last() : matching.first();
    if (!(await control.count())) {
      findings.push({ screen: `vendor-${name}`, kind: 'walk error', detail: `no button "${label}"` });
      continue;
    }
    await control.scrollIntoViewIfNeeded();
    await control.click();
    await shoot(page, `vendor-${name}`, { focus: false });
  }
  await context.close();
});

await step('vendor signup', async () => {
  const { context, page } = await phone();
  await page.goto('/vendor-signup');
  if (!es) await page.getByRole('button', { name: 'Change the language to English' }).click();
  await shoot(page, 'wizard-step-1');
  const next = page.getByRole('button', { name: /^(Siguiente|Next)$/ });
  await next.click();
  await shoot(page, 'wizard-step-2');
  await next.click();
  await shoot(page, 'wizard-step-3');
  await page.getByRole('button', { name: /^(Crear perfil|Create Profile)$/ }).click();
  await shoot(page, 'wizard-errors', { focus: false });
  await context.close();
});

// ── the admin ───────────────────────────────────────────────────────────────────────────────────

await step('admin', async () => {
  const { context, page } = await phone();
  await signIn(context, 'admin@barrio.test');
  for (const tab of ['vendors', 'review', 'photos', 'customers', 'bookings', 'payouts', 'reviews']) {
    await page.goto(`/admin?tab=${tab}`);
    await shoot(page, `admin-${tab}`);
  }
  const a = es ? adminEsMX : adminEn;
  const pay = (es ? payoutsEsMX : payoutsEn).admin;
  const moderation = (es ? reviewModerationEsMX : reviewModerationEn).admin;
  // Each tab's forms and dialogs, opened from a fresh page: [photo, tab, button's name begins].
  const opens = [
    ['admin-add-vendor', 'vendors', a.vendors.add],
    ['admin-edit-vendor', 'vendors', a.common.edit],
    ['admin-ask-changes', 'review', a.review.requestChanges],
    ['admin-reject', 'review', a.review.reject],
    ['admin-edit-customer', 'customers', a.common.edit],
    ['admin-booking-detail', 'bookings', a.bookings.openLabel.split('{{')[0]!],
    ['admin-mark-paid', 'payouts', pay.markPaid],
    ['admin-hide-review', 'reviews&status=all', moderation.hide],
  ] as const;
  for (const [name, tab, label] of opens) {
    await page.goto(`/admin?tab=${tab}`);
    await settle(page);
    const control = page
      .getByRole('tabpanel')
      .getByRole('button', { name: new RegExp(`^${escapeRegExp(label)}`) })
      .first();
    if (!(await control.count())) {
      findings.push({ screen: name, kind: 'walk error', detail: `no button "${label}"` });
      continue;
    }
    await control.scrollIntoViewIfNeeded();
    await control.click();
    await shoot(page, name, { focus: false });
    if (name === 'admin-booking-detail') {
      const cancel = page.getByRole('dialog').getByRole('button', { name: a.bookings.cancel });
      if (await cancel.count()) {
        await cancel.first().click();
        await shoot(page, 'admin-booking-cancel', { focus: false });
      }
    }
  }
  await page.goto('/admin?tab=payouts&view=paid');
  await shoot(page, 'admin-payouts-paid');
  await page.goto('/admin?tab=reviews&status=all');
  await shoot(page, 'admin-reviews-all');
  await page.goto('/whatsapp-testing');
  await shoot(page, 'whatsapp-testing');
  await page.goto('/whatsapp-status');
  await shoot(page, 'whatsapp-status');
  await page.getByRole('button', { name: /Test webhook|Probar (el )?webhook/i }).click();
  await page.waitForTimeout(1500);
  await shoot(page, 'whatsapp-status-tested', { focus: false });
  await context.close();
});

await browser.close();

// ── the report ──────────────────────────────────────────────────────────────────────────────────

writeFileSync(join(out, 'findings.json'), JSON.stringify(findings, null, 2));
const byKind = new Map<string, Finding[]>();
for (const finding of findings) byKind.set(finding.kind, [...(byKind.get(finding.kind) ?? []), finding]);
const lines = [`${screens.length} screens in ${lang}, photos in ${out}`];
for (const [kind, list] of byKind) {
  lines.push('', `## ${kind} (${list.length})`);
  for (const { screen, detail } of list) lines.push(`${screen}: ${detail}`);
}
writeFileSync(join(out, 'findings.md'), `${lines.join('\n')}\n`);
console.log(`${screens.length} screens, ${findings.length} findings: ${join(out, 'findings.md')}`);
