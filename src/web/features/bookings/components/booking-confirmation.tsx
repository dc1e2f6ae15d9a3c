import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CreateBookingResponse } from '../../../../shared/booking.schemas.ts';
import { formatDuration, priceText } from '../../../../shared/money.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import { responseTime } from '../../reviews/rating-format.ts';
import { formatBookingWhen } from '../booking-when.ts';
import { whereText } from '../booking-where.ts';

/** What was just requested, as the form knew it (the confirmation recaps it). */
export interface BookingRecap {
  vendorName: string;
  serviceName: string;
  startTime: string;
  durationMinutes: number;
  timezone: string;
  priceCents: number;
  where: Parameters<typeof whereText>[1];
}

/**
 * product §4: after a request, "awaiting confirmation", the 8-hour note (the vendor's own measured
 * answer time when it has one: "usually answers in about 2 hours") and the booking code, in
 * the form's place under its title; and the link to the customer's booking page, which
 * the receipt mail carries too.
 */
export function BookingConfirmation({
  booking,
  email,
  recap,
  responseMinutes = null,
  onAnother,
}: {
  booking: CreateBookingResponse;
  email: string;
  recap?: BookingRecap;
  /** The vendor's median answer time (PublicVendor `response_minutes_median`), null when unknown. */
  responseMinutes?: number | null;
  onAnother: () => void;
}) {
  const { t, i18n } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  const answerTime = (minutes: number) => {
    const { unit, count } = responseTime(minutes);
    return t(`discovery.responseTime.${unit}`, { count });
  };
  // The form is replaced: move focus to what replaced it, so screen readers announce it.
  useEffect(() => heading.current?.focus(), []);
  // Decision 097: an instant booking is confirmed already; a paid one shows here only when its
  // checkout could not open yet.
  const instant = booking.status !== 'pending_vendor';
  return (
    <div className="mt-4 flex flex-col items-center gap-3 rounded-xl bg-brand-50 p-5 text-center">
      <CheckCircle2 aria-hidden="true" className="size-10 text-brand-700" />
      <h3 ref={heading} tabIndex={-1} className="text-xl font-bold text-stone-900">
        {instant ? t('bookings.done.titleConfirmed') : t('bookings.done.title')}
      </h3>
      <Badge tone="brand">{instant ? t('bookings.done.statusConfirmed') : t('bookings.done.status')}</Badge>
      {recap ? <Recap recap={recap} code={booking.code} locale={i18n.language} /> : null}
      {instant ? (
        <p className="text-sm text-stone-700">
          {booking.status === 'confirmed'
            ? t('bookings.done.instantFree', { email })
            : t('bookings.done.instantPay', { email })}
        </p>
      ) : (
        <>
          <p className="text-sm text-stone-700">
            {recap && recap.priceCents === 0 ? t('bookings.done.nextFree') : t('bookings.done.next')}
          </p>
          <p className="text-sm text-stone-700">
            {responseMinutes === null
              ? t('bookings.done.note', { email })
              : t('bookings.done.noteVendor', { email, time: answerTime(responseMinutes) })}
          </p>
        </>
      )}
      <p className="text-sm text-stone-700">
        {t('bookings.done.code')}:{' '}
        <strong data-testid="booking-code" className="font-mono text-lg tracking-widest text-stone-900">
          {booking.code}
        </strong>
      </p>
      {booking.manage_path ? (
        <Link to={booking.manage_path} className={buttonClassName({ variant: 'primary', size: 'md' })}>
          {t('bookings.done.manage')}
        </Link>
      ) : null}
      <Button variant="secondary" onClick={onAnother}>
        {t('bookings.done.another')}
      </Button>
    </div>
  );
}

/** Vendor, service, when (the vendor's timezone), duration, price and where: what was requested. */
function Recap({ recap, code, locale }: { recap: BookingRecap; code: string; locale: string }) {
  const { t } = useTranslation();
  const end = new Date(Date.parse(recap.startTime) + recap.durationMinutes * 60_000).toISOString();
  const where = whereText(t, recap.where);
  const rows: [string, string][] = [
    [t('bookings.done.vendor'), recap.vendorName],
    [t('bookings.done.service'), recap.serviceName],
    [
      t('bookings.manage.when'),
      formatBookingWhen({ start_time: recap.startTime, end_time: end, timezone: recap.timezone }, locale),
    ],
    [t('bookings.manage.duration'), formatDuration(recap.durationMinutes)],
    [t('bookings.manage.amount'), priceText(recap.priceCents, locale)],
    ...(where ? [[t('bookings.where.label'), where] as [string, string]] : []),
  ];
  return (
    <dl
      aria-label={t('bookings.done.recapLabel', { code })}
      className="w-full divide-y divide-brand-100 text-left text-sm"
    >
      {rows
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <div key={label} className="flex justify-between gap-3 py-1.5">
            <dt className="shrink-0 text-stone-600">{label}</dt>
            <dd className="min-w-0 text-right font-medium break-words text-stone-900">{value}</dd>
          </div>
        ))}
    </dl>
  );
}
