import { srcSetOf } from '../../../../shared/vendor-photo-display.ts';
import type { PublicPhoto } from '../../../../shared/vendor-photos.ts';

/**
 * How soon an image loads: `lead` is the page's largest picture on the first screen (its LCP):
 * fetched first, never lazy; `eager` is on the first screen too, at the browser's own priority;
 * `lazy` waits until it comes near the screen.
 */
export type PhotoLoading = 'lead' | 'eager' | 'lazy';

/** The `<img>` attributes of a loading choice. */
export function loadingAttributes(loading: PhotoLoading) {
  if (loading === 'lead') return { fetchPriority: 'high' } as const;
  if (loading === 'eager') return {} as const;
  return { loading: 'lazy', decoding: 'async' } as const;
}

/**
 * A vendor's photo (decision 074) as every page shows it: its WebP variants as `srcset`, with the
 * `sizes` of the place it shows in, so that the browser picks the narrowest file that is sharp on
 * its screen; `width` and `height` from the widest variant, so that its box is known before a byte
 * arrives (no layout shift; CSS sets the drawn size). `srcset` and `sizes` come before `src`: a
 * browser that creates the element from script must know them before it starts fetching.
 */
export function Photo({
  photo,
  sizes,
  alt,
  loading = 'lazy',
  className,
  onError,
}: {
  photo: PublicPhoto;
  sizes: string;
  alt: string;
  loading?: PhotoLoading;
  className?: string;
  onError?: () => void;
}) {
  const widest = photo.variants.at(-1);
  if (!widest) return null;
  return (
    <img
      sizes={sizes}
      srcSet={srcSetOf(photo)}
      src={widest.url}
      width={widest.width}
      height={widest.height}
      alt={alt}
      {...loadingAttributes(loading)}
      className={className}
      onError={onError}
    />
  );
}
