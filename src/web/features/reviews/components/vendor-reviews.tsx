import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withStrings } from '../../../i18n/i18n.ts';
import { NoReviews, ReviewSummary, ReviewsSkeleton, type ReviewsVendor } from './review-summary.tsx';

// The list, its distribution, paging and the report dialog come with their strings when the tab is
// first opened: a visitor who never opens it downloads none of it, and the profile stays within the
// public pages' 90 KB budget (decision 020).
const ReviewList = lazy(
  withStrings(['reviews'], () =>
    import('./review-list.tsx').then((module) => ({ default: module.ReviewList })),
  ),
);

/**
 * The profile's Reviews tab (product §2): the vendor's published reviews, newest first, with the
 * distribution; "No reviews yet" when it has none. The average and count come with the profile, so
 * the server's render and the first screen show them; the list loads once the tab is open (after
 * hydration: the server's render and the browser's first one are the summary over grey lines).
 */
export function VendorReviews({ vendor, active }: { vendor: ReviewsVendor; active: boolean }) {
  const { t } = useTranslation();
  const [wanted, setWanted] = useState(false);
  const rated = vendor.rating_count > 0;
  useEffect(() => {
    if (active && rated) setWanted(true);
  }, [active, rated]);
  if (!rated) return <NoReviews />;
  const loading = (
    <div className="flex flex-col gap-4">
      <ReviewSummary average={vendor.rating_average} count={vendor.rating_count} />
      <ReviewsSkeleton label={t('discovery.profile.reviews.loading')} />
    </div>
  );
  return (
    <section aria-labelledby="reviews-title" className="flex flex-col gap-4">
      <h2 id="reviews-title" className="sr-only">
        {t('discovery.profile.reviews.title')}
      </h2>
      {wanted ? (
        <Suspense fallback={loading}>
          <ReviewList vendor={vendor} />
        </Suspense>
      ) : (
        loading
      )}
    </section>
  );
}
