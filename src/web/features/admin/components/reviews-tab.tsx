import { useQueryClient } from '@tanstack/react-query';
import { CheckCheck, EyeOff } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  type AdminReview,
  adminReviewStatuses,
  REVIEW_HIDE_REASON_MAX,
  reviewReasonSchema,
} from '../../../../shared/review.schemas.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { Stars } from '../../reviews/components/stars.tsx';
import { useModerationErrorText, useRatingText, useReviewDate } from '../../reviews/moderation-text.ts';
import type { AdminReviewFilter } from '../admin-href.ts';
import { adminKeys } from '../api/admin-keys.ts';
import { useAdminReviews, useDismissReviewReport, useHideReview } from '../api/use-admin-reviews.ts';
import { DecisionButtons } from './decision-card.tsx';
import { PagedCards, ShowingCount, useAdminPageLimit } from './paged-cards.tsx';
import { ReasonDialog } from './reason-dialog.tsx';

// The Reviews tab (decision 066, product §2.16): customers' reviews of vendors, the reported ones
// first. An admin hides one with a reason (it leaves the vendor's page and average; the customer and
// the vendor are told) or dismisses its report; nobody edits a customer's words, so no control
// offers to.

const isFilter = (value: string | null): value is AdminReviewFilter =>
  adminReviewStatuses.some((status) => status === value);

/** The filter lives in the address beside the tab (/admin?tab=reviews&status=hidden): a reload keeps it. */
function useReviewFilter(): [AdminReviewFilter, (next: AdminReviewFilter) => void] {
  const [params, setParams] = useSearchParams();
  const status = params.get('status');
  const filter = isFilter(status) ? status : 'reported';
  const setFilter = (next: AdminReviewFilter) =>
    setParams(
      (before) => {
        const after = new URLSearchParams(before);
        // The default stays out of the address, as the Payouts tab's view does.
        if (next === 'reported') after.delete('status');
        else after.set('status', next);
        return after;
      },
      { replace: true },
    );
  return [filter, setFilter];
}

export function ReviewsTab() {
  const { t } = useTranslation();
  const [filter, setFilter] = useReviewFilter();
  const [limit, more, firstPage] = useAdminPageLimit();
  const reviews = useAdminReviews(filter, limit);
  useErrorToast('admin-reviews', reviews, { title: t('reviewModeration.admin.loadFailed') });

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-stone-700">{t('reviewModeration.admin.intro')}</p>
      <fieldset className="flex flex-col gap-1">
        <legend className="sr-only">{t('reviewModeration.admin.filterLabel')}</legend>
        <div className="grid grid-cols-3 gap-1 rounded-xl bg-stone-100 p-1">
          {adminReviewStatuses.map((name) => (
            <button
              key={name}
              type="button"
              aria-pressed={filter === name}
              onClick={() => {
                setFilter(name);
                firstPage();
              }}
              className="tap-target h-10 rounded-lg text-sm font-semibold text-stone-700 aria-pressed:bg-white aria-pressed:text-stone-900 aria-pressed:shadow-xs"
            >
              {t(`reviewModeration.admin.filters.${name}`)}
            </button>
          ))}
        </div>
      </fieldset>
      <ShowingCount query={reviews} />
      <PagedCards
        query={reviews}
        empty={t(`reviewModeration.admin.empty.${filter}`)}
        skeletonClassName="h-48 rounded-2xl"
        listClassName="flex flex-col gap-3"
        keyOf={(review) => review.id}
        card={(review) => <AdminReviewCard review={review} />}
        onLoadMore={more}
      />
    </div>
  );
}

