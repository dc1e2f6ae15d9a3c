import { and, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import {
  asksAtHome,
  categoriesContaining,
  isNeedWord,
  searchWords,
  wordForms,
} from '../../../shared/search-query.ts';
import { atTheCustomers } from '../../../shared/service-location.ts';
import { type Db, TYPO_SIMILARITY } from '../../db/client.ts';
import { vendorProfiles } from '../../db/schema/vendors.ts';
import { colonias } from '../colonias/colonias-catalogue.ts';

/** Shorter words are too short to correct: every three-letter word is like some other one. */
const TYPO_MIN_LENGTH = 4;
/** Shorter words begin a colonia's word in nearly every alcaldía ("san", "la"). */
const ALCALDIA_WORD_MIN_LENGTH = 4;

/** What a search finds and how its finds rank (ARCHITECTURE §3.6). */
export interface VendorSearch {
  /**
   * What is found, strictest first: every word; then, for a sentence whose words no vendor has
   * all of, any n − 1 of them, and so on down to any one. The list asks for the first that finds
   * somebody (vendorListFilter), so that a partial match still answers and covers the most words.
   */
  levels: SQL[];
  /** The name contains the whole text: such a vendor comes first. */
  nameContains: SQL;
  /** 1 when a word is in the name or a service's name, 2 in the category's words, a colonia, a description or a language, 3 in the bio or by product §5's rule alone. */
  tier: SQL<number>;
  /**
   * For a search that asks for the service at the customer's place ("a domicilio", "en casa"): the
   * vendor offers one there. Within a tier, such vendors come first. Always false otherwise.
   */
  atHome: SQL<boolean>;
  /** ts_rank of the document for the words (0 without words): the order within a tier. */
  rank: SQL<number>;
}

/** `%` and `_` typed by a person are searched for literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The lexicon's words each word may be a typo of (one statement; bench/query-plans.ts explains it too).
 * Candidates come through the lexicon's trigram index by `word %> typed` — pg_trgm's word similarity
 * of the typed word to the lexicon word, never below their similarity, at the session's threshold
 * (TYPO_SIMILARITY, set by db/client.ts) — and are kept at `similarity` ≥ TYPO_SIMILARITY: "plomro" →
 * plomero (0.5).
 * Never pg_trgm's `%` (or `<->`): on PGlite about one instance in twelve fails its first call with a
 * WebAssembly trap, and PGlite then loops forever without answering (decision 051).
 */
export function typoQuery(db: Db, words: string[]) {
  return db
    .select({ typed: sql<string>`typed`, word: sql<string>`corrected.word` })
    .from(sql`unnest(${sql.param(words)}::text[]) as typed
      cross join lateral (
        select word from search_words
        where word %> unaccent(typed) and similarity(word, unaccent(typed)) >= ${TYPO_SIMILARITY}
        order by similarity(word, unaccent(typed)) desc, word
        limit 3
      ) as corrected`);
}

/** How many typed words each database keeps the corrections of (a few KB). */
const TYPO_MEMO_SIZE = 5000;
/**
 * The corrections found for each typed word, per database: the lexicon is the vocabulary's and the
 * colonias', written at start (db/search-terms.ts) and never while the server runs, so a word's
 * corrections never change. Words repeat far more than whole searches do; the oldest is forgotten
 * first.
 */
const typoMemo = new WeakMap<Db, Map<string, string[]>>();

/** The words of the typo lexicon that each search word may be a typo of, best first (typoQuery). */
async function typoCorrections(db: Db, words: string[]): Promise<Map<string, string[]>> {
  const memo = typoMemo.get(db) ?? new Map<string, string[]>();
  typoMemo.set(db, memo);
  const corrections = new Map<string, string[]>();
  const unknown: string[] = [];
  for (const word of new Set(words.filter((word) => word.length >= TYPO_MIN_LENGTH))) {
    const known = memo.get(word);
    if (known) corrections.set(word, known);
    else unknown.push(word);
  }
  if (unknown.length === 0) return corrections;
  const found = new Map<string, string[]>(unknown.map((word) => [word, []]));
  for (const { typed, word } of await typoQuery(db, unknown)) found.get(typed)?.push(word);
  for (const [word, corrected] of found) {
    if (memo.size >= TYPO_MEMO_SIZE) memo.delete(memo.keys().next().value!);
    memo.set(word, corrected);
    if (corrected.length > 0) corrections.set(word, corrected);
  }
  return corrections;
}

/** The subsets of `items` of `size` elements, in order. */
function subsets<T>(items: T[], size: number): T[][] {
  if (size === 0) return [[]];
  if (items.length < size) return [];
  const [first, ...rest] = items as [T, ...T[]];
  return [...subsets(rest, size - 1).map((subset) => [first, ...subset]), ...subsets(rest, size)];
}

/**
 * A vendor is found when every word of the search is in its search document — stemmed in
 * Spanish, as written, or as the beginning of a word, accents aside, as one of its everyday forms
 * ("compu" → computadora, "perrita" → perro), or as a lexicon word it is a small typo of — or, as
 * product §5 has it, when its name or one of its category's labels contains the whole text. Filler
 * words never count ("busco a alguien que…", searchWords). When no vendor has every word, the ones
 * that have the most of them are found (`levels`). How they rank: a name containing the whole
 * text, then the best place a word is found (`tier`: the name or a service's name above the
 * category's words, colonias, descriptions and languages, above the bio), then the document's
 * `ts_rank` for the words.
 */
export async function vendorSearch(db: Db, text: string): Promise<VendorSearch> {
  const words = searchWords(text);
  const corrections = await typoCorrections(db, words);
  const nameContains = ilike(vendorProfiles.businessName, containsPattern(text));
  const contains = [nameContains];
  const categories = categoriesContaining(text);
  if (categories.length > 0) contains.push(inArray(vendorProfiles.serviceCategory, categories));
  if (words.length === 0) {
    return {
      levels: [or(...contains)!],
      nameContains,
      tier: sql<number>`3`,
      atHome: sql<boolean>`false`,
      rank: sql<number>`0`,
    };
  }
  // Each word: its Spanish stem or its beginning, or one of its forms', or a word it may be a typo
  // of, found with one of `weights` (all of them when empty: tsquery's `:*AB` restricts a word to
  // those weights).
  const wordQuery = (word: string, weights: string) => {
    const written = [word, ...wordForms(word)].map((form) => `${form}:*${weights}`);
    const asWritten = [...written, ...(corrections.get(word) ?? []).map((w) => `${w}:${weights || '*'}`)];
    return sql`(to_tsquery('barrio_es', ${written.join(' | ')}) || to_tsquery('barrio_simple', ${asWritten.join(' | ')}))`;
  };
  const all = (of: string[]) =>
    sql.join(
      of.map((word) => wordQuery(word, '')),
      sql` && `,
    );
  const anyIn = (weights: string) =>
    sql.join(
      words.map((word) => wordQuery(word, weights)),
      sql` || `,
    );
  const document = vendorProfiles.searchDocument;
  // A vendor serving a whole alcaldía serves each of its colonias: a word that begins a word of one
  // of them ("narvarte") is found in the vendor's "Alcaldía Benito Juárez" (decision 073). Each word
  // is then in the document or names such a colonia. A word the vocabulary knows as a need
  // ("casa") is not read as the beginning of a colonia.
  const alcaldiasOf = words.map((word) =>
    word.length >= ALCALDIA_WORD_MIN_LENGTH && !isNeedWord(word)
      ? colonias().alcaldiaAreasWithWord(word)
      : [],
  );
  const hasWord = words.map((word, i) =>
    alcaldiasOf[i]!.length > 0
      ? or(
          sql`${document} @@ ${wordQuery(word, '')}`,
          sql`${vendorProfiles.serviceAreas} && ${sql.param(alcaldiasOf[i])}::text[]`,
        )!
      : sql`${document} @@ ${wordQuery(word, '')}`,
  );
  const everyWord = alcaldiasOf.some((areas) => areas.length > 0)
    ? and(...hasWord)!
    : sql`${document} @@ (${all(words)})`;
  // Fewer words: every place (a colonia named is where the need is, never dropped) and any `size`
  // of the others, as one text query (one index scan).
  const isPlace = words.map((word, i) => alcaldiasOf[i]!.length > 0 && colonias().namesWord(word));
  const needs = words.filter((_, i) => !isPlace[i]);
  const places = words.flatMap((word, i) =>
    isPlace[i]
      ? [
          or(
            sql`${document} @@ ${wordQuery(word, '')}`,
            sql`${vendorProfiles.serviceAreas} && ${sql.param(alcaldiasOf[i])}::text[]`,
          )!,
        ]
      : [],
  );
  const anyOf = (size: number) =>
    and(
      ...places,
      sql`${document} @@ (${sql.join(
        subsets(needs, size).map((subset) => sql`(${all(subset)})`),
        sql` || `,
      )})`,
    )!;
  const relaxed = Array.from({ length: Math.max(0, needs.length - 1) }, (_, i) =>
    anyOf(needs.length - 1 - i),
  );
  return {
    levels: [or(everyWord, ...contains)!, ...relaxed.map((level) => or(level, ...contains)!)],
    nameContains,
    tier: sql<number>`case when ${document} @@ (${anyIn('A')}) then 1 when ${document} @@ (${anyIn('ABC')}) then 2 else 3 end`,
    atHome: asksAtHome(words)
      ? // Qualified by hand: drizzle writes a column of a select's own table unqualified.
        sql<boolean>`exists (select 1 from services s where s.vendor_profile_id = vendor_profiles.id and s.is_active and (s.location = 'customer' or (s.location is null and vendor_profiles.service_category = any(${sql.param(atTheCustomers)}::text[]))))`
      : sql<boolean>`false`,
    rank: sql<number>`ts_rank(${document}, ${all(words)})`,
  };
}
