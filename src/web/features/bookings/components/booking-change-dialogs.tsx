import type { TFunction } from 'i18next';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ManagedBooking } from '../../../../shared/booking.schemas.ts';
import { CUSTOMER_CHANGE_HOURS } from '../../../../shared/constants.ts';
import { zoneCity } from '../../../../shared/date-format.ts';
import { formatMxn } from '../../../../shared/money.ts';
import { FormField } from '../../../components/form-field.tsx';
import { RetryAlert } from '../../../components/retry-alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorTextNow } from '../../../lib/error-text.ts';
import { toast } from '../../../lib/toast.ts';
import {
  changeRefusal,
  useCancelBooking,
  useRescheduleBooking,
  useRescheduleSlots,
} from '../api/use-booking-changes.ts';
import { groupSlotsByDay } from '../booking-slots.ts';
import { Chip, ChipGroup } from './slot-chips.tsx';
import { VendorWhatsAppLink } from './vendor-whatsapp-link.tsx';

// The booking page's two changes (decision 046), loaded when the customer opens one
// (booking-changes.tsx). Each dialog is shown while mounted; closing it unmounts it.

/** A date and time in the booking's timezone, in the reader's language. */
export type When = (iso: string) => string;

interface ChangeDialogProps {
  booking: ManagedBooking;
  token: string;
  when: When;
  onClose: () => void;
  /** What had the focus before (the button that opened it), to have it back. */
  returnFocus: () => HTMLElement | null;
}

/** Radix returns the focus to what had it, which Safari never gives a button that was tapped. */
const focusBack = (target: () => HTMLElement | null) => (event: Event) => {
  const element = target();
  if (element?.isConnected && !element.matches(':disabled')) {
    event.preventDefault();
    element.focus();
  }
};

/**
 * What a refused or failed change says (toasted); a refusal also closes the dialog when the booking
 * itself moved on (the hooks ask for it again).
 */
function useChangeFailure() {
  const { t } = useTranslation();
  return (err: Error) => {
    const refusal = changeRefusal(err);
    if (refusal === 'changed') toast.error(t('bookings.manage.changes.refusedChanged'));
    else if (refusal === 'too_late') toast.error(t('bookings.manage.changes.refusedTooLate'));
    else if (refusal === 'slot_taken') toast.error(t('bookings.manage.changes.refusedSlotTaken'));
    else if (err instanceof ApiError && err.status !== 0) toast.error(errorTextNow(err));
    else toast.error(t('bookings.manage.changes.failed'));
    return refusal;
  };
}