function AdminReviewCard({ review }: { review: AdminReview }) {
  const { t } = useTranslation();
  const date = useReviewDate();
  const ratingText = useRatingText();
  const errorText = useModerationErrorText();
  const queryClient = useQueryClient();
  const dismiss = useDismissReviewReport();
  const [hiding, setHiding] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const names = { author: review.author, vendor: review.vendor.name };
  const titleId = `admin-review-${review.id}`;

  /**
   * Says how a decision went. Awaited here, not in mutate's callbacks, which are dropped once the
   * card leaves the list. A refusal (already hidden, no report left) means the review changed
   * meanwhile: the list is read again.
   */
  const say = (decided: Promise<unknown>, done: () => void, failed: string) =>
    decided.then(done, (error: unknown) => {
      toast.error(failed, { description: errorText(error) });
      if (error instanceof ApiError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    });

  const decisions = [
    ...(review.status === 'published'
      ? [
          {
            icon: EyeOff,
            label: t('reviewModeration.admin.hide'),
            ariaLabel: t('reviewModeration.admin.hideLabel', names),
            onClick: (event: { currentTarget: HTMLElement }) => {
              opener.current = event.currentTarget;
              setHiding(true);
            },
          },
        ]
      : []),
    ...(review.reports.length > 0
      ? [
          {
            icon: CheckCheck,
            label: t('reviewModeration.admin.dismiss'),
            ariaLabel: t('reviewModeration.admin.dismissLabel', names),
            onClick: () =>
              say(
                dismiss.mutateAsync(review.id),
                () => toast.success(t('reviewModeration.admin.dismissed')),
                t('reviewModeration.admin.dismissFailed'),
              ),
          },
        ]
      : []),
  ];

  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-xs"
    >
      <div className="flex items-start justify-between gap-2">
        <h2 id={titleId} className="min-w-0 text-base font-bold wrap-anywhere text-stone-900">
          {t('reviewModeration.admin.cardTitle', names)}
        </h2>
        <Badge tone={review.status === 'published' ? 'brand' : 'neutral'} className="shrink-0">
          {t(`reviewModeration.admin.statuses.${review.status}`)}
        </Badge>
      </div>
      <Stars
        rating={review.rating}
        label={t('reviewModeration.stars', { rating: ratingText(review.rating) })}
      />
      {/* The customer's words as text (masked by the server), never HTML, never editable. */}
      {review.comment ? (
        <>
          <p className="whitespace-pre-line wrap-anywhere text-stone-900">{review.comment}</p>
          {/* A report about a phone number or an email is judged on what was written. */}
          {review.comment_as_written && review.comment_as_written !== review.comment ? (
            <details className="text-sm text-stone-700">
              <summary className="cursor-pointer font-medium text-brand-800">
                {t('reviewModeration.admin.asWritten')}
              </summary>
              <p className="mt-1 whitespace-pre-line wrap-anywhere">{review.comment_as_written}</p>
            </details>
          ) : null}
        </>
      ) : (
        <p className="text-sm text-stone-600 italic">{t('reviewModeration.noComment')}</p>
      )}
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="text-stone-600">{t('reviewModeration.admin.vendor')}</dt>
        <dd className="wrap-anywhere">
          <Link
            to={paths.publicVendor.to(review.vendor.slug, 'reviews')}
            className="tap-target font-medium text-brand-800 underline underline-offset-2"
          >
            {review.vendor.name}
          </Link>
        </dd>
        <dt className="text-stone-600">{t('reviewModeration.admin.written')}</dt>
        <dd className="text-stone-900">{date(review.created_at)}</dd>
        <dt className="text-stone-600">{t('reviewModeration.admin.booking')}</dt>
        <dd className="font-mono text-stone-900">{review.booking_code}</dd>
      </dl>
      {review.answer ? (
        <div className="flex flex-col gap-1 rounded-lg bg-stone-50 px-3 py-2 text-sm">
          <p className="font-medium text-stone-800">
            {t('reviewModeration.admin.vendorAnswer', { date: date(review.answer.created_at) })}
          </p>
          <p className="whitespace-pre-line wrap-anywhere text-stone-900">{review.answer.text}</p>
        </div>
      ) : null}
      {review.hidden_reason ? (
        <p className="rounded-lg bg-yellow-50 px-3 py-2 text-sm wrap-anywhere text-yellow-950">
          {review.hidden_at
            ? t('reviewModeration.admin.hiddenOn', {
                date: date(review.hidden_at),
                reason: review.hidden_reason,
              })
            : t('reviewModeration.admin.hiddenReason', { reason: review.hidden_reason })}
        </p>
      ) : null}
      {review.reports.length > 0 ? (
        <section aria-labelledby={`${titleId}-reports`} className="flex flex-col gap-1">
          <h3 id={`${titleId}-reports`} className="text-sm font-semibold text-stone-900">
            {t('reviewModeration.admin.reports')}
          </h3>
          <ul className="flex flex-col gap-1">
            {review.reports.map((report) => (
              <li
                // A report has no id here: its time, author kind and words tell it from the others.
                key={`${report.created_at}-${report.by}-${report.reason}`}
                className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-950"
              >
                <p className="font-medium">
                  {t(`reviewModeration.admin.reportBy.${report.by}`, { date: date(report.created_at) })}
                </p>
                <p className="whitespace-pre-line wrap-anywhere">{report.reason}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {decisions.length > 0 ? <DecisionButtons pending={dismiss.isPending} decisions={decisions} /> : null}
      {hiding ? (
        <HideDialog review={review} onClose={() => setHiding(false)} returnFocus={opener} say={say} />
      ) : null}
    </article>
  );
}

/** "Hide": the reason is required (the contract's schema), and the customer and the vendor read it. */
function HideDialog({
  review,
  onClose,
  returnFocus,
  say,
}: {
  review: AdminReview;
  onClose: () => void;
  returnFocus: { current: HTMLElement | null };
  say: (decided: Promise<unknown>, done: () => void, failed: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const hide = useHideReview();
  const names = { author: review.author, vendor: review.vendor.name };
  return (
    <ReasonDialog
      title={t('reviewModeration.admin.hideTitle', names)}
      description={t('reviewModeration.admin.hideText', names)}
      label={t('reviewModeration.admin.hideReason')}
      danger
      pending={hide.isPending}
      maxLength={REVIEW_HIDE_REASON_MAX}
      requiredText={t('reviewModeration.errors.reasonRequired')}
      sendLabel={t('reviewModeration.admin.hideSend')}
      isValid={(reason) => reviewReasonSchema.safeParse({ reason }).success}
      onSend={(reason) =>
        say(
          hide.mutateAsync({ id: review.id, reason: reviewReasonSchema.parse({ reason }).reason }),
          () => {
            onClose();
            toast.success(t('reviewModeration.admin.hidden'), {
              description: t('reviewModeration.admin.hiddenText'),
            });
          },
          t('reviewModeration.admin.hideFailed'),
        )
      }
      onClose={onClose}
      returnFocus={returnFocus}
    />
  );
}
