import { MessageSquareText } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicVendorDetail } from '../../../../shared/vendor.schemas.ts';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Stars } from './stars.tsx';
import { useRatingLabel } from './vendor-rating.tsx';

/** What the Reviews tab reads of the profile. */
export type ReviewsVendor = Pick<
  PublicVendorDetail,
  'slug' | 'business_name' | 'timezone' | 'rating_average' | 'rating_count'
>;

/**
 * The top of the Reviews tab: the average (one decimal) over its stars and the count, with
 * `children` beside it (the distribution, once loaded). Its strings come with the app, so that the
 * server's render shows it before the list has loaded.
 */
export function ReviewSummary({
  average,
  count,
  children,
}: {
  average: number | null;
  count: number;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const rated = useRatingLabel({ rating_average: average, rating_count: count });
  if (!rated) return null;
  return (
    <div className="flex items-center gap-5 rounded-2xl border border-stone-200 bg-white p-4 shadow-xs">
      <div className="flex shrink-0 flex-col items-center gap-1">
        <p aria-hidden="true" className="text-4xl leading-none font-bold text-stone-900">
          {rated.average}
        </p>
        <Stars rating={average ?? 0} label={rated.label} />
        <p aria-hidden="true" className="text-sm text-stone-600">
          {t('discovery.rating.reviews', { count })}
        </p>
      </div>
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}

/** product §2: said plainly while the vendor has no published review, never with sample reviews. */
export function NoReviews() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-stone-300 bg-white px-6 py-10 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-stone-100 text-stone-600">
        <MessageSquareText aria-hidden="true" className="size-6" />
      </span>
      <h2 className="mt-3 text-base font-semibold text-stone-900">{t('discovery.profile.reviews.empty')}</h2>
      <p className="mt-1 text-sm text-stone-600">{t('discovery.profile.reviews.emptyText')}</p>
    </div>
  );
}

/** Grey lines in the list's place while it loads (and in the server's render). */
export function ReviewsSkeleton({ label }: { label: string }) {
  return (
    <div aria-busy="true" className="flex flex-col gap-3">
      <p role="status" className="sr-only">
        {label}
      </p>
      {[0, 1].map((n) => (
        <div
          key={n}
          aria-hidden="true"
          className="flex flex-col gap-2 rounded-2xl border border-stone-200 bg-white p-4"
        >
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-3 w-full" />
          <Skeleton className="h-3 w-2/3" />
        </div>
      ))}
    </div>
  );
}
