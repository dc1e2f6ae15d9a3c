import type { TFunction } from 'i18next';
import { CheckCircle2, SearchX, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { zoneCity } from '../../shared/date-format.ts';
import {
  createReviewSchema,
  type MyReview,
  REVIEW_COMMENT_MAX,
  type ReviewRequest,
  reviewMessages,
} from '../../shared/review.schemas.ts';
import { DetailsCard, DetailsRow } from '../components/details-card.tsx';
import { fieldErrorProps } from '../components/form-field.tsx';
import { NotFoundPanel } from '../components/not-found-panel.tsx';
import { RetryAlert } from '../components/retry-alert.tsx';
import { Button, buttonClassName } from '../components/ui/button.tsx';
import { ConfirmDialog } from '../components/ui/dialog.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { useMeQuery } from '../features/auth/api/use-me.ts';
import { useMyBookings } from '../features/bookings/api/use-my-bookings.ts';
import { inVendorZone } from '../features/bookings/booking-when.ts';
import {
  useCreateReview,
  useDeleteReview,
  useReviewRequest,
} from '../features/reviews/api/use-review-request.ts';
import { RatingInput } from '../features/reviews/components/rating-input.tsx';
import { Stars } from '../features/reviews/components/stars.tsx';
import { ApiError } from '../lib/api-client.ts';
import { errorTextNow } from '../lib/error-text.ts';
import { paths } from '../lib/paths.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { useZodForm } from '../lib/use-zod-form.ts';

/**
 * The customer's review page (/review/:code?token=), in the visitor's language: the booking being
 * reviewed and, as the server says, the form (once it has ended, while a review can be given), the
 * review once given (with the vendor's answer, or why Barrio hid it, and Delete), or why it cannot be
 * reviewed. The token is the key, as on the booking page; the code in the address is for people.
 */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('reviewPage.title'));
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || undefined;
  const request = useReviewRequest(token);
  const { code = '' } = useParams();
  // Without the link, a signed-in customer who owns the booking is taken to it.
  const me = useMeQuery();
  const mine = useMyBookings(!token && Boolean(me.data));
  const owned = token ? undefined : mine.data?.items.find((b) => b.code === code);
  const error = request.error;
  const notFound = !token || (error instanceof ApiError && (error.status === 404 || error.status === 400));

  if (owned?.review_path) return <Navigate to={owned.review_path} replace />;
  if (!token && (me.isPending || (me.data && mine.isPending))) return <Loading />;
  if (notFound) return <NotFound />;
  if (error) {
    return (
      <div className="flex flex-col gap-4 py-4">
        <h1 className="text-2xl font-bold tracking-tight text-stone-900">{t('reviewPage.title')}</h1>
        <RetryAlert
          message={t('reviewPage.loadError')}
          retryLabel={t('reviewPage.retry')}
          onRetry={() => void request.refetch()}
          className="rounded-2xl bg-white p-4 shadow-sm"
        />
      </div>
    );
  }
  if (!request.data) return <Loading />;
  return <ReviewView request={request.data} token={token} />;
}

function Loading() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4 py-4">
      <p role="status" className="sr-only">
        {t('reviewPage.loading')}
      </p>
      <Skeleton className="h-8 w-3/4" />
      <Skeleton className="h-32 rounded-2xl" />
      <Skeleton className="h-48 rounded-2xl" />
    </div>
  );
}

function NotFound() {
  const { t } = useTranslation();
  return (
    <NotFoundPanel icon={SearchX} title={t('reviewPage.notFoundTitle')} text={t('reviewPage.notFoundText')}>
      <Link to={paths.home.to()} className={buttonClassName({ size: 'lg' })}>
        {t('reviewPage.home')}
      </Link>
    </NotFoundPanel>
  );
}

