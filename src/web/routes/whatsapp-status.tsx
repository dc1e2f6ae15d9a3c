import { clsx } from 'clsx';
import type { TFunction } from 'i18next';
import { CheckCircle2, CircleSlash, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SelfTestCheck } from '../../shared/whatsapp.schemas.ts';
import { Button } from '../components/ui/button.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { useSelfTest, useWhatsAppStatus } from '../features/whatsapp/api/use-whatsapp.ts';
import { WhatsAppAccess } from '../features/whatsapp/components/whatsapp-access.tsx';
import { ApiError } from '../lib/api-client.ts';
import { errorTextNow } from '../lib/error-text.ts';
import { toast } from '../lib/toast.ts';

/**
 * WhatsApp status page (/whatsapp-status, product §2): configuration flags (never secret values), the
 * webhook URL and verify token, four counters, and the three-check test. Admin only (ARCHITECTURE §12).
 */
export function Component() {
  const { t } = useTranslation();
  return (
    <WhatsAppAccess title={t('screens.whatsappStatus')} subtitle={t('whatsapp.status.subtitle')}>
      <StatusPanel />
    </WhatsAppAccess>
  );
}

function StatusPanel() {
  const { t } = useTranslation();
  const status = useWhatsAppStatus(true);
  const selfTest = useSelfTest();

  const runTest = () =>
    selfTest.mutate(undefined, {
      onSuccess: (result) => {
        // product §8: a failure toast prefixed Webhook, Notification or Credentials.
        for (const check of result.checks.filter((c) => c.outcome === 'failed'))
          toast.error(`${t(`whatsapp.status.checks.${check.name}`)}: ${checkText(t, check)}`, {
            id: `whatsapp-${check.name}`,
          });
        if (result.ok) toast.success(t('whatsapp.status.allPassed'));
      },
      onError: (err) =>
        toast.error(t('whatsapp.status.testError'), {
          description: err instanceof ApiError && err.status > 0 ? errorTextNow(err) : undefined,
        }),
    });

  return (
    <>
      {status.isPending ? (
        <div role="status" className="flex justify-center py-10 text-brand-700">
          <Spinner className="size-8" label={t('whatsapp.status.loading')} />
        </div>
      ) : status.isError ? (
        <div
          role="alert"
          className="flex flex-col items-start gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-red-800"
        >
          {t('whatsapp.status.error')}
          <Button variant="secondary" size="sm" onClick={() => void status.refetch()}>
            {t('whatsapp.status.retry')}
          </Button>
        </div>
      ) : (
        <>
          <Card title={t('whatsapp.status.configuration')}>
            <dl className="flex flex-col divide-y divide-stone-100">
              <Row label={t('whatsapp.status.transport')}>
                {status.data.transport === 'cloud'
                  ? t('whatsapp.status.transportCloud')
                  : t('whatsapp.status.transportLog')}
              </Row>
              {(['hasAccessToken', 'hasPhoneNumberId', 'hasAppSecret', 'hasVerifyToken'] as const).map(
                (flag) => (
                  <Row key={flag} label={t(`whatsapp.status.${flag}`)}>
                    <Flag on={status.data[flag]} />
                  </Row>
                ),
              )}
            </dl>
          </Card>
          <Card title={t('whatsapp.status.webhook')}>
            <dl className="flex flex-col gap-3">
              <div>
                <dt className="text-sm text-stone-700">{t('whatsapp.status.webhookUrl')}</dt>
                <dd className="break-all font-mono text-sm text-stone-900">{status.data.webhookUrl}</dd>
              </div>
              <div>
                <dt className="text-sm text-stone-700">{t('whatsapp.status.verifyToken')}</dt>
                <dd className="break-all font-mono text-sm text-stone-900">
                  {status.data.verifyToken ?? t('whatsapp.status.notSet')}
                </dd>
              </div>
            </dl>
          </Card>
          <Card title={t('whatsapp.status.counters')}>
            <dl className="grid grid-cols-2 gap-3">
              {(
                [
                  ['totalMessages', status.data.counts.totalMessages],
                  ['last24Hours', status.data.counts.last24Hours],
                  ['vendorsWithPhone', status.data.counts.vendorsWithPhone],
                  ['pendingVendor', status.data.counts.pendingVendorBookings],
                ] as const
              ).map(([key, value]) => (
                <div key={key} className="flex flex-col-reverse rounded-xl bg-stone-50 px-3 py-2">
                  <dt className="text-sm text-stone-700">{t(`whatsapp.status.${key}`)}</dt>
                  <dd className="text-2xl font-bold text-stone-900">{value}</dd>
                </div>
              ))}
            </dl>
          </Card>
        </>
      )}
      <div className="flex flex-col gap-3">
        <Button onClick={runTest} disabled={selfTest.isPending}>
          {selfTest.isPending ? t('whatsapp.status.testing') : t('whatsapp.status.test')}
        </Button>
        {selfTest.data ? (
          <ul aria-live="polite" className="flex flex-col gap-2">
            {selfTest.data.checks.map((check) => (
              <CheckResult key={check.name} check={check} />
            ))}
          </ul>
        ) : null}
      </div>
    </>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-xs">
      <h2 className="text-lg font-semibold text-stone-900">{title}</h2>
      {children}
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3 py-2">
      <dt className="text-stone-700">{label}</dt>
      <dd className="text-right font-medium text-stone-900">{children}</dd>
    </div>
  );
}

function Flag({ on }: { on: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={clsx('inline-flex items-center gap-1', on ? 'text-emerald-800' : 'text-stone-700')}>
      {on ? (
        <CheckCircle2 aria-hidden="true" className="size-4" />
      ) : (
        <CircleSlash aria-hidden="true" className="size-4" />
      )}
      {on ? t('whatsapp.status.present') : t('whatsapp.status.missing')}
    </span>
  );
}

function CheckResult({ check }: { check: SelfTestCheck }) {
  const { t } = useTranslation();
  const passed = check.outcome === 'passed' || check.outcome === 'logged';
  const Icon = passed ? CheckCircle2 : check.outcome === 'failed' ? XCircle : CircleSlash;
  return (
    <li
      className={clsx(
        'flex gap-3 rounded-xl border px-4 py-3',
        check.outcome === 'failed' ? 'border-red-200 bg-red-50' : 'border-stone-200 bg-white',
      )}
    >
      <Icon
        aria-hidden="true"
        className={clsx(
          'mt-0.5 size-5 shrink-0',
          passed ? 'text-emerald-700' : check.outcome === 'failed' ? 'text-red-700' : 'text-stone-600',
        )}
      />
      <div>
        <p className="font-semibold text-stone-900">
          {t(`whatsapp.status.checks.${check.name}`)} · {t(`whatsapp.status.outcomes.${check.outcome}`)}
        </p>
        <p className="text-sm text-stone-700">{checkText(t, check)}</p>
      </div>
    </li>
  );
}

/** What a check found, in the page's language (the server's `message` is English, for logs). */
function checkText(t: TFunction, check: SelfTestCheck): string {
  return t(`whatsapp.status.reasons.${check.reason}`, check.params);
}
