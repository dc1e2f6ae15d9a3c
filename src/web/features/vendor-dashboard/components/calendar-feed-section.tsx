import { CalendarSync, Copy } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat } from '../../../../shared/date-format.ts';
import { RetryAlert } from '../../../components/retry-alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useCalendarFeed, useRotateCalendarFeed } from '../api/use-calendar-feed.ts';
import { DashboardSection } from './dashboard-section.tsx';

// The dashboard's Calendar sync (decision 091): the vendor's private feed link for Google
// Calendar, Apple Calendar and Outlook. Only the link's hash is kept on the server, so the link is
// shown once, right after it is made; afterwards the section says since when it works and offers
// a new one, which stops the old.

const instructions = ['google', 'apple', 'outlook'] as const;

export function CalendarFeedSection() {
  const { t, i18n } = useTranslation();
  const feed = useCalendarFeed();
  const rotate = useRotateCalendarFeed();
  const [confirming, setConfirming] = useState(false);
  const createdAt = feed.data?.created_at ?? null;
  const fresh = rotate.data;
  // The day in Mexico City, where Barrio and its vendors are: the same day for every reader.
  const date = (iso: string) =>
    dateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'America/Mexico_City' }).format(
      new Date(iso),
    );

  return (
    <DashboardSection titleId="calendar-feed-title" title={t('calendarFeed.title')}>
      <p className="text-sm text-stone-700">{t('calendarFeed.intro')}</p>
      {feed.isPending ? <Skeleton className="h-16 rounded-xl" /> : null}
      {feed.isError && !feed.data ? (
        <RetryAlert
          message={t('calendarFeed.loadFailed')}
          retryLabel={t('calendarFeed.retry')}
          onRetry={() => void feed.refetch()}
        />
      ) : null}
      {feed.data ? (
        <>
          {fresh ? (
            <NewLink url={fresh.url} />
          ) : createdAt ? (
            <div className="flex flex-col gap-1 text-sm">
              <p className="font-medium text-stone-900">
                {t('calendarFeed.active', { date: date(createdAt) })}
              </p>
              <p className="text-stone-700">{t('calendarFeed.notKept')}</p>
            </div>
          ) : (
            <p className="text-sm text-stone-700">{t('calendarFeed.none')}</p>
          )}
          {rotate.isError ? (
            <p role="alert" className="text-sm text-red-800">
              {t('calendarFeed.createFailed')}
            </p>
          ) : null}
          <Button
            variant={createdAt ? 'secondary' : 'primary'}
            disabled={rotate.isPending}
            onClick={() => (createdAt ? setConfirming(true) : rotate.mutate())}
          >
            <CalendarSync aria-hidden="true" className="size-5" />
            {rotate.isPending
              ? t('calendarFeed.creating')
              : createdAt
                ? t('calendarFeed.replace')
                : t('calendarFeed.create')}
          </Button>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={t('calendarFeed.replaceTitle')}
            description={t('calendarFeed.replaceText')}
            confirmLabel={t('calendarFeed.replaceConfirm')}
            cancelLabel={t('calendarFeed.cancel')}
            onConfirm={() => rotate.mutate()}
          />
        </>
      ) : null}
      <details className="group rounded-xl bg-stone-50 px-3 py-2 text-sm text-stone-800">
        <summary className="flex min-h-11 cursor-pointer items-center font-medium text-stone-900">
          {t('calendarFeed.howTo')}
        </summary>
        <dl className="flex flex-col gap-2 pb-2">
          {instructions.map((app) => (
            <div key={app}>
              <dt className="font-semibold text-stone-900">{t(`calendarFeed.${app}.title`)}</dt>
              <dd>{t(`calendarFeed.${app}.text`)}</dd>
            </div>
          ))}
        </dl>
        <p className="pb-1 text-stone-700">{t('calendarFeed.readOnly')}</p>
      </details>
    </DashboardSection>
  );
}

/** The link just made: shown this once, to copy or to open in the device's calendar app. */
function NewLink({ url }: { url: string }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  // webcal: is the subscription address Apple Calendar and Outlook open as "subscribe to this".
  // Android has no handler for it: Google Calendar subscribes from its own page, given the address.
  const webcal = url.replace(/^https?:/, 'webcal:');
  const google = `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(webcal)}`;

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(url);
      setCopy('copied');
    } catch {
      // No clipboard (an old browser, a page not served over HTTPS): the link is selected to copy by hand.
      input.current?.select();
      setCopy('failed');
    }
  }

  return (
    <div className="flex flex-col gap-2 rounded-xl border border-brand-200 bg-brand-50 p-3">
      <label htmlFor="calendar-feed-url" className="text-sm font-semibold text-stone-900">
        {t('calendarFeed.newLinkLabel')}
      </label>
      <Input
        id="calendar-feed-url"
        ref={input}
        readOnly
        value={url}
        spellCheck={false}
        aria-describedby="calendar-feed-warning"
        className="font-mono text-sm"
        onFocus={(event) => event.currentTarget.select()}
      />
      <p id="calendar-feed-warning" className="text-sm text-stone-800">
        {t('calendarFeed.newLinkWarning')}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void copyLink()}>
          <Copy aria-hidden="true" className="size-5" />
          {t('calendarFeed.copy')}
        </Button>
        <Button asChild variant="secondary">
          <a href={google} target="_blank" rel="noreferrer">
            {t('calendarFeed.addToGoogle')}
          </a>
        </Button>
        <Button asChild variant="secondary">
          <a href={webcal}>{t('calendarFeed.openInApp')}</a>
        </Button>
      </div>
      <p role="status" className="text-sm font-medium text-stone-900">
        {copy === 'copied' ? t('calendarFeed.copied') : copy === 'failed' ? t('calendarFeed.copyFailed') : ''}
      </p>
    </div>
  );
}