/** The schema's and the server's messages in the reader's language; any other as it came. */
const refusalKeys = {
  [reviewMessages.rating]: 'rating',
  [reviewMessages.commentTooLong]: 'commentTooLong',
  [reviewMessages.alreadyReviewed]: 'alreadyReviewed',
  [reviewMessages.notEnded]: 'notEnded',
  [reviewMessages.didNotTakePlace]: 'didNotTakePlace',
  [reviewMessages.linkExpired]: 'linkExpired',
  [reviewMessages.notFound]: 'notFound',
  [reviewMessages.bookingNotFound]: 'bookingNotFound',
} as const;

function messageText(t: TFunction, message: string): string {
  const key = refusalKeys[message as keyof typeof refusalKeys];
  return key ? t(`reviewPage.refusals.${key}`) : message;
}

/** A refusal (4xx) in its words; anything else (network, 5xx) as `failed`. */
function failureText(t: TFunction, err: Error | null, failed: string): string | undefined {
  if (!err) return undefined;
  if (!(err instanceof ApiError && err.status >= 400 && err.status < 500)) return failed;
  const key = refusalKeys[err.message as keyof typeof refusalKeys];
  return key ? t(`reviewPage.refusals.${key}`) : errorTextNow(err);
}

function ReviewView({ request, token }: { request: ReviewRequest; token: string }) {
  const { t, i18n } = useTranslation();
  const when = (iso: string, options: Intl.DateTimeFormatOptions) =>
    inVendorZone(i18n.language, request.timezone, options).format(new Date(iso));
  const vendor = request.vendor.name;
  // What happened here, for the message that replaces the form or the review.
  const [done, setDone] = useState<'published' | 'deleted' | null>(null);
  const review = request.review;

  return (
    <div className="flex flex-col gap-5 py-4">
      <h1 className="text-2xl leading-tight font-bold tracking-tight text-stone-900">
        {t('reviewPage.title')}
      </h1>
      <DetailsCard id="review-booking-title" title={t('reviewPage.detailsLabel')} showTitle={false}>
        <DetailsRow label={t('reviewPage.vendor')}>
          <Link
            to={paths.publicVendor.to(request.vendor.slug)}
            className="font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900"
          >
            {vendor}
          </Link>
        </DetailsRow>
        <DetailsRow label={t('reviewPage.service')}>
          {request.service_name ?? t('reviewPage.anyService')}
        </DetailsRow>
        <DetailsRow label={t('reviewPage.when')}>
          <time dateTime={request.start_time} data-testid="review-when">
            {when(request.start_time, { dateStyle: 'full', timeStyle: 'short' })}
          </time>
          <span className="block text-xs text-stone-600">
            {t('reviewPage.timesIn', { zone: zoneCity(request.timezone, i18n.language) })}
          </span>
        </DetailsRow>
        <DetailsRow label={t('reviewPage.code')}>
          <span className="font-mono font-semibold tracking-widest">{request.code}</span>
        </DetailsRow>
      </DetailsCard>

      {review && review.status !== 'deleted' ? (
        <>
          {done === 'published' ? <Published request={request} /> : null}
          <MyReviewCard
            review={review}
            vendor={vendor}
            token={token}
            published={when(review.created_at, { dateStyle: 'long' })}
            answered={(iso) => when(iso, { dateStyle: 'long' })}
            onDeleted={() => setDone('deleted')}
          />
        </>
      ) : review ? (
        <Deleted request={request} announce={done === 'deleted'} />
      ) : request.can_review ? (
        <ReviewForm token={token} onPublished={() => setDone('published')} />
      ) : (
        <Refusal request={request} token={token} />
      )}
    </div>
  );
}

/** Focus moves to a message that replaces what had it (the form, the Delete button). */
function useFocusOnMount<T extends HTMLElement>(enabled = true) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (enabled) ref.current?.focus();
  }, [enabled]);
  return ref;
}

