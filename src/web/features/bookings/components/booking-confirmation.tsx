import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CreateBookingResponse } from '../../../../shared/booking.schemas.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';

/**
 * product §4: after a request, "awaiting confirmation", the 8-hour note and the booking code, in
 * the form's place under its title; and the link to the customer's booking page (issue 23), which
 * the receipt mail carries too.
 */
export function BookingConfirmation({
  booking,
  email,
  onAnother,
}: {
  booking: CreateBookingResponse;
  email: string;
  onAnother: () => void;
}) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  // The form is replaced: move focus to what replaced it, so screen readers announce it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="mt-4 flex flex-col items-center gap-3 rounded-xl bg-brand-50 p-5 text-center">
      <CheckCircle2 aria-hidden="true" className="size-10 text-brand-700" />
      <h3 ref={heading} tabIndex={-1} className="text-xl font-bold text-stone-900">
        {t('bookings.done.title')}
      </h3>
      <Badge tone="brand">{t('bookings.done.status')}</Badge>
      <p className="text-sm text-stone-700">{t('bookings.done.note', { email })}</p>
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
