import i18n, { type ReadCallback } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { defaultLanguage, isLanguage, type Language, languages } from '../../shared/language.ts';
import { en } from './en.ts';
import { esMX } from './es-MX.ts';
import { initialLanguage, storeLanguage } from './stored-language.ts';

/** The visitor's choice (the top bar's switch, or their account's): kept, and shown at once. */
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

type Bundle = Record<Language, object>;

/** The app's own strings (its shell, the home page, the vendor list), bundled. */
export const appStrings = { 'es-MX': esMX, en } satisfies Bundle;

// Each feature's strings, in both languages, load with the screens that show them (decision 020): a
// visitor's first page downloads only the strings it needs. Each is an i18next namespace, read by its
// backend; routes name theirs in app/router.tsx (`screen(import, [...])`), and a lazily loaded
// component calls loadStrings before it renders.
export const lazyStrings = {
  auth: () => import('./auth.ts').then((m): Bundle => ({ en: m.authEn, 'es-MX': m.authEsMX })),
  bookings: () =>
    import('./bookings.ts').then((m): Bundle => ({ en: m.bookingsEn, 'es-MX': m.bookingsEsMX })),
  vendor: () => import('./vendor.ts').then((m): Bundle => ({ en: m.vendorEn, 'es-MX': m.vendorEsMX })),
  admin: () => import('./admin.ts').then((m): Bundle => ({ en: m.adminEn, 'es-MX': m.adminEsMX })),
  payments: () =>
    import('./payments.ts').then((m): Bundle => ({ en: m.paymentsEn, 'es-MX': m.paymentsEsMX })),
  contacts: () =>
    import('./contacts.ts').then((m): Bundle => ({ en: m.contactsEn, 'es-MX': m.contactsEsMX })),
  whatsapp: () =>
    import('./whatsapp.ts').then((m): Bundle => ({ en: m.whatsappEn, 'es-MX': m.whatsappEsMX })),
  policies: () =>
    import('./policies.ts').then((m): Bundle => ({ en: m.policiesEn, 'es-MX': m.policiesEsMX })),
  payouts: () => import('./payouts.ts').then((m): Bundle => ({ en: m.payoutsEn, 'es-MX': m.payoutsEsMX })),
  reviews: () => import('./reviews.ts').then((m): Bundle => ({ en: m.reviewsEn, 'es-MX': m.reviewsEsMX })),
  reviewPage: () =>
    import('./review-page.ts').then((m): Bundle => ({ en: m.reviewPageEn, 'es-MX': m.reviewPageEsMX })),
  reviewModeration: () =>
    import('./review-moderation.ts').then(
      (m): Bundle => ({ en: m.reviewModerationEn, 'es-MX': m.reviewModerationEsMX }),
    ),
  photos: () => import('./photos.ts').then((m): Bundle => ({ en: m.photosEn, 'es-MX': m.photosEsMX })),
} satisfies Record<string, () => Promise<Bundle>>;

export type StringsName = keyof typeof lazyStrings;
export const stringsNames = Object.keys(lazyStrings) as StringsName[];

const isStringsName = (name: string): name is StringsName => Object.hasOwn(lazyStrings, name);

/**
 * A namespace holds its feature's strings under the feature's name, so keys stay `auth.…` in the
 * default namespace's terms (typed by i18next.d.ts) and are found through `fallbackNS`.
 */
function readStrings(language: string, name: string, callback: ReadCallback) {
  if (!isStringsName(name)) return callback(new Error(`No strings named ${name}`), false);
  lazyStrings[name]().then(
    (bundle) => callback(null, { [name]: isLanguage(language) ? bundle[language] : {} }),
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

// The app's own strings are bundled (a few kilobytes), so initialisation is synchronous: no flash
// of keys. Both languages of a feature load together (`preload`: one module holds both), so that
// switching the language never waits for a download.
void i18n
  .use(resourcesToBackend(readStrings))
  .use(initReactI18next)
  .use(abbreviationPeriod)
  .init({
    resources: Object.fromEntries(
      languages.map((language) => [language, { translation: appStrings[language] }]),
    ),
    partialBundledLanguages: true,
    fallbackNS: stringsNames,
    preload: [...languages],
    maxRetries: 0,
    lng: initialLanguage(),
    // A key missing in one language shows the English (the languages' keys are the same: the types
    // and i18n.test.ts check them; app/routes-strings.test.tsx checks what the screens ask for).
    fallbackLng: 'en',
    supportedLngs: languages,
    load: 'currentOnly',
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes
    postProcess: [abbreviationPeriod.name],
  });

/**
 * Loads the named features' strings (i18next namespaces, once each); resolves when they can be
 * shown, rejects when one could not be downloaded (the next call tries it again).
 */
export function loadStrings(names: readonly StringsName[]): Promise<void> {
  if (names.length === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    void i18n.loadNamespaces([...names], (errors: unknown) => {
      // Only the named strings count: i18next also tries again any other that failed before.
      const missing = names.filter((name) => !languages.every((l) => i18n.hasResourceBundle(l, name)));
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