function Published({ request }: { request: ReviewRequest }) {
  const { t } = useTranslation();
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <section
      role="status"
      className="flex flex-col items-center gap-3 rounded-2xl border border-brand-200 bg-white px-5 py-6 text-center"
    >
      <CheckCircle2 aria-hidden="true" className="size-10 text-brand-700" />
      <h2 ref={heading} tabIndex={-1} className="text-xl font-bold text-stone-900 focus:outline-none">
        {t('reviewPage.thanks')}
      </h2>
      <Link
        to={paths.publicVendor.to(request.vendor.slug, 'reviews')}
        className={buttonClassName({ variant: 'soft', size: 'md' })}
      >
        {t('reviewPage.seeOnProfile', { vendor: request.vendor.name })}
      </Link>
    </section>
  );
}

function Deleted({ request, announce }: { request: ReviewRequest; announce: boolean }) {
  const { t } = useTranslation();
  const heading = useFocusOnMount<HTMLHeadingElement>(announce);
  return (
    <section
      role={announce ? 'status' : undefined}
      className="flex flex-col gap-2 rounded-2xl border border-stone-200 bg-white p-4"
    >
      <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold text-stone-900 focus:outline-none">
        {t('reviewPage.deleted')}
      </h2>
      <p className="text-sm text-stone-700">{t('reviewPage.deletedText', { vendor: request.vendor.name })}</p>
    </section>
  );
}

/** Why it cannot be reviewed; the review link is the booking page's own (decision 066), so it opens it too. */
function Refusal({ request, token }: { request: ReviewRequest; token: string }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="review-refusal-title"
      className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4"
    >
      <h2 id="review-refusal-title" className="text-lg font-semibold text-stone-900">
        {t('reviewPage.cannotReview')}
      </h2>
      {request.refusal ? (
        <p data-testid="review-refusal" className="text-stone-700">
          {messageText(t, request.refusal)}
        </p>
      ) : null}
      <div className="flex flex-col gap-2">
        <Link
          to={paths.booking.to(request.code, token)}
          className={buttonClassName({ variant: 'secondary', size: 'md' })}
        >
          {t('reviewPage.openBooking')}
        </Link>
        <Link
          to={paths.publicVendor.to(request.vendor.slug)}
          className={buttonClassName({ variant: 'soft', size: 'md' })}
        >
          <span className="min-w-0 break-words whitespace-normal">
            {t('reviewPage.vendorProfile', { vendor: request.vendor.name })}
          </span>
        </Link>
      </div>
    </section>
  );
}

/** The form: a rating (required) and a comment (optional), checked by the POST's own schema. */
function ReviewForm({ token, onPublished }: { token: string; onPublished: () => void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const create = useCreateReview(token);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useZodForm(createReviewSchema, { defaultValues: { token, comment: '' } });
  const rating = Number(watch('rating')) || undefined;
  const comment = watch('comment') ?? '';
  const ratingError = errors.rating?.message ? messageText(t, errors.rating.message) : undefined;
  const commentError = errors.comment?.message ? messageText(t, errors.comment.message) : undefined;
  const refusal = failureText(t, create.error, t('reviewPage.form.failed'));
  const number = new Intl.NumberFormat(i18n.language);
  const over = comment.length > REVIEW_COMMENT_MAX;
  const commentId = `${id}-comment`;

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4 rounded-2xl bg-white p-4 shadow-sm"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-stone-900">
        {t('reviewPage.form.title')}
      </h2>
      <form
        noValidate
        className="flex flex-col gap-5"
        onSubmit={(event) =>
          void handleSubmit(({ rating, comment }) =>
            create.mutate({ rating, comment: comment ?? null }, { onSuccess: onPublished }),
          )(event)
        }
      >
        <RatingInput
          id={`${id}-rating`}
          legend={t('reviewPage.form.rating')}
          starLabel={(count) => t('reviewPage.form.star', { count })}
          chosenText={(count) => t('reviewPage.form.chosen', { count })}
          value={rating}
          error={ratingError}
          field={register('rating')}
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={commentId} className="text-sm font-medium text-stone-800">
            {t('reviewPage.form.comment')}
          </label>
          <p id={`${commentId}-hint`} className="text-xs text-stone-600">
            {t('reviewPage.form.commentHint')}
          </p>
          <textarea
            id={commentId}
            rows={5}
            {...register('comment')}
            {...fieldErrorProps(commentError, commentId)}
            aria-describedby={[
              `${commentId}-hint`,
              `${commentId}-count`,
              commentError ? `${commentId}-error` : '',
            ]
              .filter(Boolean)
              .join(' ')}
            className="w-full rounded-xl border border-stone-300 bg-white px-4 py-3 text-base text-stone-900 shadow-xs placeholder:text-stone-500 focus:border-brand-700 focus:outline-none focus-visible:outline-2"
          />
          <p
            id={`${commentId}-count`}
            data-testid="review-counter"
            className={
              over ? 'text-right text-xs font-semibold text-red-700' : 'text-right text-xs text-stone-600'
            }
          >
            {t('reviewPage.form.counter', {
              length: number.format(comment.length),
              max: number.format(REVIEW_COMMENT_MAX),
            })}
          </p>
          {commentError ? (
            <p id={`${commentId}-error`} className="text-sm text-red-700">
              {commentError}
            </p>
          ) : null}
        </div>
        <p className="text-sm text-stone-700">{t('reviewPage.form.note')}</p>
        {refusal ? (
          <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm text-red-800">
            {refusal}
          </p>
        ) : null}
        <Button type="submit" size="lg" disabled={create.isPending}>
          {create.isPending ? t('reviewPage.form.publishing') : t('reviewPage.form.publish')}
        </Button>
      </form>
    </section>
  );
}

