import { useTranslation } from 'react-i18next';
import { formatMxn } from '../../../../shared/money.ts';
import { RetryAlert } from '../../../components/retry-alert.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useVendorStats } from '../api/use-vendor-agenda.ts';
import { DashboardSection } from './dashboard-section.tsx';

// The month in numbers (decision 093), as the server counts them from the vendor's bookings.

export function StatsCard() {
  const { t } = useTranslation();
  const stats = useVendorStats();
  const s = stats.data;
  const responseText = (minutes: number) =>
    minutes < 60
      ? t('agenda.stats.minutes', { count: minutes })
      : t('agenda.stats.hours', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });

  return (
    <DashboardSection titleId="agenda-stats-title" title={t('agenda.stats.title')}>
      {stats.isPending ? <Skeleton className="h-24 rounded-xl" /> : null}
      {stats.isError && !s ? (
        <RetryAlert
          message={t('agenda.stats.loadFailed')}
          retryLabel={t('agenda.retry')}
          onRetry={() => void stats.refetch()}
        />
      ) : null}
      {s ? (
        <dl className="grid grid-cols-2 gap-3">
          <Figure label={t('agenda.stats.bookings')} value={String(s.bookings)} />
          <Figure
            label={t('agenda.stats.revenue')}
            value={formatMxn(s.revenue_mxn)}
            detail={t('agenda.stats.revenueDetail')}
          />
          <Figure
            label={t('agenda.stats.acceptance')}
            value={
              s.acceptance_rate === null ? t('agenda.stats.none') : `${Math.round(s.acceptance_rate * 100)}%`
            }
            detail={
              s.answered_requests > 0
                ? t('agenda.stats.acceptanceDetail', {
                    confirmed: s.confirmed_requests,
                    answered: s.answered_requests,
                  })
                : undefined
            }
          />
          <Figure
            label={t('agenda.stats.response')}
            value={
              s.median_response_minutes === null
                ? t('agenda.stats.none')
                : responseText(s.median_response_minutes)
            }
          />
        </dl>
      ) : null}
    </DashboardSection>
  );
}

function Figure({ label, value, detail }: { label: string; value: string; detail?: string | undefined }) {
  return (
    <div className="flex flex-col rounded-xl bg-stone-50 p-3">
      <dt className="text-sm text-stone-600">{label}</dt>
      <dd className="text-xl font-semibold text-stone-900">{value}</dd>
      {detail ? <dd className="text-xs text-stone-600">{detail}</dd> : null}
    </div>
  );
}
