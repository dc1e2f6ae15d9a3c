import { Flag, Info, MessageSquare, MessageSquareReply } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  REVIEW_ANSWER_MAX,
  REVIEW_REPORT_REASON_MAX,
  reviewAnswerSchema,
  reviewReasonSchema,
  type VendorOwnReview,
} from '../../../../shared/review.schemas.ts';
import { EmptyNote } from '../../../components/empty-note.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { RetryAlert } from '../../../components/retry-alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { toast } from '../../../lib/toast.ts';
import { Stars } from '../../reviews/components/stars.tsx';
import {
  useModerationErrorText,
  useModerationMessage,
  useRatingText,
  useReviewDate,
} from '../../reviews/moderation-text.ts';
import { useAnswerReview, useReportReview, useVendorReviews } from '../api/use-vendor-reviews.ts';
import { DashboardSection } from './dashboard-section.tsx';

// The dashboard's Reviews (decision 066; product §2.7): the vendor's average and count from its
// published reviews, then every review of its bookings newest first, a page at a time. The vendor
// answers a review once (its answer is public and final) or reports one that breaks the rules; it
// never changes the customer's words, and nothing here offers to.

/** A form's field takes focus as its button opens it: the vendor asked to write there. */
const focusOnOpen = (element: HTMLTextAreaElement | null) => element?.focus();

const textareaClassName =
  'w-full rounded-xl border border-stone-300 bg-white px-4 py-3 text-base text-stone-900 shadow-xs placeholder:text-stone-500 focus:border-brand-700 focus:outline-none focus-visible:outline-2';

export function ReviewsSection() {
  const { t } = useTranslation();
  const reviews = useVendorReviews();
  const pages = reviews.data?.pages;
  const first = pages?.[0];
  const items = pages?.flatMap((page) => page.items) ?? [];
  return (
    <DashboardSection titleId="reviews-title" title={t('reviewModeration.title')}>
      {reviews.isPending ? <Skeleton className="h-32 rounded-xl" /> : null}
      {reviews.isError && !first ? (
        <RetryAlert
          message={t('reviewModeration.vendor.loadFailed')}
          retryLabel={t('reviewModeration.vendor.retry')}
          onRetry={() => void reviews.refetch()}
        />
      ) : null}
      {first ? <Summary average={first.average} count={first.count} /> : null}
      {first && items.length === 0 ? (
        <EmptyNote icon={MessageSquare} text={t('reviewModeration.vendor.empty')} />
      ) : null}
      {items.length > 0 ? (
        <ul
          aria-label={t('reviewModeration.vendor.listLabel')}
          className="flex flex-col divide-y divide-stone-100"
        >
          {items.map((review) => (
            <li key={review.id}>
              <VendorReview review={review} />
            </li>
          ))}
        </ul>
      ) : null}
      {reviews.hasNextPage ? (
        <Button
          variant="secondary"
          disabled={reviews.isFetchingNextPage}
          onClick={() => void reviews.fetchNextPage()}
        >
          {t('reviewModeration.vendor.loadMore')}
        </Button>
      ) : null}
    </DashboardSection>
  );
}

/** The average and count of the published reviews: the figures the public sees on the profile. */
function Summary({ average, count }: { average: number | null; count: number }) {
  const { t } = useTranslation();
  const ratingText = useRatingText();
  if (average === null || count === 0) return null;
  const shown = ratingText(average, { average: true });
  return (
    <div className="flex flex-wrap items-center gap-2">
      {/* The sentence beside them says the figure; the stars are for the eye. */}
      <span aria-hidden="true">
        <Stars rating={average} label={t('reviewModeration.stars', { rating: shown })} size={20} />
      </span>
      <p className="text-sm font-medium text-stone-900">
        {t('reviewModeration.vendor.summary', { average: shown, count })}
      </p>
    </div>
  );
}

type Open = 'answer' | 'report' | null;

