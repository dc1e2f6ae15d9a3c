import i18n, { type ReadCallback } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { defaultLanguage, isLanguage, type Language, languages } from '../../shared/language.ts';
import { initialLanguage, storeLanguage } from './stored-language.ts';

/**
 * The visitor's choice (the top bar's switch, or their account's): kept, and shown once its strings
 * are there — at once when preloadLanguage has downloaded them.
 */
export function changeLanguage(language: Language) {
  storeLanguage(language);
  return i18n.changeLanguage(language);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : defaultLanguage;
}

i18n.on('languageChanged', (language) => {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
});

/** A language's strings, downloaded when first needed. */
type Loader = () => Promise<object>;
type Loaders = Record<Language, Loader>;

// Each language of the app's own strings (its shell, the home page, the vendor list) is a module of
// its own: a visitor downloads only the language they read, and the other one when they switch to
// it (decision 084).
export const appStrings = {
  en: () => import('./en.ts').then((m) => m.en),
  'es-MX': () => import('./es-MX.ts').then((m) => m.esMX),
} satisfies Loaders;

/** A feature whose two languages are still one module: either language downloads both. */
function bothIn<M>(load: () => Promise<M>, en: (m: M) => object, esMX: (m: M) => object): Loaders {
  return { en: () => load().then(en), 'es-MX': () => load().then(esMX) };
}

// Each feature's strings load with the screens that show them (decision 020): a visitor's first page
// downloads only the strings it needs. Each is an i18next namespace, read by its backend; routes name
// theirs in app/router.tsx (`screen(import, [...])`), and a lazily loaded component calls loadStrings
// before it renders. Those of a public page have a module per language (decision 084).
export const lazyStrings = {
  auth: bothIn(
    () => import('./auth.ts'),
    (m) => m.authEn,
    (m) => m.authEsMX,
  ),
  bookings: {
    en: () => import('./bookings.ts').then((m) => m.bookingsEn),
    'es-MX': () => import('./bookings.es-MX.ts').then((m) => m.bookingsEsMX),
  },
  vendor: bothIn(
    () => import('./vendor.ts'),
    (m) => m.vendorEn,
    (m) => m.vendorEsMX,
  ),
  admin: bothIn(
    () => import('./admin.ts'),
    (m) => m.adminEn,
    (m) => m.adminEsMX,
  ),
  payments: bothIn(
    () => import('./payments.ts'),
    (m) => m.paymentsEn,
    (m) => m.paymentsEsMX,
  ),
  contacts: bothIn(
    () => import('./contacts.ts'),
    (m) => m.contactsEn,
    (m) => m.contactsEsMX,
  ),
  whatsapp: bothIn(
    () => import('./whatsapp.ts'),
    (m) => m.whatsappEn,
    (m) => m.whatsappEsMX,
  ),
  policies: bothIn(
    () => import('./policies.ts'),
    (m) => m.policiesEn,
    (m) => m.policiesEsMX,
  ),
  payouts: bothIn(
    () => import('./payouts.ts'),
    (m) => m.payoutsEn,
    (m) => m.payoutsEsMX,
  ),
  reviews: bothIn(
    () => import('./reviews.ts'),
    (m) => m.reviewsEn,
    (m) => m.reviewsEsMX,
  ),
  reviewPage: bothIn(
    () => import('./review-page.ts'),
    (m) => m.reviewPageEn,
    (m) => m.reviewPageEsMX,
  ),
  reviewModeration: bothIn(
    () => import('./review-moderation.ts'),
    (m) => m.reviewModerationEn,
    (m) => m.reviewModerationEsMX,
  ),
  photos: bothIn(
    () => import('./photos.ts'),
    (m) => m.photosEn,
    (m) => m.photosEsMX,
  ),
  calendarFeed: bothIn(
    () => import('./calendar-feed.ts'),
    (m) => m.calendarFeedEn,
    (m) => m.calendarFeedEsMX,
  ),
  taxProfile: bothIn(
    () => import('./tax-profile.ts'),
    (m) => m.taxProfileEn,
    (m) => m.taxProfileEsMX,
  ),
  agenda: bothIn(
    () => import('./agenda.ts'),
    (m) => m.agendaEn,
    (m) => m.agendaEsMX,
  ),
  bookingActions: bothIn(
    () => import('./booking-actions.ts'),
    (m) => m.bookingActionsEn,
    (m) => m.bookingActionsEsMX,
  ),
} satisfies Record<string, Loaders>;

