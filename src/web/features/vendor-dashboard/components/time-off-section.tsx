import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { zonedWallTimeToUtc } from '../../../../shared/admin.schemas.ts';
import { dayIn } from '../../../../shared/calendar-day.ts';
import { dateTimeFormat, zoneCity } from '../../../../shared/date-format.ts';
import {
  TIME_OFF_REASON_MAX,
  type TimeOff,
  type TimeOffBooking,
} from '../../../../shared/time-off.schemas.ts';
import { FormField, fieldErrorProps } from '../../../components/form-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useErrorText } from '../../../lib/error-text.ts';
import { toast } from '../../../lib/toast.ts';
import { useAddTimeOff, useDeleteTimeOff, useVendorTimeOff } from '../api/use-vendor-time-off.ts';
import { DashboardSection } from './dashboard-section.tsx';

/** The vendor's time off (decision 090): the list ahead, a form to add some, a delete on each. */
export function TimeOffSection() {
  const { t, i18n } = useTranslation();
  const list = useVendorTimeOff();
  const remove = useDeleteTimeOff();
  const [adding, setAdding] = useState(false);
  const when = useWhen();
  const items = list.data?.items ?? [];

  function deleteOne(item: TimeOff) {
    remove.mutate(item.id, {
      onSuccess: () => toast.success(t('vendor.dashboard.timeOff.deleted')),
      onError: () => toast.error(t('vendor.dashboard.timeOff.deleteFailed')),
    });
  }

  return (
    <DashboardSection
      titleId="time-off-title"
      title={t('vendor.dashboard.timeOff.title')}
      action={
        adding || !list.data ? null : (
          <Button size="sm" variant="soft" onClick={() => setAdding(true)}>
            {t('vendor.dashboard.timeOff.add')}
          </Button>
        )
      }
    >
      <p className="text-sm text-stone-700">{t('vendor.dashboard.timeOff.intro')}</p>
      {list.isError ? (
        <p className="text-sm text-red-800">{t('vendor.dashboard.timeOff.loadFailed')}</p>
      ) : null}
      {adding && list.data ? (
        <TimeOffForm timezone={list.data.timezone} onClose={() => setAdding(false)} />
      ) : null}
      {list.isSuccess && items.length === 0 ? (
        <p className="text-sm text-stone-600">{t('vendor.dashboard.timeOff.empty')}</p>
      ) : null}
      {items.length > 0 ? (
        <ul className="flex flex-col divide-y divide-stone-100">
          {items.map((item) => (
            <li key={item.id} className="flex flex-col gap-2 py-3">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-medium text-stone-900">{when(item)}</p>
                  {item.reason ? <p className="break-words text-sm text-stone-700">{item.reason}</p> : null}
                </div>
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={t('vendor.dashboard.timeOff.deleteLabel', { when: when(item) })}
                  disabled={remove.isPending}
                  onClick={() => deleteOne(item)}
                >
                  {t('vendor.dashboard.timeOff.delete')}
                </Button>
              </div>
              <BookingsInside bookings={item.bookings} timezone={item.timezone} />
            </li>
          ))}
        </ul>
      ) : null}
      {list.data ? (
        <p className="text-xs text-stone-600">
          {t('vendor.dashboard.timeOff.zone', { zone: zoneCity(list.data.timezone, i18n.language) })}
        </p>
      ) : null}
    </DashboardSection>
  );
}

/** A time off in words: its days, or its day and hours, in the vendor's zone. */
function useWhen() {
  const { i18n } = useTranslation();
  return (item: TimeOff) => {
    if (item.all_day && item.first_day && item.last_day) {
      const day = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });
      const first = new Date(`${item.first_day}T00:00:00Z`);
      return item.first_day === item.last_day
        ? day.format(first)
        : day.formatRange(first, new Date(`${item.last_day}T00:00:00Z`));
    }
    return dateTimeFormat(i18n.language, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: item.timezone,
    }).formatRange(new Date(item.start), new Date(item.end));
  };
}

/**
 * The active bookings a time off covers, each with its hours, its status and its customer: they
 * keep their time, and the vendor answers or cancels them in the agenda.
 */
