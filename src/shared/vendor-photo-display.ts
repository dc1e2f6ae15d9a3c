import type { PublicPhoto } from './vendor-photos.ts';

// How the pages show a vendor's photos (decision 074), shared by the web app's <img> and the
// server's preload of the same picture. Apart from vendor-photos.ts, whose request schemas (zod)
// would otherwise come with them into every public page's script.

/** A photo's variants as `srcset` candidates: "url 480w, url 960w". */
export function srcSetOf(photo: Pick<PublicPhoto, 'variants'>): string {
  return photo.variants.map((v) => `${v.url} ${v.width}w`).join(', ');
}

/**
 * The `sizes` of each place a vendor's photo shows, from the layout: one column at most 448 CSS px
 * wide (max-w-md) less its 16 px padding on each side, so a full-width picture is 416 px at most and
 * the screen's width less 32 px on a phone. The page's `<img>` and the server's preload of it name
 * the same, so that the browser picks one file for both.
 */
export const photoSizes = {
  /** The profile header's cover and the portfolio gallery: the column's full width. */
  fullWidth: '(min-width: 448px) 416px, calc(100vw - 32px)',
} as const;

/**
 * The picture a vendor's profile page paints largest on a phone's first screen (its LCP): the first
 * portfolio photo, whose gallery sits right under the header and is taller than the 112 px cover,
 * else the cover photo; undefined when the vendor has neither (the drawn cover art is then the
 * header's picture). The page gives it `fetchpriority="high"` and the server preloads it.
 */
export function leadPhotoOf(vendor: {
  cover_photo: PublicPhoto | null;
  portfolio: readonly PublicPhoto[];
}): PublicPhoto | undefined {
  return vendor.portfolio[0] ?? vendor.cover_photo ?? undefined;
}
