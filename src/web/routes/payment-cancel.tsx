import { CheckCircle2, CircleAlert, type LucideIcon, XCircle } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClassName } from '../components/ui/button.tsx';
import { useAppointmentCheckout } from '../features/payments/api/use-payments.ts';
import { PaymentDetails } from '../features/payments/components/payment-details.tsx';
import { PaymentNotice } from '../features/payments/components/payment-notice.tsx';
import { ApiError } from '../lib/api-client.ts';
import { paths } from '../lib/paths.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/**
 * Payment cancel (/payment-cancel?appointment_id=&token=, product §2, in the visitor's language): the payment was not
 * completed and the booking stays pending payment. The retry button goes back to the same checkout
 * while it is open, and says plainly why not otherwise (decision 017).
 */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('payments.cancel.title'));
  const [params] = useSearchParams();
  const appointmentId = params.get('appointment_id')?.trim() || undefined;
  const checkout = useAppointmentCheckout(appointmentId, params.get('token')?.trim() || undefined);
  const [note, setNote] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const error = checkout.error;
  const notFound =
    !appointmentId || (error instanceof ApiError && (error.status === 404 || error.status === 400));
  const booking = checkout.data;

  async function retry() {
    setNote(null);
    const fresh = await checkout.refetch();
    const latest = fresh.data;
    if (latest?.payable && latest.payment_url) {
      setLeaving(true);
      window.location.assign(latest.payment_url);
      return;
    }
    if (latest?.payable) setNote(t('payments.cancel.preparing'));
    else if (fresh.error) setNote(t('payments.cancel.loadError'));
  }

  // Every outcome is a notice under the page's own heading.
  const notice = (icon: LucideIcon, tone: 'good' | 'bad', title: string, text: string) => (
    <PaymentNotice icon={icon} tone={tone} title={title} text={text} headingLevel="h2" />
  );
  let outcome: ReactNode = null;
  if (notFound) {
    outcome = notice(XCircle, 'bad', t('payments.notFoundTitle'), t('payments.cancel.notFoundText'));
  } else if (error) {
    outcome = (
      <p role="alert" className="rounded-2xl border border-red-200 bg-white p-4 text-red-800">
        {t('payments.cancel.loadError')}
      </p>
    );
  } else if (!booking) {
    outcome = (
      <p role="status" className="text-stone-600">
        {t('payments.cancel.loading')}
      </p>
    );
  } else if (booking.status === 'paid' || booking.status === 'confirmed') {
    outcome = notice(CheckCircle2, 'good', t('payments.cancel.paidHeading'), t('payments.cancel.paidText'));
  } else if (!booking.payable) {
    outcome = notice(XCircle, 'bad', t('payments.cancel.closedHeading'), t('payments.cancel.closedText'));
  }

  const canRetry = Boolean(booking?.payable);
  return (
    <div className="flex flex-col gap-4 py-4">
      <PaymentNotice
        icon={CircleAlert}
        tone="neutral"
        title={t('payments.cancel.heading')}
        text={t('payments.cancel.text')}
      >
        <p className="text-sm text-stone-700">{t('payments.cancel.window')}</p>
      </PaymentNotice>
      {outcome}
      {booking ? <PaymentDetails booking={booking} showDeadline={booking.payable} /> : null}
      {canRetry ? (
        <Button size="lg" disabled={leaving || checkout.isFetching} onClick={() => void retry()}>
          {t('payments.cancel.retry')}
        </Button>
      ) : null}
      {note ? (
        <p
          role="status"
          className="rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
        >
          {note}
        </p>
      ) : null}
      <Link to={paths.home.to()} className={buttonClassName({ variant: 'secondary', size: 'lg' })}>
        {t('payments.home')}
      </Link>
    </div>
  );
}
