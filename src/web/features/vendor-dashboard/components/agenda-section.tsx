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
import { useAnswerRequest, useVendorAgenda } from '../api/use-vendor-agenda.ts';
import { AgendaBooking, type RequestAnswer } from './agenda-booking.tsx';
import { DeclineDialog } from './proposal-dialogs.tsx';

/**
 * Whether a booking of a list or period view carries the anchor that other sections link to
 * (`#booking-{id}`: time off's bookings inside it): a request has its anchor in the requests above,
 * which always show it, so that no booking has two.
 */
const anchored = (b: VendorBooking) => b.status !== 'pending_vendor';

import { DashboardSection, useRunWithToasts } from './dashboard-section.tsx';

// The dashboard opens on the agenda (decision 093): the requests waiting for the vendor's answer
// first, each with its deadline; then the bookings as a list by filter or one day at a time, all
// from GET /api/vendor/agenda.

type View = 'list' | 'day' | 'week';

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
  // A decline asks for its reason, and offers another time (decision 096).
  const [declining, setDeclining] = useState<VendorBooking | null>(null);
  const declineOpener = useRef<HTMLElement | null>(null);

  const act = (b: VendorBooking, action: 'confirm' | 'decline-and-block') =>
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
    else if (choice === 'decline') {
      declineOpener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setDeclining(b);
    } else void act(b, choice);
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
          render={(b) => <AgendaBooking booking={b} anchor answering={answering} onAnswer={onAnswer} />}
        />
      </section>

      <Choices
        label={t('agenda.views')}
        options={(['list', 'day', 'week'] as const).map((v) => ({ value: v, text: t(`agenda.${v}View`) }))}
        value={view}
        onChange={setView}
      />
      {view === 'list' ? (
        <ListView answering={answering} onAnswer={onAnswer} />
      ) : timezone ? (
        // The day and week views start on today in the vendor's zone, which the agenda's answers carry.
        <PeriodView key={view} period={view} timezone={timezone} answering={answering} onAnswer={onAnswer} />
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
      {declining ? (
        <DeclineDialog
          booking={declining}
          onClose={() => setDeclining(null)}
          returnFocus={() => declineOpener.current}
        />
      ) : null}
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
        render={(b) => (
          <AgendaBooking booking={b} anchor={anchored(b)} answering={answering} onAnswer={onAnswer} />
        )}
      />
    </div>
  );
}

/** Monday of the week `day` (YYYY-MM-DD) is in. */
function mondayOf(day: string): string {
  return addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
}

/**
 * One day, or one week from Monday, of the vendor's bookings by time, starting on today's in the
 * vendor's zone; buttons (and a swipe) move a period at a time.
 */
function PeriodView({
  period,
  timezone,
  answering,
  onAnswer,
}: AnswerProps & { period: 'day' | 'week'; timezone: string }) {
  const { t, i18n } = useTranslation();
  const length = period === 'day' ? 1 : 7;
  // Today where the vendor works, whatever the phone's zone.
  const today = dayIn(new Date(), timezone);
  const first = period === 'day' ? today : mondayOf(today);
  const [start, setStart] = useState(first);
  const end = addDays(start, length - 1);
  const bookings = useVendorAgenda({ from: start, to: end });
  const touchX = useRef<number | null>(null);
  const noon = (day: string) => new Date(`${day}T12:00:00Z`);
  // The days are calendar days: formatted at their noon in UTC, they read the same in any zone.
  const dayTitle = (day: string) =>
    dateTimeFormat(i18n.language, {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      ...(period === 'day' ? { year: 'numeric' } : {}),
      timeZone: 'UTC',
    }).format(noon(day));
  const heading =
    period === 'day'
      ? dayTitle(start)
      : dateTimeFormat(i18n.language, {
          day: 'numeric',
          month: 'short',
          year: 'numeric',
          timeZone: 'UTC',
        }).formatRange(noon(start), noon(end));
  const move = (periods: number) => setStart((d) => addDays(d, periods * length));
  const days = Array.from({ length }, (_, i) => addDays(start, i));
  const item = (b: VendorBooking) => (
    <AgendaBooking booking={b} timeOnly anchor={anchored(b)} answering={answering} onAnswer={onAnswer} />
  );

  return (
    <div
      className="flex flex-col gap-1"
      onTouchStart={(e) => {
        touchX.current = e.touches[0]?.clientX ?? null;
      }}
      onTouchEnd={(e) => {
        const from = touchX.current;
        const to = e.changedTouches[0]?.clientX;
        touchX.current = null;
        if (from === null || to === undefined || Math.abs(to - from) < SWIPE_PX) return;
        move(to < from ? 1 : -1);
      }}
    >
      <div className="flex items-center justify-between gap-2">
        <Button
          variant="secondary"
          size="icon"
          aria-label={t(`agenda.${period}.previous`)}
          onClick={() => move(-1)}
        >
          <ChevronLeft aria-hidden="true" className="size-5" />
        </Button>
        <h3 className="text-center font-semibold text-stone-900 first-letter:uppercase" aria-live="polite">
          {heading}
        </h3>
        <Button
          variant="secondary"
          size="icon"
          aria-label={t(`agenda.${period}.next`)}
          onClick={() => move(1)}
        >
          <ChevronRight aria-hidden="true" className="size-5" />
        </Button>
      </div>
      {start === first ? null : (
        // A button that looks like one: under another day's heading, a bare "Hoy" read as a label.
        <Button variant="secondary" size="sm" className="self-center" onClick={() => setStart(first)}>
          {t(`agenda.${period}.today`)}
        </Button>
      )}
      {period === 'day' ? (
        <Bookings query={bookings} empty={t('agenda.day.empty')} render={item} />
      ) : bookings.isPending || (bookings.isError && !bookings.data) ? (
        <Bookings query={bookings} empty="" render={item} />
      ) : (
        days.map((day) => {
          const items = (bookings.data?.items ?? []).filter(
            (b) => dayIn(new Date(b.start_time), timezone) === day,
          );
          return (
            <section
              key={day}
              aria-label={dayTitle(day)}
              className={clsx('flex flex-col', bookings.isPlaceholderData && 'opacity-60')}
            >
              <h4 className="border-b border-stone-200 pt-2 pb-1 text-sm font-semibold text-stone-800 first-letter:uppercase">
                {dayTitle(day)}
              </h4>
              {items.length === 0 ? (
                <p className="py-2 text-sm text-stone-600">{t('agenda.week.empty')}</p>
              ) : (
                <ul className="flex flex-col divide-y divide-stone-100">
                  {items.map((b) => (
                    <li key={b.id}>{item(b)}</li>
                  ))}
                </ul>
              )}
            </section>
          );
        })
      )}
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
