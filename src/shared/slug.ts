// ARCHITECTURE §3: vendor_profiles.slug comes from business_name — lower case, accents stripped,
// hyphens — with a numeric suffix on collision. The seed, the signup wizard and the admin form
// all make slugs here, so a vendor's public URL never depends on who created the profile.

/** Long names still give readable URLs; the media routes accept names of up to 80 characters. */
export const SLUG_MAX_LENGTH = 60;

/** Letters that NFD does not split into a base letter and an accent. */
const specialLetters: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ł: 'l', þ: 'th' };

/**
 * 'Limpieza Brillo & Más — Roma Norte' → 'limpieza-brillo-mas-roma-norte'.
 * Returns `fallback` when nothing alphanumeric is left (a name made only of symbols or CJK).
 */
export function slugify(text: string, fallback = 'vendor'): string {
  const ascii = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[ßæœøđłþ]/g, (c) => specialLetters[c] ?? c);
  let slug = ascii.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  if (slug.length > SLUG_MAX_LENGTH) {
    // Cut at a word boundary when there is one, so the slug does not end in half a word.
    const cut = slug.slice(0, SLUG_MAX_LENGTH + 1);
    const lastHyphen = cut.lastIndexOf('-');
    slug = (
      lastHyphen > SLUG_MAX_LENGTH / 2 ? cut.slice(0, lastHyphen) : cut.slice(0, SLUG_MAX_LENGTH)
    ).replace(/-+$/, '');
  }
  return slug || fallback;
}

/**
 * The slug for `name` that is not yet taken: the plain slug, else `slug-2`, `slug-3`…
 * `taken` is a set (the seed keeps one for every slug it made) or a predicate; callers that ask
 * the database load the existing `slug` / `slug-N` values first and pass them as a set.
 */
export function uniqueSlug(name: string, taken: ReadonlySet<string> | ((slug: string) => boolean)): string {
  const isTaken = typeof taken === 'function' ? taken : (slug: string) => taken.has(slug);
  const base = slugify(name);
  if (!isTaken(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!isTaken(candidate)) return candidate;
  }
}