function VendorReview({ review }: { review: VendorOwnReview }) {
  const { t } = useTranslation();
  const date = useReviewDate();
  const ratingText = useRatingText();
  const [open, setOpen] = useState<Open>(null);
  const answerButton = useRef<HTMLButtonElement>(null);
  const reportButton = useRef<HTMLButtonElement>(null);
  // Where focus goes once a form has done its work and left: what it added to the review.
  const focusNext = useRef<'answer' | 'reported' | null>(null);
  const focusIfNext = (target: 'answer' | 'reported') => (element: HTMLElement | null) => {
    if (element && focusNext.current === target) {
      focusNext.current = null;
      element.focus();
    }
  };
  const published = review.status === 'published';
  const canAnswer = published && review.answer === null;
  const canReport = published && !review.reported;
  const titleId = `vendor-review-${review.id}`;
  const author = review.author;

  const close = (button: { current: HTMLButtonElement | null }) => {
    setOpen(null);
    button.current?.focus();
  };

  return (
    <article aria-labelledby={titleId} className="flex flex-col gap-2 py-3">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={titleId} className="font-semibold wrap-anywhere text-stone-900">
            {author}
          </h3>
          <p className="text-sm text-stone-700">
            {date(review.created_at)} · {t('reviewModeration.booking', { code: review.booking_code })}
          </p>
        </div>
        <Badge tone={published ? 'brand' : 'neutral'} className="shrink-0">
          {t(`reviewModeration.vendor.status.${review.status}`)}
        </Badge>
      </div>
      <Stars
        rating={review.rating}
        label={t('reviewModeration.stars', { rating: ratingText(review.rating) })}
      />
      {/* The customer's words as text (masked by the server), never HTML. */}
      {review.comment ? (
        <p className="whitespace-pre-line wrap-anywhere text-stone-900">{review.comment}</p>
      ) : (
        <p className="text-sm text-stone-600 italic">{t('reviewModeration.noComment')}</p>
      )}
      {review.status === 'hidden' ? (
        <p className="rounded-lg bg-yellow-50 px-3 py-2 text-sm wrap-anywhere text-yellow-950">
          {t('reviewModeration.vendor.hiddenBy', { reason: review.hidden_reason ?? '—' })}
        </p>
      ) : null}
      {review.answer ? (
        <div
          ref={focusIfNext('answer')}
          tabIndex={-1}
          className="ml-3 flex flex-col gap-1 border-l-2 border-brand-200 pl-3 text-sm outline-none"
        >
          <p className="font-medium text-stone-800">
            {t('reviewModeration.vendor.yourAnswer', { date: date(review.answer.created_at) })}
          </p>
          <p className="whitespace-pre-line wrap-anywhere text-stone-900">{review.answer.text}</p>
        </div>
      ) : null}
      {review.reported ? (
        <p
          ref={focusIfNext('reported')}
          tabIndex={-1}
          className="flex gap-2 text-sm font-medium text-stone-800 outline-none"
        >
          <Flag aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t('reviewModeration.vendor.reported')}
        </p>
      ) : null}
      {canAnswer || canReport ? (
        <div className="flex flex-wrap gap-2">
          {canAnswer ? (
            <Button
              ref={answerButton}
              size="sm"
              variant={open === 'answer' ? 'soft' : 'secondary'}
              aria-label={t('reviewModeration.vendor.answerLabel', { author })}
              aria-expanded={open === 'answer'}
              onClick={() => setOpen(open === 'answer' ? null : 'answer')}
            >
              <MessageSquareReply aria-hidden="true" className="size-4" />
              {t('reviewModeration.vendor.answer')}
            </Button>
          ) : null}
          {canReport ? (
            <Button
              ref={reportButton}
              size="sm"
              variant={open === 'report' ? 'soft' : 'ghost'}
              aria-label={t('reviewModeration.vendor.reportLabel', { author })}
              aria-expanded={open === 'report'}
              onClick={() => setOpen(open === 'report' ? null : 'report')}
            >
              <Flag aria-hidden="true" className="size-4" />
              {t('reviewModeration.vendor.report')}
            </Button>
          ) : null}
        </div>
      ) : null}
      {open === 'answer' && canAnswer ? (
        <AnswerForm
          review={review}
          onCancel={() => close(answerButton)}
          onAnswered={() => {
            focusNext.current = 'answer';
            setOpen(null);
          }}
        />
      ) : null}
      {open === 'report' && canReport ? (
        <ReportForm
          review={review}
          onCancel={() => close(reportButton)}
          onReported={() => {
            focusNext.current = 'reported';
            setOpen(null);
          }}
        />
      ) : null}
    </article>
  );
}

