import { useTranslation } from 'react-i18next';
import { ADVANCE_BOOKING_DAYS, BUFFER_MINUTES, LEAD_TIME_MINUTES } from '../../../../shared/constants.ts';
import { Input } from '../../../components/ui/input.tsx';

export interface SchedulingValues {
  buffer_minutes: string;
  advance_booking_days: string;
  lead_time_hours: string;
}

/** product §5 bounds: buffer 0–120 minutes, advance 1–365 days, lead time 0–1440 minutes shown as hours. */
export function SchedulingFields({
  value,
  onChange,
}: {
  value: SchedulingValues;
  onChange: (patch: Partial<SchedulingValues>) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="flex flex-col gap-1.5">
        <label htmlFor="buffer-minutes" className="text-sm font-medium text-stone-800">
          {t('vendor.wizard.buffer')}
        </label>
        <Input
          id="buffer-minutes"
          type="number"
          inputMode="numeric"
          min={BUFFER_MINUTES.min}
          max={BUFFER_MINUTES.max}
          value={value.buffer_minutes}
          onChange={(e) => onChange({ buffer_minutes: e.target.value })}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="advance-days" className="text-sm font-medium text-stone-800">
          {t('vendor.wizard.advance')}
        </label>
        <Input
          id="advance-days"
          type="number"
          inputMode="numeric"
          min={ADVANCE_BOOKING_DAYS.min}
          max={ADVANCE_BOOKING_DAYS.max}
          value={value.advance_booking_days}
          onChange={(e) => onChange({ advance_booking_days: e.target.value })}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="lead-hours" className="text-sm font-medium text-stone-800">
          {t('vendor.wizard.lead')}
        </label>
        <Input
          id="lead-hours"
          type="number"
          inputMode="decimal"
          step={0.25}
          min={LEAD_TIME_MINUTES.min / 60}
          max={LEAD_TIME_MINUTES.max / 60}
          aria-describedby="lead-hint"
          value={value.lead_time_hours}
          onChange={(e) => onChange({ lead_time_hours: e.target.value })}
        />
        <p id="lead-hint" className="text-sm text-stone-600">
          {t('vendor.wizard.leadHint')}
        </p>
      </div>
    </div>
  );
}
