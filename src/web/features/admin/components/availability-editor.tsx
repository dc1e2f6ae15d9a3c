import { Plus, Trash2 } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { type FieldErrors, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  type AdminAvailabilityWindow,
  type AdminVendor,
  type AvailabilityForm,
  type AvailabilityWindowForm,
  availabilityFormSchema,
  availabilityWindowFormSchema,
  utcToZonedWallTime,
} from '../../../../shared/admin.schemas.ts';
import { adminCalendarDays } from '../../../../shared/calendar-day.ts';
import { recurrenceRules } from '../../../../shared/constants.ts';
import { dateTimeFormat, zoneCity } from '../../../../shared/date-format.ts';
import { FormField } from '../../../components/form-field.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { toast } from '../../../lib/toast.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { adminErrorToast, adminFetchFailed } from '../admin-error-toast.ts';
import {
  useAvailabilityWindows,
  useCreateWindows,
  useDeleteWindow,
  useUpdateWindow,
} from '../api/use-availability-windows.ts';
import { Checkbox, FormDialog, SaveButton, SelectField, saveToasts } from './form-field.tsx';

/**
 * The admin availability editor (product §2, §5, §9): a date from today to 30 days ahead in the
 * vendor's zone, one or more time slots (09:00–17:00 by default), a repeat rule and Active. The
 * times are the vendor's wall-clock times; they become instants here (decision 016).
 */
export function AvailabilityEditor({ vendor }: { vendor: AdminVendor }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const timeZone = vendor.timezone;
  const days = adminCalendarDays(new Date(), timeZone);
  const schema = useMemo(() => availabilityFormSchema(vendor.id, timeZone), [vendor.id, timeZone]);
  const { register, control, handleSubmit, watch } = useZodForm(schema, {
    defaultValues: {
      date: '',
      slots: [{ start: '09:00', end: '17:00' }],
      repeat: 'none',
      active: true,
    } satisfies AvailabilityForm,
  });
  const slots = useFieldArray({ control, name: 'slots' });
  const create = useCreateWindows(vendor.id);
  // product §5: the save button is disabled while any slot lacks a start or an end.
  const incomplete = watch('slots').some((s) => !s.start || !s.end);
  const onInvalid = useWindowErrorToast();

  const save = handleSubmit(
    (windows) =>
      create.mutate(windows, {
        onSuccess: (rows) => toast.success(t('admin.toast.windowsSaved', { count: rows.length })),
        onError: (err) => adminErrorToast(t('admin.toast.windowSaveFailed'), { error: err }),
      }),
    onInvalid,
  );

  return (
    <div className="flex flex-col gap-5">
      <form onSubmit={save} className="flex flex-col gap-4" aria-labelledby={`${id}-title`}>
        <h3 id={`${id}-title`} className="font-semibold text-stone-900">
          {t('admin.availability.title')}
        </h3>
        <p className="text-sm text-stone-600">
          {t('admin.availability.timezone', { timezone: zoneCity(timeZone, i18n.language) })}
        </p>
        <FormField id={`${id}-date`} label={t('admin.availability.date')}>
          <Input
            id={`${id}-date`}
            type="date"
            className="min-w-0 px-3"
            min={days.min}
            max={days.max}
            {...register('date')}
          />
        </FormField>
        {slots.fields.map((slot, index) => (
          // A grid whose columns may shrink below a time field's own width: the row fits a 390 px
          // phone inside the vendor's card.
          <fieldset
            key={slot.id}
            className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] items-end gap-2"
          >
            <legend className="sr-only">{t('admin.availability.slot', { n: index + 1 })}</legend>
            <FormField id={`${id}-start-${slot.id}`} label={t('admin.availability.start')}>
              <Input
                id={`${id}-start-${slot.id}`}
                type="time"
                className="min-w-0 px-3"
                {...register(`slots.${index}.start`)}
              />
            </FormField>
            <FormField id={`${id}-end-${slot.id}`} label={t('admin.availability.end')}>
              <Input
                id={`${id}-end-${slot.id}`}
                type="time"
                className="min-w-0 px-3"
                {...register(`slots.${index}.end`)}
              />
            </FormField>
            <Button
              variant="ghost"
              size="icon"
              className="mb-1"
              aria-label={t('admin.availability.removeSlot', { n: index + 1 })}
              // product §2: at least one slot is kept
              disabled={slots.fields.length === 1}
              onClick={() => slots.remove(index)}
            >
              <Trash2 aria-hidden className="size-5" />
            </Button>
          </fieldset>
        ))}
        <Button variant="secondary" onClick={() => slots.append({ start: '09:00', end: '17:00' })}>
          <Plus aria-hidden className="size-4" />
          {t('admin.availability.addSlot')}
        </Button>
        <SelectField
          id={`${id}-repeat`}
          label={t('admin.availability.repeat')}
          control={control}
          name="repeat"
        >
          <RepeatOptions />
        </SelectField>
        <Checkbox label={t('admin.availability.active')} {...register('active')} />
        <Button type="submit" disabled={incomplete || create.isPending}>
          {create.isPending ? t('admin.common.saving') : t('admin.availability.save')}
        </Button>
      </form>
      <WindowList vendor={vendor} />
    </div>
  );
}

/**
 * product §8: the editors say what is wrong in a toast — no date, or an end not after its start
 * (the API schema's other refusals with their own message).
 */
function useWindowErrorToast() {
  const { t } = useTranslation();
  return (errors: FieldErrors<AvailabilityForm> | FieldErrors<AvailabilityWindowForm>) => {
    if (errors.date) {
      adminErrorToast(t('admin.toast.selectDate'));
      return;
    }
    // Every other refusal is a slot's end not after its start (an empty time keeps Save disabled).
    adminErrorToast(t('admin.toast.windowSaveFailed'), { text: t('admin.availability.endBeforeStart') });
  };
}

