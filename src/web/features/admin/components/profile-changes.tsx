import type { UseQueryResult } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Check, X } from 'lucide-react';
import { type ComponentProps, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isCancellationPolicy } from '../../../../shared/cancellation-policy.ts';
import { categoryLabel } from '../../../../shared/categories.ts';
import { DEFAULT_TIMEZONE } from '../../../../shared/constants.ts';
import { dateTimeFormat } from '../../../../shared/date-format.ts';
import { formatPrice } from '../../../../shared/money.ts';
import {
  type DescriptiveField,
  type IdentityField,
  type PendingChangeItem,
  pendingChangeDecisionSchema,
  type RecentChangeItem,
  type ServiceChange,
} from '../../../../shared/vendor-changes.schemas.ts';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { adminFetchFailed } from '../admin-error-toast.ts';
import { useDecidePendingChange, usePendingChanges, useRecentChanges } from '../api/use-review-queue.ts';
import { DecisionButtons, sayDecision, ViewProfileLink } from './decision-card.tsx';
import { PagedCards, useAdminPageLimit } from './paged-cards.tsx';
import { ReasonDialog } from './reason-dialog.tsx';

// Decision 055: the Review tab's second half — approved vendors' changes of identity, which wait
// here while the public profile keeps the approved values, and the descriptive edits published at
// once, for the admins to look over.

/** When a change was asked for or published, on Mexico City's clock as the rest of the dashboard. */
const useDay = () => {
  const { i18n } = useTranslation();
  return (iso: string) =>
    dateTimeFormat(i18n.language, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: DEFAULT_TIMEZONE,
    }).format(new Date(iso));
};

function identityValue(field: IdentityField, value: string | undefined, language: string): string {
  if (!value) return '—';
  return field === 'service_category' ? categoryLabel(value, language) : value;
}

/**
 * A titled list of changes, paged on the server. `titleId` names it; with `anchored` the count at the
 * top of the tab links to it, and the title stops below the sticky header.
 */
function ChangesSection<Item>({
  titleId,
  anchored = false,
  title,
  intro,
  errorToastId,
  useList,
  ...cards
}: {
  titleId: string;
  anchored?: boolean;
  title: string;
  intro: string;
  errorToastId: string;
  useList: (limit: number) => UseQueryResult<{ items: Item[]; total: number }>;
} & Omit<ComponentProps<typeof PagedCards<Item>>, 'query' | 'onLoadMore'>) {
  const { t } = useTranslation();
  const [limit, more] = useAdminPageLimit();
  const query = useList(limit);
  useErrorToast(errorToastId, query, adminFetchFailed(t));
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3">
      <h2 id={titleId} className={clsx(anchored && 'scroll-mt-20', 'text-lg font-bold text-stone-900')}>
        {title}
      </h2>
      <p className="text-sm text-stone-700">{intro}</p>
      <PagedCards query={query} onLoadMore={more} {...cards} />
    </section>
  );
}

/** The changes waiting for an admin, oldest first, each field with its public and its proposed value. */
export function PendingChangesSection() {
  const { t } = useTranslation();
  return (
    <ChangesSection
      titleId="pending-changes-title"
      anchored
      title={t('admin.changes.title')}
      intro={t('admin.changes.intro')}
      errorToastId="admin-pending-changes"
      useList={usePendingChanges}
      empty={t('admin.changes.empty')}
      skeletonClassName="h-32 rounded-2xl"
      listClassName="flex flex-col gap-3"
      keyOf={(change) => change.vendor_profile_id}
      card={(change) => <PendingChangeCard change={change} />}
    />
  );
}

