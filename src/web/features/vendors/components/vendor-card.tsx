import { BadgeCheck, MapPin } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isCategoryKey } from '../../../../shared/categories.ts';
import type { PublicVendor } from '../../../../shared/vendor.schemas.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths } from '../../../lib/paths.ts';
import { browsePrice, cardTags, primaryArea } from '../vendor-display.ts';

/**
 * A vendor in a list (spec §2). The whole card opens the profile: the title link stretches over it,
 * so there is one link to the profile for assistive technology; Quick Book is a second, separate
 * link above it (spec: it opens the profile on the services tab).
 */
export function VendorCard({ vendor }: { vendor: PublicVendor }) {
  const { t } = useTranslation();
  const area = primaryArea(vendor);
  const tags = cardTags(vendor);
  const price = browsePrice(vendor);
  // A stored category that is a chip key ('wellness') reads better as the chip's label.
  const categoryLabel = (value: string) => (isCategoryKey(value) ? t(`categories.${value}`) : value);
  return (
    <article className="relative rounded-2xl border border-stone-200 bg-white p-3 shadow-xs transition-shadow hover:shadow-md">
      <div className="flex gap-3">
        <VendorImage vendor={vendor} />
        <div className="min-w-0 flex-1 py-0.5">
          <h2 className="text-base leading-snug font-semibold text-stone-900">
            <Link
              to={paths.publicVendor.to(vendor.slug)}
              className="rounded-sm after:absolute after:inset-0 after:rounded-2xl after:content-['']"
            >
              {vendor.business_name}
            </Link>
            {vendor.is_verified ? (
              <span className="ml-1 inline-block align-[-2px] text-brand-700">
                <BadgeCheck aria-hidden="true" className="size-4" />
                <span className="sr-only"> {t('vendorCard.verified')}</span>
              </span>
            ) : null}
          </h2>
          <p className="truncate text-sm text-stone-600">{categoryLabel(vendor.service_category)}</p>
          {area ? (
            <p className="mt-0.5 flex items-center gap-1 text-sm text-stone-600">
              <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
              <span className="sr-only">{t('vendorCard.area')}: </span>
              <span className="truncate">{area}</span>
            </p>
          ) : null}
        </div>
      </div>
      {tags.length > 0 ? (
        <ul aria-label={t('vendorCard.tags')} className="mt-3 flex flex-wrap gap-1.5">
          {tags.map((tag) => (
            <li key={tag} className="max-w-full min-w-0">
              <Badge className="max-w-full">
                <span className="truncate">{tag}</span>
              </Badge>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-3 flex items-center justify-between gap-2 border-t border-stone-100 pt-3">
        <p className="min-w-0 truncate text-sm">
          <span className="sr-only">{t('vendorCard.price')}: </span>
          {price.kind === 'amount' ? (
            <span className="text-base font-semibold text-stone-900">{price.text}</span>
          ) : (
            <span className="text-stone-600">{t('vendorCard.contactForPricing')}</span>
          )}
        </p>
        <Link
          to={paths.publicVendor.to(vendor.slug, 'services')}
          aria-label={t('vendorCard.quickBookLabel', { name: vendor.business_name })}
          className={`${buttonClassName({ size: 'sm' })} relative z-10`}
        >
          {t('vendorCard.quickBook')}
        </Link>
      </div>
    </article>
  );
}

/** The profile image, or the initials when there is none or it fails to load. */
function VendorImage({ vendor }: { vendor: PublicVendor }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const box = 'size-20 shrink-0 rounded-xl';
  if (!vendor.profile_image_url || failed) {
    return (
      <div
        aria-hidden="true"
        className={`${box} flex items-center justify-center bg-brand-50 text-2xl font-semibold text-brand-800`}
      >
        {initials(vendor.business_name)}
      </div>
    );
  }
  return (
    <img
      src={vendor.profile_image_url}
      alt={t('vendorCard.photoAlt', { name: vendor.business_name })}
      width={80}
      height={80}
      loading="lazy"
      decoding="async"
      className={`${box} bg-stone-100 object-cover`}
      onError={() => setFailed(true)}
    />
  );
}

function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((w) => w[0]?.toLocaleUpperCase() ?? '')
    .join('');
}

export function VendorCardSkeleton() {
  return (
    <div aria-hidden="true" className="rounded-2xl border border-stone-200 bg-white p-3">
      <div className="flex gap-3">
        <Skeleton className="size-20 shrink-0 rounded-xl" />
        <div className="flex flex-1 flex-col gap-2 py-1">
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-3 w-1/2" />
          <Skeleton className="h-3 w-1/3" />
        </div>
      </div>
      <div className="mt-3 flex items-center justify-between border-t border-stone-100 pt-3">
        <Skeleton className="h-4 w-20" />
        <Skeleton className="h-9 w-28 rounded-lg" />
      </div>
    </div>
  );
}
