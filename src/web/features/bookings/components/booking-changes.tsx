import { CalendarClock, XCircle } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ManagedBooking } from '../../../../shared/booking.schemas.ts';
import { CUSTOMER_CHANGE_HOURS } from '../../../../shared/constants.ts';
import { Button } from '../../../components/ui/button.tsx';
import type { When } from './booking-change-dialogs.tsx';
import { VendorWhatsAppLink } from './vendor-whatsapp-link.tsx';

// The booking page's "Change or cancel" (decision 046): a new time while the booking starts more
// than CUSTOMER_CHANGE_HOURS from now, a cancellation while its policy allows (decision 095: until
// the start under moderate and strict); later, the rule and the vendor's WhatsApp. The server decides (`can_cancel`, `can_reschedule`); the page only shows its answer.

// The dialogs (radix Dialog, the slot picker, the change requests) are a third of the page's code and
// most visitors only look: they load when a button is pressed, or about to be (pointer or focus).
const loadDialogs = () => import('./booking-change-dialogs.tsx');
const RescheduleDialog = lazy(() => loadDialogs().then((module) => ({ default: module.RescheduleDialog })));
const CancelDialog = lazy(() => loadDialogs().then((module) => ({ default: module.CancelDialog })));
const preload = () => void loadDialogs().catch(() => undefined);

/** Shown for an active booking (pending_vendor, awaiting_payment, confirmed, paid). */
export function BookingChanges({
  booking,
  token,
  when,
}: {
  booking: ManagedBooking;
  token: string;
  when: When;
}) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<'reschedule' | 'cancel' | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const whatsapp = booking.vendor.whatsapp;

  // What each button that opens a dialog carries: it says so, loads the dialogs ahead, and opens its own.
  const opens = (which: 'reschedule' | 'cancel') => ({
    'aria-haspopup': 'dialog' as const,
    onPointerEnter: preload,
    onFocus: preload,
    onClick: (event: { currentTarget: HTMLButtonElement }) => {
      opener.current = event.currentTarget;
      setDialog(which);
    },
  });
  const dialogProps = {
    booking,
    token,
    when,
    onClose: () => setDialog(null),
    // Opened by state, not by a radix Trigger: the focus goes back to the button that opened it.
    returnFocus: () => opener.current,
  };

  if (!booking.can_cancel) {
    return (
      <section aria-labelledby="booking-changes-title" className="flex flex-col gap-3">
        <h2 id="booking-changes-title" className="text-lg font-semibold text-stone-900">
          {t('bookings.manage.changes.title')}
        </h2>
        <p className="text-stone-700" data-testid="change-rule">
          {t('bookings.manage.changes.rule', { hours: CUSTOMER_CHANGE_HOURS })}{' '}
          {whatsapp ? t('bookings.manage.changes.ruleWhatsapp') : t('bookings.manage.changes.ruleContact')}
        </p>
        {whatsapp ? <VendorWhatsAppLink vendor={booking.vendor.name} whatsapp={whatsapp} /> : null}
      </section>
    );
  }
  return (
    <section aria-labelledby="booking-changes-title" className="flex flex-col gap-3">
      <h2 id="booking-changes-title" className="text-lg font-semibold text-stone-900">
        {t('bookings.manage.changes.title')}
      </h2>
      {booking.change_deadline ? (
        <p className="text-stone-700" data-testid="change-deadline">
          {booking.cancel_deadline === booking.change_deadline
            ? t('bookings.manage.changes.deadline', { deadline: when(booking.change_deadline) })
            : t('bookings.manage.changes.deadlineSplit', { deadline: when(booking.change_deadline) })}
        </p>
      ) : null}
      {booking.can_reschedule ? null : (
        <p className="text-sm text-stone-600">
          {booking.service_id === null
            ? t('bookings.manage.changes.noReschedule')
            : t('bookings.manage.changes.moveTooLate')}
        </p>
      )}
      <div className="flex flex-col gap-2">
        {booking.can_reschedule ? (
          <Button variant="secondary" size="md" {...opens('reschedule')}>
            <CalendarClock aria-hidden="true" className="size-4" />
            {t('bookings.manage.changes.reschedule')}
          </Button>
        ) : null}
        <Button
          variant="ghost"
          size="md"
          className="text-red-800 hover:bg-red-50 active:bg-red-100"
          {...opens('cancel')}
        >
          <XCircle aria-hidden="true" className="size-4" />
          {t('bookings.manage.changes.cancel')}
        </Button>
      </div>
      <Suspense fallback={null}>
        {dialog === 'reschedule' ? <RescheduleDialog {...dialogProps} /> : null}
        {dialog === 'cancel' ? <CancelDialog {...dialogProps} /> : null}
      </Suspense>
    </section>
  );
}