function PendingChangeCard({ change }: { change: PendingChangeItem }) {
  const { t, i18n } = useTranslation();
  const day = useDay();
  const decide = useDecidePendingChange();
  const [rejecting, setRejecting] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const name = change.business_name;
  const fields = Object.keys(change.proposed) as IdentityField[];

  const approve = () =>
    sayDecision(
      decide.mutateAsync({ id: change.vendor_profile_id, input: { decision: 'approve' } }),
      () => toast.success(t('admin.changes.approved', { name })),
      t('admin.changes.failed'),
    );

  return (
    <article
      aria-labelledby={`change-${change.vendor_profile_id}`}
      className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-xs"
    >
      <div className="flex flex-col gap-1">
        <h3
          id={`change-${change.vendor_profile_id}`}
          className="text-base font-bold text-stone-900 wrap-anywhere"
        >
          {name}
        </h3>
        <p className="text-sm text-stone-600">
          {t('admin.changes.submitted', { date: day(change.submitted_at) })}
        </p>
      </div>
      <dl className="flex flex-col gap-3 text-sm">
        {fields.map((field) => (
          <div key={field} className="flex flex-col gap-1">
            <dt className="font-semibold text-stone-900">{t(`admin.changes.fields.${field}`)}</dt>
            <dd className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5">
              <span className="text-stone-600">{t('admin.changes.publicNow')}</span>
              <span className="wrap-anywhere text-stone-900">
                {identityValue(field, change.current[field], i18n.language)}
              </span>
              <span className="text-stone-600">{t('admin.changes.proposed')}</span>
              <span className="wrap-anywhere font-medium text-brand-900">
                {identityValue(field, change.proposed[field], i18n.language)}
              </span>
            </dd>
          </div>
        ))}
      </dl>
      <ViewProfileLink slug={change.slug} />
      <DecisionButtons
        pending={decide.isPending}
        decisions={[
          {
            icon: Check,
            label: t('admin.changes.approve'),
            ariaLabel: t('admin.changes.approveLabel', { name }),
            onClick: approve,
          },
          {
            icon: X,
            label: t('admin.changes.reject'),
            ariaLabel: t('admin.changes.rejectLabel', { name }),
            onClick: (event) => {
              opener.current = event.currentTarget;
              setRejecting(true);
            },
          },
        ]}
      />
      {rejecting ? (
        <RejectDialog change={change} onClose={() => setRejecting(false)} returnFocus={opener} />
      ) : null}
    </article>
  );
}

/** The reason the vendor receives, required (the shared schema's rule). */
function RejectDialog({
  change,
  onClose,
  returnFocus,
}: {
  change: PendingChangeItem;
  onClose: () => void;
  returnFocus: { current: HTMLElement | null };
}) {
  const { t } = useTranslation();
  const decide = useDecidePendingChange();
  const name = change.business_name;
  return (
    <ReasonDialog
      title={t('admin.changes.rejectTitle', { name })}
      description={t('admin.changes.rejectText')}
      label={t('admin.review.reason')}
      danger
      pending={decide.isPending}
      isValid={(message) => pendingChangeDecisionSchema.safeParse({ decision: 'reject', message }).success}
      onSend={(message) =>
        sayDecision(
          decide.mutateAsync({
            id: change.vendor_profile_id,
            input: pendingChangeDecisionSchema.parse({ decision: 'reject', message }),
          }),
          () => {
            onClose();
            toast.success(t('admin.changes.rejected', { name }));
          },
          t('admin.changes.failed'),
        )
      }
      onClose={onClose}
      returnFocus={returnFocus}
    />
  );
}

/** The descriptive edits approved vendors published at once, newest first. */
export function RecentChangesSection() {
  const { t } = useTranslation();
  return (
    <ChangesSection
      titleId="recent-changes-title"
      title={t('admin.changes.recentTitle')}
      intro={t('admin.changes.recentIntro')}
      errorToastId="admin-recent-changes"
      useList={useRecentChanges}
      empty={t('admin.changes.recentEmpty')}
      skeletonClassName="h-24 rounded-2xl"
      listClassName="flex flex-col gap-2"
      keyOf={(item) => item.id}
      card={(item) => <RecentChange item={item} />}
    />
  );
}

function RecentChange({ item }: { item: RecentChangeItem }) {
  const { t } = useTranslation();
  const day = useDay();
  const summary = (field: DescriptiveField, value: unknown): string => {
    if (field === 'services') {
      const service = value as ServiceChange;
      return t(`admin.changes.service.${service.action}`, {
        name: service.name,
        price: formatPrice(service.price_cents),
      });
    }
    if (field === 'availability') return t('admin.changes.updated');
    if (typeof value === 'boolean') return t(value ? 'admin.changes.on' : 'admin.changes.off');
    if (field === 'cancellation_policy' && isCancellationPolicy(value))
      return t(`cancellationPolicy.name.${value}`);
    if (value === null || value === '') return '—';
    if (Array.isArray(value)) return value.join(', ');
    return String(value);
  };
  return (
    <article className="flex flex-col gap-1 rounded-2xl border border-stone-200 bg-white p-3 text-sm">
      <p className="flex flex-wrap items-baseline justify-between gap-x-3">
        <Link
          to={paths.publicVendor.to(item.slug)}
          className="font-semibold text-brand-800 underline underline-offset-2 wrap-anywhere"
        >
          {item.business_name}
        </Link>
        <span className="text-stone-600">{day(item.created_at)}</span>
      </p>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5">
        {(Object.entries(item.changes) as [DescriptiveField, unknown][]).map(([field, value]) => (
          <div key={field} className="contents">
            <dt className="text-stone-600">{t(`admin.changes.fields.${field}`)}</dt>
            <dd className="line-clamp-3 whitespace-pre-line wrap-anywhere text-stone-900">
              {summary(field, value)}
            </dd>
          </div>
        ))}
      </dl>
    </article>
  );
}
