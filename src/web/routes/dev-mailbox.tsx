import { useQuery } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat } from '../../shared/date-format.ts';
import { Button } from '../components/ui/button.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { useAuthConfig } from '../features/auth/api/use-me.ts';
import { currentLanguage } from '../i18n/i18n.ts';
import { ApiError } from '../lib/api-client.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

interface DevMail {
  to: string;
  subject: string;
  text: string;
  links: string[];
  sent_at: string;
}

/**
 * GET /api/dev/mailbox exists only while the dev mailbox is the mail transport, so it is not part
 * of the typed API (AppType) and is fetched by hand.
 */
async function fetchDevMailbox(): Promise<DevMail[]> {
  const response = await fetch('/api/dev/mailbox');
  if (!response.ok)
    throw new ApiError('http_error', `Request failed with status ${response.status}.`, response.status);
  return (await response.json()) as DevMail[];
}

/** /dev/mailbox (ARCHITECTURE §8, §13): the mails this server "sent", with clickable links. */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('auth.devMailbox.title'));
  const config = useAuthConfig();
  const enabled = config.data?.devMailbox === true;
  const mailbox = useQuery({ queryKey: ['dev-mailbox'], queryFn: fetchDevMailbox, enabled, staleTime: 0 });
  const format = dateTimeFormat(currentLanguage(), { dateStyle: 'medium', timeStyle: 'medium' });

  return (
    <div className="flex flex-col gap-5 py-4">
      <div className="flex items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-stone-900">{t('auth.devMailbox.title')}</h1>
          <p className="mt-1 text-sm text-stone-600">{t('auth.devMailbox.text')}</p>
        </div>
        {enabled ? (
          <Button variant="secondary" size="sm" onClick={() => void mailbox.refetch()}>
            <RefreshCw aria-hidden="true" className="size-4" />
            {t('auth.devMailbox.refresh')}
          </Button>
        ) : null}
      </div>

      {config.isPending || (enabled && mailbox.isPending) ? (
        <div className="flex justify-center py-10 text-brand-700">
          <Spinner className="size-8" label={t('app.loading')} />
        </div>
      ) : !enabled ? (
        <p className="rounded-2xl border border-stone-200 bg-white p-4 text-stone-700">
          {t('auth.devMailbox.unavailable')}
        </p>
      ) : mailbox.isError ? (
        <p role="alert" className="text-red-700">
          {t('auth.devMailbox.loadFailed')}
        </p>
      ) : mailbox.data?.length === 0 ? (
        <p className="text-stone-700">{t('auth.devMailbox.empty')}</p>
      ) : (
        <ol className="flex flex-col gap-4">
          {mailbox.data?.map((mail) => (
            <li
              key={`${mail.sent_at}-${mail.to}-${mail.subject}`}
              className="rounded-2xl border border-stone-200 bg-white p-4 shadow-xs"
            >
              <article aria-label={mail.subject}>
                <h2 className="font-semibold text-stone-900">{mail.subject}</h2>
                <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-stone-700">
                  <dt className="font-medium">{t('auth.devMailbox.to')}</dt>
                  <dd className="break-all">{mail.to}</dd>
                  <dt className="font-medium">{t('auth.devMailbox.sentAt')}</dt>
                  <dd>
                    <time dateTime={mail.sent_at}>{format.format(new Date(mail.sent_at))}</time>
                  </dd>
                </dl>
                <pre className="mt-3 rounded-lg bg-stone-50 p-3 text-sm break-words whitespace-pre-wrap text-stone-800">
                  {mail.text}
                </pre>
                {mail.links.length > 0 ? (
                  <div className="mt-3">
                    <h3 className="text-sm font-semibold text-stone-900">{t('auth.devMailbox.links')}</h3>
                    <ul className="mt-1 flex flex-col gap-1">
                      {mail.links.map((link) => (
                        <li key={link}>
                          <a
                            className="text-sm break-all text-brand-800 underline underline-offset-4"
                            href={link}
                          >
                            {link}
                          </a>
                        </li>
                      ))}
                    </ul>
                  </div>
                ) : null}
              </article>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
