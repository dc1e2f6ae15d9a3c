import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useAdminStats } from '../api/use-admin-stats.ts';

/** product §2: the four summary cards, every number from the database (ARCHITECTURE §12). */
export function StatsCards() {
  const { t, i18n } = useTranslation();
  const stats = useAdminStats();
  useErrorToast('admin-stats', stats, { title: t('admin.toast.fetchFailed') });
  const n = (value: number) => value.toLocaleString(i18n.language);
  const data = stats.data;
  const cards = data
    ? [
        {
          label: t('admin.stats.vendors'),
          value: n(data.vendors),
          hint: t('admin.stats.unclaimed', { count: data.unclaimed_vendors }),
        },
        { label: t('admin.stats.customers'), value: n(data.customers) },
        {
          label: t('admin.stats.reviews'),
          value: n(data.reviews),
          ...(data.reviews === 0 ? { hint: t('admin.stats.noReviews') } : {}),
        },
        {
          label: t('admin.stats.scheduled'),
          value: n(data.services_scheduled),
          hint: t('admin.stats.scheduledHint'),
        },
      ]
    : [];
  return (
    <section aria-label={t('admin.stats.label')}>
      {stats.isPending ? (
        <div className="grid grid-cols-2 gap-3">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-24 rounded-2xl" />
          ))}
        </div>
      ) : (
        <dl className="grid grid-cols-2 gap-3">
          {cards.map((card) => (
            <div
              key={card.label}
              className="flex flex-col gap-1 rounded-2xl border border-stone-200 bg-white p-3 shadow-xs"
            >
              <dt className="text-sm text-stone-700">{card.label}</dt>
              <dd className="text-2xl font-bold text-stone-900">{card.value}</dd>
              {card.hint ? <dd className="text-xs text-stone-600">{card.hint}</dd> : null}
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
