import { CircleAlert, CircleCheck, Download } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { dateTimeFormat } from '../../../../shared/date-format.ts';
import { formatMxn } from '../../../../shared/money.ts';
import {
  type AdminPayoutVendor,
  adminPayoutInputSchema,
  type PendingTransferView,
  payoutMessages,
  referenceMessages,
} from '../../../../shared/payout.schemas.ts';
import { FormField, fieldErrorProps } from '../../../components/form-field.tsx';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorTextNow } from '../../../lib/error-text.ts';
import { toast } from '../../../lib/toast.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import {
  useAdminPayoutsDue,
  useAdminPayoutsPaid,
  useLedgerCheck,
  useRecordPayout,
} from '../api/use-admin-payouts.ts';

// The Payouts tab (ARCHITECTURE §7.1, decision 064; product §2 Admin): the commission earned, the
// vendors due a payout with their payout account, "Mark paid out" with the SPEI transfer's
// reference, the latest payouts, and the ledger check. With Stripe Connect (decision 065) the vendors
// paid by the daily run say so, and the transfers Stripe has not made yet are listed with their
// tries and last error.

type View = 'due' | 'paid';

export function PayoutsTab() {
  const { t } = useTranslation();
  // The view lives in the address beside the tab (/admin?tab=payouts&view=paid): a reload keeps it.
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'paid' ? 'paid' : 'due';
  const setView = (next: View) =>
    setParams(
      (before) => {
        const after = new URLSearchParams(before);
        if (next === 'paid') after.set('view', next);
        else after.delete('view');
        return after;
      },
      { replace: true },
    );
  const due = useAdminPayoutsDue();
  const paid = useAdminPayoutsPaid();
  const shown = view === 'due' ? due : paid;
  useErrorToast('admin-payouts', shown, { title: t('payouts.admin.loadFailed') });
  const commission = (due.data ?? paid.data)?.commission_earned;

  return (
    <div className="flex flex-col gap-4">
      <section
        aria-labelledby="commission-title"
        className="flex flex-col gap-1 rounded-2xl border border-stone-200 bg-white p-4 shadow-xs"
      >
        <h2 id="commission-title" className="text-sm font-medium text-stone-700">
          {t('payouts.admin.commission')}
        </h2>
        <p className="text-2xl font-bold text-stone-900 tabular-nums">
          {commission === undefined ? '…' : formatMxn(commission)}
        </p>
        <p className="text-sm text-stone-700">{t('payouts.admin.commissionHelp')}</p>
      </section>
      <LedgerCheckPanel />
      <fieldset className="flex flex-col gap-1">
        <legend className="sr-only">{t('payouts.admin.viewLabel')}</legend>
        <div className="grid grid-cols-2 gap-1 rounded-xl bg-stone-100 p-1">
          {(['due', 'paid'] as const).map((name) => (
            <button
              key={name}
              type="button"
              aria-pressed={view === name}
              onClick={() => setView(name)}
              className="tap-target h-10 rounded-lg text-sm font-semibold text-stone-700 aria-pressed:bg-white aria-pressed:text-stone-900 aria-pressed:shadow-xs"
            >
              {t(`payouts.admin.${name}`)}
            </button>
          ))}
        </div>
      </fieldset>
      {view === 'due' ? <DueList query={due} /> : <PaidList query={paid} />}
    </div>
  );
}

