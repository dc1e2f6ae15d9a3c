import { addDays } from './calendar-day.ts';
import { categoryWords, type VendorCategoryKey, vendorCategories } from './categories.ts';
import { foldText } from './fold-text.ts';
import { categorySynonyms, everydayWords } from './search-vocabulary.ts';

// How a search text becomes what the vendor search looks for (ARCHITECTURE §3.6).

/** Words that say nothing about a vendor in either language: dropped from a search. */
const stopWords = new Set([
  'a',
  'al',
  'con',
  'de',
  'del',
  'e',
  'el',
  'en',
  'la',
  'las',
  'lo',
  'los',
  'o',
  'para',
  'por',
  'que',
  'un',
  'una',
  'y',
  'an',
  'and',
  'at',
  'for',
  'in',
  'of',
  'on',
  'the',
  'to',
  'with',
]);

/**
 * Words of a sentence that say who asks, how politely or for whom, never what is needed ("busco a
 * alguien que pinte mi cuarto" needs "pinte cuarto"): dropped as the stop words are. Folded (no
 * accents): they are compared folded. Words that could be the need ("casa", "hijo") are not here: a
 * vendor that has them ranks first, and one that has not is still found (vendor-search.ts).
 */
const fillerWords = new Set([
  // Who: someone, me, my…
  'alguien',
  'alguno',
  'alguna',
  'algun',
  'quien',
  'quienes',
  'yo',
  'me',
  'mi',
  'mis',
  'te',
  'tu',
  'tus',
  'se',
  'su',
  'sus',
  'le',
  'les',
  'nos',
  'nuestro',
  'nuestra',
  // Asking: I want, I look for, I need, can you…
  'quiero',
  'quisiera',
  'queremos',
  'busco',
  'buscamos',
  'buscando',
  'necesito',
  'necesitamos',
  'ocupo',
  'ocupamos',
  'requiero',
  'urge',
  'puede',
  'pueden',
  'puedes',
  'podria',
  'podrian',
  'hay',
  'favor',
  'porfa',
  'hola',
  'gracias',
  'algo',
  'como',
  'donde',
  'cual',
  'es',
  'son',
  'sea',
  'este',
  'esta',
  'esto',
  'ese',
  'esa',
  'muy',
  'bien',
  'buen',
  'bueno',
  'buena',
  'si',
  'no',
  'nada',
  'cosa',
  'cosas',
  'cerca',
  'ayude',
  'ayuden',
  'ayuda',
  'ayudar',
  'haga',
  'hagan',
  'hacer',
  'hacerme',
  // When: a day or an urgency is not what is needed, and a vendor's text that says "fin de semana"
  // is not the one who does the job.
  'hoy',
  'manana',
  'tarde',
  'noche',
  'fin',
  'fines',
  'semana',
  'urgente',
  'ahorita',
  'pronto',
  'ya',
  // English.
  'someone',
  'somebody',
  'anyone',
  'who',
  'need',
  'needs',
  'looking',
  'want',
  'would',
  'like',
  'please',
  'can',
  'could',
  'my',
  'me',
  'our',
  'your',
  'is',
  'are',
  'get',
  'find',
  'hello',
  'hi',
  'this',
  'that',
  'it',
  'some',
  'any',
  'thing',
  'something',
  'anything',
  'nothing',
  'just',
  'near',
  'help',
  'today',
  'tonight',
  'tomorrow',
  'weekend',
  'urgent',
  'asap',
]);

/** At most this many words of a search are looked for; more say nothing new and cost an index probe each. */
export const MAX_SEARCH_WORDS = 6;

/**
 * The words of a search, lower case, as typed (accents kept: the database folds them): letters and
 * digits only, so that a word is always safe inside a text-search query; single letters, stop words
 * and repeats dropped (a single digit stays: "brillante 3"). 'Clases de Inglés, Roma-Norte' → ['clases', 'inglés', 'roma', 'norte'].
 */
export function searchWords(text: string): string[] {
  const words = text.toLocaleLowerCase('es-MX').match(/[\p{L}\p{N}]+/gu) ?? [];
  return [
    ...new Set(
      words.filter(
        (word) =>
          (word.length >= 2 || /^\d$/.test(word)) && !stopWords.has(word) && !fillerWords.has(foldText(word)),
      ),
    ),
  ].slice(0, MAX_SEARCH_WORDS);
}

