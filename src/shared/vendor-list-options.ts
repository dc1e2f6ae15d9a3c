import { neighborhoods } from './categories.ts';
import { foldText } from './fold-text.ts';

// The list's options that the browser's first screens read: kept apart from vendor.schemas.ts, whose
// zod schemas would bring zod (about 30 KB gzip) into every public page's first script.

/**
 * A colonia as the filter sends it: one of product §3's ten as that list writes it (accents and case
 * aside), else the text as typed, spaces tidied; nothing for a blank or overlong one. Whether it is
 * a colonia of the city the server says (its catalogue is never in the browser: decision 073).
 */
export function canonicalColonia(text: string): string | undefined {
  const tidy = text.trim().replace(/\s+/g, ' ');
  if (!tidy || tidy.length > 80) return undefined;
  const folded = foldText(tidy);
  return neighborhoods.find((area) => foldText(area) === folded) ?? tidy;
}

export const vendorSorts = ['relevance', 'rating'] as const;
export type VendorSort = (typeof vendorSorts)[number];
