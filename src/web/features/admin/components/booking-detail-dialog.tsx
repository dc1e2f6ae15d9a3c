import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminBookingDetail } from '../../../../shared/admin-bookings.schemas.ts';
import { dateTimeFormat } from '../../../../shared/date-format.ts';
import { formatMxn } from '../../../../shared/money.ts';
import { addressLine } from '../../../../shared/service-location.ts';
import { EmailContactLink, PhoneContactLinks } from '../../../components/customer-contact-links.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog, Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorTextNow } from '../../../lib/error-text.ts';
import { toast } from '../../../lib/toast.ts';
import {
  useAdminBooking,
  useCancelAdminBooking,
  useMarkRefundedAdminBooking,
  useRefundAdminBooking,
  useResendPaymentLink,
} from '../api/use-admin-bookings.ts';

const link = 'font-medium text-brand-800 underline underline-offset-2';

/** Why the server refused an action (`details.reason` of a 409 or 503), in the admin's words. */
const refusals = [
  'changed',
  'already_refunded',
  'not_owed',
  'no_payment',
  'not_payable',
  'provider_failed',
] as const;
function reasonOf(err: unknown): (typeof refusals)[number] | 'other' {
  const reason =
    err instanceof ApiError &&
    typeof err.details === 'object' &&
    err.details !== null &&
    'reason' in err.details
      ? err.details.reason
      : undefined;
  return refusals.find((r) => r === reason) ?? 'other';
}

/**
 * One booking for an admin (decision 049): its timeline, the customer's contact (call,
 * WhatsApp, mail), notes and address, the payment and the refund as they stand — a refund still owed
 * with the provider's last answer — and the actions that apply now, each confirmed first.
 */
