// The visitor's chosen language, as kept in this browser: read by the app (i18n.ts) and by the entry
// (main.tsx), which starts the app at once on a page the server drew in another language (decision
// 031). Apart from i18n.ts so that the entry does not load i18next.

import { isLanguage, type Language } from '../../shared/language.ts';

/** The app's language until the visitor picks one: English (product §1: the general interface is English). */
export const appLanguage: Language = 'en';

const storageKey = 'barrio.language';

/** The stored preference, else the app's language. */
export function storedLanguage(): Language {
  try {
    const value = globalThis.localStorage?.getItem(storageKey);
    return isLanguage(value) ? value : appLanguage;
  } catch {
    return appLanguage; // storage can be blocked (private modes, sandboxed frames)
  }
}

/** Keeps the choice for the next visits; it still applies to this one when storage is blocked. */
export function storeLanguage(language: Language) {
  try {
    globalThis.localStorage?.setItem(storageKey, language);
  } catch {
    // the choice still applies to this visit
  }
}
