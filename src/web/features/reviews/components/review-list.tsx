import { Flag, Star } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicReview, RatingDistribution } from '../../../../shared/review.schemas.ts';
import { RetryAlert } from '../../../components/retry-alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { inVendorZone } from '../../bookings/booking-when.ts';
import { useVendorReviews } from '../api/use-vendor-reviews.ts';
import { NoReviews, ReviewSummary, ReviewsSkeleton, type ReviewsVendor } from './review-summary.tsx';
import { Stars } from './stars.tsx';

// The dialog (and radix's focus trap with it) loads when a visitor first reports a review.
const ReportDialog = lazy(() =>
  import('./report-dialog.tsx').then((module) => ({ default: module.ReportDialog })),
);

/**
 * The Reviews tab once open (product §2): the average and count over the distribution, 5 stars to 1,
 * then the published reviews newest first, REVIEWS_PAGE_SIZE at a time with "Load more reviews".
 * Each shows its stars, the author (first name and last initial), the date in the page's language
 * (the vendor's timezone), the comment as text, the vendor's answer under it and Report.
 */
export function ReviewList({ vendor }: { vendor: ReviewsVendor }) {
  const { t } = useTranslation();
  const reviews = useVendorReviews(vendor.slug);
  const items = reviews.data?.pages.flatMap((page) => page.items) ?? [];
  const first = reviews.data?.pages[0];

  // Load more: focus goes on to the first review it added, where reading continues.
  const list = useRef<HTMLUListElement>(null);
  const [focusFrom, setFocusFrom] = useState<number | null>(null);
  useEffect(() => {
    if (focusFrom === null || items.length <= focusFrom) return;
    list.current?.children[focusFrom]?.querySelector<HTMLElement>('article')?.focus();
    setFocusFrom(null);
  }, [focusFrom, items.length]);
  const loadMore = () => {
    setFocusFrom(items.length);
    void reviews.fetchNextPage().then((result) => {
      if (result.isError) setFocusFrom(null);
    });
  };

  const [reporting, setReporting] = useState<PublicReview | null>(null);
  const [reported, setReported] = useState<ReadonlySet<string>>(new Set());
  // Where focus goes back when the dialog closes: its Report button, or once reported (the button
  // is gone then) the review itself.
  const reportButton = useRef<HTMLElement | null>(null);
  const reportedArticle = useRef<HTMLElement | null>(null);
  const restoreFocus = () => {
    const button = reportButton.current;
    (button?.isConnected ? button : reportedArticle.current)?.focus();
  };

  if (reviews.isPending) {
    return (
      <div className="flex flex-col gap-4">
        <ReviewSummary average={vendor.rating_average} count={vendor.rating_count} />
        <ReviewsSkeleton label={t('discovery.profile.reviews.loading')} />
      </div>
    );
  }
  if (!first) {
    return (
      <div className="flex flex-col gap-4">
        <ReviewSummary average={vendor.rating_average} count={vendor.rating_count} />
        <RetryAlert
          className="rounded-2xl border border-red-200 bg-red-50 p-4"
          message={t('reviews.loadError')}
          retryLabel={t('reviews.retry')}
          onRetry={() => void reviews.refetch()}
        />
      </div>
    );
  }
  // Hidden or deleted since the profile was read: the list says what is true now.
  if (first.total === 0) return <NoReviews />;

  return (
    <div className="flex flex-col gap-4">
      <ReviewSummary average={first.average} count={first.total}>
        <Distribution distribution={first.distribution} total={first.total} />
      </ReviewSummary>
      <ul ref={list} aria-label={t('reviews.list')} className="flex flex-col gap-3">
        {items.map((review) => (
          <li key={review.id}>
            <ReviewItem
              review={review}
              vendor={vendor}
              reported={reported.has(review.id)}
              onReport={(button) => {
                reportButton.current = button;
                reportedArticle.current = button.closest('article');
                setReporting(review);
              }}
            />
          </li>
        ))}
      </ul>
      {reviews.isFetchNextPageError ? (
        <RetryAlert message={t('reviews.loadError')} retryLabel={t('reviews.retry')} onRetry={loadMore} />
      ) : null}
      {reviews.hasNextPage ? (
        <div className="flex flex-col items-center gap-2">
          <p className="text-sm text-stone-600">
            {t('reviews.shown', { shown: items.length, total: first.total })}
          </p>
          <Button
            variant="secondary"
            size="lg"
            className="w-full"
            disabled={reviews.isFetchingNextPage}
            aria-busy={reviews.isFetchingNextPage}
            onClick={loadMore}
          >
            {reviews.isFetchingNextPage ? <Spinner /> : null}
            {t('reviews.loadMore')}
          </Button>
        </div>
      ) : null}
      {reporting ? (
        <Suspense fallback={null}>
          <ReportDialog
            review={reporting}
            restoreFocus={restoreFocus}
            onClose={() => setReporting(null)}
            onReported={(id) => setReported((current) => new Set(current).add(id))}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

/** 5 stars to 1, each a bar as long as its share, with its count; read as "5 stars: 18 reviews". */
function Distribution({ distribution, total }: { distribution: RatingDistribution; total: number }) {
  const { t } = useTranslation();
  return (
    <ul aria-label={t('reviews.distribution')} className="flex flex-col gap-1">
      {(['5', '4', '3', '2', '1'] as const).map((stars) => {
        const count = distribution[stars];
        const share = total > 0 ? Math.round((count / total) * 100) : 0;
        return (
          <li key={stars} className="flex items-center gap-2 text-sm text-stone-700">
            <span aria-hidden="true" className="flex w-7 shrink-0 items-center gap-0.5 tabular-nums">
              {stars}
              <Star className="size-3 fill-amber-400 text-amber-500" />
            </span>
            <span aria-hidden="true" className="h-2 min-w-0 flex-1 overflow-hidden rounded-full bg-stone-100">
              <span className="block h-full rounded-full bg-amber-400" style={{ width: `${share}%` }} />
            </span>
            <span aria-hidden="true" className="w-8 shrink-0 text-right tabular-nums">
              {count}
            </span>
            <span className="sr-only">
              {t('reviews.stars', { count: Number(stars) })}: {t('reviews.count', { count })}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function ReviewItem({
  review,
  vendor,
  reported,
  onReport,
}: {
  review: PublicReview;
  vendor: ReviewsVendor;
  reported: boolean;
  onReport: (button: HTMLButtonElement) => void;
}) {
  const { t, i18n } = useTranslation();
  const titleId = `review-${review.id}`;
  const date = inVendorZone(i18n.language, vendor.timezone, { dateStyle: 'long' }).format(
    new Date(review.created_at),
  );
  return (
    <article
      aria-labelledby={titleId}
      tabIndex={-1}
      className="flex flex-col gap-2 rounded-2xl border border-stone-200 bg-white p-4 shadow-xs"
    >
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <h3 id={titleId} className="font-semibold text-stone-900">
          {review.author}
        </h3>
        <time dateTime={review.created_at} className="text-sm text-stone-600">
          {date}
        </time>
      </div>
      <Stars rating={review.rating} label={t('reviews.rating', { rating: review.rating })} />
      {/* The customer's words, as text (React escapes them); line breaks kept. */}
      {review.comment ? (
        <p className="text-sm leading-relaxed break-words whitespace-pre-line text-stone-800">
          {review.comment}
        </p>
      ) : null}
      {review.answer ? (
        <div className="mt-1 rounded-xl border-l-4 border-brand-700 bg-stone-50 px-3 py-2">
          <p className="text-xs font-semibold text-stone-700">
            {t('reviews.response', { vendor: vendor.business_name })}
          </p>
          <p className="mt-1 text-sm leading-relaxed break-words whitespace-pre-line text-stone-800">
            {review.answer.text}
          </p>
        </div>
      ) : null}
      <div className="flex justify-end">
        {reported ? (
          <p className="text-sm text-stone-600">{t('reviews.report.reported')}</p>
        ) : (
          <Button
            variant="ghost"
            size="sm"
            aria-label={t('reviews.report.actionLabel', { author: review.author })}
            onClick={(event) => onReport(event.currentTarget)}
          >
            <Flag aria-hidden="true" className="size-4" />
            {t('reviews.report.action')}
          </Button>
        )}
      </div>
    </article>
  );
}
