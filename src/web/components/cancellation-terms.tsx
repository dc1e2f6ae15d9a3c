import { useTranslation } from 'react-i18next';
import { type CancellationPolicy, refundBoundaries } from '../../shared/cancellation-policy.ts';

// The vendor's cancellation policy in the customer's words (decision 095): the profile and the
// booking form show the preset with its short line and the full text behind a disclosure; the
// booking page shows the same policy as this booking's own dates.

/** "Cancellation: Moderate. Full refund until 48 hours before…", then the policy in full. */
export function CancellationTerms({ policy }: { policy: CancellationPolicy }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-1 text-sm text-stone-700" data-testid="cancellation-policy">
      <p>
        <span className="font-semibold text-stone-900">
          {t('cancellationPolicy.line', { policy: t(`cancellationPolicy.name.${policy}`) })}
        </span>{' '}
        {t(`cancellationPolicy.short.${policy}`)}
      </p>
      <details className="group">
        <summary className="tap-target inline-flex cursor-pointer items-center font-medium text-brand-800 underline underline-offset-2">
          {t('cancellationPolicy.more')}
        </summary>
        <p className="mt-1">{t(`cancellationPolicy.details.${policy}`)}</p>
        <p className="mt-1">{t('cancellationPolicy.noShow')}</p>
      </details>
    </div>
  );
}

/**
 * The booking page's policy: its name, then until when each refund lasts as this booking's dates
 * (`when` formats an instant in the vendor's zone, as the rest of the page does).
 */
export function BookingCancellationTerms({
  policy,
  start,
  when,
}: {
  policy: CancellationPolicy;
  start: string;
  when: (iso: string) => string;
}) {
  const { t } = useTranslation();
  const windows = refundBoundaries(policy, new Date(start));
  return (
    <div className="flex flex-col gap-1" data-testid="booking-cancellation-policy">
      <span className="font-semibold text-stone-900">{t(`cancellationPolicy.name.${policy}`)}</span>
      <ul className="flex flex-col gap-0.5">
        {windows.map(({ until, percent }) => (
          <li key={until.toISOString()}>
            {percent === 100
              ? t('cancellationPolicy.fullUntil', { when: when(until.toISOString()) })
              : t('cancellationPolicy.partUntil', { percent, when: when(until.toISOString()) })}
          </li>
        ))}
        <li>{t('cancellationPolicy.noneAfter')}</li>
      </ul>
      <span className="text-xs text-stone-600">{t('cancellationPolicy.bookingKeeps')}</span>
    </div>
  );
}