function RepeatOptions() {
  const { t } = useTranslation();
  return (['none', ...recurrenceRules] as const).map((r) => (
    <option key={r} value={r}>
      {t(`admin.availability.repeats.${r}`)}
    </option>
  ));
}

/** The vendor's current windows with edit, delete and an Active or Inactive badge (product §2). */
function WindowList({ vendor }: { vendor: AdminVendor }) {
  const { t, i18n } = useTranslation();
  const windows = useAvailabilityWindows(vendor.id);
  const remove = useDeleteWindow(vendor.id);
  const [editing, setEditing] = useState<AdminAvailabilityWindow | null>(null);
  const [deleting, setDeleting] = useState<AdminAvailabilityWindow | null>(null);
  useErrorToast('admin-windows', windows, adminFetchFailed(t));
  const format = dateTimeFormat(i18n.language, {
    timeZone: vendor.timezone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  });
  const time = dateTimeFormat(i18n.language, {
    timeZone: vendor.timezone,
    hour: 'numeric',
    minute: '2-digit',
  });
  const items = windows.data?.items ?? [];

  return (
    <section className="flex flex-col gap-2" aria-labelledby={`${vendor.id}-windows`}>
      <h3 id={`${vendor.id}-windows`} className="font-semibold text-stone-900">
        {t('admin.availability.current')}
      </h3>
      {windows.isSuccess && items.length === 0 ? (
        <p className="text-sm text-stone-600">{t('admin.availability.none')}</p>
      ) : null}
      <ul className="flex flex-col gap-2">
        {items.map((w) => {
          const label = `${format.format(new Date(w.start_tz))}–${time.format(new Date(w.end_tz))}`;
          return (
            <li key={w.id} className="flex items-center gap-2 rounded-xl border border-stone-200 p-3">
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <span className="text-sm font-medium text-stone-900">{label}</span>
                <span className="flex flex-wrap gap-1">
                  <Badge>{t(`admin.availability.repeats.${w.recurrence_rule ?? 'none'}`)}</Badge>
                  <Badge tone={w.is_active ? 'brand' : 'neutral'}>
                    {w.is_active ? t('admin.availability.active') : t('admin.availability.inactive')}
                  </Badge>
                </span>
              </div>
              {(
                [
                  ['edit', setEditing],
                  ['delete', setDeleting],
                ] as const
              ).map(([action, choose]) => (
                <Button
                  key={action}
                  variant="ghost"
                  size="sm"
                  aria-label={`${t(`admin.common.${action}`)} ${label}`}
                  onClick={() => choose(w)}
                >
                  {t(`admin.common.${action}`)}
                </Button>
              ))}
            </li>
          );
        })}
      </ul>
      <FormDialog
        title={t('admin.availability.editTitle')}
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
      >
        {editing ? (
          <WindowForm key={editing.id} vendor={vendor} window={editing} onDone={() => setEditing(null)} />
        ) : null}
      </FormDialog>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('admin.common.confirmDeleteTitle')}
        description={deleting ? `${format.format(new Date(deleting.start_tz))}` : ''}
        confirmLabel={t('admin.common.confirmDelete')}
        cancelLabel={t('admin.common.cancel')}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => toast.success(t('admin.toast.windowDeleted')),
            onError: (err) => adminErrorToast(t('admin.toast.windowDeleteFailed'), { error: err }),
          });
          setDeleting(null);
        }}
      />
    </section>
  );
}

function WindowForm({
  vendor,
  window,
  onDone,
}: {
  vendor: AdminVendor;
  window: AdminAvailabilityWindow;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const timeZone = vendor.timezone;
  const start = utcToZonedWallTime(window.start_tz, timeZone);
  const end = utcToZonedWallTime(window.end_tz, timeZone);
  const days = adminCalendarDays(new Date(), timeZone);
  const schema = useMemo(() => availabilityWindowFormSchema(timeZone), [timeZone]);
  const { register, control, handleSubmit, watch } = useZodForm(schema, {
    defaultValues: {
      date: start.date,
      start: start.time,
      end: end.time,
      repeat: window.recurrence_rule ?? 'none',
      active: window.is_active,
    } satisfies AvailabilityWindowForm,
  });
  const update = useUpdateWindow(vendor.id);
  const onInvalid = useWindowErrorToast();
  const [startTime, endTime] = watch(['start', 'end']);

  const submit = handleSubmit(
    (input) =>
      update.mutate(
        { id: window.id, input },
        saveToasts(t('admin.toast.windowUpdated'), t('admin.toast.windowSaveFailed'), onDone),
      ),
    onInvalid,
  );

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <FormField id={`${id}-date`} label={t('admin.availability.date')}>
        <Input
          id={`${id}-date`}
          type="date"
          className="min-w-0 px-3"
          // A window that began before today keeps its own day (its repeat may still run) until moved.
          min={[start.date, days.min].sort()[0]}
          max={days.max}
          {...register('date')}
        />
      </FormField>
      <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)] gap-2">
        <FormField id={`${id}-start`} label={t('admin.availability.start')}>
          <Input id={`${id}-start`} type="time" className="min-w-0 px-3" {...register('start')} />
        </FormField>
        <FormField id={`${id}-end`} label={t('admin.availability.end')}>
          <Input id={`${id}-end`} type="time" className="min-w-0 px-3" {...register('end')} />
        </FormField>
      </div>
      <SelectField id={`${id}-repeat`} label={t('admin.availability.repeat')} control={control} name="repeat">
        <RepeatOptions />
      </SelectField>
      <Checkbox label={t('admin.availability.active')} {...register('active')} />
      <SaveButton pending={update.isPending} disabled={!startTime || !endTime} />
    </form>
  );
}
