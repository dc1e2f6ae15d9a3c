import { useTranslation } from 'react-i18next';
import { type CancellationPolicy, refundBoundaries } from '../../../../shared/cancellation-policy.ts';

// The booking page's cancellation policy (decision 095): the preset the booking keeps, and until
// when each refund lasts as this booking's dates (`when` formats an instant in the vendor's zone, as
// the rest of the page does).

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
              ? t('bookings.policy.fullUntil', { when: when(until.toISOString()) })
              : t('bookings.policy.partUntil', { percent, when: when(until.toISOString()) })}
          </li>
        ))}
        <li>{t('bookings.policy.noneAfter')}</li>
      </ul>
      <span className="text-xs text-stone-600">{t('bookings.policy.bookingKeeps')}</span>
    </div>
  );
}

/** The booking form's disclosure: the policy in full, and what a no-show gets back. */
export function CancellationDetails({ policy }: { policy: CancellationPolicy }) {
  const { t } = useTranslation();
  return (
    <details>
      <summary className="tap-target inline-flex cursor-pointer items-center font-medium text-brand-800 underline underline-offset-2">
        {t('bookings.policy.more')}
      </summary>
      <p className="mt-1">{t(`bookings.policy.details.${policy}`)}</p>
      <p className="mt-1">{t('bookings.policy.noShow')}</p>
    </details>
  );
}
