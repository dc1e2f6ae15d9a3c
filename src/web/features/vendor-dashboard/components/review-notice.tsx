import { useTranslation } from 'react-i18next';
import type { VendorAccountProfile } from '../../../../shared/vendor-signup.schemas.ts';
import { AdminMessage, DashboardNotice } from './dashboard-notice.tsx';

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
  const titleId = 'review-notice-title';
  if (status === 'approved') return null;
  if (status === 'pending' || status === 'rejected') {
    const pending = status === 'pending';
    return (
      <DashboardNotice
        titleId={titleId}
        title={
          pending ? t('vendor.dashboard.review.pendingTitle') : t('vendor.dashboard.review.rejectedTitle')
        }
        tone={pending ? 'waiting' : 'refused'}
      >
        <p className="text-sm">
          {pending ? t('vendor.dashboard.review.pendingText') : t('vendor.dashboard.review.rejectedText')}
        </p>
        <AdminMessage message={profile.review_message} />
        <p className="text-sm">
          {pending ? t('vendor.dashboard.review.pendingAfter') : t('vendor.dashboard.review.rejectedAfter')}
        </p>
      </DashboardNotice>
    );
  }
  return (
    <DashboardNotice titleId={titleId} title={t('vendor.dashboard.review.submittedTitle')} tone="info">
      <p className="text-sm">{t('vendor.dashboard.review.submittedText')}</p>
    </DashboardNotice>
  );
}
