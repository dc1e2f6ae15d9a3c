import { type Language, languageOf } from './language.ts';

// One cache of Intl.DateTimeFormat objects for the browser and the server. Building a
// formatter loads locale and time-zone data and costs far more than formatting with it (on a phone,
// the first one is a long task: decision 027), so each locale and set of options is built once. The
// keys are bounded: a few locales times the time zones of our vendors times a handful of option sets.
const formats = new Map<string, Intl.DateTimeFormat>();

/** The formatter for `locale` (undefined: the runtime's own) and `options`, built on first use. */
export function dateTimeFormat(
  locale: string | undefined,
  options: Intl.DateTimeFormatOptions = {},
): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    // Throws a RangeError for a time zone that is not IANA, as the constructor does: nothing is cached.
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

/**
 * Ends a sentence whose last words are a formatted time: es-MX's "11:30 a.m." already
 * ends with a period, so a second one ("a.m..") is not added. For the server's texts; the web's
 * strings end with their period and i18n drops a doubled one (`abbreviationPeriod`, web/i18n).
 */
export const endSentence = (text: string) => (text.endsWith('.') ? text : `${text}.`);

/** An instant as iCalendar's and Google Calendar's UTC stamp: 2026-11-23T15:00:00Z → 20261123T150000Z. */
export const utcStamp = (at: Date) => `${at.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;

/** Vendors' zones by the city people know them by, in each language. */
export const zoneCities: Record<string, Record<Language, string>> = {
  'America/Mexico_City': { 'es-MX': 'Ciudad de México', en: 'Mexico City' },
  'America/Cancun': { 'es-MX': 'Cancún', en: 'Cancún' },
  'America/Merida': { 'es-MX': 'Mérida', en: 'Mérida' },
  'America/Monterrey': { 'es-MX': 'Monterrey', en: 'Monterrey' },
  'America/Tijuana': { 'es-MX': 'Tijuana', en: 'Tijuana' },
};

/**
 * The city a timezone's clocks are named for, as a reader says it: "Ciudad de México" in Spanish,
 * "Mexico City" in English (any other zone: the city of its IANA name). Never the IANA id itself.
 */
export function zoneCity(timezone: string, language: string): string {
  const names = zoneCities[timezone];
  // Unlike prices, a zone's city reads English for a language without names of its own.
  if (names) return names[languageOf(language, 'en')];
  return timezone.slice(timezone.lastIndexOf('/') + 1).replaceAll('_', ' ');
}