export function BookingDetailDialog({
  id,
  onOpenChange,
}: {
  id: string | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const booking = useAdminBooking(id);
  const b = booking.data;
  return (
    <Dialog open={id !== null} onOpenChange={onOpenChange}>
      {id !== null ? (
        <DialogContent
          title={b ? t('admin.bookings.detailTitle', { code: b.code }) : t('admin.bookings.loading')}
          closeLabel={t('admin.bookings.close')}
        >
          {booking.isPending ? <Skeleton className="h-64 rounded-2xl" /> : null}
          {booking.isError ? <p className="text-red-800">{t('admin.bookings.loadFailed')}</p> : null}
          {b ? <BookingDetail booking={b} /> : null}
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h3 id={id} className="text-sm font-semibold tracking-wide text-stone-600 uppercase">
        {title}
      </h3>
      {children}
    </section>
  );
}

function BookingDetail({ booking: b }: { booking: AdminBookingDetail }) {
  const { t, i18n } = useTranslation();
  const at = (iso: string) =>
    dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short', timeZone: b.timezone }).format(
      new Date(iso),
    );
  const steps: { label: string; at: string; note?: string | null }[] = [
    { label: t('admin.bookings.timeline.requested'), at: b.timeline.requested_at },
    ...(b.timeline.confirmed_at
      ? [{ label: t('admin.bookings.timeline.confirmed'), at: b.timeline.confirmed_at }]
      : []),
    ...(b.timeline.payment_due_at && !b.timeline.paid_at && b.status === 'awaiting_payment'
      ? [{ label: t('admin.bookings.timeline.paymentDue'), at: b.timeline.payment_due_at }]
      : []),
    ...(b.timeline.paid_at ? [{ label: t('admin.bookings.timeline.paid'), at: b.timeline.paid_at }] : []),
    ...(b.timeline.rescheduled_at
      ? [{ label: t('admin.bookings.timeline.rescheduled'), at: b.timeline.rescheduled_at }]
      : []),
    ...(b.timeline.ended_at
      ? [
          {
            label:
              b.status === 'cancelled' && b.timeline.cancel_reason
                ? t(`admin.bookings.cancelReasons.${cancelReasonKey(b.timeline.cancel_reason)}`)
                : t(`admin.bookings.timeline.${b.status as 'declined' | 'expired' | 'cancelled'}`),
            at: b.timeline.ended_at,
            note: b.timeline.cancel_note,
          },
        ]
      : []),
  ];
  const where =
    b.location === 'customer' && b.address
      ? t('admin.bookings.whereCustomer', { address: addressLine(b.address) })
      : b.location === 'vendor'
        ? b.place_address
          ? t('admin.bookings.whereVendorAt', { address: b.place_address })
          : t('admin.bookings.whereVendor')
        : b.location === 'online'
          ? t('admin.bookings.whereOnline')
          : null;

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="brand">{t(`jobs.statuses.${b.status}`)}</Badge>
        {b.refund.state !== 'none' ? (
          <Badge>{t(`admin.bookings.refundStates.${b.refund.state}`)}</Badge>
        ) : null}
      </div>

      <Section title={t('admin.bookings.sections.service')}>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-stone-800">
          <dt className="text-stone-600">{t('admin.bookings.sections.vendor')}</dt>
          <dd>{b.vendor.name}</dd>
          <dt className="text-stone-600">{t('admin.bookings.sections.service')}</dt>
          <dd>{b.service_name ?? '—'}</dd>
          <dt className="text-stone-600">{t('admin.bookings.when')}</dt>
          <dd>{at(b.start_time)}</dd>
          <dt className="text-stone-600">{t('admin.bookings.amount')}</dt>
          <dd>{formatMxn(b.amount_mxn)}</dd>
          {where ? (
            <>
              <dt className="text-stone-600">{t('admin.bookings.where')}</dt>
              <dd className="min-w-0 break-words">{where}</dd>
            </>
          ) : null}
          <dt className="text-stone-600">{t('admin.bookings.notes')}</dt>
          <dd className="min-w-0 break-words whitespace-pre-line">
            {b.notes ?? t('admin.bookings.noNotes')}
          </dd>
        </dl>
      </Section>

      <Section title={t('admin.bookings.sections.customer')}>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-stone-800">
          <dt className="sr-only">{t('admin.bookings.sections.customer')}</dt>
          <dd className="col-span-2 font-medium">{b.customer_name}</dd>
          <dt className="text-stone-600">{t('admin.bookings.phone')}</dt>
          <dd className="flex flex-wrap gap-x-3">
            {b.customer_phone ? (
              <PhoneContactLinks
                phone={b.customer_phone}
                callLabel={t('admin.bookings.call', { phone: b.customer_phone })}
                whatsappLabel={t('admin.bookings.whatsappLabel', { name: b.customer_name })}
                whatsappText={t('admin.bookings.whatsapp')}
              />
            ) : (
              t('admin.bookings.noPhone')
            )}
          </dd>
          <dt className="text-stone-600">{t('admin.bookings.email')}</dt>
          <dd className="min-w-0 break-words">
            <EmailContactLink email={b.customer_email} />
          </dd>
        </dl>
      </Section>

      <Section title={t('admin.bookings.sections.timeline')}>
        <ol className="flex flex-col gap-2 border-l-2 border-stone-200 pl-4 text-sm">
          {steps.map((step) => (
            <li key={`${step.label}-${step.at}`} className="flex flex-col">
              <span className="font-medium text-stone-900">{step.label}</span>
              <span className="text-stone-700">{at(step.at)}</span>
              {step.note ? (
                <span className="break-words text-stone-700">
                  {t('admin.bookings.reason', { note: step.note })}
                </span>
              ) : null}
            </li>
          ))}
        </ol>
      </Section>

      <Section title={t('admin.bookings.sections.payment')}>
        <div className="flex flex-col gap-1 text-sm text-stone-800">
          {b.timeline.paid_at ? (
            <p>{t('admin.bookings.paidAt', { at: at(b.timeline.paid_at) })}</p>
          ) : b.status === 'awaiting_payment' && b.timeline.payment_due_at ? (
            <p>{t('admin.bookings.paymentAwaiting', { due: at(b.timeline.payment_due_at) })}</p>
          ) : (
            <p>{t('admin.bookings.notPaid')}</p>
          )}
          {b.payment.payment_url ? (
            <a className={link} href={b.payment.payment_url} target="_blank" rel="noreferrer">
              {t('admin.bookings.paymentLink')}
            </a>
          ) : null}
          <RefundState booking={b} at={at} />
        </div>
      </Section>

      <Section title={t('admin.bookings.sections.actions')}>
        <BookingActions booking={b} />
      </Section>
    </div>
  );
}

function cancelReasonKey(reason: string): 'customer' | 'admin' | 'vendor' | 'payment_timeout' {
  return reason === 'customer' || reason === 'admin' || reason === 'vendor' ? reason : 'payment_timeout';
}

function RefundState({ booking: b, at }: { booking: AdminBookingDetail; at: (iso: string) => string }) {
  const { t } = useTranslation();
  if (b.refund.state === 'owed')
    return (
      <div role="status" className="flex flex-col gap-1 rounded-xl bg-amber-50 p-3 text-amber-950">
        <p>{t('admin.bookings.refundOwed', { amount: formatMxn(b.refund.amount_mxn) })}</p>
        {b.refund.error ? (
          <p className="break-words">{t('admin.bookings.refundError', { error: b.refund.error })}</p>
        ) : null}
      </div>
    );
  if (b.refund.state === 'refunded')
    return (
      <div className="flex flex-col gap-1">
        <p>
          {t('admin.bookings.refundDone', {
            amount: formatMxn(b.refund.amount_mxn),
            at: b.refund.refunded_at ? at(b.refund.refunded_at) : '—',
          })}
        </p>
        {b.refund.reference ? (
          <p className="break-words text-stone-600">
            {t('admin.bookings.refundReference', { reference: b.refund.reference })}
          </p>
        ) : b.refund.refund_id ? (
          <p className="break-all text-stone-600">
            {t('admin.bookings.refundId', { id: b.refund.refund_id })}
          </p>
        ) : null}
      </div>
    );
  return <p>{t('admin.bookings.refundNone')}</p>;
}

function BookingActions({ booking: b }: { booking: AdminBookingDetail }) {
  const { t } = useTranslation();
  const cancel = useCancelAdminBooking();
  const refund = useRefundAdminBooking();
  const markRefunded = useMarkRefundedAdminBooking();
  const resend = useResendPaymentLink();
  const [confirming, setConfirming] = useState<'cancel' | 'refund' | 'mark' | null>(null);
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const [reference, setReference] = useState('');
  const [referenceMissing, setReferenceMissing] = useState(false);
  const referenceId = useId();
  const referenceErrorId = useId();
  const busy = cancel.isPending || refund.isPending || resend.isPending || markRefunded.isPending;
  const refundOnCancel = b.status === 'paid' ? b.amount_mxn : 0;

  const failed = (err: unknown) => {
    const why = reasonOf(err);
    toast.error(t('admin.bookings.toast.failed'), {
      description:
        why === 'other' && err instanceof ApiError && err.status < 500
          ? errorTextNow(err)
          : t(`admin.bookings.errors.${why}`),
    });
  };

  const { can_cancel, can_refund, can_mark_refunded, can_resend_payment_link } = b.actions;
  if (!can_cancel && !can_refund && !can_mark_refunded && !can_resend_payment_link)
    return <p className="text-sm text-stone-700">{t('admin.bookings.noActions')}</p>;

  return (
    <div className="flex flex-col gap-3">
      {can_refund ? (
        <Button disabled={busy} onClick={() => setConfirming('refund')}>
          {/* After a failure the same press is a retry: the refund keeps its key, never made twice. */}
          {b.refund.error ? t('admin.bookings.refundRetry') : t('admin.bookings.refundNow')}
        </Button>
      ) : null}
      {can_mark_refunded ? (
        <div className="flex flex-col gap-2">
          <label htmlFor={referenceId} className="text-sm font-medium text-stone-800">
            {t('admin.bookings.markRefundedLabel')}
          </label>
          <input
            id={referenceId}
            type="text"
            value={reference}
            maxLength={200}
            autoComplete="off"
            aria-invalid={referenceMissing || undefined}
            aria-describedby={referenceMissing ? referenceErrorId : undefined}
            onChange={(e) => {
              setReference(e.target.value);
              setReferenceMissing(false);
            }}
            className="w-full rounded-xl border border-stone-300 bg-white px-4 py-3 text-base text-stone-900 shadow-xs focus:border-brand-700 focus:outline-none focus-visible:outline-2"
          />
          {referenceMissing ? (
            <p id={referenceErrorId} className="text-sm text-red-800">
              {t('admin.bookings.markRefundedMissing')}
            </p>
          ) : null}
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => {
              if (!reference.trim()) setReferenceMissing(true);
              else setConfirming('mark');
            }}
          >
            {t('admin.bookings.markRefunded')}
          </Button>
        </div>
      ) : null}
      {can_resend_payment_link ? (
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() =>
            resend.mutate(b.id, {
              onSuccess: () => toast.success(t('admin.bookings.toast.resent')),
              onError: failed,
            })
          }
        >
          {t('admin.bookings.resend')}
        </Button>
      ) : null}
      {can_cancel ? (
        <div className="flex flex-col gap-2">
          <label htmlFor={reasonId} className="text-sm font-medium text-stone-800">
            {t('admin.bookings.cancelReasonLabel')}
          </label>
          <textarea
            id={reasonId}
            value={reason}
            maxLength={500}
            rows={2}
            onChange={(e) => setReason(e.target.value)}
            className="w-full rounded-xl border border-stone-300 bg-white px-4 py-3 text-base text-stone-900 shadow-xs focus:border-brand-700 focus:outline-none focus-visible:outline-2"
          />
          <Button variant="danger" disabled={busy} onClick={() => setConfirming('cancel')}>
            {t('admin.bookings.cancel')}
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={
          confirming === 'refund'
            ? t('admin.bookings.refundTitle', { amount: formatMxn(b.refund.amount_mxn) })
            : confirming === 'mark'
              ? t('admin.bookings.markRefundedTitle', { amount: formatMxn(b.refund.amount_mxn) })
              : t('admin.bookings.cancelTitle', { code: b.code })
        }
        description={
          confirming === 'refund'
            ? t('admin.bookings.refundText', { amount: formatMxn(b.refund.amount_mxn) })
            : confirming === 'mark'
              ? t('admin.bookings.markRefundedText', {
                  amount: formatMxn(b.refund.amount_mxn),
                  reference: reference.trim(),
                })
              : refundOnCancel > 0
                ? t('admin.bookings.cancelTextRefund', { amount: formatMxn(refundOnCancel) })
                : t('admin.bookings.cancelText')
        }
        confirmLabel={
          confirming === 'refund'
            ? b.refund.error
              ? t('admin.bookings.refundRetry')
              : t('admin.bookings.refundNow')
            : confirming === 'mark'
              ? t('admin.bookings.markRefunded')
              : t('admin.bookings.cancel')
        }
        cancelLabel={t('admin.bookings.keep')}
        onConfirm={() => {
          if (confirming === 'refund')
            refund.mutate(b.id, {
              onSuccess: () => toast.success(t('admin.bookings.toast.refunded')),
              onError: failed,
            });
          else if (confirming === 'mark')
            markRefunded.mutate(
              { id: b.id, reference: reference.trim() },
              {
                onSuccess: () => {
                  setReference('');
                  toast.success(t('admin.bookings.toast.markedRefunded'));
                },
                onError: failed,
              },
            );
          else
            cancel.mutate(
              { id: b.id, reason: reason.trim() || undefined },
              {
                onSuccess: (after) =>
                  toast.success(
                    t(
                      after.refund.state === 'refunded'
                        ? 'admin.bookings.toast.cancelledRefunded'
                        : 'admin.bookings.toast.cancelled',
                    ),
                  ),
                onError: failed,
              },
            );
          setConfirming(null);
        }}
      />
    </div>
  );
}
