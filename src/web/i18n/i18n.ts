import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en.ts';
import { esMX } from './es-MX.ts';

export const languages = ['en', 'es-MX'] as const;
export type Language = (typeof languages)[number];

const storageKey = 'barrio.language';

function isLanguage(value: unknown): value is Language {
  return (languages as readonly unknown[]).includes(value);
}

/** The stored preference, else English (spec §1: the general interface is English). */
export function storedLanguage(): Language {
  try {
    const value = globalThis.localStorage?.getItem(storageKey);
    return isLanguage(value) ? value : 'en';
  } catch {
    return 'en'; // storage can be blocked (private modes, sandboxed frames)
  }
}

export function changeLanguage(language: Language) {
  try {
    globalThis.localStorage?.setItem(storageKey, language);
  } catch {
    // the choice still applies to this visit
  }
  return i18n.changeLanguage(language);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

i18n.on('languageChanged', (language) => {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
});

// Resources are bundled (a few kilobytes), so initialisation is synchronous: no flash of keys.
void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, 'es-MX': { translation: esMX } },
  lng: storedLanguage(),
  fallbackLng: 'en',
  supportedLngs: languages,
  load: 'currentOnly',
  initAsync: false,
  interpolation: { escapeValue: false }, // React escapes
});

export { i18n };
