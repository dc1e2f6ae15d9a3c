import { sql } from 'drizzle-orm';
import { lexiconTexts, searchTerms as wantedTerms } from '../../shared/search-vocabulary.ts';
import type { Db } from './db.ts';
import { searchTerms } from './schema/search.ts';

/**
 * ARCHITECTURE §3.6: writes the search's vocabulary from src/shared into the database, after the
 * migrations at every start. Only terms that differ are written, and their trigger rewrites the
 * search documents of the vendors that carry them: nothing on an ordinary start, every vendor on
 * the first. The typo lexicon gains the terms' and the colonias' words (folded, three letters or
 * more); a word no longer used stays, and corrects to nothing that matches.
 */
export async function syncSearchTerms(db: Db): Promise<{ changed: number }> {
  const stored = new Map(
    (await db.select().from(searchTerms)).map((row) => [`${row.kind}:${row.key}`, row.words]),
  );
  const changed = wantedTerms().filter((term) => stored.get(`${term.kind}:${term.key}`) !== term.words);
  if (changed.length > 0) {
    await db
      .insert(searchTerms)
      .values(changed)
      .onConflictDoUpdate({
        target: [searchTerms.kind, searchTerms.key],
        set: { words: sql`excluded.words` },
      });
  }
  await db.execute(sql`
    insert into search_words (word)
    select distinct word
    from unnest(tsvector_to_array(to_tsvector('barrio_simple', ${lexiconTexts().join(' · ')}))) as word
    where length(word) >= 3
    on conflict do nothing`);
  return { changed: changed.length };
}
