import { Copy, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type TimeSlot,
  type Weekday,
  type WeeklyAvailability,
  weekdays,
} from '../../../../shared/weekly-availability.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Switch } from '../../../components/ui/switch.tsx';

const workdays: readonly Weekday[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];
const NEW_SLOT: TimeSlot = { start: '09:00', end: '17:00' };

/**
 * product §4 Copy week: a weekday's slots go to the weekdays only; a weekend day's go to every day.
 * The days copied to are enabled.
 */
export function copyWeek(value: WeeklyAvailability, from: Weekday): WeeklyAvailability {
  const targets = workdays.includes(from) ? workdays : weekdays;
  const next = { ...value };
  for (const day of targets) next[day] = { enabled: true, slots: value[from].slots.map((s) => ({ ...s })) };
  return next;
}

/**
 * The weekly availability editor of the wizard's step 3, reused by the dashboard (product §4): a
 * toggle per day, several slots per day, remove only while more than one slot exists, Add adds
 * 09:00–17:00, and Copy week appears for a day once one of its slots was edited.
 */
export function WeeklyAvailabilityEditor({
  value,
  onChange,
}: {
  value: WeeklyAvailability;
  onChange: (next: WeeklyAvailability) => void;
}) {
  const { t } = useTranslation();
  const [edited, setEdited] = useState<ReadonlySet<Weekday>>(new Set());

  const setDay = (day: Weekday, patch: Partial<WeeklyAvailability[Weekday]>) =>
    onChange({ ...value, [day]: { ...value[day], ...patch } });

  const setSlot = (day: Weekday, index: number, patch: Partial<TimeSlot>) => {
    setDay(day, { slots: value[day].slots.map((s, i) => (i === index ? { ...s, ...patch } : s)) });
    setEdited((prev) => new Set(prev).add(day));
  };

  return (
    <ul className="flex flex-col gap-3">
      {weekdays.map((day) => {
        const dayName = t(`vendor.wizard.days.${day}`);
        const { enabled, slots } = value[day];
        return (
          <li key={day} className="rounded-xl border border-stone-200 bg-white p-3">
            <div className="flex items-center justify-between gap-3">
              <label htmlFor={`day-${day}`} className="font-medium text-stone-900">
                {dayName}
              </label>
              <div className="flex items-center gap-2">
                {!enabled ? (
                  <span className="text-sm text-stone-600">{t('vendor.wizard.closed')}</span>
                ) : null}
                <Switch
                  id={`day-${day}`}
                  checked={enabled}
                  onCheckedChange={(checked) => setDay(day, { enabled: checked })}
                />
              </div>
            </div>
            {enabled ? (
              <div className="mt-3 flex flex-col gap-2">
                {slots.map((slot, index) => {
                  const n = index + 1;
                  const label = t('vendor.wizard.slotLabel', { day: dayName, n });
                  return (
                    // Slots have no id of their own; their position is their identity while editing.
                    // biome-ignore lint/suspicious/noArrayIndexKey: see above
                    <fieldset key={index} className="flex items-end gap-2">
                      <legend className="sr-only">{label}</legend>
                      <TimeField
                        label={t('vendor.wizard.from')}
                        value={slot.start}
                        onChange={(start) => setSlot(day, index, { start })}
                      />
                      <TimeField
                        label={t('vendor.wizard.to')}
                        value={slot.end}
                        onChange={(end) => setSlot(day, index, { end })}
                      />
                      {slots.length > 1 ? (
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={t('vendor.wizard.removeSlot', { day: dayName, n })}
                          onClick={() => setDay(day, { slots: slots.filter((_, i) => i !== index) })}
                        >
                          <Trash2 aria-hidden="true" className="size-5" />
                        </Button>
                      ) : null}
                    </fieldset>
                  );
                })}
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="soft"
                    size="sm"
                    onClick={() => setDay(day, { slots: [...slots, { ...NEW_SLOT }] })}
                  >
                    <Plus aria-hidden="true" className="size-4" />
                    {t('vendor.wizard.addSlot')}
                  </Button>
                  {edited.has(day) ? (
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={t('vendor.wizard.copyWeekLabel', { day: dayName })}
                      onClick={() => onChange(copyWeek(value, day))}
                    >
                      <Copy aria-hidden="true" className="size-4" />
                      {t('vendor.wizard.copyWeek')}
                    </Button>
                  ) : null}
                </div>
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** A slot's start or end, its label around it. */
function TimeField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (time: string) => void;
}) {
  return (
    <label className="flex flex-1 flex-col gap-1 text-sm text-stone-700">
      {label}
      <input
        type="time"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="h-11 rounded-lg border border-stone-300 bg-white px-2 text-base text-stone-900"
      />
    </label>
  );
}