export type StringsName = keyof typeof lazyStrings;
export const stringsNames = Object.keys(lazyStrings) as StringsName[];

/** Features whose Spanish is a module of its own (`<file>.es-MX.ts`); the others hold both languages. */
const spanishApart = new Set<StringsName>(['bookings']);

/**
 * The module of a language's strings (`translation`: the app's own), by its path from src/web, as the
 * build's manifest names it: the server preloads those of a page it rendered.
 */
export function stringsModule(name: StringsName | 'translation', language: Language): string {
  if (name === 'translation') return `i18n/${language}.ts`;
  const file = name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
  return language === 'es-MX' && spanishApart.has(name) ? `i18n/${file}.es-MX.ts` : `i18n/${file}.ts`;
}

const isStringsName = (name: string): name is StringsName => Object.hasOwn(lazyStrings, name);

/**
 * A namespace holds its feature's strings under the feature's name, so keys stay `auth.…` in the
 * default namespace's terms (typed by i18next.d.ts) and are found through `fallbackNS`. The app's
 * own strings are the default namespace, `translation`.
 */
function readStrings(language: string, name: string, callback: ReadCallback) {
  if (!isLanguage(language)) return callback(new Error(`No strings in ${language}`), false);
  if (name !== 'translation' && !isStringsName(name))
    return callback(new Error(`No strings named ${name}`), false);
  const load = name === 'translation' ? appStrings[language] : lazyStrings[name][language];
  load().then(
    (strings) => callback(null, name === 'translation' ? strings : { [name]: strings }),
    // `true` (retry): i18next asks again at the next loadStrings (a navigation once back online),
    // where a plain failure would be final.
    (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), true),
  );
}

/**
 * A sentence that ends with a Mexican time ("hasta el viernes, 27 de noviembre, 9:00 a.m.") ends on
 * the abbreviation's own period, never "a.m..": every string passes through this.
 */
const abbreviationPeriod = {
  type: 'postProcessor' as const,
  name: 'abbreviationPeriod',
  process: (value: string) => value.replace(/\b([ap]\.\s?m\.)\./g, '$1'),
};

// Only the visitor's language downloads (decision 084): the app's own strings too, so the app waits
// for `stringsReady` before its first render (app/start.tsx), and the server render for its
// language's (ssr/render.tsx). No language falls back on another: the types and i18n.test.ts keep
// their keys the same, and a fallback would download English for every Spanish reader.
const initialised = i18n
  .use(resourcesToBackend(readStrings))
  .use(initReactI18next)
  .use(abbreviationPeriod)
  .init({
    fallbackNS: stringsNames,
    maxRetries: 0,
    lng: initialLanguage(),
    fallbackLng: false,
    supportedLngs: languages,
    load: 'currentOnly',
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes
    postProcess: [abbreviationPeriod.name],
  });

/** Settles once the app's own strings in the first language are there (it never rejects). */
export const stringsReady: Promise<void> = initialised.then(
  () => undefined,
  () => undefined,
);

/**
 * Downloads another language's strings — the app's and those of every feature loaded so far — so that
 * switching to it then waits for nothing (the top bar's switch calls it when the visitor reaches for
 * it). Resolves when they are there or could not be downloaded: switching then tries again.
 */
export function preloadLanguage(language: Language): Promise<void> {
  return new Promise((resolve) => {
    void i18n.loadLanguages(language, () => resolve());
  });
}

/**
 * Loads the named features' strings (i18next namespaces, once each); resolves when they can be
 * shown, rejects when one could not be downloaded (the next call tries it again).
 */
export function loadStrings(names: readonly StringsName[]): Promise<void> {
  if (names.length === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    void i18n.loadNamespaces([...names], (errors: unknown) => {
      // Only the named strings count: i18next also tries again any other that failed before.
      const missing = names.filter((name) => !i18n.hasResourceBundle(i18n.language, name));
      if (missing.length === 0) return resolve();
      const error = Array.isArray(errors) ? errors[0] : errors;
      reject(error instanceof Error ? error : new Error(`Strings not loaded: ${missing.join(', ')}`));
    });
  });
}

/** A route's `lazy` that also loads the strings its screen shows. */
export function withStrings<T>(names: readonly StringsName[], load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadStrings(names)]).then(([module]) => module);
}

export { i18n };
