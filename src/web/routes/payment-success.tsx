import { CheckCircle2, Clock, RefreshCw, XCircle } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClassName } from '../components/ui/button.tsx';
import {
  PAYMENT_POLL_LIMIT,
  PAYMENT_POLL_MS,
  usePaymentSession,
} from '../features/payments/api/use-payments.ts';
import { PaymentDetails } from '../features/payments/components/payment-details.tsx';
import { PaymentNotice } from '../features/payments/components/payment-notice.tsx';
import { ApiError } from '../lib/api-client.ts';
import { paths } from '../lib/paths.ts';
import { toast } from '../lib/toast.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/**
 * Payment success (/payment-success?session_id=&token=, product §2, in the visitor's language): the booking
 * behind the checkout, in MXN, in the vendor's timezone, and the way to its booking page. The provider's confirmation can land a moment after
 * the customer does, so an awaited payment is asked for again until it arrives.
 */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('payments.success.title'));
  const [params] = useSearchParams();
  const sessionId = params.get('session_id')?.trim() || undefined;
  // The booking page's token, which the checkout's return address carries: the way back to the booking.
  const token = params.get('token')?.trim() || undefined;
  const session = usePaymentSession(sessionId);
  const [openedAt] = useState(() => Date.now());
  const error = session.error;
  const notFound =
    !sessionId || (error instanceof ApiError && (error.status === 404 || error.status === 400));

  // product §8: the page's three error toasts.
  useEffect(() => {
    if (!sessionId) toast.error(t('payments.success.missingSession'), { id: 'payment-success-missing' });
    else if (notFound) toast.error(t('payments.success.fetchError'), { id: 'payment-success-not-found' });
    else if (error) toast.error(t('payments.success.loadError'), { id: 'payment-success-error' });
  }, [sessionId, notFound, error, t]);

  let body: ReactNode;
  if (notFound) {
    body = (
      <PaymentNotice
        icon={XCircle}
        tone="bad"
        title={t('payments.notFoundTitle')}
        text={sessionId ? t('payments.success.notFoundText') : t('payments.success.missingSession')}
      />
    );
  } else if (error) {
    body = (
      <PaymentNotice icon={XCircle} tone="bad" title={t('payments.success.loadError')}>
        <Button variant="secondary" onClick={() => void session.refetch()}>
          <RefreshCw aria-hidden="true" className="size-4" />
          {t('payments.success.retry')}
        </Button>
      </PaymentNotice>
    );
  } else if (!session.data) {
    body = (
      <p role="status" className="py-10 text-center text-stone-600">
        {t('payments.success.loading')}
      </p>
    );
  } else {
    const booking = session.data;
    const waiting = booking.status === 'awaiting_payment';
    // The polling has given up (usePaymentSession): say so instead of spinning forever.
    const slow = waiting && session.dataUpdatedAt - openedAt >= PAYMENT_POLL_MS * (PAYMENT_POLL_LIMIT - 1);
    body = (
      <>
        {booking.status === 'paid' || booking.status === 'confirmed' ? (
          <PaymentNotice
            icon={CheckCircle2}
            tone="good"
            title={t('payments.success.heading')}
            text={t('payments.success.text')}
          />
        ) : waiting ? (
          <PaymentNotice icon={Clock} tone="neutral" title={t('payments.success.processingHeading')}>
            <p role="status" className="text-stone-700">
              {slow ? t('payments.success.processingSlow') : t('payments.success.processingText')}
            </p>
          </PaymentNotice>
        ) : (
          <PaymentNotice
            icon={XCircle}
            tone="bad"
            title={t('payments.success.notPaidHeading')}
            text={t('payments.success.notPaidText')}
          />
        )}
        <PaymentDetails booking={booking} />
      </>
    );
  }

  return (
    <div className="flex flex-col gap-4 py-4">
      {body}
      {token && session.data ? (
        <Link
          to={paths.booking.to(session.data.code, token)}
          className={buttonClassName({ variant: 'primary', size: 'lg' })}
        >
          {t('payments.booking')}
        </Link>
      ) : null}
      <Link to={paths.home.to()} className={buttonClassName({ variant: 'secondary', size: 'lg' })}>
        {t('payments.home')}
      </Link>
    </div>
  );
}
