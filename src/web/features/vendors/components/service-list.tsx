import { Clock, MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDuration, hourlyRateText, priceText } from '../../../../shared/money.ts';
import type { PublicServiceDetail } from '../../../../shared/vendor.schemas.ts';
import { Button } from '../../../components/ui/button.tsx';

const whereKey = {
  customer: 'discovery.profile.services.whereCustomer',
  vendor: 'discovery.profile.services.whereVendor',
  online: 'discovery.profile.services.whereOnline',
} as const;

/**
 * A vendor's active services (product §2 services tab): name, description, price, duration and
 * where it is done; with `onBook`, each has a button that picks it in the booking form.
 */
export function ServiceList({
  services,
  hourly = false,
  onBook,
}: {
  services: PublicServiceDetail[];
  /** The vendor prices by the hour: each service shows its rate beside its duration. */
  hourly?: boolean;
  onBook?: (serviceId: string) => void;
}) {
  const { t, i18n } = useTranslation();
  if (services.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-stone-300 bg-white px-4 py-8 text-center text-sm text-stone-600">
        {t('discovery.profile.services.empty')}
      </p>
    );
  }
  return (
    <div>
      {/* The panel's heading, for the outline: the tab already shows the word. */}
      <h2 className="sr-only">{t('discovery.profile.services.title')}</h2>
      <ul className="flex flex-col gap-3">
        {services.map((service) => (
          <li key={service.id} className="rounded-2xl border border-stone-200 bg-white p-4 shadow-xs">
            <div className="flex items-start justify-between gap-3">
              <h3 className="min-w-0 text-base leading-snug font-semibold text-stone-900">{service.name}</h3>
              <p className="shrink-0 text-base font-semibold text-stone-900">
                <span className="sr-only">{t('discovery.profile.services.price')}: </span>
                {priceText(service.price_cents, i18n.language)}
              </p>
            </div>
            {service.description ? (
              <p className="mt-1 text-sm leading-relaxed text-stone-600">{service.description}</p>
            ) : null}
            <p className="mt-2 flex items-center gap-1.5 text-sm text-stone-600">
              <Clock aria-hidden="true" className="size-4 shrink-0" />
              <span className="sr-only">{t('discovery.profile.services.duration')}: </span>
              {formatDuration(service.duration_minutes)}
              {hourly && service.price_cents > 0
                ? ` · ${hourlyRateText(service.price_cents, service.duration_minutes, i18n.language)}`
                : null}
            </p>
            <div className="mt-1 flex items-center justify-between gap-3">
              <p className="flex items-center gap-1.5 text-sm text-stone-600">
                <MapPin aria-hidden="true" className="size-4 shrink-0" />
                <span className="sr-only">{t('discovery.profile.services.where')}: </span>
                {t(whereKey[service.location])}
              </p>
              {onBook ? (
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={t('discovery.profile.services.bookLabel', { name: service.name })}
                  onClick={() => onBook(service.id)}
                >
                  {t('discovery.profile.services.book')}
                </Button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