function DueList({ query }: { query: ReturnType<typeof useAdminPayoutsDue> }) {
  const { t } = useTranslation();
  const [paying, setPaying] = useState<AdminPayoutVendor | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  if (query.isPending) return <Skeleton className="h-28 rounded-2xl" />;
  if (!query.data) return null;
  const { vendors, minimum, transfers_pending: transfers } = query.data;
  return (
    <div className="flex flex-col gap-3">
      {transfers.length > 0 ? <PendingTransfers transfers={transfers} /> : null}
      <p className="text-sm text-stone-700">{t('payouts.admin.dueIntro', { minimum: formatMxn(minimum) })}</p>
      {vendors.length === 0 ? <p className="text-stone-600">{t('payouts.admin.dueEmpty')}</p> : null}
      <ul className="flex flex-col gap-2">
        {vendors.map((vendor) => (
          <li
            key={vendor.vendor_profile_id}
            className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-3 shadow-xs"
          >
            <h3 className="font-semibold wrap-anywhere text-stone-900">{vendor.business_name}</h3>
            {/* Three short figures side by side fit 390 px; each label above its amount. */}
            <dl className="grid grid-cols-3 gap-2 text-sm">
              <Figure label={t('payouts.admin.pending')} amount={vendor.pending} />
              <Figure label={t('payouts.admin.available')} amount={vendor.available} strong />
              <Figure label={t('payouts.admin.paidOut')} amount={vendor.paid_out} />
            </dl>
            <PayoutAccountLines
              vendor={vendor}
              onMarkPaid={(event) => {
                opener.current = event.currentTarget;
                setPaying(vendor);
              }}
            />
          </li>
        ))}
      </ul>
      {paying ? (
        <MarkPaidDialog vendor={paying} onClose={() => setPaying(null)} returnFocus={opener} />
      ) : null}
    </div>
  );
}

/**
 * How a vendor due a payout is paid. A Stripe account that takes payouts is paid by the daily run;
 * "Mark paid out" (SPEI) stays only where there is a CLABE to send it to, Stripe's or not.
 */
function PayoutAccountLines({
  vendor,
  onMarkPaid,
}: {
  vendor: AdminPayoutVendor;
  onMarkPaid: (event: { currentTarget: HTMLElement }) => void;
}) {
  const { t } = useTranslation();
  const account = vendor.payout_account;
  const notice = (text: string) => (
    <p className="rounded-lg bg-yellow-50 px-3 py-2 text-sm text-yellow-950">{text}</p>
  );
  return (
    <>
      {account.method === 'stripe' ? (
        <p className="flex gap-2 text-sm font-medium text-green-800">
          <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
          {t('payouts.admin.paidByStripe')}
        </p>
      ) : null}
      {account.clabe_last4 !== null ? (
        <>
          <p className="text-sm wrap-anywhere text-stone-800">
            {t('payouts.admin.clabe', { last4: account.clabe_last4 })}
            {account.bank ? ` · ${account.bank}` : ''} · {account.holder_name}
          </p>
          <Button
            className="self-start"
            variant={account.method === 'stripe' ? 'secondary' : 'primary'}
            aria-label={t('payouts.admin.markPaidLabel', { name: vendor.business_name })}
            onClick={onMarkPaid}
          >
            {t('payouts.admin.markPaid')}
          </Button>
        </>
      ) : account.status === 'onboarding' ? (
        notice(t('payouts.admin.stripeOnboarding'))
      ) : account.method === null ? (
        notice(t('payouts.admin.noAccount'))
      ) : null}
      <p className="text-sm text-stone-700">
        {vendor.rfc ? t('payouts.admin.rfc', { rfc: vendor.rfc }) : t('payouts.admin.noRfc')}
      </p>
    </>
  );
}

