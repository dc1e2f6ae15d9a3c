import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { adminFetchFailed } from '../admin-error-toast.ts';
import { adminHref } from '../admin-href.ts';
import { useAdminStats } from '../api/use-admin-stats.ts';

interface Card {
  label: string;
  value: string;
  hint?: string;
  /** The list the card counts. */
  href?: string;
}

/**
 * product §2: the four summary cards, every number from the database (ARCHITECTURE §12). A card is a
 * link to the list it counts: its label is the link, stretched over the card, named with the number.
 */
export function StatsCards() {
  const { t, i18n } = useTranslation();
  const stats = useAdminStats();
  useErrorToast('admin-stats', stats, adminFetchFailed(t));
  const n = (value: number) => value.toLocaleString(i18n.language);
  const data = stats.data;
  const cards: Card[] = data
    ? [
        {
          label: t('admin.stats.vendors'),
          value: n(data.vendors),
          hint: t('admin.stats.unclaimed', { count: data.unclaimed_vendors }),
          href: adminHref('vendors'),
        },
        { label: t('admin.stats.customers'), value: n(data.customers), href: adminHref('customers') },
        // Every review, as the Reviews tab's All lists them, not only the reported ones it opens on.
        {
          label: t('admin.stats.reviews'),
          value: n(data.reviews),
          ...(data.reviews === 0 ? { hint: t('admin.stats.noReviews') } : {}),
          href: adminHref('reviews', { status: 'all' }),
        },
        {
          label: t('admin.stats.scheduled'),
          value: n(data.services_scheduled),
          hint: t('admin.stats.scheduledHint'),
          href: adminHref('bookings', { status: 'scheduled' }),
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
              className={clsx(
                'relative flex flex-col gap-1 rounded-2xl border border-stone-200 bg-white p-3 shadow-xs',
                card.href &&
                  'hover:border-brand-600 has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-brand-700',
              )}
            >
              <dt className="text-sm text-stone-700">
                {card.href ? (
                  <Link
                    to={card.href}
                    aria-label={t('admin.stats.open', { label: card.label, value: card.value })}
                    className="font-medium text-brand-800 underline underline-offset-2 outline-none after:absolute after:inset-0 after:rounded-2xl"
                  >
                    {card.label}
                  </Link>
                ) : (
                  card.label
                )}
              </dt>
              <dd className="text-2xl font-bold text-stone-900">{card.value}</dd>
              {card.hint ? <dd className="text-xs text-stone-600">{card.hint}</dd> : null}
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
