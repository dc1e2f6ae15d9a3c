import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { photoSizes } from '../../../../shared/vendor-photo-display.ts';
import type { PublicPhoto } from '../../../../shared/vendor-photos.ts';
import { Photo } from './vendor-photo.tsx';

const arrowClass =
  'flex size-11 items-center justify-center rounded-full border border-stone-300 bg-white text-stone-900 shadow-xs hover:bg-stone-50 active:bg-stone-100 aria-disabled:opacity-40 aria-disabled:shadow-none';

/**
 * The vendor's portfolio on its profile: one photo at a time across the column, swiped with a
 * finger (CSS scroll snapping, no script needed to move) or stepped with Previous and Next, with
 * "2 / 5" between them. Each photo has the vendor's description as its alt, and the service it
 * shows under it. Nothing when there is no portfolio.
 *
 * The buttons stay focusable at either end (aria-disabled, not disabled), so that a keyboard user
 * who reaches the last photo does not lose the focus. The first photo is the page's lead picture
 * when `leadFirst` (leadPhotoOf): fetched first; the others lazy, as they come near.
 */
export function PortfolioGallery({
  photos,
  services,
  vendorName,
  leadFirst,
}: {
  photos: readonly PublicPhoto[];
  services: readonly { id: string; name: string }[];
  vendorName: string;
  leadFirst: boolean;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const track = useRef<HTMLUListElement>(null);
  const [current, setCurrent] = useState(0);
  if (photos.length === 0) return null;
  const last = photos.length - 1;
  const serviceName = (id: string | null) => (id ? services.find((s) => s.id === id)?.name : undefined);

  // The photo in view is the one whose left edge is nearest the track's: a swipe moves it too.
  const onScroll = () => {
    const el = track.current;
    if (!el || el.clientWidth === 0) return;
    setCurrent(Math.min(last, Math.max(0, Math.round(el.scrollLeft / el.clientWidth))));
  };
  const go = (index: number) => {
    if (index < 0 || index > last) return;
    setCurrent(index);
    const el = track.current;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    el?.scrollTo?.({ left: index * el.clientWidth, behavior: reduced ? 'auto' : 'smooth' });
  };

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3">
      <h2 id={titleId} className="text-lg font-semibold text-stone-900">
        {t('discovery.profile.gallery.title')}
      </h2>
      <ul
        ref={track}
        onScroll={onScroll}
        // Focusable, so that the arrow keys scroll it too (and axe's scrollable-region rule holds).
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by keyboard.
        tabIndex={0}
        aria-label={t('discovery.profile.gallery.photos')}
        className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain rounded-xl [scrollbar-width:none] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        {photos.map((photo, i) => {
          const service = serviceName(photo.service_id);
          return (
            <li key={photo.id} className="w-full shrink-0 snap-start">
              <figure className="flex flex-col gap-1.5">
                <Photo
                  photo={photo}
                  sizes={photoSizes.fullWidth}
                  alt={
                    photo.alt?.trim() ||
                    t('discovery.profile.gallery.photoAlt', { number: i + 1, name: vendorName })
                  }
                  loading={i === 0 ? (leadFirst ? 'lead' : 'eager') : 'lazy'}
                  className="aspect-[4/3] w-full rounded-xl bg-stone-100 object-cover"
                />
                {service ? (
                  <figcaption className="truncate px-1 text-sm text-stone-700">{service}</figcaption>
                ) : null}
              </figure>
            </li>
          );
        })}
      </ul>
      {photos.length > 1 ? (
        <div className="flex items-center justify-between gap-3">
          <button
            type="button"
            className={arrowClass}
            aria-label={t('discovery.profile.gallery.previous')}
            aria-disabled={current === 0 ? true : undefined}
            onClick={() => go(current - 1)}
          >
            <ChevronLeft aria-hidden="true" className="size-5" />
          </button>
          <p aria-live="polite" className="text-sm font-medium text-stone-700">
            <span aria-hidden="true">
              {current + 1} / {photos.length}
            </span>
            <span className="sr-only">
              {t('discovery.profile.gallery.position', { number: current + 1, count: photos.length })}
            </span>
          </p>
          <button
            type="button"
            className={arrowClass}
            aria-label={t('discovery.profile.gallery.next')}
            aria-disabled={current === last ? true : undefined}
            onClick={() => go(current + 1)}
          >
            <ChevronRight aria-hidden="true" className="size-5" />
          </button>
        </div>
      ) : null}
    </section>
  );
}
