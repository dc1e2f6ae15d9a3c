import { clsx } from 'clsx';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VendorBooking } from '../../../../shared/booking.schemas.ts';
import { addDays, dayIn } from '../../../../shared/calendar-day.ts';
import { dateTimeFormat } from '../../../../shared/date-format.ts';
import { type AgendaStatus, agendaStatuses } from '../../../../shared/vendor-agenda.schemas.ts';
import { RetryAlert } from '../../../components/retry-alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { type AgendaQuery, useAnswerRequest, useVendorAgenda } from '../api/use-vendor-agenda.ts';
import { AgendaBooking, type RequestAnswer } from './agenda-booking.tsx';
import { DashboardSection, useRunWithToasts } from './dashboard-section.tsx';

// The dashboard opens on the agenda (decision 093): the requests waiting for the vendor's answer
// first, each with its deadline; then the bookings as a list by filter or one day at a time, all
// from GET /api/vendor/agenda.

type View = 'list' | 'day';

/** A swipe this long across the day view moves a day, as the buttons do. */
const SWIPE_PX = 60;

export function AgendaSection() {
  const { t } = useTranslation();
  const [view, setView] = useState<View>('list');
  const requests = useVendorAgenda({ status: 'awaiting_answer' });
  const { isPending: answering, answer } = useAnswerRequest();
  const run = useRunWithToasts();
  // Decline-and-block asks first: the requester cannot book this vendor again.
  const [blocking, setBlocking] = useState<VendorBooking | null>(null);

  const act = (b: VendorBooking, action: 'confirm' | 'decline' | 'decline-and-block') =>
    run(
      () => answer(b.id, action),
      t(
        action === 'decline-and-block'
          ? 'vendor.dashboard.bookings.blocked'
          : 'vendor.dashboard.bookings.done',
      ),
      t('vendor.dashboard.bookings.failed'),
    );
  const onAnswer = (b: VendorBooking, choice: RequestAnswer) => {
    if (choice === 'block') setBlocking(b);
    else void act(b, choice);
  };
  const timezone = requests.data?.timezone;

  return (
    <DashboardSection titleId="agenda-title" title={t('agenda.title')}>
      <section aria-labelledby="agenda-requests-title" className="flex flex-col gap-1">
        <h3 id="agenda-requests-title" className="font-semibold text-stone-900">
          {t('agenda.requests.title')}
          {requests.data && requests.data.items.length > 0 ? ` (${requests.data.items.length})` : null}
        </h3>
        <Bookings
          query={requests}
          empty={t('agenda.requests.none')}
          render={(b) => <AgendaBooking booking={b} answering={answering} onAnswer={onAnswer} />}
        />
      </section>

      <Choices
        label={t('agenda.views')}
        options={(['list', 'day'] as const).map((v) => ({ value: v, text: t(`agenda.${v}View`) }))}
        value={view}
        onChange={setView}
      />
      {view === 'list' ? (
        <ListView answering={answering} onAnswer={onAnswer} />
      ) : timezone ? (
        // The day view starts on today in the vendor's zone, which the agenda's answers carry.
        <DayView timezone={timezone} answering={answering} onAnswer={onAnswer} />
      ) : null}

      <ConfirmDialog
        open={blocking !== null}
        onOpenChange={(open) => {
          if (!open) setBlocking(null);
        }}
        title={t('vendor.dashboard.bookings.blockTitle', { name: blocking?.customer_name ?? '' })}
        description={t('vendor.dashboard.bookings.blockText', {
          code: blocking?.code ?? '',
          name: blocking?.customer_name ?? '',
        })}
        confirmLabel={t('vendor.dashboard.bookings.block')}
        cancelLabel={t('vendor.dashboard.cancel')}
        onConfirm={() => {
          if (blocking) void act(blocking, 'decline-and-block');
        }}
      />
    </DashboardSection>
  );
}

interface AnswerProps {
  answering: boolean;
  onAnswer: (booking: VendorBooking, answer: RequestAnswer) => void;
}

function ListView({ answering, onAnswer }: AnswerProps) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<AgendaStatus>('upcoming');
  const list = useVendorAgenda({ status });
  return (
    <div className="flex flex-col gap-1">
      <Choices
        label={t('agenda.filters')}
        options={agendaStatuses.map((s) => ({ value: s, text: t(`agenda.filter.${s}`) }))}
        value={status}
        onChange={setStatus}
        wrap
      />
      <Bookings
        query={list}
        empty={t(`agenda.empty.${status}`)}
        render={(b) => <AgendaBooking booking={b} answering={answering} onAnswer={onAnswer} />}
      />
    </div>
  );
}

