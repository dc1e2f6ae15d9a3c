import type { TFunction } from 'i18next';
import type { ManagedBooking } from '../../../shared/booking.schemas.ts';
import { formatMxn } from '../../../shared/money.ts';

// Where a booking stands, in words, for the customer's booking page: its timeline's steps and what
// happens next. Pure: the page draws them (components/booking-timeline.tsx).

export interface Step {
  key: string;
  label: string;
  /** When it happened; null for a step still ahead. */
  at: string | null;
  state: 'done' | 'current' | 'upcoming' | 'ended';
  /** Said instead of the time when there is none: "Next step" or "Not yet" unless given (null: nothing). */
  waiting?: string | null;
  note?: string;
  /** The customer's own words (their reason for cancelling). */
  quote?: string;
}

/**
 * Requested → Confirmed → Paid; a free booking has no payment step. An ended booking keeps the steps
 * it reached and ends with how it ended (declined, expired, cancelled and why). A move to another time
 * sits among them by when it happened; money paid back comes last.
 */
export function timelineSteps(booking: ManagedBooking, t: TFunction, when: (iso: string) => string): Step[] {
  const steps: Step[] = [
    {
      key: 'requested',
      label: t('bookings.manage.timeline.requested'),
      at: booking.requested_at,
      state: 'done',
    },
  ];
  const confirmed: Step = {
    key: 'confirmed',
    label: t('bookings.manage.timeline.confirmed'),
    at: booking.confirmed_at,
    state: booking.confirmed_at || booking.status !== 'pending_vendor' ? 'done' : 'current',
  };
  const paid = (state: Step['state']): Step => ({
    key: 'paid',
    label: t('bookings.manage.timeline.paid'),
    at: booking.paid_at,
    state,
  });
  switch (booking.status) {
    case 'declined':
    case 'expired':
    case 'cancelled': {
      if (booking.confirmed_at) steps.push(confirmed);
      // A paid booking cancelled keeps its payment: what is refunded below.
      if (booking.paid_at) steps.push(paid('done'));
      const reason = booking.cancel_reason;
      const cancelled = booking.status === 'cancelled';
      steps.push({
        key: booking.status,
        label: t(`bookings.manage.timeline.${booking.status}`),
        at: booking.ended_at,
        state: 'ended',
        note: !cancelled
          ? undefined
          : reason === 'payment_timeout' || reason === 'customer' || reason === 'vendor'
            ? t(`bookings.manage.timeline.reasons.${reason}`)
            : t('bookings.manage.timeline.reasons.other'),
        ...(cancelled && (reason === 'customer' || reason === 'vendor') && booking.cancel_note
          ? {
              quote: t(`bookings.manage.timeline.${reason === 'vendor' ? 'vendorNote' : 'yourNote'}`, {
                note: booking.cancel_note,
              }),
            }
          : {}),
      });
      break;
    }
    default: {
      steps.push(confirmed);
      // `confirmed` is a free booking: confirmed, and nothing is owed.
      if (booking.status === 'confirmed' || booking.amount_mxn === 0) break;
      steps.push(
        paid(
          booking.status === 'paid' ? 'done' : booking.status === 'awaiting_payment' ? 'current' : 'upcoming',
        ),
      );
    }
  }
  // How it went, as the vendor marked it once it started (decision 094).
  if (booking.outcome)
    steps.push({
      key: 'outcome',
      label: t(`bookings.manage.timeline.outcome.${booking.outcome}`),
      at: null,
      waiting: null,
      state: booking.outcome === 'completed' ? 'done' : 'ended',
    });
  const movedAt = booking.rescheduled_at;
  if (movedAt) {
    const index = steps.findIndex((step) => step.at === null || step.at > movedAt);
    const moved: Step = {
      key: 'rescheduled',
      label: t('bookings.manage.timeline.rescheduled'),
      at: movedAt,
      state: 'done',
    };
    steps.splice(index === -1 ? steps.length : index, 0, moved);
  }
  const refund = booking.refund;
  if (refund) {
    const amount = formatMxn(refund.amount_mxn);
    steps.push(
      refund.status === 'refunded' && refund.refunded_at
        ? {
            key: 'refund',
            label: t('bookings.manage.timeline.refunded', { date: when(refund.refunded_at) }),
            at: null,
            waiting: null,
            state: 'done',
            note: t('bookings.manage.timeline.refundAmount', { amount }),
          }
        : {
            key: 'refund',
            label: t('bookings.manage.timeline.refundPending', { amount }),
            at: null,
            waiting: null,
            state: 'current',
          },
    );
  }
  return steps;
}

/** What happens next, in one sentence or two, with the deadline that applies now. */
export function nextText(booking: ManagedBooking, t: TFunction, when: (iso: string) => string): string {
  switch (booking.status) {
    case 'pending_vendor':
      return booking.answer_due_at
        ? t('bookings.manage.next.pendingDue', { due: when(booking.answer_due_at) })
        : t('bookings.manage.next.pending');
    case 'awaiting_payment':
      return booking.payment_due_at
        ? t('bookings.manage.next.awaitingPayment', { due: when(booking.payment_due_at) })
        : t('bookings.manage.next.awaitingPaymentNoDue');
    case 'paid':
    case 'confirmed':
      if (booking.outcome === 'no_show') return t('bookings.manage.next.noShow');
      if (booking.took_place || booking.outcome === 'completed')
        return t('bookings.manage.next.tookPlace', { date: when(booking.start_time) });
      return t(booking.status === 'paid' ? 'bookings.manage.next.paid' : 'bookings.manage.next.confirmed');
    case 'declined':
      return t('bookings.manage.next.declined');
    case 'expired':
      return t('bookings.manage.next.expired');
    case 'cancelled':
      // Only a booking confirmed and left unpaid is cancelled for it: nothing was ever charged.
      // A payment that came after the deadline is refunded: then something was charged after all.
      if (booking.cancel_reason === 'payment_timeout' && !booking.refund)
        return t('bookings.manage.next.cancelledUnpaid');
      return [
        booking.cancel_reason === 'customer'
          ? t('bookings.manage.next.cancelledByCustomer')
          : booking.cancel_reason === 'vendor'
            ? t('bookings.manage.next.cancelledByVendor')
            : t('bookings.manage.next.cancelled'),
        refundText(booking, t),
      ]
        .filter(Boolean)
        .join(' ');
  }
}

/** Where the money paid back stands, when some is owed. */
function refundText(booking: ManagedBooking, t: TFunction): string {
  const refund = booking.refund;
  if (!refund) return '';
  const amount = formatMxn(refund.amount_mxn);
  return refund.status === 'refunded'
    ? t('bookings.manage.next.refundDone', { amount })
    : t('bookings.manage.next.refundOnItsWay', { amount });
}
