import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VendorBooking } from '../../../../shared/booking.schemas.ts';
import { formatMxn } from '../../../../shared/money.ts';
import { FormField } from '../../../components/form-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { useErrorText } from '../../../lib/error-text.ts';
import { toast } from '../../../lib/toast.ts';
import {
  useMarkVendorBooking,
  useVendorCancelBooking,
} from '../../bookings/api/use-vendor-booking-actions.ts';
import { ProposeDialog, useBookingWhen } from './proposal-dialogs.tsx';

// A booking row's actions once the booking is agreed (decision 094): "Cancel booking" with a
// reason and "Propose another time" (decision 096) until the start; after it, "Mark as completed"
// or "Customer did not come". And what was done: who cancelled and why, the time proposed and
// waiting for the customer, a decline's reason and the time offered, or how it went.

const REASON_MAX = 500;

export function VendorBookingActions({ booking: b }: { booking: VendorBooking }) {
  const { t } = useTranslation();
  const mark = useMarkVendorBooking();
  const errorText = useErrorText();
  const [cancelling, setCancelling] = useState(false);
  const [proposing, setProposing] = useState(false);
  const opener = useRef<HTMLButtonElement | null>(null);
  const proposeOpener = useRef<HTMLButtonElement | null>(null);
  const when = useBookingWhen(b);

  const record = (outcome: 'completed' | 'no_show') =>
    mark.mutate(
      { id: b.id, outcome },
      {
        onSuccess: () => toast.success(t('bookingActions.marked')),
        onError: (err) => toast.error(t('bookingActions.markFailed'), { description: errorText(err) }),
      },
    );

  return (
    <>
      {b.status === 'cancelled' && b.cancel_reason ? (
        <p className="text-sm text-stone-700">
          {t(`bookingActions.cancelledBy.${cancelledByKey(b.cancel_reason)}`)}
          {b.cancel_note ? ` · ${t('bookingActions.reasonQuote', { note: b.cancel_note })}` : ''}
        </p>
      ) : null}
      {b.status === 'declined' && (b.decline_note || b.offered_start_time) ? (
        <p className="text-sm text-stone-700">
          {[
            b.decline_note ? t('bookingActions.reasonQuote', { note: b.decline_note }) : null,
            b.offered_start_time
              ? t('bookingActions.decline.offered', { when: when(b.offered_start_time) })
              : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      ) : null}
      {b.outcome ? (
        <p className="text-sm font-medium text-stone-800">{t(`bookingActions.outcome.${b.outcome}`)}</p>
      ) : null}
      {b.proposed_start_time ? (
        <p className="text-sm font-medium text-amber-900" data-testid="proposal-waiting">
          {t('bookingActions.propose.waiting', { when: when(b.proposed_start_time) })}
        </p>
      ) : null}
      {b.can_cancel || b.can_propose ? (
        // Two actions that may not fit one line at 390 px: they wrap rather than scroll sideways.
        <div className="flex flex-wrap gap-2">
          {b.can_propose ? (
            <Button
              ref={proposeOpener}
              size="sm"
              variant="secondary"
              aria-haspopup="dialog"
              aria-label={t('bookingActions.propose.openLabel', { code: b.code })}
              onClick={() => setProposing(true)}
            >
              {t('bookingActions.propose.open')}
            </Button>
          ) : null}
          {b.can_cancel ? (
            <Button
              ref={opener}
              size="sm"
              variant="secondary"
              aria-label={t('bookingActions.cancelLabel', { code: b.code })}
              onClick={() => setCancelling(true)}
            >
              {t('bookingActions.cancel')}
            </Button>
          ) : null}
        </div>
      ) : null}
      {b.can_mark_outcome ? (
        // Two answers that may not fit one line at 390 px: they wrap rather than scroll sideways.
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            aria-label={t('bookingActions.completeLabel', { code: b.code })}
            disabled={mark.isPending}
            onClick={() => record('completed')}
          >
            {t('bookingActions.complete')}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            aria-label={t('bookingActions.noShowLabel', { code: b.code })}
            disabled={mark.isPending}
            onClick={() => record('no_show')}
          >
            {t('bookingActions.noShow')}
          </Button>
        </div>
      ) : null}
      {cancelling ? (
        <CancelDialog booking={b} onClose={() => setCancelling(false)} returnFocus={() => opener.current} />
      ) : null}
      {proposing ? (
        <ProposeDialog
          booking={b}
          onClose={() => setProposing(false)}
          returnFocus={() => proposeOpener.current}
        />
      ) : null}
    </>
  );
}

function cancelledByKey(reason: string): 'vendor' | 'customer' | 'admin' | 'payment_timeout' {
  return reason === 'vendor' || reason === 'customer' || reason === 'admin' ? reason : 'payment_timeout';
}

/** The reason is required: the customer reads it in the mail and the WhatsApp message. */
function CancelDialog({
  booking: b,
  onClose,
  returnFocus,
}: {
  booking: VendorBooking;
  onClose: () => void;
  returnFocus: () => HTMLElement | null;
}) {
  const { t } = useTranslation();
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const cancel = useVendorCancelBooking();
  const errorText = useErrorText();
  const refund = b.status === 'paid' ? b.amount_mxn : 0;

  const confirm = () => {
    const written = reason.trim();
    if (!written) {
      setMissing(true);
      return;
    }
    cancel.mutate(
      { id: b.id, reason: written },
      {
        onSuccess: () => {
          onClose();
          toast.success(t('bookingActions.cancelled'));
        },
        onError: (err) => toast.error(t('bookingActions.cancelFailed'), { description: errorText(err) }),
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          const target = returnFocus();
          if (target?.isConnected) {
            event.preventDefault();
            target.focus();
          }
        }}
        title={t('bookingActions.cancelTitle', { code: b.code })}
        description={t('bookingActions.cancelText', { name: b.customer_name })}
        closeLabel={t('bookingActions.close')}
      >
        <p className="text-sm text-stone-700">
          {refund > 0
            ? t('bookingActions.cancelRefund', { name: b.customer_name, amount: formatMxn(refund) })
            : t('bookingActions.cancelFree')}
        </p>
        <FormField
          id={reasonId}
          label={t('bookingActions.reason')}
          required
          error={missing ? t('bookingActions.reasonRequired') : undefined}
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
            {t('bookingActions.reasonHint', { name: b.customer_name })}
          </p>
        </FormField>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" size="md" onClick={onClose}>
            {t('bookingActions.back')}
          </Button>
          <Button variant="danger" size="md" disabled={cancel.isPending} onClick={confirm}>
            {cancel.isPending ? t('bookingActions.cancelling') : t('bookingActions.confirmCancel')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
