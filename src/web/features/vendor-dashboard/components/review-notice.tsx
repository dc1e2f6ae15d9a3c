import { useTranslation } from 'react-i18next';
import type { VendorAccountProfile } from '../../../../shared/vendor-signup.schemas.ts';

/**
 * Decision 048: until an admin approves the profile, the dashboard says where its review stands —
 * under review, the changes asked for, or why it was turned down. Nothing once approved.
 */
export function ReviewNotice({
  profile,
}: {
  profile: Pick<VendorAccountProfile, 'application_status' | 'review_message'>;
}) {
  const { t } = useTranslation();
  const status = profile.application_status;
  if (status === 'approved') return null;
  if (status === 'pending' || status === 'rejected') {
    const pending = status === 'pending';
    return (
      <section
        aria-labelledby="review-notice-title"
        className={
          pending
            ? 'flex flex-col gap-2 rounded-2xl bg-yellow-50 p-4 text-yellow-950'
            : 'flex flex-col gap-2 rounded-2xl bg-stone-100 p-4 text-stone-900'
        }
      >
        <h2 id="review-notice-title" className="font-semibold">
          {pending ? t('vendor.dashboard.review.pendingTitle') : t('vendor.dashboard.review.rejectedTitle')}
        </h2>
        <p className="text-sm">
          {pending ? t('vendor.dashboard.review.pendingText') : t('vendor.dashboard.review.rejectedText')}
        </p>
        {profile.review_message ? (
          <blockquote className="whitespace-pre-line rounded-lg bg-white/70 px-3 py-2 text-sm">
            {profile.review_message}
          </blockquote>
        ) : null}
        <p className="text-sm">
          {pending ? t('vendor.dashboard.review.pendingAfter') : t('vendor.dashboard.review.rejectedAfter')}
        </p>
      </section>
    );
  }
  return (
    <section
      aria-labelledby="review-notice-title"
      className="flex flex-col gap-1 rounded-2xl bg-blue-50 p-4 text-blue-950"
    >
      <h2 id="review-notice-title" className="font-semibold">
        {t('vendor.dashboard.review.submittedTitle')}
      </h2>
      <p className="text-sm">{t('vendor.dashboard.review.submittedText')}</p>
    </section>
  );
}