/** The answer, up to REVIEW_ANSWER_MAX characters with a counter; said to be final before it is sent. */
function AnswerForm({
  review,
  onCancel,
  onAnswered,
}: {
  review: VendorOwnReview;
  onCancel: () => void;
  onAnswered: () => void;
}) {
  const { t, i18n } = useTranslation();
  const answer = useAnswerReview();
  const message = useModerationMessage();
  const errorText = useModerationErrorText();
  const fieldId = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const n = (value: number) => value.toLocaleString(i18n.language);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = reviewAnswerSchema.safeParse({ text });
    if (!parsed.success) return setError(message(parsed.error.issues[0]?.message ?? ''));
    try {
      await answer.mutateAsync({ id: review.id, text: parsed.data.text });
      toast.success(t('reviewModeration.vendor.answered'));
      onAnswered();
    } catch (failure) {
      setError(errorText(failure) ?? t('reviewModeration.vendor.answerFailed'));
    }
  }

  return (
    <form
      noValidate
      aria-label={t('reviewModeration.vendor.answerLabel', { author: review.author })}
      className="flex flex-col gap-2 rounded-xl border border-brand-200 p-3"
      onSubmit={(event) => void submit(event)}
    >
      <FormField
        id={fieldId}
        label={t('reviewModeration.vendor.answerField', { author: review.author })}
        error={error}
        required
      >
        <textarea
          id={fieldId}
          rows={4}
          required
          ref={focusOnOpen}
          maxLength={REVIEW_ANSWER_MAX}
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={[`${fieldId}-count`, `${fieldId}-final`, error ? `${fieldId}-error` : '']
            .filter(Boolean)
            .join(' ')}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setError(undefined);
          }}
          className={textareaClassName}
        />
      </FormField>
      <p id={`${fieldId}-count`} className="text-right text-xs text-stone-600 tabular-nums">
        {t('reviewModeration.vendor.counter', { used: n(text.length), max: n(REVIEW_ANSWER_MAX) })}
      </p>
      <p
        id={`${fieldId}-final`}
        className="flex gap-2 rounded-lg bg-yellow-50 px-3 py-2 text-sm text-yellow-950"
      >
        <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {t('reviewModeration.vendor.answerFinal')}
      </p>
      <div className="flex gap-2">
        <Button type="button" variant="secondary" className="flex-1" onClick={onCancel}>
          {t('reviewModeration.vendor.cancel')}
        </Button>
        <Button type="submit" className="flex-1" disabled={answer.isPending}>
          {answer.isPending ? t('reviewModeration.vendor.publishing') : t('reviewModeration.vendor.publish')}
        </Button>
      </div>
    </form>
  );
}

/** A report: why the review breaks the rules, for an admin to decide (the review stays as written). */
function ReportForm({
  review,
  onCancel,
  onReported,
}: {
  review: VendorOwnReview;
  onCancel: () => void;
  onReported: () => void;
}) {
  const { t } = useTranslation();
  const report = useReportReview();
  const message = useModerationMessage();
  const errorText = useModerationErrorText();
  const fieldId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = reviewReasonSchema.safeParse({ reason });
    if (!parsed.success) return setError(message(parsed.error.issues[0]?.message ?? ''));
    try {
      await report.mutateAsync({ id: review.id, reason: parsed.data.reason });
      toast.success(t('reviewModeration.vendor.reportSent'));
      onReported();
    } catch (failure) {
      setError(errorText(failure) ?? t('reviewModeration.vendor.reportFailed'));
    }
  }

  return (
    <form
      noValidate
      aria-label={t('reviewModeration.vendor.reportLabel', { author: review.author })}
      className="flex flex-col gap-2 rounded-xl border border-stone-300 p-3"
      onSubmit={(event) => void submit(event)}
    >
      <FormField id={fieldId} label={t('reviewModeration.vendor.reportField')} error={error} required>
        <textarea
          id={fieldId}
          rows={3}
          required
          ref={focusOnOpen}
          maxLength={REVIEW_REPORT_REASON_MAX}
          value={reason}
          aria-invalid={error ? true : undefined}
          aria-describedby={[`${fieldId}-help`, error ? `${fieldId}-error` : ''].filter(Boolean).join(' ')}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setError(undefined);
          }}
          className={textareaClassName}
        />
      </FormField>
      <p id={`${fieldId}-help`} className="text-sm text-stone-700">
        {t('reviewModeration.vendor.reportHelp')}
      </p>
      <div className="flex gap-2">
        <Button type="button" variant="secondary" className="flex-1" onClick={onCancel}>
          {t('reviewModeration.vendor.cancel')}
        </Button>
        <Button type="submit" className="flex-1" disabled={report.isPending}>
          {report.isPending ? t('reviewModeration.vendor.sending') : t('reviewModeration.vendor.sendReport')}
        </Button>
      </div>
    </form>
  );
}
