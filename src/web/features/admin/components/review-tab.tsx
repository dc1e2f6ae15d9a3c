import { Check, MessageSquareWarning, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_PAGE_SIZE } from '../../../../shared/admin.schemas.ts';
import { categoryLabel } from '../../../../shared/categories.ts';
import { dateTimeFormat } from '../../../../shared/date-format.ts';
import { type ReviewQueueItem, vendorReviewInputSchema } from '../../../../shared/vendor-review.schemas.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { toast } from '../../../lib/toast.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { adminFetchFailed } from '../admin-error-toast.ts';
import { usePendingChanges, useReviewQueue, useReviewVendor } from '../api/use-review-queue.ts';
import { DecisionButtons, sayDecision, ViewProfileLink } from './decision-card.tsx';
import { PagedCards, ShowingCount, useAdminPageLimit } from './paged-cards.tsx';
import { PendingChangesSection, RecentChangesSection } from './profile-changes.tsx';
import { ReasonDialog } from './reason-dialog.tsx';

type MessageDecision = 'request_changes' | 'reject';

/**
 * The Review tab (decision 048, product §2.16): vendors waiting for an admin, oldest first, with
 * what the admin needs to decide; Approve at once, Ask for changes and Reject with a message.
 */
export function ReviewTab() {
  const { t } = useTranslation();
  const [limit, more] = useAdminPageLimit();
  const queue = useReviewQueue(limit);
  useErrorToast('admin-review', queue, adminFetchFailed(t));

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-stone-700">{t('admin.review.intro')}</p>
      <ChangesWaiting />
      <ShowingCount query={queue} />
      <PagedCards
        query={queue}
        empty={t('admin.review.empty')}
        skeletonClassName="h-48 rounded-2xl"
        listClassName="flex flex-col gap-3"
        keyOf={(vendor) => vendor.id}
        card={(vendor) => <ReviewCard vendor={vendor} />}
        onLoadMore={more}
      />
      <PendingChangesSection />
      <RecentChangesSection />
    </div>
  );
}

/**
 * Approved vendors' profile changes wait below the new vendors, out of sight on a phone: their
 * count, at the top, leads there.
 */
function ChangesWaiting() {
  const { t } = useTranslation();
  const total = usePendingChanges(ADMIN_PAGE_SIZE).data?.total ?? 0;
  if (total === 0) return null;
  return (
    <a
      href="#pending-changes-title"
      className="rounded-lg bg-yellow-50 px-3 py-2 text-sm font-medium text-yellow-950 underline underline-offset-2"
    >
      {t('admin.changes.waiting', { count: total })}
    </a>
  );
}

function ReviewCard({ vendor }: { vendor: ReviewQueueItem }) {
  const { t, i18n } = useTranslation();
  const review = useReviewVendor();
  const [asking, setAsking] = useState<MessageDecision | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const day = (iso: string) => dateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(iso));
  const notGiven = t('admin.vendors.noContact');
  const name = vendor.business_name;

  const approve = () =>
    sayDecision(
      review.mutateAsync({ id: vendor.id, input: { decision: 'approve' } }),
      () => toast.success(t('admin.review.approved', { name })),
      t('admin.review.failed'),
    );
  const ask = (decision: MessageDecision) => (event: { currentTarget: HTMLElement }) => {
    opener.current = event.currentTarget;
    setAsking(decision);
  };

  return (
    <article
      aria-labelledby={`review-${vendor.id}`}
      className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-xs"
    >
      <div className="flex flex-col gap-1">
        <h2 id={`review-${vendor.id}`} className="text-base font-bold text-stone-900 wrap-anywhere">
          {name}
        </h2>
        <p className="text-sm text-stone-600">{categoryLabel(vendor.service_category, i18n.language)}</p>
      </div>
      <ul className="flex flex-wrap gap-1.5" aria-label={t('admin.vendors.status')}>
        <li>
          <Badge tone="brand">{t(`admin.vendors.statuses.${vendor.application_status}`)}</Badge>
        </li>
        {vendor.admin_created ? (
          <li>
            <Badge>{t('admin.review.adminCreated')}</Badge>
          </li>
        ) : null}
      </ul>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="text-stone-600">{t('admin.common.email')}</dt>
        <dd className="wrap-anywhere text-stone-900">{vendor.business_email ?? notGiven}</dd>
        <dt className="text-stone-600">{t('admin.common.phone')}</dt>
        <dd className="text-stone-900">{vendor.business_phone ?? notGiven}</dd>
      </dl>
      <p className="text-sm text-stone-700">
        {t('admin.review.submitted', { date: day(vendor.created_at) })} ·{' '}
        {vendor.active_services > 0
          ? t('admin.review.services', { count: vendor.active_services })
          : t('admin.review.noServices')}
      </p>
      {vendor.claimed_at ? (
        <p className="rounded-lg bg-blue-50 px-3 py-2 text-sm text-blue-950">
          {t('admin.review.claim', { date: day(vendor.claimed_at) })}
        </p>
      ) : null}
      {vendor.application_status === 'pending' && vendor.review_message ? (
        <div className="rounded-lg bg-yellow-50 px-3 py-2 text-sm text-yellow-950">
          <p className="font-medium">{t('admin.review.lastMessage')}</p>
          <p className="whitespace-pre-line wrap-anywhere">{vendor.review_message}</p>
        </div>
      ) : null}
      <ViewProfileLink slug={vendor.slug} />
      <DecisionButtons
        pending={review.isPending}
        decisions={[
          {
            icon: Check,
            label: t('admin.review.approve'),
            ariaLabel: t('admin.review.approveLabel', { name }),
            onClick: approve,
          },
          {
            icon: MessageSquareWarning,
            label: t('admin.review.requestChanges'),
            ariaLabel: t('admin.review.requestChangesLabel', { name }),
            onClick: ask('request_changes'),
          },
          {
            icon: X,
            label: t('admin.review.reject'),
            ariaLabel: t('admin.review.rejectLabel', { name }),
            onClick: ask('reject'),
          },
        ]}
      />
      {asking ? (
        <MessageDialog
          vendor={vendor}
          decision={asking}
          onClose={() => setAsking(null)}
          returnFocus={opener}
        />
      ) : null}
    </article>
  );
}

/** Ask for changes or reject: the message the vendor receives, required (the shared schema's rule). */
function MessageDialog({
  vendor,
  decision,
  onClose,
  returnFocus,
}: {
  vendor: ReviewQueueItem;
  decision: MessageDecision;
  onClose: () => void;
  returnFocus: { current: HTMLElement | null };
}) {
  const { t } = useTranslation();
  const review = useReviewVendor();
  const name = vendor.business_name;
  const changes = decision === 'request_changes';
  return (
    <ReasonDialog
      title={
        changes ? t('admin.review.requestChangesTitle', { name }) : t('admin.review.rejectTitle', { name })
      }
      description={changes ? t('admin.review.requestChangesText') : t('admin.review.rejectText')}
      label={changes ? t('admin.review.message') : t('admin.review.reason')}
      danger={!changes}
      pending={review.isPending}
      isValid={(message) => vendorReviewInputSchema.safeParse({ decision, message }).success}
      onSend={(message) =>
        sayDecision(
          review.mutateAsync({ id: vendor.id, input: vendorReviewInputSchema.parse({ decision, message }) }),
          () => {
            onClose();
            toast.success(
              changes ? t('admin.review.changesRequested', { name }) : t('admin.review.rejected', { name }),
            );
          },
          t('admin.review.failed'),
        )
      }
      onClose={onClose}
      returnFocus={returnFocus}
    />
  );
}
