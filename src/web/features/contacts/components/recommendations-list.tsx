import { ChevronRight, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { categoryLabel } from '../../../../shared/categories.ts';
import { EmptyNote } from '../../../components/empty-note.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { paths } from '../../../lib/paths.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { VendorImage } from '../../vendors/components/vendor-card.tsx';
import { useRecommendations } from '../api/use-contacts.ts';

/**
 * product §2 recommendations from contacts (Home) and My Profile's recommended vendors: the signed-in
 * user's own list, score first then newest (product §9), each linking to the vendor's profile.
 */
export function RecommendationsList({
  titleKey = 'contacts.list.title',
  limit,
}: {
  titleKey?: 'contacts.list.title' | 'contacts.list.profileTitle';
  limit?: number;
}) {
  const { t, i18n } = useTranslation();
  const recommendations = useRecommendations();
  // product §8: 'Failed to fetch recommendations'.
  useErrorToast('recommendations-load', recommendations, { title: t('contacts.messages.fetchFailed') });
  const items = (recommendations.data?.items ?? []).slice(0, limit);
  return (
    <section
      aria-labelledby="recommendations-title"
      aria-busy={recommendations.isPending}
      className="flex flex-col gap-3"
    >
      <h2 id="recommendations-title" className="text-lg font-semibold text-stone-900">
        {t(titleKey)}
      </h2>
      {recommendations.isPending ? (
        <p className="text-sm text-stone-600">{t('contacts.list.loading')}</p>
      ) : recommendations.isError ? (
        <p className="text-sm text-red-800">{t('contacts.messages.fetchFailed')}</p>
      ) : items.length === 0 ? (
        <EmptyNote icon={Users} text={t('contacts.list.empty')} />
      ) : (
        <ul className="flex flex-col gap-2">
          {items.map((item) => (
            <li key={item.id}>
              <Link
                to={paths.publicVendor.to(item.vendor.slug)}
                className="group flex items-center gap-3 rounded-2xl bg-white p-3 shadow-sm hover:bg-stone-50"
              >
                <VendorImage vendor={item.vendor} size="sm" />
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold break-words text-stone-900">
                    {item.vendor.business_name}
                  </span>
                  <span className="block truncate text-sm text-stone-600">
                    {categoryLabel(item.vendor.service_category, i18n.language)}
                  </span>
                  <Badge tone="brand" className="mt-1">
                    {item.recommendation_type === 'booked_by_contact' && item.contacts_band
                      ? t('contacts.list.bookedByBand', { band: item.contacts_band })
                      : t(`contacts.list.types.${item.recommendation_type}`)}
                  </Badge>
                </span>
                <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-stone-500" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