/** Stripe payouts taken from a balance whose transfer is not made yet: retried, each failure kept. */
function PendingTransfers({ transfers }: { transfers: PendingTransferView[] }) {
  const { t, i18n } = useTranslation();
  const date = dateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'America/Mexico_City',
  });
  return (
    <section
      aria-labelledby="transfers-title"
      className="flex flex-col gap-2 rounded-2xl border border-yellow-300 bg-yellow-50 p-3"
    >
      <h3 id="transfers-title" className="font-semibold text-stone-900">
        {t('payouts.admin.transfersTitle')}
      </h3>
      <p className="text-sm text-stone-800">{t('payouts.admin.transfersIntro')}</p>
      <ul className="flex flex-col gap-2">
        {transfers.map((transfer) => (
          <li key={transfer.id} className="flex flex-col gap-1 rounded-xl bg-white p-3 text-sm shadow-xs">
            <div className="flex items-start justify-between gap-2">
              <p className="min-w-0 font-semibold wrap-anywhere text-stone-900">{transfer.business_name}</p>
              <span className="shrink-0 font-semibold text-stone-900 tabular-nums">
                {formatMxn(transfer.amount)}
              </span>
            </div>
            <p className="text-stone-700">
              {t('payouts.admin.attempts', { count: transfer.attempts })} ·{' '}
              {transfer.attempted_at
                ? t('payouts.admin.lastTry', { time: date.format(new Date(transfer.attempted_at)) })
                : t('payouts.admin.notTried')}
            </p>
            {transfer.transfer_error ? (
              <p className="wrap-anywhere text-red-800">
                {t('payouts.admin.lastError', { error: transfer.transfer_error })}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Figure({ label, amount, strong = false }: { label: string; amount: number; strong?: boolean }) {
  return (
    <div className="flex min-w-0 flex-col">
      <dt className="text-stone-600">{label}</dt>
      <dd className={strong ? 'font-bold text-stone-900 tabular-nums' : 'text-stone-900 tabular-nums'}>
        {formatMxn(amount)}
      </dd>
    </div>
  );
}

/** The reference alone, checked by the POST's own schema. */
const referenceFormSchema = adminPayoutInputSchema.pick({ reference: true });

/** The schema's and the server's messages in the reader's language; undefined for another. */
const payoutErrorKeys = {
  [referenceMessages.required]: 'referenceRequired',
  [referenceMessages.tooLong]: 'referenceTooLong',
  [referenceMessages.characters]: 'referenceChars',
  [payoutMessages.vendorNotFound]: 'vendorNotFound',
  [payoutMessages.noAccount]: 'noAccount',
  [payoutMessages.nothingAvailable]: 'nothingAvailable',
  [payoutMessages.referenceTaken]: 'referenceTaken',
} as const;

function usePayoutError() {
  const { t } = useTranslation();
  return (message: string | undefined) => {
    if (!message) return undefined;
    const key = payoutErrorKeys[message as keyof typeof payoutErrorKeys];
    return key ? t(`payouts.admin.errors.${key}`) : undefined;
  };
}

/**
 * "Mark paid out": the admin has sent the vendor's available balance by SPEI and records the
 * transfer's reference. A refusal (409: nothing available, no CLABE, a reference already recorded)
 * stays in the dialog, in words, so that the admin can correct the reference or close it.
 */
function MarkPaidDialog({
  vendor,
  onClose,
  returnFocus,
}: {
  vendor: AdminPayoutVendor;
  onClose: () => void;
  returnFocus: { current: HTMLElement | null };
}) {
  const { t } = useTranslation();
  const record = useRecordPayout();
  const errorText = usePayoutError();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(referenceFormSchema, { defaultValues: { reference: '' } });
  const referenceMessage = errors.reference?.message;
  const referenceError = referenceMessage ? (errorText(referenceMessage) ?? referenceMessage) : undefined;
  const refusal =
    record.error instanceof ApiError && record.error.status >= 400 && record.error.status < 500
      ? (errorText(record.error.message) ?? errorTextNow(record.error))
      : record.error
        ? t('payouts.admin.errors.failed')
        : undefined;
  const amount = formatMxn(vendor.available);

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        title={t('payouts.admin.dialogTitle', { name: vendor.business_name })}
        description={t('payouts.admin.dialogText', {
          amount,
          last4: vendor.payout_account.clabe_last4,
          holder: vendor.payout_account.holder_name,
        })}
        closeLabel={t('payouts.admin.cancel')}
        onCloseAutoFocus={(event) => {
          if (returnFocus.current?.isConnected) {
            event.preventDefault();
            returnFocus.current.focus();
          }
        }}
      >
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(event) =>
            void handleSubmit(({ reference }) =>
              record.mutate(
                { vendor_profile_id: vendor.vendor_profile_id, reference },
                {
                  onSuccess: (payout) => {
                    toast.success(t('payouts.admin.recorded'), {
                      description: t('payouts.admin.recordedText', {
                        amount: formatMxn(payout.amount),
                        name: vendor.business_name,
                        reference: payout.reference,
                      }),
                    });
                    onClose();
                  },
                },
              ),
            )(event)
          }
        >
          <FormField
            id="payout-reference"
            label={t('payouts.admin.referenceLabel')}
            error={referenceError}
            required
          >
            <Input
              id="payout-reference"
              autoComplete="off"
              spellCheck={false}
              maxLength={40}
              required
              {...fieldErrorProps(referenceError, 'payout-reference')}
              {...register('reference', { onChange: () => record.reset() })}
            />
          </FormField>
          {refusal ? (
            <p role="alert" className="flex gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900">
              <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
              {refusal}
            </p>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="secondary" onClick={onClose}>
              {t('payouts.admin.cancel')}
            </Button>
            <Button type="submit" disabled={record.isPending}>
              {record.isPending ? t('payouts.admin.saving') : t('payouts.admin.markPaid')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function PaidList({ query }: { query: ReturnType<typeof useAdminPayoutsPaid> }) {
  const { t, i18n } = useTranslation();
  if (query.isPending) return <Skeleton className="h-28 rounded-2xl" />;
  if (!query.data) return null;
  const { payouts } = query.data;
  const date = dateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'America/Mexico_City',
  });
  if (payouts.length === 0) return <p className="text-stone-600">{t('payouts.admin.paidEmpty')}</p>;
  return (
    <ul className="flex flex-col gap-2">
      {payouts.map((p) => (
        <li
          key={p.id}
          className="flex flex-col gap-1 rounded-2xl border border-stone-200 bg-white p-3 shadow-xs"
        >
          <div className="flex items-start justify-between gap-2">
            <p className="min-w-0 font-semibold wrap-anywhere text-stone-900">{p.business_name}</p>
            <span className="shrink-0 font-semibold text-stone-900 tabular-nums">{formatMxn(p.amount)}</span>
          </div>
          <p className="text-sm text-stone-700">{date.format(new Date(p.paid_at ?? p.created_at))}</p>
          <p className="text-sm wrap-anywhere text-stone-700">
            {t(p.method === 'stripe' ? 'payouts.admin.stripeReference' : 'payouts.admin.reference', {
              reference: p.reference,
            })}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** "Check the ledger": every entry against its booking, refund and payout (decision 064). */
function LedgerCheckPanel() {
  const { t } = useTranslation();
  const check = useLedgerCheck();
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" disabled={check.isPending} onClick={() => check.mutate()}>
          {check.isPending ? t('payouts.admin.ledger.checking') : t('payouts.admin.ledger.check')}
        </Button>
        {/* Every entry, oldest first, for the accountant: streamed by the server (decision 064). */}
        <a href="/api/admin/ledger.csv" download className={buttonClassName({ variant: 'secondary' })}>
          <Download aria-hidden className="size-4" />
          {t('payouts.admin.ledger.exportCsv')}
        </a>
      </div>
      <div aria-live="polite">
        {check.data?.ok ? (
          <p className="flex items-center gap-2 text-sm font-medium text-green-800">
            <CircleCheck aria-hidden className="size-4 shrink-0" />
            {t('payouts.admin.ledger.ok')}
          </p>
        ) : null}
        {check.data && !check.data.ok ? (
          <div className="flex flex-col gap-1 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900">
            <p className="font-medium">{t('payouts.admin.ledger.problems')}</p>
            <ul className="list-disc pl-5">
              {check.data.problems.map((problem) => (
                <li key={problem} className="wrap-anywhere">
                  {problem}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {check.isError ? <p className="text-sm text-red-800">{t('payouts.admin.ledger.failed')}</p> : null}
      </div>
    </div>
  );
}