/** When a search asks for someone (decision 085): today, tomorrow, the weekend, or urgently. */
export type SearchTime = 'today' | 'tomorrow' | 'weekend' | 'urgent';

/** Time words (folded), dropped from the words as filler, kept as a wish for a day. */
const timeWords: Record<string, SearchTime> = {
  hoy: 'today',
  today: 'today',
  tonight: 'today',
  manana: 'tomorrow',
  tomorrow: 'tomorrow',
  finde: 'weekend',
  weekend: 'weekend',
  weekends: 'weekend',
  urgente: 'urgent',
  urge: 'urgent',
  ahorita: 'urgent',
  urgent: 'urgent',
  asap: 'urgent',
};

/** The days a search's time words ask for: "plomero urgente" → ['urgent'], "fin de semana" → ['weekend']. */
export function searchTimes(text: string): SearchTime[] {
  const words = foldText(text).match(/[a-z0-9]+/g) ?? [];
  const times = new Set<SearchTime>();
  words.forEach((word, i) => {
    const time = timeWords[word];
    if (time) times.add(time);
    if ((word === 'fin' || word === 'fines') && words[i + 1] === 'de' && words[i + 2] === 'semana')
      times.add('weekend');
  });
  return [...times];
}

/**
 * The days a search's time words name, from `today` in the vendor's zone: today; tomorrow; the next
 * Saturday and Sunday (on a Saturday, today and tomorrow; on a Sunday, today); urgent is today or
 * tomorrow. Several words: from the first day any of them names to the last.
 */
export function daysNamed(times: readonly SearchTime[], today: string): { first: string; last: string } {
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay(); // 0 Sunday … 6 Saturday
  const offsets: Record<SearchTime, number[]> = {
    today: [0],
    tomorrow: [1],
    urgent: [0, 1],
    weekend: weekday === 0 ? [0] : [6 - weekday, 7 - weekday],
  };
  const named = times.flatMap((time) => offsets[time]);
  return { first: addDays(today, Math.min(...named)), last: addDays(today, Math.max(...named)) };
}

/** Diminutives as Mexico speaks them: "perrita", "gatitos", "casita" → the word they shrink. */
const diminutive = /^(\p{L}{3,})(?:it|cit)(?:o|a|os|as)$/u;

/**
 * What else a search word may be written as in a vendor's text: its everyday or slang forms' words
 * (`everydayWords`: "compu" → computadora, "pelo" → cabello) and, for a diminutive, the word it
 * shrinks ("perrita" → perra, perro). Single words, letters only, folded as typed; the word itself
 * not included. Verb forms need nothing here: the Spanish stem and its beginning find them ("pinte"
 * → pint → pintura).
 */
export function wordForms(word: string): string[] {
  const folded = foldText(word);
  const forms = new Set<string>(everydayWords[folded] ?? []);
  const shrunk = diminutive.exec(folded)?.[1];
  if (shrunk) for (const ending of ['o', 'a']) forms.add(`${shrunk}${ending}`);
  forms.delete(folded);
  return [...forms];
}

const fold = foldText;

/**
 * product §5's rule, kept with category keys stored: the categories one of whose labels (today's, in
 * either language, or one stored before keys) contains the search text, accents and case aside.
 * 'hogar' → cleaning ("Limpieza del Hogar") and repair ("Reparaciones del Hogar").
 */
export function categoriesContaining(text: string): VendorCategoryKey[] {
  const wanted = fold(text);
  if (!wanted) return [];
  return vendorCategories.filter((key) => categoryWords(key).some((label) => fold(label).includes(wanted)));
}

/** Whether a search asks for the service at the customer's place: "a domicilio", "en mi casa", "at home". */
export function asksAtHome(words: string[]): boolean {
  return words.some((word) => {
    const folded = foldText(word);
    return folded === 'domicilio' || (everydayWords[folded] ?? []).includes('domicilio');
  });
}

let vocabulary: Set<string> | undefined;

/**
 * Whether a word is one the search knows as a need — a word of a category's labels or synonyms, or
 * an everyday word or one it stands for — and so never a place, even where a colonia is named so.
 */
export function isNeedWord(word: string): boolean {
  vocabulary ??= new Set(
    [
      ...vendorCategories.flatMap((key) => [...categoryWords(key), ...categorySynonyms[key]]),
      ...Object.entries(everydayWords).flat(2),
    ].flatMap((text) => foldText(text).split(/[^a-z0-9]+/)),
  );
  return vocabulary.has(foldText(word));
}
