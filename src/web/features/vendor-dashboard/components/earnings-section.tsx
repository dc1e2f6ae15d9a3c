import { clsx } from 'clsx';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { dateTimeFormat } from '../../../../shared/date-format.ts';
import { formatMxn } from '../../../../shared/money.ts';
import {
  clabeMessages,
  type EarningsEntry,
  holderNameMessages,
  type PayoutAccount,
  type PayoutAccountView,
  payoutAccountInputSchema,
  type VendorEarnings,
} from '../../../../shared/payout.schemas.ts';
import { FormField, fieldErrorProps } from '../../../components/form-field.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { toast } from '../../../lib/toast.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import {
  useSavePayoutAccount,
  useStartStripeOnboarding,
  useVendorEarnings,
} from '../api/use-vendor-earnings.ts';

// The dashboard's Earnings (ARCHITECTURE §7.1, decision 064; product §2): the three balances, each
// booking's money, refunds and payouts, and where the vendor is paid (its CLABE, or its Stripe
// account when Stripe is configured: decision 065).

/** How many movements show at first, and how many more each "Show more" adds: a phone's screenful. */
const MOVEMENTS_STEP = 10;

/**
 * Why Stripe sent the vendor back to the dashboard (its Account Link's URLs, decision 065):
 * `return` after onboarding, `refresh` when the link had expired or was already used.
 */
type StripeLanding = 'return' | 'refresh' | null;

function useStripeLanding(): StripeLanding {
  const [params, setParams] = useSearchParams();
  // Read once, then dropped from the address: a reload neither repeats the note nor opens Stripe again.
  const [landing] = useState<StripeLanding>(() => {
    const value = params.get('stripe');
    return value === 'return' || value === 'refresh' ? value : null;
  });
  useEffect(() => {
    if (!params.has('stripe')) return;
    setParams(
      (before) => {
        const after = new URLSearchParams(before);
        after.delete('stripe');
        return after;
      },
      { replace: true },
    );
  }, [params, setParams]);
  return landing;
}

export function EarningsSection() {
  const { t } = useTranslation();
  const earnings = useVendorEarnings();
  const landing = useStripeLanding();
  const section = useRef<HTMLElement>(null);
  const loaded = Boolean(earnings.data);
  useEffect(() => {
    // Back from Stripe, the vendor comes to the top of a long dashboard: bring the note into view.
    if (landing && loaded) section.current?.scrollIntoView?.({ block: 'start' });
  }, [landing, loaded]);
  return (
    <section
      ref={section}
      aria-labelledby="earnings-title"
      className="flex flex-col gap-4 rounded-2xl bg-white p-4 shadow-sm"
    >
      <h2 id="earnings-title" className="text-lg font-semibold text-stone-900">
        {t('payouts.earnings.title')}
      </h2>
      {earnings.isPending ? <Skeleton className="h-40 rounded-xl" /> : null}
      {earnings.isError ? <p className="text-sm text-red-800">{t('payouts.earnings.loadFailed')}</p> : null}
      {earnings.data ? <Earnings earnings={earnings.data} landing={landing} /> : null}
    </section>
  );
}

function Earnings({ earnings: e, landing }: { earnings: VendorEarnings; landing: StripeLanding }) {
  const { t } = useTranslation();
  // The rate as a person reads it, in either language: 1000 basis points → "10%", 1050 → "10.5%".
  const rate = `${e.commission_bps / 100}%`;
  return (
    <>
      <dl aria-label={t('payouts.earnings.balancesLabel')} className="flex flex-col gap-2">
        <Balance
          label={t('payouts.earnings.pending')}
          amount={e.pending}
          help={t('payouts.earnings.pendingHelp', { count: e.hold_hours })}
        />
        <Balance
          label={t('payouts.earnings.available')}
          amount={e.available}
          help={t('payouts.earnings.availableHelp')}
          strong
        />
        <Balance
          label={t('payouts.earnings.paidOut')}
          amount={e.paid_out}
          help={t('payouts.earnings.paidOutHelp')}
        />
      </dl>
      <p className="text-sm text-stone-700">{t('payouts.earnings.commission', { rate })}</p>
      <PayoutAccountPanel
        account={e.payout_account}
        stripeConnect={e.stripe_connect}
        landing={e.stripe_connect ? landing : null}
      />
      <Movements entries={e.entries.filter((entry) => entry.kind !== 'payout')} />
      <Payouts payouts={e.payouts} />
    </>
  );
}

