import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CancellationPolicy, cancellationPolicies } from '../../../../shared/cancellation-policy.ts';
import type { VendorAccountProfile } from '../../../../shared/vendor-signup.schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useUpdateVendorAccountProfile } from '../api/use-vendor-account.ts';
import { DashboardSection, useRunWithToasts } from './dashboard-section.tsx';

// The dashboard's cancellation policy (decision 095): the three presets, each with what the
// customer gets back, saved by a PATCH that names only `cancellation_policy`. Bookings already made
// keep theirs, which the section says.

export function CancellationPolicySection({ profile }: { profile: VendorAccountProfile }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<CancellationPolicy>(profile.cancellation_policy);
  const update = useUpdateVendorAccountProfile();
  const run = useRunWithToasts();
  const unchanged = chosen === profile.cancellation_policy;

  const save = () =>
    void run(
      () => update.mutateAsync({ cancellation_policy: chosen }),
      t('vendor.cancellationPolicy.saved'),
      t('vendor.cancellationPolicy.failed'),
    );

  return (
    <DashboardSection titleId="cancellation-policy-title" title={t('cancellationPolicy.title')}>
      <form
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm text-stone-700">{t('vendor.cancellationPolicy.intro')}</legend>
          {cancellationPolicies.map((policy) => (
            <label
              key={policy}
              className="flex items-start gap-3 rounded-xl border border-stone-200 p-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
            >
              <input
                type="radio"
                name="cancellation-policy"
                value={policy}
                checked={chosen === policy}
                onChange={() => setChosen(policy)}
                className="mt-1 size-5 shrink-0 accent-brand-700"
              />
              <span className="flex flex-col gap-0.5 text-sm">
                <span className="font-semibold text-stone-900">{t(`cancellationPolicy.name.${policy}`)}</span>
                <span className="text-stone-700">{t(`vendor.cancellationPolicy.${policy}`)}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <p className="text-sm text-stone-600">{t('vendor.cancellationPolicy.noShow')}</p>
        <Button type="submit" disabled={unchanged || update.isPending}>
          {update.isPending ? t('vendor.cancellationPolicy.saving') : t('vendor.cancellationPolicy.save')}
        </Button>
      </form>
    </DashboardSection>
  );
}
