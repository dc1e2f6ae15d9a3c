import { Zap } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { VendorAccountProfile } from '../../../../shared/vendor-signup.schemas.ts';
import { toast } from '../../../lib/toast.ts';
import { useUpdateVendorAccountProfile } from '../api/use-vendor-account.ts';

/**
 * Instant booking (decision 097), on or off in one tap: a request that fits the calendar is then
 * confirmed at once and the customer pays right away; the vendor is told, not asked. Saved as the
 * switch moves, by a patch naming that field alone.
 */
export function InstantBookingSetting({ profile }: { profile: VendorAccountProfile }) {
  const { t } = useTranslation();
  const id = useId();
  const update = useUpdateVendorAccountProfile();
  const on = update.isPending
    ? (update.variables?.instant_booking ?? profile.instant_booking)
    : profile.instant_booking;
  const toggle = (instant_booking: boolean) =>
    update.mutate(
      { instant_booking },
      {
        onSuccess: () =>
          toast.success(
            instant_booking
              ? t('vendor.dashboard.instant.turnedOn')
              : t('vendor.dashboard.instant.turnedOff'),
          ),
        onError: () =>
          toast.error(t('vendor.wizard.errorTitle'), { description: t('vendor.dashboard.saveFailed') }),
      },
    );
  // The whole row is the switch's label: a fingertip's tap anywhere on it toggles it.
  return (
    <div className="rounded-xl border border-stone-200 px-3 py-2">
      <label className="flex min-h-11 items-center gap-3">
        <Zap aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
        <span className="min-w-0 flex-1 font-semibold text-stone-900">
          {t('vendor.dashboard.instant.label')}
        </span>
        <input
          type="checkbox"
          role="switch"
          aria-checked={on}
          aria-describedby={`${id}-hint`}
          checked={on}
          disabled={update.isPending}
          onChange={(e) => toggle(e.currentTarget.checked)}
          className="size-6 shrink-0 accent-brand-700"
        />
      </label>
      <p id={`${id}-hint`} className="pb-1 text-sm text-stone-700">
        {t('vendor.dashboard.instant.hint')}
      </p>
    </div>
  );
}
