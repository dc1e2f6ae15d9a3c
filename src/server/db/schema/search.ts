import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

// ARCHITECTURE §3.6: the search's own vocabulary, written at every start from src/shared
// (db/search-terms.ts). A change to a category's words rewrites the search documents of its vendors.

/** Each category's and language's words: labels in both languages, labels stored before keys, synonyms. */
export const searchTerms = pgTable(
  'search_terms',
  {
    kind: text('kind', { enum: ['category', 'language'] }).notNull(),
    key: text('key').notNull(),
    words: text('words').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.key] })],
);

/** The typo lexicon: single words (unaccented, lower case) that a mistyped word is corrected to. */
export const searchWords = pgTable('search_words', {
  word: text('word').primaryKey(),
});
