import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en.ts';
import { esMX } from './es-MX.ts';
import { isLanguage, type Language, languages, storedLanguage, storeLanguage } from './stored-language.ts';

export { type Language, languages, storedLanguage } from './stored-language.ts';

export function changeLanguage(language: Language) {
  storeLanguage(language);
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
