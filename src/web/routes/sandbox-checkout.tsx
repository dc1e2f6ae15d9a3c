import { FlaskConical, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { formatMxn } from '../../shared/money.ts';
import { Button } from '../components/ui/button.tsx';
import { useSandboxAction, useSandboxCheckout } from '../features/payments/api/use-payments.ts';
import { PaymentDetails } from '../features/payments/components/payment-details.tsx';
import { PaymentNotice } from '../features/payments/components/payment-notice.tsx';
import { currentLanguage } from '../i18n/i18n.ts';
import { ApiError } from '../lib/api-client.ts';
import { errorText } from '../lib/error-text.ts';
import { toast } from '../lib/toast.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/**
 * The sandbox checkout (/sandbox/checkout/:sessionId, ARCHITECTURE §7, §13): the local stand-in for
 * Stripe's hosted page, in Spanish. Pay goes through the same service code as a Stripe webhook;
 * both buttons then go where Stripe would send the customer.
 */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('payments.sandbox.title'));
  const { sessionId = '' } = useParams();
  const navigate = useNavigate();
  const checkout = useSandboxCheckout(sessionId || undefined);
  const action = useSandboxAction(sessionId);

  const run = (which: 'pay' | 'cancel') =>
    action.mutate(which, {
      onSuccess: ({ redirect_url }) => void navigate(redirect_url),
      onError: (err) => {
        toast.error(t('payments.sandbox.error'), {
          description:
            err instanceof ApiError && err.status > 0 ? errorText(err, currentLanguage()) : undefined,
        });
        void checkout.refetch();
      },
    });

  const booking = checkout.data;
  const error = checkout.error;
  return (
    <div className="flex flex-col gap-4 py-4">
      <div className="flex items-center gap-2">
        <FlaskConical aria-hidden="true" className="size-5 text-amber-700" />
        <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
          {t('payments.sandbox.badge')}
        </span>
      </div>
      {error ? (
        <PaymentNotice icon={XCircle} tone="bad" title={t('payments.sandbox.notFoundText')}>
          {error instanceof ApiError && error.status !== 404 ? (
            <p className="text-stone-700">{errorText(error, currentLanguage())}</p>
          ) : null}
        </PaymentNotice>
      ) : !booking ? (
        <p role="status" className="text-stone-600">
          {t('payments.sandbox.loading')}
        </p>
      ) : (
        <>
          <h1 className="text-2xl font-bold tracking-tight text-stone-900">{t('payments.sandbox.title')}</h1>
          <p className="text-sm text-stone-700">{t('payments.sandbox.notice')}</p>
          <p data-testid="sandbox-amount" className="text-3xl font-bold text-stone-900">
            {formatMxn(booking.amount_mxn)}
          </p>
          <PaymentDetails booking={booking} showDeadline={booking.payable} />
          {booking.payable ? (
            <div className="flex flex-col gap-3">
              <Button size="lg" disabled={action.isPending} onClick={() => run('pay')}>
                {action.isPending && action.variables === 'pay'
                  ? t('payments.sandbox.paying')
                  : t('payments.sandbox.pay', { amount: formatMxn(booking.amount_mxn) })}
              </Button>
              <Button size="lg" variant="secondary" disabled={action.isPending} onClick={() => run('cancel')}>
                {t('payments.sandbox.cancel')}
              </Button>
            </div>
          ) : (
            <PaymentNotice
              icon={XCircle}
              tone="bad"
              title={t('payments.sandbox.closedHeading')}
              headingLevel="h2"
              text={t('payments.sandbox.closedText')}
            />
          )}
        </>
      )}
    </div>
  );
}
