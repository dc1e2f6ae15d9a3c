import { useTranslation } from 'react-i18next';
import type { AppointmentStatus } from '../../../../shared/constants.ts';
import { dateTimeFormat } from '../../../../shared/date-format.ts';
import type { Language } from '../../../../shared/language.ts';
import { formatMxn } from '../../../../shared/money.ts';
import { DetailsCard, DetailsRow } from '../../../components/details-card.tsx';
import { currentLanguage } from '../../../i18n/i18n.ts';

export interface PaymentBookingView {
  code: string;
  status: AppointmentStatus;
  vendor_name: string;
  service_name: string | null;
  start_time: string;
  timezone: string;
  amount_mxn: number;
  payment_due_at: string | null;
}

/** Date and time in the vendor's timezone, where the service happens (product §9). */
export function dateAndTime(iso: string, timezone: string, language: Language): string {
  return dateTimeFormat(language, {
    timeZone: timezone,
    dateStyle: 'full',
    timeStyle: 'short',
  }).format(new Date(iso));
}

/** The booking as the payment pages show it, in the page's language. */
export function PaymentDetails({
  booking,
  showDeadline = false,
}: {
  booking: PaymentBookingView;
  showDeadline?: boolean;
}) {
  const { t } = useTranslation();
  const rows: [string, string, string][] = [
    ['vendor', t('payments.details.vendor'), booking.vendor_name],
    ['service', t('payments.details.service'), booking.service_name ?? '—'],
    [
      'when',
      t('payments.details.when'),
      dateAndTime(booking.start_time, booking.timezone, currentLanguage()),
    ],
    ['amount', t('payments.details.amount'), formatMxn(booking.amount_mxn)],
    ['status', t('payments.details.status'), t(`payments.statuses.${booking.status}`)],
    ['code', t('payments.details.code'), booking.code],
  ];
  if (showDeadline && booking.payment_due_at)
    rows.push([
      'deadline',
      t('payments.details.deadline'),
      dateAndTime(booking.payment_due_at, booking.timezone, currentLanguage()),
    ]);
  return (
    <DetailsCard id="payment-details-heading" title={t('payments.details.heading')}>
      {rows.map(([key, label, value]) => (
        <DetailsRow key={key} label={label} testId={`payment-${key}`}>
          {value}
        </DetailsRow>
      ))}
    </DetailsCard>
  );
}