function Balance({
  label,
  amount,
  help,
  strong = false,
}: {
  label: string;
  amount: number;
  help: string;
  strong?: boolean;
}) {
  return (
    // A group of one term and its two definitions (the amount, what it means): a dl's div may hold
    // only those, so the layout is the group's own grid.
    <div
      className={clsx(
        'grid grid-cols-[minmax(0,1fr)_auto] items-baseline gap-x-3 rounded-xl p-3',
        strong ? 'bg-brand-50' : 'bg-stone-50',
      )}
    >
      <dt className="font-medium text-stone-800">{label}</dt>
      <dd className="text-lg font-bold text-stone-900 tabular-nums">{formatMxn(amount)}</dd>
      <dd className="col-span-2 text-sm text-stone-700">{help}</dd>
    </div>
  );
}

function useShortDate() {
  const { i18n } = useTranslation();
  // The day in Mexico City, where Barrio and its vendors are: the same day for every reader.
  const format = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'America/Mexico_City' });
  return (iso: string) => format.format(new Date(iso));
}

function Movements({ entries }: { entries: EarningsEntry[] }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(MOVEMENTS_STEP);
  const date = useShortDate();
  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-semibold text-stone-900">{t('payouts.earnings.movements')}</h3>
      {entries.length === 0 ? (
        <p className="text-sm text-stone-600">{t('payouts.earnings.movementsEmpty')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-stone-100">
          {entries.slice(0, shown).map((entry, index) => (
            <li
              // An entry has no id of its own here; a booking has at most one entry of each kind.
              key={`${entry.kind}-${entry.booking_id ?? index}-${entry.created_at}`}
              className="flex flex-col gap-1 py-2"
            >
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-medium text-stone-900">
                    {t(`payouts.earnings.kinds.${entry.kind as 'payment'}`, {
                      code: entry.booking_code ?? '—',
                    })}
                  </p>
                  <p className="text-sm text-stone-600">{date(entry.created_at)}</p>
                </div>
                <div className="flex shrink-0 flex-col items-end gap-1">
                  <span
                    className={
                      entry.amount < 0
                        ? 'font-semibold text-red-800 tabular-nums'
                        : 'font-semibold text-stone-900 tabular-nums'
                    }
                  >
                    {formatMxn(entry.amount)}
                  </span>
                  <Badge tone={entry.balance === 'available' ? 'brand' : 'neutral'}>
                    {t(`payouts.earnings.state.${entry.balance}`)}
                  </Badge>
                </div>
              </div>
              {entry.kind === 'payment' && entry.gross !== null && entry.commission !== null ? (
                <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 text-sm text-stone-700">
                  <dt>{t('payouts.earnings.gross')}</dt>
                  <dd className="text-right tabular-nums">{formatMxn(entry.gross)}</dd>
                  <dt>{t('payouts.earnings.fee')}</dt>
                  <dd className="text-right tabular-nums">{formatMxn(-entry.commission)}</dd>
                  <dt>{t('payouts.earnings.net')}</dt>
                  <dd className="text-right tabular-nums">{formatMxn(entry.amount)}</dd>
                </dl>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {entries.length > shown ? (
        <Button variant="secondary" onClick={() => setShown((n) => n + MOVEMENTS_STEP)}>
          {t('payouts.earnings.showMore')}
        </Button>
      ) : null}
    </div>
  );
}

function Payouts({ payouts }: { payouts: VendorEarnings['payouts'] }) {
  const { t } = useTranslation();
  const date = useShortDate();
  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-semibold text-stone-900">{t('payouts.earnings.payouts')}</h3>
      {payouts.length === 0 ? (
        <p className="text-sm text-stone-600">{t('payouts.earnings.payoutsEmpty')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-stone-100">
          {payouts.map((p) => (
            <li key={p.id} className="flex items-start justify-between gap-2 py-2">
              <div className="min-w-0">
                <p className="font-medium text-stone-900">{date(p.paid_at ?? p.created_at)}</p>
                <p className="text-sm wrap-anywhere text-stone-700">
                  {p.status === 'pending'
                    ? t('payouts.earnings.transferOnItsWay')
                    : t(
                        p.method === 'stripe' ? 'payouts.earnings.stripeLine' : 'payouts.earnings.payoutLine',
                        {
                          reference: p.reference,
                        },
                      )}
                </p>
              </div>
              <span className="shrink-0 font-semibold text-stone-900 tabular-nums">
                {formatMxn(p.amount)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function PayoutAccountPanel({
  account,
  stripeConnect,
  landing,
}: {
  account: PayoutAccountView;
  /** Stripe is configured: without it nothing about Stripe shows, the CLABE is the only way. */
  stripeConnect: boolean;
  landing: StripeLanding;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const hasClabe = account.clabe_last4 !== null;
  const stripe = stripeConnect ? account.stripe : 'none';
  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-semibold text-stone-900">{t('payouts.earnings.account.title')}</h3>
      {landing === 'return' ? (
        <p role="status" className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900">
          {t('payouts.earnings.account.returned')}
        </p>
      ) : null}
      {stripe === 'active' ? (
        <p className="flex gap-2 text-sm font-medium text-green-800">
          <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
          {t('payouts.earnings.account.stripeActive')}
        </p>
      ) : null}
      {stripe === 'onboarding' ? (
        <p className="rounded-lg bg-yellow-50 px-3 py-2 text-sm text-yellow-950">
          {hasClabe
            ? t('payouts.earnings.account.stripeOnboardingClabe')
            : t('payouts.earnings.account.stripeOnboardingWait')}
        </p>
      ) : null}
      {hasClabe ? (
        <div className="text-sm text-stone-800">
          <p className="font-medium">
            {t('payouts.earnings.account.clabe', { last4: account.clabe_last4 })}
            {account.bank ? ` · ${account.bank}` : ''}
          </p>
          <p className="wrap-anywhere">
            {t('payouts.earnings.account.holder', { name: account.holder_name })}
          </p>
        </div>
      ) : stripe === 'none' ? (
        <p className="rounded-lg bg-yellow-50 px-3 py-2 text-sm text-yellow-950">
          {stripeConnect
            ? t('payouts.earnings.account.missingStripe')
            : t('payouts.earnings.account.missing')}
        </p>
      ) : null}
      {stripeConnect && stripe !== 'active' ? (
        <StripeOnboarding continuing={stripe === 'onboarding'} refresh={landing === 'refresh'} />
      ) : null}
      {editing ? (
        <PayoutAccountForm holderName={account.holder_name} onClose={() => setEditing(false)} />
      ) : (
        <Button variant="secondary" onClick={() => setEditing(true)}>
          {hasClabe ? t('payouts.earnings.account.change') : t('payouts.earnings.account.add')}
        </Button>
      )}
    </div>
  );
}

/**
 * "Connect with Stripe" (or "Continue Stripe setup"): a fresh Account Link, followed at once. Sent
 * back with `?stripe=refresh`, the old link is dead: a new one is asked for without a click, as
 * Stripe expects of a refresh URL, and the button stays for when that fails.
 */
function StripeOnboarding({ continuing, refresh }: { continuing: boolean; refresh: boolean }) {
  const { t } = useTranslation();
  const start = useStartStripeOnboarding();
  const { mutate } = start;
  // Once per landing, even when an effect runs twice (StrictMode) or the earnings are read again.
  const refreshed = useRef(false);
  useEffect(() => {
    if (!refresh || refreshed.current) return;
    refreshed.current = true;
    mutate();
  }, [refresh, mutate]);
  // After success the browser is leaving: the button stays disabled until the page goes.
  const leaving = start.isPending || start.isSuccess;
  return (
    <div className="flex flex-col gap-2">
      {continuing ? null : (
        <p className="text-sm text-stone-700">{t('payouts.earnings.account.stripeIntro')}</p>
      )}
      {refresh && leaving ? (
        <p role="status" className="text-sm font-medium text-stone-800">
          {t('payouts.earnings.account.refreshing')}
        </p>
      ) : null}
      {start.isError ? (
        <p role="alert" className="flex gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900">
          <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          {t('payouts.earnings.account.openFailed')}
        </p>
      ) : null}
      <Button disabled={leaving} onClick={() => mutate()}>
        {leaving
          ? t('payouts.earnings.account.opening')
          : continuing
            ? t('payouts.earnings.account.continue')
            : t('payouts.earnings.account.connect')}
      </Button>
    </div>
  );
}

/** The schema's messages (the server's too) in the reader's language; another one as it came. */
const accountErrorKeys = {
  [clabeMessages.length]: 'clabeLength',
  [clabeMessages.checksum]: 'clabeChecksum',
  [clabeMessages.bank]: 'clabeBank',
  [holderNameMessages.required]: 'holderRequired',
  [holderNameMessages.tooLong]: 'holderTooLong',
} as const;

function useAccountError() {
  const { t } = useTranslation();
  return (message: string | undefined) => {
    if (!message) return undefined;
    const key = accountErrorKeys[message as keyof typeof accountErrorKeys];
    return key ? t(`payouts.earnings.errors.${key}`) : message;
  };
}

/** The CLABE and holder's name, checked by the server's own schema before they are sent. */
function PayoutAccountForm({ holderName, onClose }: { holderName: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSavePayoutAccount();
  const errorText = useAccountError();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(payoutAccountInputSchema, {
    // The CLABE is never shown whole again, so it is typed anew; the holder usually stays.
    defaultValues: { clabe: '', holder_name: holderName ?? '' },
  });
  const clabeError = errorText(errors.clabe?.message);
  const holderError = errorText(errors.holder_name?.message);

  function submit(input: PayoutAccount) {
    save.mutate(input, {
      onSuccess: () => {
        toast.success(t('payouts.earnings.account.saved'));
        onClose();
      },
      onError: () => toast.error(t('payouts.earnings.account.saveFailed')),
    });
  }

  return (
    <form
      noValidate
      aria-label={t('payouts.earnings.account.formTitle')}
      className="flex flex-col gap-4 rounded-2xl border border-brand-200 bg-white p-4"
      onSubmit={(event) => void handleSubmit(submit)(event)}
    >
      <h4 className="font-semibold text-stone-900">{t('payouts.earnings.account.formTitle')}</h4>
      <FormField id="payout-clabe" label={t('payouts.earnings.account.clabeLabel')} error={clabeError}>
        <Input
          id="payout-clabe"
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          maxLength={24}
          {...fieldErrorProps(clabeError, 'payout-clabe')}
          {...register('clabe')}
        />
      </FormField>
      <FormField id="payout-holder" label={t('payouts.earnings.account.holderLabel')} error={holderError}>
        <Input
          id="payout-holder"
          autoComplete="name"
          maxLength={120}
          {...fieldErrorProps(holderError, 'payout-holder')}
          {...register('holder_name')}
        />
      </FormField>
      <div className="flex gap-3">
        <Button variant="secondary" className="flex-1" onClick={onClose}>
          {t('payouts.earnings.account.cancel')}
        </Button>
        <Button type="submit" className="flex-1" disabled={save.isPending}>
          {save.isPending ? t('payouts.earnings.account.saving') : t('payouts.earnings.account.save')}
        </Button>
      </div>
    </form>
  );
}
