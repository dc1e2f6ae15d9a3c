import { useTranslation } from 'react-i18next';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useSimilarVendors } from '../api/use-vendor-profile.ts';
import { CompactVendorCard } from './vendor-card.tsx';

/** product §2 / §7: up to 10 similar vendors under the profile; nothing at all when there are none. */
export function SimilarVendors({ idOrSlug }: { idOrSlug: string }) {
  const { t } = useTranslation();
  const similar = useSimilarVendors(idOrSlug);
  // product §8: 'Failed to load similar vendors.'
  useErrorToast('similar-load', similar, { title: t('discovery.profile.similarError') });
  const items = similar.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    // Below the first screen: the browser lays it out only when it comes near (decision 042).
    // `#similar`: the expired-request mail links here.
    <section
      id="similar"
      aria-labelledby="similar-title"
      className="flex flex-col gap-3 [contain-intrinsic-size:auto_30rem] [content-visibility:auto]"
    >
      <h2 id="similar-title" className="text-lg font-semibold text-stone-900">
        {t('discovery.profile.similarTitle')}
      </h2>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {items.map((vendor) => (
          <li key={vendor.id}>
            <CompactVendorCard vendor={vendor} />
          </li>
        ))}
      </ul>
    </section>
  );
}
