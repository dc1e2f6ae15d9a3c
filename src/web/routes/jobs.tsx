import { clsx } from 'clsx';
import { CalendarDays, CreditCard, RotateCcw, Star, Store } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MyBooking } from '../../shared/booking.schemas.ts';
import { formatPrice, priceText } from '../../shared/money.ts';
import { Badge } from '../components/ui/badge.tsx';
import { Button, buttonClassName } from '../components/ui/button.tsx';
import { useMyBookings } from '../features/bookings/api/use-my-bookings.ts';
import { formatBookingWhen } from '../features/bookings/booking-when.ts';
import { Stars } from '../features/reviews/components/stars.tsx';
import { paths } from '../lib/paths.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** product §2 'Load More History': the API answers every booking at once, so paging is client-side. */
const PAGE_SIZE = 10;

/** Job History (/jobs, product §2): the signed-in user's real bookings (ARCHITECTURE §12), from GET /api/me/bookings. */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('screens.jobs'));
  const bookings = useMyBookings();
  const [shown, setShown] = useState(PAGE_SIZE);
  const items = bookings.data?.items ?? [];

  return (
    <div className="flex flex-col gap-5 py-2">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-stone-900">{t('screens.jobs')}</h1>
        <p className="mt-1 text-sm text-stone-600">{t('jobs.subtitle')}</p>
      </div>
      {bookings.isPending ? (
        <p role="status" className="text-sm text-stone-600">
          {t('jobs.loading')}
        </p>
      ) : bookings.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-2xl bg-white p-4 shadow-sm">
          <p className="text-sm text-red-800">{t('jobs.loadError')}</p>
          <Button size="sm" variant="secondary" onClick={() => void bookings.refetch()}>
            {t('jobs.retry')}
          </Button>
        </div>
      ) : items.length === 0 ? (
        <EmptyHistory />
      ) : (
        <>
          <Summary items={items} />
          <ToReview items={items} />
          <section aria-labelledby="jobs-list-title" className="flex flex-col gap-3">
            <h2 id="jobs-list-title" className="text-lg font-semibold text-stone-900">
              {t('jobs.listTitle')}
            </h2>
            <ul className="flex flex-col gap-3">
              {items.slice(0, shown).map((booking) => (
                <li key={booking.id}>
                  <JobCard booking={booking} />
                </li>
              ))}
            </ul>
            {items.length > shown ? (
              <Button variant="secondary" onClick={() => setShown((n) => n + PAGE_SIZE)}>
                {t('jobs.loadMore')}
              </Button>
            ) : null}
          </section>
        </>
      )}
    </div>
  );
}

/**
 * The bookings waiting for the customer's review, at the top: the list runs newest first, so a
 * service that took place sits below the upcoming ones, often past "Load More History".
 */
