// The visitor's chosen language, as kept in this browser: read by the app (i18n.ts) and by the entry
// (main.tsx), which starts the app at once on a page the server drew in another language (decision
// 031). Apart from i18n.ts so that the entry does not load i18next.

export const languages = ['en', 'es-MX'] as const;
export type Language = (typeof languages)[number];

const storageKey = 'barrio.language';

export function isLanguage(value: unknown): value is Language {
  return (languages as readonly unknown[]).includes(value);
}

/** The stored preference, else English (product §1: the general interface is English). */
export function storedLanguage(): Language {
  try {
    const value = globalThis.localStorage?.getItem(storageKey);
    return isLanguage(value) ? value : 'en';
  } catch {
    return 'en'; // storage can be blocked (private modes, sandboxed frames)
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
