import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VendorBooking } from '../../../../shared/booking.schemas.ts';
import { zoneCity } from '../../../../shared/date-format.ts';
import { FormField } from '../../../components/form-field.tsx';
import { RetryAlert } from '../../../components/retry-alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { useErrorText } from '../../../lib/error-text.ts';
import { toast } from '../../../lib/toast.ts';
import {
  useDeclineRequest,
  useProposalSlots,
  useProposeTime,
} from '../../bookings/api/use-vendor-booking-actions.ts';
import { groupSlotsByDay } from '../../bookings/booking-slots.ts';
import { Chip, ChipGroup } from '../../bookings/components/slot-chips.tsx';

// The vendor's other time (decision 096): "Propose another time" for a booking agreed, and the
// decline of a request with its reason and, optionally, a time to book instead. Both pick among the
// vendor's own open slots for the booking's service (GET …/proposal-slots), by day, then time.

const REASON_MAX = 500;

interface DialogProps {
  booking: VendorBooking;
  onClose: () => void;
  /** What opened it, to have the focus back (Safari never focuses a tapped button). */
  returnFocus: () => HTMLElement | null;
}

const focusBack = (target: () => HTMLElement | null) => (event: Event) => {
  const element = target();
  if (element?.isConnected) {
    event.preventDefault();
    element.focus();
  }
};