/** A new time among the open ones: days and times in the booking's timezone, then "Confirm new time". */
export function RescheduleDialog({ booking, token, when, onClose, returnFocus }: ChangeDialogProps) {
  const { t, i18n } = useTranslation();
  const fieldName = useId();
  const [dayKey, setDayKey] = useState('');
  const [picked, setPicked] = useState('');
  const slots = useRescheduleSlots(token);
  const reschedule = useRescheduleBooking(token);
  const failed = useChangeFailure();
  const timezone = slots.data?.timezone ?? booking.timezone;
  const days = useMemo(
    () => groupSlotsByDay(slots.data?.slots ?? [], timezone, i18n.language),
    [slots.data, timezone, i18n.language],
  );
  const day = days.find((d) => d.key === dayKey) ?? days[0];
  const whatsapp = booking.vendor.whatsapp;
  // A time inside the online-change window can be taken, but then only the vendor can change it.
  const insideChangeWindow =
    picked !== '' && Date.parse(picked) - Date.now() < CUSTOMER_CHANGE_HOURS * 60 * 60_000;

  const confirm = () =>
    reschedule.mutate(
      { startTime: picked },
      {
        onSuccess: (moved) => {
          onClose();
          toast.success(t('bookings.manage.changes.rescheduled', { when: when(moved.start_time) }));
        },
        onError: (err) => {
          const refusal = failed(err);
          if (refusal === 'slot_taken') setPicked('');
          else if (refusal) onClose();
        },
      },
    );

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        onCloseAutoFocus={focusBack(returnFocus)}
        title={t('bookings.manage.changes.rescheduleTitle')}
        description={t('bookings.manage.changes.rescheduleNow', { when: when(booking.start_time) })}
        closeLabel={t('bookings.manage.changes.close')}
      >
        {booking.status === 'awaiting_payment' && booking.payment_due_at ? (
          <p className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {t('bookings.manage.changes.keepsPaymentDeadline', { due: when(booking.payment_due_at) })}
          </p>
        ) : null}
        {slots.isPending ? (
          <p role="status" className="text-sm text-stone-600">
            {t('bookings.manage.changes.loadingTimes')}
          </p>
        ) : slots.isError ? (
          <RetryAlert
            message={t('bookings.manage.changes.slotsError')}
            retryLabel={t('bookings.manage.retry')}
            onRetry={() => void slots.refetch()}
          />
        ) : days.length === 0 ? (
          <div className="flex flex-col gap-3">
            <p role="status" className="rounded-xl bg-stone-50 px-3 py-3 text-sm text-stone-700">
              {t('bookings.manage.changes.noSlots')}
              {whatsapp ? ` ${t('bookings.manage.changes.noSlotsWhatsapp')}` : ''}
            </p>
            {whatsapp ? <VendorWhatsAppLink vendor={booking.vendor.name} whatsapp={whatsapp} /> : null}
          </div>
        ) : (
          <>
            <ChipGroup legend={t('bookings.form.day')}>
              {days.map((d) => (
                <Chip
                  key={d.key}
                  name={`${fieldName}-day`}
                  checked={d.key === day?.key}
                  onChange={() => {
                    setDayKey(d.key);
                    setPicked('');
                  }}
                >
                  {d.label}
                </Chip>
              ))}
            </ChipGroup>
            <ChipGroup
              legend={t('bookings.form.time')}
              hint={t('bookings.form.timesIn', { zone: zoneCity(timezone, i18n.language) })}
            >
              {day?.slots.map((s) => (
                <Chip
                  key={s.iso}
                  name={`${fieldName}-time`}
                  checked={picked === s.iso}
                  onChange={() => setPicked(s.iso)}
                >
                  {s.label}
                </Chip>
              ))}
            </ChipGroup>
            {insideChangeWindow ? (
              <p role="status" className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900">
                {booking.cancellation_policy === 'flexible'
                  ? t('bookings.manage.changes.insideChangeWindow', { hours: CUSTOMER_CHANGE_HOURS })
                  : t('bookings.manage.changes.insideMoveWindow', { hours: CUSTOMER_CHANGE_HOURS })}
              </p>
            ) : null}
            <Button size="lg" disabled={!picked || reschedule.isPending} onClick={confirm}>
              {reschedule.isPending
                ? t('bookings.manage.changes.saving')
                : t('bookings.manage.changes.confirmReschedule')}
            </Button>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

const REASON_MAX = 500;

/**
 * What cancelling now pays back, as the server counted it under the booking's policy (decision
 * 095): nothing to pay back, all of it, part of it, or nothing of what was paid.
 */
function cancelRefundText(t: TFunction, booking: ManagedBooking) {
  const refund = booking.refund_on_cancel_mxn;
  const paid = booking.status === 'paid' ? booking.amount_mxn : 0;
  if (paid === 0) return t('bookings.manage.changes.cancelFree');
  if (refund >= paid) return t('bookings.manage.changes.cancelRefund', { amount: formatMxn(refund) });
  if (refund > 0)
    return t('bookings.manage.changes.cancelRefundPart', {
      amount: formatMxn(refund),
      paid: formatMxn(paid),
    });
  return t('bookings.manage.changes.cancelNoRefund', { paid: formatMxn(paid) });
}

/** What cancelling pays back, an optional reason, then "Cancel booking" or "Back". */
export function CancelDialog({ booking, token, onClose, returnFocus }: ChangeDialogProps) {
  const { t } = useTranslation();
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const cancel = useCancelBooking(token);
  const failed = useChangeFailure();

  const confirm = () =>
    cancel.mutate(
      { reason: reason.trim() || undefined },
      {
        onSuccess: (cancelled) => {
          onClose();
          const owed = cancelled.refund?.amount_mxn ?? 0;
          toast.success(
            t('bookings.manage.changes.cancelled'),
            owed > 0
              ? { description: t('bookings.manage.next.refundOnItsWay', { amount: formatMxn(owed) }) }
              : undefined,
          );
        },
        onError: (err) => {
          if (failed(err)) onClose();
        },
      },
    );

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        onCloseAutoFocus={focusBack(returnFocus)}
        title={t('bookings.manage.changes.cancelTitle')}
        description={cancelRefundText(t, booking)}
        closeLabel={t('bookings.manage.changes.close')}
      >
        <p className="text-sm text-stone-700">{t('bookings.manage.changes.cancelTold')}</p>
        <FormField id={reasonId} label={t('bookings.manage.changes.reason')}>
          <textarea
            id={reasonId}
            maxLength={REASON_MAX}
            rows={3}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            aria-describedby={`${reasonId}-hint`}
            className="w-full rounded-xl border border-stone-300 bg-white px-4 py-3 text-base text-stone-900 shadow-xs placeholder:text-stone-500 focus:border-brand-700 focus:outline-none focus-visible:outline-2"
          />
          <p id={`${reasonId}-hint`} className="text-xs text-stone-600">
            {t('bookings.manage.changes.reasonHint')}
          </p>
        </FormField>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" size="md" onClick={onClose}>
            {t('bookings.manage.changes.back')}
          </Button>
          <Button variant="danger" size="md" disabled={cancel.isPending} onClick={confirm}>
            {cancel.isPending ? t('bookings.manage.changes.cancelling') : t('bookings.manage.changes.cancel')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
