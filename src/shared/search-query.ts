import { categoryWords, type VendorCategoryKey, vendorCategories } from './categories.ts';
import { foldText } from './fold-text.ts';

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
    ...new Set(words.filter((word) => (word.length >= 2 || /^\d$/.test(word)) && !stopWords.has(word))),
  ].slice(0, MAX_SEARCH_WORDS);
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
