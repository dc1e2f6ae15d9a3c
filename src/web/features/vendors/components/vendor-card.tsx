import { BadgeCheck, MapPin, Zap } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { categoryLabel } from '../../../../shared/categories.ts';
import { COMPACT_CARD_TAGS } from '../../../../shared/constants.ts';
import type { PublicVendor } from '../../../../shared/vendor.schemas.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths } from '../../../lib/paths.ts';
import { VendorRating } from '../../reviews/components/vendor-rating.tsx';
import { browsePrice, cardTags, primaryArea } from '../vendor-display.ts';
import { loadingAttributes, Photo, type PhotoLoading } from './vendor-photo.tsx';

/**
 * A vendor in a list (product §2), with its rating (or "New"). The whole card opens the profile: the title link stretches over it,
 * so there is one link to the profile for assistive technology; Quick Book is a second, separate
 * link above it (spec: it opens the profile on the services tab).
 */
export function VendorCard({
  vendor,
  headingLevel = 2,
  eager = false,
}: {
  vendor: PublicVendor;
  /** 3 when the card sits in a section with its own h2 (Home's featured vendors). */
  headingLevel?: 2 | 3;
  /** The first cards of a list are on screen at once: their photos load right away. */
  eager?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const area = primaryArea(vendor);
  const tags = cardTags(vendor);
  const price = browsePrice(vendor, i18n.language);
  return (
    <article className="relative rounded-2xl border border-stone-200 bg-white p-3 shadow-xs transition-shadow hover:shadow-md">
      <div className="flex gap-3">
        <VendorImage vendor={vendor} loading={eager ? 'lead' : 'lazy'} />
        <div className="min-w-0 flex-1 py-0.5">
          <Heading className="text-base leading-snug font-semibold text-stone-900">
            <ProfileLink vendor={vendor} />
            {vendor.is_verified ? (
              <span className="ml-1 inline-block align-[-2px] text-brand-700">
                <BadgeCheck aria-hidden="true" className="size-4" />
                <span className="sr-only"> {t('vendorCard.verified')}</span>
              </span>
            ) : null}
          </Heading>
          <p className="truncate text-sm text-stone-600">
            {categoryLabel(vendor.service_category, i18n.language)}
          </p>
          <p className="mt-0.5">
            <VendorRating vendor={vendor} />
          </p>
          {vendor.instant_booking ? (
            <p className="mt-0.5 flex items-center gap-1 text-sm font-medium text-brand-800">
              <Zap aria-hidden="true" className="size-3.5 shrink-0" />
              {t('vendorCard.instantBooking')}
            </p>
          ) : null}
          {area ? (
            <p className="mt-0.5 flex items-center gap-1 text-sm text-stone-600">
              <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
              <span className="sr-only">{t('vendorCard.area')}: </span>
              <span className="truncate">{area}</span>
            </p>
          ) : null}
        </div>
      </div>
      <VendorTags tags={tags} className="mt-3 gap-1.5" />
      <div className="mt-3 flex items-center justify-between gap-2 border-t border-stone-100 pt-3">
        <p className="min-w-0 text-sm leading-snug">
          <span className="sr-only">{t('vendorCard.price')}: </span>
          {price.kind === 'amount' ? (
            <span className="text-base font-semibold text-stone-900">{price.text}</span>
          ) : (
            <span className="text-stone-600">{t('vendorCard.contactForPricing')}</span>
          )}
        </p>
        <Link
          to={paths.publicVendor.book(vendor.slug)}
          aria-label={t('vendorCard.quickBookLabel', { name: vendor.business_name })}
          className={`${buttonClassName({ size: 'sm' })} relative z-10`}
        >
          {t('vendorCard.quickBook')}
        </Link>
      </div>
    </article>
  );
}

const imageSizes = {
  md: { box: 'size-20 rounded-xl text-2xl', px: 80 },
  sm: { box: 'size-14 rounded-lg text-lg', px: 56 },
  lg: { box: 'size-24 rounded-2xl text-3xl', px: 96 },
} as const;

/**
 * The vendor's profile photo with its variants (decision 074); without one, its drawn initials art
 * (`profile_image_url`); and the initials in the page when there is neither or the image fails.
 */
export function VendorImage({
  vendor,
  size = 'md',
  className,
  loading = 'lazy',
}: {
  vendor: Pick<PublicVendor, 'business_name' | 'profile_image_url'> &
    Partial<Pick<PublicVendor, 'profile_photo'>>;
  size?: keyof typeof imageSizes;
  className?: string;
  loading?: PhotoLoading;
}) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const { box: boxSize, px } = imageSizes[size];
  const box = `${boxSize} shrink-0 ${className ?? ''}`;
  const alt = t('vendorCard.photoAlt', { name: vendor.business_name });
  const imageClass = `${box} bg-stone-100 object-cover`;
  if (vendor.profile_photo && !failed)
    return (
      <Photo
        photo={vendor.profile_photo}
        sizes={`${px}px`}
        alt={alt}
        loading={loading}
        className={imageClass}
        onError={() => setFailed(true)}
      />
    );
  if (!vendor.profile_image_url || failed) {
    return (
      <div
        aria-hidden="true"
        className={`${box} flex items-center justify-center bg-brand-50 font-semibold text-brand-800`}
      >
        {initials(vendor.business_name)}
      </div>
    );
  }
  return (
    <img
      src={vendor.profile_image_url}
      alt={alt}
      width={px}
      height={px}
      {...loadingAttributes(loading)}
      className={imageClass}
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

/**
 * A similar vendor (product §2, §9): the compact card, with its rating and up to 2 tags, linking to the profile by
 * its slug (product §9: "similar-vendor card slug").
 */
export function CompactVendorCard({ vendor }: { vendor: PublicVendor }) {
  const { i18n } = useTranslation();
  const tags = cardTags(vendor, COMPACT_CARD_TAGS);
  const area = primaryArea(vendor);
  const category = categoryLabel(vendor.service_category, i18n.language);
  return (
    <article className="relative flex h-full gap-3 rounded-2xl border border-stone-200 bg-white p-3 shadow-xs transition-shadow hover:shadow-md">
      <VendorImage vendor={vendor} size="sm" />
      <div className="min-w-0 flex-1">
        <h3 className="text-sm leading-snug font-semibold text-stone-900">
          <ProfileLink vendor={vendor} />
        </h3>
        <p className="truncate text-xs text-stone-600">
          {category}
          {area ? ` · ${area}` : ''}
        </p>
        <p className="mt-1">
          <VendorRating vendor={vendor} />
        </p>
        <VendorTags tags={tags} className="mt-2 gap-1" />
      </div>
    </article>
  );
}

/** The card's title: the link to the profile, stretched over the whole card (see VendorCard). */
function ProfileLink({ vendor }: { vendor: Pick<PublicVendor, 'slug' | 'business_name'> }) {
  return (
    <Link
      to={paths.publicVendor.to(vendor.slug)}
      className="rounded-sm after:absolute after:inset-0 after:rounded-2xl after:content-['']"
    >
      {vendor.business_name}
    </Link>
  );
}

/** A card's tags, each cut short rather than widen the card; nothing when there are none. */
function VendorTags({ tags, className }: { tags: string[]; className: string }) {
  const { t } = useTranslation();
  if (tags.length === 0) return null;
  return (
    <ul aria-label={t('vendorCard.tags')} className={`flex flex-wrap ${className}`}>
      {tags.map((tag) => (
        <li key={tag} className="max-w-full min-w-0">
          <Badge className="max-w-full">
            <span className="truncate">{tag}</span>
          </Badge>
        </li>
      ))}
    </ul>
  );
}
