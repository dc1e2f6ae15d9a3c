// The languages Barrio speaks, in one place. Every text that differs by language is a
// `Record<Language, …>` (checked with `satisfies`), so that adding a language here is a compile error
// in each table that must gain it, rather than a silent fall back to Spanish; language.test.ts checks
// the same at run time, table by table.

/** Spanish (Mexico) first: the product's first language (product §1). */
export const languages = ['es-MX', 'en'] as const;
export type Language = (typeof languages)[number];

/** What a reader gets when their language is unknown or not one of ours: Spanish. */
export const defaultLanguage: Language = 'es-MX';

/** The Intl locale each language formats dates in ('en' writes US English dates: "Monday, November 23"). */
export const intlLocales = { 'es-MX': 'es-MX', en: 'en-US' } as const satisfies Record<Language, string>;

/** The language a two-way switch offers from each one (the app header, the signup wizard). */
export const switchTo = { 'es-MX': 'en', en: 'es-MX' } as const satisfies Record<Language, Language>;

export function isLanguage(value: unknown): value is Language {
  return (languages as readonly unknown[]).includes(value);
}

const primary = (tag: string) => tag.split('-')[0]!.toLowerCase();

/**
 * The language of a BCP 47 tag ('en-GB' → 'en', 'es' → 'es-MX') or of an Accept-Language value (its
 * first tag that is one of ours); `fallback` when none is.
 */
export function languageOf(tag: string | null | undefined, fallback: Language = defaultLanguage): Language {
  for (const part of (tag ?? '').split(',')) {
    const wanted = part.split(';')[0]!.trim();
    if (!wanted) continue;
    const exact = languages.find((l) => l.toLowerCase() === wanted.toLowerCase());
    const found = exact ?? languages.find((l) => primary(l) === primary(wanted));
    if (found) return found;
  }
  return fallback;
}

/**
 * The cookie that keeps a visitor's choice of language (the top bar's switch, decision 068), so that
 * the server renders pages in it; written by the browser, read by both. Not a session cookie: a page
 * requested with only this one is still a signed-out visitor's.
 */
export const LANGUAGE_COOKIE = 'barrio_language';

/** The language kept in a `Cookie` header's LANGUAGE_COOKIE, if it holds one of ours. */
export function languageInCookies(cookieHeader: string | null | undefined): Language | undefined {
  for (const pair of (cookieHeader ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at < 0 || pair.slice(0, at).trim() !== LANGUAGE_COOKIE) continue;
    const value = pair.slice(at + 1).trim();
    if (isLanguage(value)) return value;
  }
  return undefined;
}

/**
 * The language a request asks for (decision 068): the visitor's stored choice (the cookie), else
 * the first of ours their browser asks for (`Accept-Language`), else Spanish.
 */
export function requestLanguage(headers: {
  cookie?: string | null | undefined;
  acceptLanguage?: string | null | undefined;
}): Language {
  return languageInCookies(headers.cookie) ?? languageOf(headers.acceptLanguage);
}

/**
 * The text for `language` out of one per language: `inLanguage(lang, { 'es-MX': 'Hola', en: 'Hi' })`.
 * The record's type asks for every language, so a text missing one does not compile.
 */
export const inLanguage = <T>(language: Language, texts: Record<Language, T>): T => texts[language];