/** A day, then a time, among the vendor's open slots for the booking; `picked` is an ISO start. */
function SlotPicker({
  booking: b,
  picked,
  onPick,
}: {
  booking: VendorBooking;
  picked: string;
  onPick: (iso: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const name = useId();
  const slots = useProposalSlots(b.id);
  const days = useMemo(
    () => groupSlotsByDay(slots.data?.slots ?? [], b.timezone, i18n.language),
    [slots.data, b.timezone, i18n.language],
  );
  const [dayKey, setDayKey] = useState('');
  const day = days.find((d) => d.key === dayKey) ?? days[0];

  if (slots.isPending)
    return (
      <p role="status" className="text-sm text-stone-700">
        {t('bookingActions.slots.loading')}
      </p>
    );
  if (slots.isError)
    return (
      <RetryAlert
        message={t('bookingActions.slots.error')}
        retryLabel={t('bookingActions.slots.retry')}
        onRetry={() => void slots.refetch()}
      />
    );
  if (days.length === 0)
    return (
      <p role="status" className="rounded-xl bg-stone-50 px-3 py-3 text-sm text-stone-700">
        {t('bookingActions.slots.none')}
      </p>
    );
  return (
    <>
      <ChipGroup legend={t('bookingActions.slots.day')}>
        {days.map((d) => (
          <Chip
            key={d.key}
            name={`${name}-day`}
            checked={d.key === day?.key}
            onChange={() => {
              setDayKey(d.key);
              onPick('');
            }}
          >
            {d.label}
          </Chip>
        ))}
      </ChipGroup>
      <ChipGroup
        legend={t('bookingActions.slots.time')}
        hint={t('bookingActions.slots.timesIn', { zone: zoneCity(b.timezone, i18n.language) })}
      >
        {day?.slots.map((s) => (
          <Chip key={s.iso} name={`${name}-time`} checked={picked === s.iso} onChange={() => onPick(s.iso)}>
            {s.label}
          </Chip>
        ))}
      </ChipGroup>
    </>
  );
}

/** A time in the booking's zone, in the reader's language. */
export function useBookingWhen(b: VendorBooking) {
  const { i18n } = useTranslation();
  return (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, {
      timeZone: b.timezone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: 'numeric',
      minute: '2-digit',
    }).format(new Date(iso));
}

/** "Propose another time": a day and a time; the customer is asked, the booking keeps its time. */
export function ProposeDialog({ booking: b, onClose, returnFocus }: DialogProps) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState('');
  const propose = useProposeTime();
  const errorText = useErrorText();
  const when = useBookingWhen(b);

  const send = () =>
    propose.mutate(
      { id: b.id, startTime: picked },
      {
        onSuccess: () => {
          onClose();
          toast.success(t('bookingActions.propose.sent'));
        },
        onError: (err) => toast.error(t('bookingActions.propose.failed'), { description: errorText(err) }),
      },
    );

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        onCloseAutoFocus={focusBack(returnFocus)}
        title={t('bookingActions.propose.title', { code: b.code })}
        description={t('bookingActions.propose.text', { name: b.customer_name })}
        closeLabel={t('bookingActions.close')}
      >
        {b.proposed_start_time ? (
          <p className="text-sm text-stone-700">
            {t('bookingActions.propose.replaces', { when: when(b.proposed_start_time) })}
          </p>
        ) : null}
        <SlotPicker booking={b} picked={picked} onPick={setPicked} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" size="md" onClick={onClose}>
            {t('bookingActions.propose.back')}
          </Button>
          <Button size="md" disabled={!picked || propose.isPending} onClick={send}>
            {propose.isPending ? t('bookingActions.propose.sending') : t('bookingActions.propose.send')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** "Decline": the reason is required (the customer reads it); another time to book is optional. */
export function DeclineDialog({ booking: b, onClose, returnFocus }: DialogProps) {
  const { t } = useTranslation();
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const [offering, setOffering] = useState(false);
  const [picked, setPicked] = useState('');
  const decline = useDeclineRequest();
  const errorText = useErrorText();

  const confirm = () => {
    const written = reason.trim();
    if (!written) {
      setMissing(true);
      return;
    }
    decline.mutate(
      { id: b.id, reason: written, ...(offering && picked ? { proposeStartTime: picked } : {}) },
      {
        onSuccess: () => {
          onClose();
          toast.success(t('bookingActions.decline.declined'));
        },
        onError: (err) => toast.error(t('bookingActions.decline.failed'), { description: errorText(err) }),
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        onCloseAutoFocus={focusBack(returnFocus)}
        title={t('bookingActions.decline.title', { code: b.code })}
        description={t('bookingActions.decline.text', { name: b.customer_name })}
        closeLabel={t('bookingActions.close')}
      >
        <FormField
          id={reasonId}
          label={t('bookingActions.decline.reason')}
          required
          error={missing ? t('bookingActions.decline.reasonRequired') : undefined}
        >
          <textarea
            id={reasonId}
            required
            maxLength={REASON_MAX}
            rows={3}
            value={reason}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              if (event.currentTarget.value.trim()) setMissing(false);
            }}
            aria-invalid={missing || undefined}
            aria-describedby={missing ? `${reasonId}-error ${reasonId}-hint` : `${reasonId}-hint`}
            className="w-full rounded-xl border border-stone-300 bg-white px-4 py-3 text-base text-stone-900 shadow-xs placeholder:text-stone-500 focus:border-brand-700 focus:outline-none focus-visible:outline-2"
          />
          <p id={`${reasonId}-hint`} className="text-xs text-stone-600">
            {t('bookingActions.decline.reasonHint', { name: b.customer_name })}
          </p>
        </FormField>
        <label className="flex items-start gap-2 text-sm font-semibold text-stone-800">
          <input
            type="checkbox"
            className="mt-0.5 size-5 accent-brand-700"
            checked={offering}
            onChange={(event) => {
              setOffering(event.currentTarget.checked);
              if (!event.currentTarget.checked) setPicked('');
            }}
          />
          <span>
            {t('bookingActions.decline.offer')}
            <span className="block text-xs font-normal text-stone-600">
              {t('bookingActions.decline.offerHint', { name: b.customer_name })}
            </span>
          </span>
        </label>
        {offering ? <SlotPicker booking={b} picked={picked} onPick={setPicked} /> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" size="md" onClick={onClose}>
            {t('bookingActions.decline.back')}
          </Button>
          <Button
            variant="danger"
            size="md"
            disabled={decline.isPending || (offering && !picked)}
            onClick={confirm}
          >
            {decline.isPending ? t('bookingActions.decline.declining') : t('bookingActions.decline.confirm')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