/** The review as given: the customer's stars and words, the vendor's answer, a hide's reason, Delete. */
function MyReviewCard({
  review,
  vendor,
  token,
  published,
  answered,
  onDeleted,
}: {
  review: MyReview;
  vendor: string;
  token: string;
  published: string;
  answered: (iso: string) => string;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteReview(token);
  const [confirming, setConfirming] = useState(false);
  const failure = failureText(t, remove.error, t('reviewPage.review.deleteFailed'));

  return (
    <section
      aria-labelledby="my-review-title"
      className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4"
    >
      <h2 id="my-review-title" className="text-lg font-semibold text-stone-900">
        {t('reviewPage.review.title')}
      </h2>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Stars
          rating={review.rating}
          size={20}
          label={t('reviewPage.review.rated', { count: review.rating })}
        />
        <span className="text-sm text-stone-600">
          {t('reviewPage.review.published', { date: published })}
        </span>
      </div>
      {review.status === 'hidden' ? (
        <p className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t('reviewPage.review.hidden', { reason: review.hidden_reason ?? '' })}
        </p>
      ) : null}
      {/* The customer's words, as text. */}
      {review.comment ? (
        <p data-testid="my-review-comment" className="break-words whitespace-pre-line text-stone-800">
          {review.comment}
        </p>
      ) : null}
      {review.answer ? (
        <div className="flex flex-col gap-1 border-l-4 border-brand-200 pl-3">
          <h3 className="text-sm font-semibold text-stone-900">
            {t('reviewPage.review.answer', { vendor })}
          </h3>
          <p className="text-xs text-stone-600">{answered(review.answer.created_at)}</p>
          <p className="break-words whitespace-pre-line text-sm text-stone-800">{review.answer.text}</p>
        </div>
      ) : null}
      {failure ? (
        <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm text-red-800">
          {failure}
        </p>
      ) : null}
      <Button
        variant="secondary"
        className="self-start"
        disabled={remove.isPending}
        onClick={() => setConfirming(true)}
      >
        <Trash2 aria-hidden="true" className="size-4" />
        {remove.isPending ? t('reviewPage.review.deleting') : t('reviewPage.review.delete')}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('reviewPage.review.confirmTitle')}
        description={t('reviewPage.review.confirmText', { vendor })}
        confirmLabel={t('reviewPage.review.confirmDelete')}
        cancelLabel={t('reviewPage.review.cancel')}
        onConfirm={() => remove.mutate(review.id, { onSuccess: onDeleted })}
      />
    </section>
  );
}