function BookingsInside({ bookings, timezone }: { bookings: TimeOffBooking[]; timezone: string }) {
  const { t, i18n } = useTranslation();
  if (bookings.length === 0) return null;
  const format = dateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: timezone,
  });
  return (
    <div className="flex flex-col gap-1 rounded-xl bg-amber-50 p-3 text-sm text-amber-950">
      <p>{t('vendor.dashboard.timeOff.bookingsInside', { count: bookings.length })}</p>
      <ul className="flex flex-col gap-1">
        {bookings.map((b) => (
          <li key={b.id} className="font-medium">
            {t('vendor.dashboard.timeOff.booking', {
              code: b.code,
              when: format.formatRange(new Date(b.start_time), new Date(b.end_time)),
              name: b.customer_name,
            })}{' '}
            <span className="font-normal">({t(`vendor.dashboard.bookings.status.${b.status}`)})</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

type Kind = 'days' | 'hours';

function TimeOffForm({ timezone, onClose }: { timezone: string; onClose: () => void }) {
  const { t } = useTranslation();
  const add = useAddTimeOff();
  const errorText = useErrorText();
  const today = dayIn(new Date(), timezone);
  const [kind, setKind] = useState<Kind>('days');
  const [firstDay, setFirstDay] = useState(today);
  const [lastDay, setLastDay] = useState(today);
  const [fromTime, setFromTime] = useState('');
  const [toTime, setToTime] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  function submit() {
    setError(undefined);
    const missing = !firstDay || (kind === 'days' ? !lastDay : !fromTime || !toTime);
    if (missing) {
      setError(t('vendor.dashboard.timeOff.missing'));
      return;
    }
    // Hours are the vendor's wall-clock times, whatever zone the browser is in.
    const input =
      kind === 'days'
        ? { from: firstDay, to: lastDay }
        : {
            from: zonedWallTimeToUtc(firstDay, fromTime, timezone).toISOString(),
            to: zonedWallTimeToUtc(firstDay, toTime, timezone).toISOString(),
          };
    add.mutate(
      { ...input, reason: reason.trim() || undefined },
      {
        // The list then shows the new time off with the bookings it covers, as every other.
        onSuccess: () => {
          toast.success(t('vendor.dashboard.timeOff.added'));
          onClose();
        },
        onError: (err) => setError(errorText(err)),
      },
    );
  }

  return (
    <form
      noValidate
      aria-label={t('vendor.dashboard.timeOff.formTitle')}
      className="flex flex-col gap-4 rounded-2xl border border-brand-200 bg-white p-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <h3 className="font-semibold text-stone-900">{t('vendor.dashboard.timeOff.formTitle')}</h3>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-stone-800">
          {t('vendor.dashboard.timeOff.kind')}
        </legend>
        <div className="flex flex-wrap gap-x-6">
          {(['days', 'hours'] as const).map((value) => (
            <label key={value} className="inline-flex min-h-11 items-center gap-2 text-sm text-stone-900">
              <input
                type="radio"
                name="time-off-kind"
                value={value}
                checked={kind === value}
                onChange={() => setKind(value)}
                className="size-5 accent-brand-700"
              />
              {t(value === 'days' ? 'vendor.dashboard.timeOff.wholeDays' : 'vendor.dashboard.timeOff.hours')}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField
          id="time-off-first"
          label={t(kind === 'days' ? 'vendor.dashboard.timeOff.firstDay' : 'vendor.dashboard.timeOff.day')}
        >
          <Input
            id="time-off-first"
            type="date"
            min={today}
            value={firstDay}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setFirstDay(value);
              if (value > lastDay) setLastDay(value);
            }}
            {...fieldErrorProps(error, 'time-off-form')}
          />
        </FormField>
        {kind === 'days' ? (
          <FormField id="time-off-last" label={t('vendor.dashboard.timeOff.lastDay')}>
            <Input
              id="time-off-last"
              type="date"
              min={firstDay || today}
              value={lastDay}
              onChange={(event) => setLastDay(event.currentTarget.value)}
              {...fieldErrorProps(error, 'time-off-form')}
            />
          </FormField>
        ) : null}
      </div>
      {kind === 'hours' ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField id="time-off-from" label={t('vendor.dashboard.timeOff.fromTime')}>
            <Input
              id="time-off-from"
              type="time"
              step={900}
              value={fromTime}
              onChange={(event) => setFromTime(event.currentTarget.value)}
              {...fieldErrorProps(error, 'time-off-form')}
            />
          </FormField>
          <FormField id="time-off-to" label={t('vendor.dashboard.timeOff.toTime')}>
            <Input
              id="time-off-to"
              type="time"
              step={900}
              value={toTime}
              onChange={(event) => setToTime(event.currentTarget.value)}
              {...fieldErrorProps(error, 'time-off-form')}
            />
          </FormField>
        </div>
      ) : null}
      <FormField id="time-off-reason" label={t('vendor.dashboard.timeOff.reason')}>
        <Input
          id="time-off-reason"
          maxLength={TIME_OFF_REASON_MAX}
          placeholder={t('vendor.dashboard.timeOff.reasonPlaceholder')}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
        />
      </FormField>
      {error ? (
        <p id="time-off-form-error" role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex gap-3">
        <Button variant="secondary" className="flex-1" onClick={onClose}>
          {t('vendor.dashboard.timeOff.cancel')}
        </Button>
        <Button type="submit" className="flex-1" disabled={add.isPending}>
          {add.isPending ? t('vendor.dashboard.timeOff.saving') : t('vendor.dashboard.timeOff.save')}
        </Button>
      </div>
    </form>
  );
}