function ToReview({ items }: { items: MyBooking[] }) {
  const { t } = useTranslation();
  const waiting = items.filter((booking) => booking.can_review && booking.review_path);
  if (waiting.length === 0) return null;
  return (
    <section
      aria-labelledby="jobs-to-review-title"
      className="flex flex-col gap-2 rounded-2xl bg-brand-50 p-4"
    >
      <h2 id="jobs-to-review-title" className="text-base font-semibold text-stone-900">
        {t('jobs.toReview', { count: waiting.length })}
      </h2>
      <ul className="flex flex-col gap-2">
        {waiting.map((booking) => (
          <li key={booking.id} className="flex flex-wrap items-center justify-between gap-2">
            <span className="min-w-0 text-sm break-words text-stone-800">
              {booking.vendor_name}
              {booking.service_name ? ` · ${booking.service_name}` : ''}
            </span>
            <Link
              to={booking.review_path!}
              aria-label={t('jobs.leaveReviewLabel', { name: booking.vendor_name })}
              className={buttonClassName({ variant: 'primary', size: 'sm' })}
            >
              <Star aria-hidden="true" className="size-4" />
              {t('jobs.leaveReview')}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The mean of the customer's own ratings, to one decimal; undefined before the first. */
function myAverageRating(items: readonly MyBooking[]): number | undefined {
  const ratings = items.flatMap((b) => (b.my_rating ? [b.my_rating] : []));
  if (ratings.length === 0) return undefined;
  return Math.round((ratings.reduce((sum, r) => sum + r, 0) / ratings.length) * 10) / 10;
}

function Summary({ items }: { items: MyBooking[] }) {
  const { t, i18n } = useTranslation();
  // Only money actually paid counts as spent; requests, declines and unpaid bookings do not.
  const spent = items.filter((b) => b.status === 'paid').reduce((sum, b) => sum + b.amount_mxn, 0);
  const average = myAverageRating(items);
  return (
    <section aria-label={t('jobs.summary.label')}>
      <dl className="grid grid-cols-3 gap-2">
        <SummaryItem term={t('jobs.summary.totalJobs')} value={String(items.length)} />
        <SummaryItem term={t('jobs.summary.totalSpent')} value={formatPrice(spent)} />
        {/* The customer's own ratings of their bookings; none yet is said rather than invented. */}
        {average === undefined ? (
          <SummaryItem term={t('jobs.summary.rating')} value={t('jobs.summary.noRatings')} muted />
        ) : (
          <SummaryItem
            term={t('jobs.summary.rating')}
            value={new Intl.NumberFormat(i18n.language, {
              minimumFractionDigits: 1,
              maximumFractionDigits: 1,
            }).format(average)}
          />
        )}
      </dl>
    </section>
  );
}

function SummaryItem({ term, value, muted = false }: { term: string; value: string; muted?: boolean }) {
  return (
    <div className="flex min-w-0 flex-col-reverse justify-end gap-1 rounded-2xl bg-white p-3 shadow-sm">
      <dt className="text-xs text-stone-600">{term}</dt>
      <dd className={muted ? 'text-sm font-medium text-stone-700' : 'text-lg font-semibold text-stone-900'}>
        {value}
      </dd>
    </div>
  );
}

function JobCard({ booking }: { booking: MyBooking }) {
  const { t, i18n } = useTranslation();
  return (
    <article className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold break-words text-stone-900">
            {/* Each row opens its booking page. */}
            <Link
              to={booking.manage_path}
              className="tap-target underline decoration-stone-300 underline-offset-4 hover:decoration-brand-700"
            >
              {booking.vendor_name}
            </Link>
          </h3>
          {booking.service_name ? (
            <p className="text-sm break-words text-stone-700">{booking.service_name}</p>
          ) : null}
        </div>
        <Badge tone={booking.status === 'paid' || booking.status === 'confirmed' ? 'brand' : 'neutral'}>
          <span className="sr-only">{t('jobs.status')}: </span>
          {t(`jobs.statuses.${booking.status}`)}
        </Badge>
      </div>
      <p className="flex items-center gap-2 text-sm text-stone-700">
        <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
        <span className="min-w-0">{formatBookingWhen(booking, i18n.language)}</span>
      </p>
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-stone-700">
          {t('jobs.cost')}:{' '}
          <span className="font-semibold whitespace-nowrap text-stone-900">
            {priceText(booking.amount_mxn, i18n.language)}
          </span>
        </p>
        {booking.payment_url ? (
          <a
            href={booking.payment_url}
            rel="noreferrer"
            aria-label={t('jobs.payNowLabel', { name: booking.vendor_name })}
            className={buttonClassName({ size: 'sm' })}
          >
            <CreditCard aria-hidden="true" className="size-4" />
            {t('jobs.payNow')}
          </a>
        ) : (
          <Link
            // The same service, preselected in the booking form.
            to={paths.publicVendor.to(booking.vendor_slug, 'services', booking.service_id ?? undefined)}
            aria-label={t('jobs.rehireLabel', { name: booking.vendor_name })}
            className={buttonClassName({ variant: 'soft', size: 'sm' })}
          >
            <RotateCcw aria-hidden="true" className="size-4" />
            {t('jobs.rehire')}
          </Link>
        )}
      </div>
      {booking.can_review && booking.review_path ? (
        <Link
          to={booking.review_path}
          aria-label={t('jobs.leaveReviewLabel', { name: booking.vendor_name })}
          className={clsx(buttonClassName({ variant: 'secondary', size: 'sm' }), 'self-start')}
        >
          <Star aria-hidden="true" className="size-4" />
          {t('jobs.leaveReview')}
        </Link>
      ) : booking.my_rating ? (
        <p className="flex items-center gap-2 text-sm text-stone-700">
          <span aria-hidden="true">{t('jobs.myRating')}</span>
          <Stars rating={booking.my_rating} label={t('jobs.myRatingLabel', { count: booking.my_rating })} />
        </p>
      ) : null}
    </article>
  );
}

function EmptyHistory() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-stone-300 bg-white p-6 text-center">
      <h2 className="text-lg font-semibold text-stone-900">{t('jobs.empty')}</h2>
      <p className="text-sm text-stone-700">{t('jobs.emptyText')}</p>
      <Link to={paths.vendors.to()} className={buttonClassName({ variant: 'soft', size: 'sm' })}>
        <Store aria-hidden="true" className="size-4" />
        {t('jobs.browse')}
      </Link>
    </div>
  );
}
