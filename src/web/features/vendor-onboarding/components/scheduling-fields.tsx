import { useTranslation } from 'react-i18next';
import { ADVANCE_BOOKING_DAYS, BUFFER_MINUTES, LEAD_TIME_MINUTES } from '../../../../shared/constants.ts';
import { NumberField } from './vendor-fields.tsx';

export interface SchedulingValues {
  buffer_minutes: string;
  advance_booking_days: string;
  lead_time_hours: string;
}

/** product §5 bounds: buffer 0–120 minutes, advance 1–365 days, lead time 0–1440 minutes shown as hours. */
export function SchedulingFields({
  value,
  onChange,
  errors = {},
}: {
  value: SchedulingValues;
  onChange: (patch: Partial<SchedulingValues>) => void;
  /** A message under each field out of its range (the wizard's Next and Create Profile). */
  errors?: Partial<Record<keyof SchedulingValues, string>>;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid grid-cols-1 gap-4">
      <NumberField
        id="buffer-minutes"
        label={t('vendor.wizard.buffer')}
        min={BUFFER_MINUTES.min}
        max={BUFFER_MINUTES.max}
        error={errors.buffer_minutes}
        value={value.buffer_minutes}
        onChange={(e) => onChange({ buffer_minutes: e.target.value })}
      />
      <NumberField
        id="advance-days"
        label={t('vendor.wizard.advance')}
        min={ADVANCE_BOOKING_DAYS.min}
        max={ADVANCE_BOOKING_DAYS.max}
        error={errors.advance_booking_days}
        value={value.advance_booking_days}
        onChange={(e) => onChange({ advance_booking_days: e.target.value })}
      />
      <NumberField
        id="lead-hours"
        label={t('vendor.wizard.lead')}
        inputMode="decimal"
        step={0.25}
        min={LEAD_TIME_MINUTES.min / 60}
        max={LEAD_TIME_MINUTES.max / 60}
        aria-describedby="lead-hint"
        error={errors.lead_time_hours}
        value={value.lead_time_hours}
        onChange={(e) => onChange({ lead_time_hours: e.target.value })}
      >
        <p id="lead-hint" className="text-sm text-stone-600">
          {t('vendor.wizard.leadHint')}
        </p>
      </NumberField>
    </div>
  );
}
