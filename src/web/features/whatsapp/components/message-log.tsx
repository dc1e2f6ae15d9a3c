import { clsx } from 'clsx';
import { ArrowDownLeft, ArrowUpRight, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat } from '../../../../shared/date-format.ts';
import type { Interactive, WhatsAppMessage } from '../../../../shared/whatsapp.schemas.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorTextNow } from '../../../lib/error-text.ts';
import { toast } from '../../../lib/toast.ts';
import { useMessageStream, useSimulateMessage, useWhatsAppMessages } from '../api/use-whatsapp.ts';

/** product §2: the 10 latest WhatsApp messages, with Refresh, updated live on new inserts. */
export function MessageLog() {
  const { t } = useTranslation();
  const messages = useWhatsAppMessages(true);
  const stream = useMessageStream(true);
  const unauthenticated = messages.error instanceof ApiError && messages.error.status === 401;

  return (
    <section aria-labelledby="whatsapp-log-title" className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-3">
        <h2 id="whatsapp-log-title" className="text-lg font-semibold text-stone-900">
          {t('whatsapp.log.title')}
        </h2>
        <div className="flex items-center gap-2">
          <span role="status" className="flex items-center gap-1.5 text-sm text-stone-700">
            <span
              aria-hidden="true"
              className={clsx(
                'size-2.5 rounded-full',
                stream.status === 'live' ? 'bg-emerald-600' : 'bg-amber-500',
              )}
            />
            {stream.status === 'live'
              ? t('whatsapp.log.live')
              : stream.status === 'connecting'
                ? t('whatsapp.log.connecting')
                : t('whatsapp.log.reconnecting', { seconds: Math.round(stream.inMs / 1000) })}
          </span>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void messages.refetch()}
            disabled={messages.isFetching}
          >
            <RefreshCw aria-hidden="true" className={clsx('size-4', messages.isFetching && 'animate-spin')} />
            {messages.isFetching ? t('whatsapp.log.refreshing') : t('whatsapp.log.refresh')}
          </Button>
        </div>
      </div>

      {messages.isPending ? (
        <div className="flex justify-center py-8 text-brand-700">
          <Spinner className="size-6" label={t('app.loading')} />
        </div>
      ) : messages.isError ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-red-800">
          {unauthenticated ? t('whatsapp.log.authError') : t('whatsapp.log.error')}
        </p>
      ) : messages.data.length === 0 ? (
        <p className="rounded-xl border border-stone-200 bg-white px-4 py-6 text-center text-stone-700">
          {t('whatsapp.log.empty')}
        </p>
      ) : (
        <ol aria-label={t('whatsapp.log.title')} className="flex flex-col gap-2">
          {messages.data.map((m) => (
            <MessageItem key={m.id} message={m} />
          ))}
        </ol>
      )}
    </section>
  );
}

function MessageItem({ message: m }: { message: WhatsAppMessage }) {
  const { t, i18n } = useTranslation();
  // In the page's language, not the browser's.
  const timeFormat = dateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' });
  const incoming = m.direction === 'in';
  return (
    <li
      data-testid="whatsapp-message"
      className={clsx(
        'flex flex-col gap-1.5 rounded-xl border px-4 py-3',
        incoming ? 'border-stone-200 bg-white' : 'border-brand-100 bg-brand-50/50',
      )}
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-stone-700">
        <span className="flex items-center gap-1 font-semibold text-stone-900">
          {incoming ? (
            <ArrowDownLeft aria-hidden="true" className="size-4" />
          ) : (
            <ArrowUpRight aria-hidden="true" className="size-4" />
          )}
          {incoming ? t('whatsapp.log.incoming') : t('whatsapp.log.outgoing')}
        </span>
        {m.phone ? (
          <span>{t(incoming ? 'whatsapp.log.from' : 'whatsapp.log.to', { phone: m.phone })}</span>
        ) : null}
        {m.vendor_name ? <span className="truncate">· {m.vendor_name}</span> : null}
        <Badge
          tone={m.status === 'failed' ? 'neutral' : 'brand'}
          className={m.status === 'failed' ? 'bg-red-100 text-red-800' : undefined}
        >
          {t(`whatsapp.log.statuses.${m.status}`)}
        </Badge>
        <time dateTime={m.created_at} className="ms-auto text-xs text-stone-600">
          {timeFormat.format(new Date(m.created_at))}
        </time>
      </div>
      <p className="whitespace-pre-wrap break-words text-sm text-stone-900">{m.body}</p>
      {m.interactive && m.phone ? <Taps interactive={m.interactive} phone={m.phone} /> : null}
      {m.error ? <p className="text-xs text-red-800">{m.error}</p> : null}
    </li>
  );
}

/**
 * An outgoing message's buttons or list rows (decision 069): tapping one simulates the recipient's
 * tap — its title as the words and its id as the tap, answered as a webhook delivery would be.
 */
function Taps({ interactive, phone }: { interactive: Interactive; phone: string }) {
  const { t } = useTranslation();
  const simulate = useSimulateMessage();
  if (interactive.kind === 'cta_url')
    return (
      <p className="text-sm text-stone-700">
        {t('whatsapp.log.urlButton', { label: interactive.label })} ·{' '}
        <span className="break-all">{interactive.url}</span>
      </p>
    );
  const choices =
    interactive.kind === 'buttons'
      ? interactive.buttons.map((b) => ({ id: b.id, title: b.title, description: undefined }))
      : interactive.rows;
  const tap = (choice: { id: string; title: string }) =>
    simulate.mutate(
      { phone, text: choice.title, replyId: choice.id },
      {
        onSuccess: (result) =>
          toast.success(t('whatsapp.log.tapped', { title: choice.title }), {
            description: result.reply ? t('whatsapp.simulate.reply', { reply: result.reply }) : undefined,
          }),
        onError: (err) =>
          toast.error(t('whatsapp.simulate.failed'), {
            description: err instanceof ApiError && err.status > 0 ? errorTextNow(err) : undefined,
          }),
      },
    );
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-xs font-medium text-stone-700">
        {interactive.kind === 'buttons'
          ? t('whatsapp.log.buttons')
          : t('whatsapp.log.list', { button: interactive.button })}
      </legend>
      <div className="flex flex-wrap gap-2">
        {choices.map((choice) => (
          <Button
            key={choice.id}
            variant="secondary"
            size="sm"
            disabled={simulate.isPending}
            onClick={() => tap(choice)}
          >
            {choice.title}
            {choice.description ? (
              <span className="font-normal text-stone-700">· {choice.description}</span>
            ) : null}
          </Button>
        ))}
      </div>
    </fieldset>
  );
}
