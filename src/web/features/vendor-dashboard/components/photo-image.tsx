import { clsx } from 'clsx';
import type { PhotoStatus, PhotoVariant } from '../../../../shared/vendor-photos.ts';

// A vendor's photo as its owner or an admin sees it (decision 074): every variant in srcset, the
// size of the narrowest set on the img (the box keeps its shape before the bytes arrive), lazy.
// An approved photo's variants are public (/media/photos/…, cached for a year); one waiting for
// review is read through the API, which lets only its owner and admins see it.

/** Whose eyes: the vendor's (its own photos) or an admin's. */
export type PhotoViewer = 'vendor' | 'admin';

/** Where `viewer` reads this variant: the public URL of an approved photo, else the private one. */
export function variantSrc(
  photo: { id: string; status: PhotoStatus },
  variant: PhotoVariant,
  viewer: PhotoViewer,
): string {
  if (photo.status === 'approved' && viewer === 'vendor') return variant.url;
  const file = variant.url.slice(variant.url.lastIndexOf('/') + 1);
  return `/api/${viewer}/photos/${encodeURIComponent(photo.id)}/${encodeURIComponent(file)}`;
}

export function PhotoImage({
  photo,
  viewer,
  alt,
  sizes,
  className,
}: {
  photo: { id: string; status: PhotoStatus; variants: PhotoVariant[] };
  viewer: PhotoViewer;
  alt: string;
  /** The img's `sizes`: how wide it is drawn, for the browser to pick a variant. */
  sizes: string;
  className?: string;
}) {
  const [narrowest] = photo.variants;
  if (!narrowest) return null;
  return (
    <img
      src={variantSrc(photo, narrowest, viewer)}
      srcSet={photo.variants.map((v) => `${variantSrc(photo, v, viewer)} ${v.width}w`).join(', ')}
      sizes={sizes}
      width={narrowest.width}
      height={narrowest.height}
      alt={alt}
      loading="lazy"
      decoding="async"
      className={clsx('bg-stone-100 object-cover', className)}
    />
  );
}
