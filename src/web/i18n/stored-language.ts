// The visitor's language in this browser (decision 068): read by the app (i18n.ts) when it starts,
// kept by the top bar's switch. Apart from i18n.ts so that small modules can read it without
// loading i18next.

import {
  defaultLanguage,
  isLanguage,
  LANGUAGE_COOKIE,
  type Language,
  languageInCookies,
  languageOf,
} from '../../shared/language.ts';
import { SSR_ATTRIBUTE } from '../../shared/ssr.ts';

/** Where the choice was first kept (before the cookie): still honoured for returning visitors. */
const storageKey = 'barrio.language';

/** A year: a choice outlives a session, as the stored one did. */
const COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

function fromStorage(): Language | undefined {
  try {
    const value = globalThis.localStorage?.getItem(storageKey);
    return isLanguage(value) ? value : undefined;
  } catch {
    return undefined; // storage can be blocked (private modes, sandboxed frames)
  }
}

function fromCookie(): Language | undefined {
  return typeof document === 'undefined' ? undefined : languageInCookies(document.cookie);
}

function writeCookie(language: Language) {
  if (typeof document === 'undefined') return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and Safari before 18.4, and is asynchronous: the choice must be kept before the next page is asked for.
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${COOKIE_MAX_AGE_S}; SameSite=Lax`;
}

/** The visitor's own choice, if they made one in this browser (the switch, or their account's). */
export function chosenLanguage(): Language | undefined {
  const stored = fromStorage();
  // A choice kept before the cookie existed: the cookie is written from it, so that the server
  // renders the next page in it too.
  if (stored && fromCookie() !== stored) writeCookie(stored);
  return stored ?? fromCookie();
}

/**
 * The language the app starts in: the visitor's choice; else the language the server rendered the
 * page in (from the browser's `Accept-Language`), so that the app hydrates it as it is; else the
 * browser's languages, as the server would read them (a page the server did not render, the offline
 * shell); else Spanish.
 */
export function initialLanguage(): Language {
  const chosen = chosenLanguage();
  if (chosen) return chosen;
  if (typeof document !== 'undefined') {
    const rendered = document.getElementById('root')?.getAttribute(SSR_ATTRIBUTE);
    if (isLanguage(rendered)) return rendered;
  }
  const asked = typeof navigator === 'undefined' ? undefined : navigator.languages?.join(',');
  return languageOf(asked, defaultLanguage);
}

/**
 * Keeps the choice for the next visits, in the cookie the server reads and in storage; it still
 * applies to this visit when both are blocked.
 */
export function storeLanguage(language: Language) {
  writeCookie(language);
  try {
    globalThis.localStorage?.setItem(storageKey, language);
  } catch {
    // the cookie keeps it
  }
}