function DayView({ timezone, answering, onAnswer }: AnswerProps & { timezone: string }) {
  const { t, i18n } = useTranslation();
  // Today where the vendor works, whatever the phone's zone.
  const today = dayIn(new Date(), timezone);
  const [day, setDay] = useState(today);
  const query: AgendaQuery = { from: day, to: day };
  const bookings = useVendorAgenda(query);
  const touchX = useRef<number | null>(null);
  const heading = dateTimeFormat(i18n.language, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));
  const move = (days: number) => setDay((d) => addDays(d, days));

  return (
    <div
      className="flex flex-col gap-1"
      onTouchStart={(e) => {
        touchX.current = e.touches[0]?.clientX ?? null;
      }}
      onTouchEnd={(e) => {
        const start = touchX.current;
        const end = e.changedTouches[0]?.clientX;
        touchX.current = null;
        if (start === null || end === undefined || Math.abs(end - start) < SWIPE_PX) return;
        move(end < start ? 1 : -1);
      }}
    >
      <div className="flex items-center justify-between gap-2">
        <Button
          variant="secondary"
          size="icon"
          aria-label={t('agenda.day.previous')}
          onClick={() => move(-1)}
        >
          <ChevronLeft aria-hidden="true" className="size-5" />
        </Button>
        <h3 className="text-center font-semibold text-stone-900 first-letter:uppercase" aria-live="polite">
          {heading}
        </h3>
        <Button variant="secondary" size="icon" aria-label={t('agenda.day.next')} onClick={() => move(1)}>
          <ChevronRight aria-hidden="true" className="size-5" />
        </Button>
      </div>
      {day === today ? null : (
        <Button variant="ghost" size="sm" className="self-center" onClick={() => setDay(today)}>
          {t('agenda.day.today')}
        </Button>
      )}
      <Bookings
        query={bookings}
        empty={t('agenda.day.empty')}
        render={(b) => <AgendaBooking booking={b} timeOnly answering={answering} onAnswer={onAnswer} />}
      />
    </div>
  );
}

/** A list of the agenda's bookings: loading, failed with a retry, empty, or the bookings in order. */
function Bookings({
  query,
  empty,
  render,
}: {
  query: ReturnType<typeof useVendorAgenda>;
  empty: string;
  render: (booking: VendorBooking) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <Skeleton className="h-16 rounded-xl" />;
  if (query.isError && !query.data)
    return (
      <RetryAlert
        message={t('agenda.loadFailed')}
        retryLabel={t('agenda.retry')}
        onRetry={() => void query.refetch()}
      />
    );
  const items = query.data?.items ?? [];
  if (items.length === 0) return <p className="py-2 text-sm text-stone-600">{empty}</p>;
  return (
    <>
      <ul
        className={clsx('flex flex-col divide-y divide-stone-100', query.isPlaceholderData && 'opacity-60')}
      >
        {items.map((b) => (
          <li key={b.id}>{render(b)}</li>
        ))}
      </ul>
      {query.data?.truncated ? <p className="text-sm text-stone-600">{t('agenda.truncated')}</p> : null}
    </>
  );
}

/** Buttons of which one is chosen (the view, the filter): pressed, as a toggle group reads. */
function Choices<T extends string>({
  label,
  options,
  value,
  onChange,
  wrap = false,
}: {
  label: string;
  options: { value: T; text: string }[];
  value: T;
  onChange: (value: T) => void;
  wrap?: boolean;
}) {
  return (
    <fieldset className={clsx('flex min-w-0 gap-2', wrap && 'flex-wrap')}>
      <legend className="sr-only">{label}</legend>
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          aria-pressed={o.value === value}
          onClick={() => onChange(o.value)}
          className={clsx(
            'tap-target inline-flex h-9 items-center rounded-full border px-3 text-sm font-medium',
            o.value === value
              ? 'border-brand-700 bg-brand-700 text-white'
              : 'border-stone-300 bg-white text-stone-800 hover:bg-stone-50',
          )}
        >
          {o.text}
        </button>
      ))}
    </fieldset>
  );
}
