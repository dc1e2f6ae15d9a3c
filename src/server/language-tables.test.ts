import { describe, expect, it } from 'vitest';
import { categoryLabels, spokenLanguageLabels } from '../shared/categories.ts';
import { zoneCities } from '../shared/date-format.ts';
import { intlLocales, type Language, languages, switchTo } from '../shared/language.ts';
import { priceWords } from '../shared/money.ts';
import { defaultWeeklyAvailability } from '../shared/weekly-availability.ts';
import { errorCodeTexts, errorReasonTexts, networkErrorText } from '../web/i18n/api-errors.ts';
import { authErrorTexts } from '../web/i18n/auth-errors.ts';
import { appStrings, lazyStrings } from '../web/i18n/i18n.ts';
import { whereLine } from './features/booking-lifecycle/messages/booking-mails.ts';
import { ctaLabels } from './features/booking-lifecycle/messages/customer-whatsapp.ts';
import { customerReplies } from './features/whatsapp/whatsapp-customers.ts';
import { dayNames, replies, templateLanguages, templates } from './features/whatsapp/whatsapp-texts.ts';

// Every text that differs by language is a Record<Language, …>: the compiler asks each table for
// every language (`satisfies`). This checks the same at run time, and that the check names the
// tables a new language has not reached yet: build them for a language that is not ours ('fr')
// and every table must say so.

type Table = Readonly<Record<string, unknown>>;

/** Each language's strings, from the modules the web app downloads them from. */
async function downloaded(loaders: Record<string, () => Promise<object>>): Promise<Table> {
  return Object.fromEntries(
    await Promise.all(Object.entries(loaders).map(async ([language, load]) => [language, await load()])),
  );
}

/** The tables keyed by language, by name. */
const tables: Record<string, Table> = {
  intlLocales,
  switchTo,
  priceWords,
  ...Object.fromEntries(
    Object.entries(categoryLabels).map(([key, table]) => [`categoryLabels.${key}`, table]),
  ),
  ...Object.fromEntries(Object.entries(zoneCities).map(([zone, table]) => [`zoneCities.${zone}`, table])),
  dayNames,
  // The messages' words (decision 072): buttons, answers to customers, the catalogue's languages.
  ctaLabels,
  customerReplies,
  templateLanguages,
  ...Object.fromEntries(Object.entries(templates).map(([key, t]) => [`templates.${key}`, t.texts])),
  spokenLanguageLabels,
  networkErrorText,
  // The refusals the web app words (web/i18n/api-errors.ts, auth-errors.ts).
  ...Object.fromEntries(
    Object.entries({ ...errorCodeTexts, ...errorReasonTexts }).map(([name, table]) => [
      `errors.${name}`,
      table,
    ]),
  ),
  ...Object.fromEntries(Object.entries(authErrorTexts).map(([code, table]) => [`authErrors.${code}`, table])),
  // The app's strings and each feature's, as the web app downloads them (decisions 020, 084).
  appStrings: await downloaded(appStrings),
  ...Object.fromEntries(
    await Promise.all(
      Object.entries(lazyStrings).map(async ([name, loaders]) => [
        `strings.${name}`,
        await downloaded(loaders),
      ]),
    ),
  ),
};

/** The texts built from a language, by name: each gives the table of a language to its text. */
const texts: Record<string, (language: Language) => unknown> = {
  'replies.help': replies.help,
  'replies.nonText': replies.nonText,
  'replies.register': (l) => replies.register(l, 'https://barrio.test/r'),
  'replies.alreadyRegistered': (l) => replies.alreadyRegistered(l, 'Casa Limpia'),
  'replies.noPending': replies.noPending,
  'replies.unknownCode': (l) => replies.unknownCode(l, 'BR-1'),
  'replies.choose': (l) => replies.choose(l, 'block', [{ code: 'BR-1', when: 'lun' }]),
  'replies.confirmed': (l) => replies.confirmed(l, 'BR-1', true),
  'replies.declined': (l) => replies.declined(l, 'BR-1'),
  'replies.blocked': (l) => replies.blocked(l, 'BR-1'),
  'replies.availability': (l) =>
    replies.availability(l, defaultWeeklyAvailability(), { service: 'Corte', slots: [] }),
  whereLine: (l) => whereLine({ location: 'online', address: null, placeAddress: null }, 'customer', l),
};

/**
 * Each table as built for `wanted`: a text its builder could not give (it threw, or read a language's
 * entry that is not there) is absent.
 */
function built(wanted: readonly string[]): Record<string, Table> {
  const fromTexts = Object.entries(texts).map(([name, text]) => {
    const entries = wanted.flatMap((language) => {
      try {
        const value = text(language as Language);
        return value === undefined || String(value).includes('undefined') ? [] : [[language, value]];
      } catch {
        return [];
      }
    });
    return [name, Object.fromEntries(entries)] as const;
  });
  return { ...tables, ...Object.fromEntries(fromTexts) };
}

/** The tables whose languages are not exactly `wanted`, with what each lacks or has beyond it. */
function mismatches(wanted: readonly string[]) {
  return Object.entries(built(wanted)).flatMap(([name, table]) => {
    const keys = Object.keys(table);
    const missing = wanted.filter((language) => !keys.includes(language));
    const extra = keys.filter((key) => !wanted.includes(key));
    return missing.length > 0 || extra.length > 0 ? [{ name, missing, extra }] : [];
  });
}

describe('the language tables', () => {
  it('each has exactly our languages', () => {
    expect(mismatches(languages)).toEqual([]);
  });

  it('each says it lacks a language added to the list', () => {
    const names = Object.keys(built(languages));
    expect(mismatches([...languages, 'fr'])).toEqual(
      names.map((name) => ({ name, missing: ['fr'], extra: [] })),
    );
  });

  it('and one table without a language is found by name', () => {
    const { en: _, ...spanishOnly } = priceWords;
    tables.priceWords = spanishOnly;
    try {
      expect(mismatches(languages)).toEqual([{ name: 'priceWords', missing: ['en'], extra: [] }]);
    } finally {
      tables.priceWords = priceWords;
    }
  });
});
