import { clsx } from 'clsx';
import { Sparkles, Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { PublicVendor } from '../../../../shared/vendor.schemas.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { ratingText } from '../rating-format.ts';
import { Stars } from './stars.tsx';

type Rated = Pick<PublicVendor, 'rating_average' | 'rating_count'>;

/** "4.7 out of 5, 23 reviews" in the page's language; null while the vendor has no reviews. */
export function useRatingLabel(vendor: Rated): { average: string; label: string } | null {
  const { t, i18n } = useTranslation();
  if (vendor.rating_count === 0 || vendor.rating_average === null) return null;
  const average = ratingText(vendor.rating_average, i18n.language);
  return { average, label: t('discovery.rating.label', { average, count: vendor.rating_count }) };
}

/**
 * A vendor's rating on a card or the profile's header: the average of its real reviews (one
 * decimal) with a star and their count, or the badge "New" while it has none (ARCHITECTURE §12).
 * The figures are for the eye; assistive technology reads one sentence, "4.7 out of 5, 23 reviews".
 * Cards show a single star (they stay light); the header the five.
 */
export function VendorRating({
  vendor,
  variant = 'card',
  className,
}: {
  vendor: Rated;
  variant?: 'card' | 'header';
  className?: string;
}) {
  const { t } = useTranslation();
  const rated = useRatingLabel(vendor);
  if (!rated) {
    return (
      <Badge className={clsx('gap-1', className)} title={t('discovery.rating.newLabel')}>
        <Sparkles aria-hidden="true" className="size-3.5" />
        <span aria-hidden="true">{t('discovery.rating.new')}</span>
        <span className="sr-only">{t('discovery.rating.newLabel')}</span>
      </Badge>
    );
  }
  if (variant === 'header') {
    return (
      <span className={clsx('inline-flex items-center gap-1.5 text-sm', className)}>
        <Stars rating={vendor.rating_average ?? 0} label={rated.label} />
        <span aria-hidden="true" className="font-semibold text-stone-900">
          {rated.average}
        </span>
        <span aria-hidden="true" className="text-stone-600">
          {t('discovery.rating.reviews', { count: vendor.rating_count })}
        </span>
      </span>
    );
  }
  return (
    <span className={clsx('inline-flex items-center gap-1 text-sm', className)}>
      <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-500" />
      <span aria-hidden="true" className="font-semibold text-stone-900">
        {rated.average}
      </span>
      <span aria-hidden="true" className="text-stone-600">
        {t('discovery.rating.count', { count: vendor.rating_count })}
      </span>
      <span className="sr-only">{rated.label}</span>
    </span>
  );
}
