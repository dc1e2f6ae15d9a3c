import { categoryWords, neighborhoods, vendorCategories } from '../../../shared/categories.ts';
import { foldText } from '../../../shared/fold-text.ts';
import { categorySynonyms } from '../../../shared/search-vocabulary.ts';
import type { VendorSuggestions } from '../../../shared/vendor.schemas.ts';
import type { Db } from '../../db/client.ts';
import { colonias as coloniasCatalogue } from '../colonias/colonias-catalogue.ts';
import { vendorListFilter, vendorSearchBlockQuery } from './vendors.service.ts';

/** How many of each the search box offers. */
export const SUGGESTIONS = { categories: 3, colonias: 3, vendors: 5 } as const;

const fold = foldText;

/** Whether a word or phrase of `text` begins with `typed` ("plom" in "Plomería"; "roma n" in "Roma Norte"). */
const beginsAWord = (text: string, typed: string) => {
  const folded = fold(text);
  return folded.startsWith(typed) || folded.includes(` ${typed}`);
};

/**
 * What the search box suggests as a person types — categories whose labels or
 * synonyms begin with the text ("plom" → Repair, through "plomero"), colonias that do, and the first
 * public vendors the search itself finds for it, in its order (ARCHITECTURE §3.6).
 */
export async function suggestVendors(db: Db, text: string): Promise<VendorSuggestions> {
  const typed = fold(text);
  const categories = vendorCategories
    .filter((key) =>
      [...categoryWords(key), ...categorySynonyms[key]].some((word) => beginsAWord(word, typed)),
    )
    .slice(0, SUGGESTIONS.categories);
  // product §3's ten first, as before; then the whole city's (decision 073), each named as it is stored.
  const colonias = [
    ...new Set([
      ...neighborhoods.filter((area) => beginsAWord(area, typed)),
      ...coloniasCatalogue()
        .named(text, SUGGESTIONS.colonias)
        .map((colonia) => colonia.label),
    ]),
  ].slice(0, SUGGESTIONS.colonias);
  const filter = await vendorListFilter(db, { q: text });
  // The search's own first block, ranked: a smaller one would rank only the newest few finds.
  const found = await vendorSearchBlockQuery(db, filter);
  return {
    categories,
    colonias,
    vendors: found
      .slice(0, SUGGESTIONS.vendors)
      .map(({ slug, business_name, service_category }) => ({ slug, business_name, service_category })),
  };
}
