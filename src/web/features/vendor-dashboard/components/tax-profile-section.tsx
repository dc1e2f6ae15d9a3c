import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat } from '../../../../shared/date-format.ts';
import {
  type TaxProfile,
  type TaxProfileFields,
  type TaxProfileInput,
  taxProfileInputSchema,
  taxProfileMessages,
  taxpayerKindOf,
} from '../../../../shared/tax-profile.schemas.ts';
import { type TaxRegime, taxRegimeOf, taxRegimes } from '../../../../shared/tax-regimes.ts';
import { FormField, fieldErrorProps } from '../../../components/form-field.tsx';
import { RetryAlert } from '../../../components/retry-alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useSaveTaxProfile, useTaxProfile } from '../api/use-tax-profile.ts';
import { DashboardSection } from './dashboard-section.tsx';

// The vendor's tax details (decision 098): what SAT's digital-platform regime asks Barrio to keep,
// shown to its owner with an Edit, or a form when there are none yet.

/** The regimes most vendors are in, offered first; the rest after. */
const COMMON_REGIMES = new Set(['625', '626', '612', '601']);

export function TaxProfileSection() {
  const { t } = useTranslation();
  const profile = useTaxProfile();
  const [editing, setEditing] = useState(false);
  const saved = profile.data?.tax_profile;

  return (
    <DashboardSection
      titleId="tax-profile-title"
      title={t('taxProfile.title')}
      action={
        editing || !profile.data ? null : (
          <Button size="sm" variant="soft" onClick={() => setEditing(true)}>
            {saved ? t('taxProfile.edit') : t('taxProfile.add')}
          </Button>
        )
      }
    >
      <p className="text-sm text-stone-700">{t('taxProfile.intro')}</p>
      {profile.isPending ? <Skeleton className="h-20 rounded-xl" /> : null}
      {profile.isError && !profile.data ? (
        <RetryAlert
          message={t('taxProfile.loadFailed')}
          retryLabel={t('taxProfile.retry')}
          onRetry={() => void profile.refetch()}
        />
      ) : null}
      {editing ? (
        <TaxProfileForm saved={saved ?? null} onClose={() => setEditing(false)} />
      ) : saved ? (
        <SavedTaxProfile profile={saved} />
      ) : profile.isSuccess ? (
        <p className="text-sm font-medium text-amber-900">{t('taxProfile.none')}</p>
      ) : null}
      <p className="text-xs text-stone-600">{t('taxProfile.private')}</p>
    </DashboardSection>
  );
}

function useRegimeName() {
  const { t, i18n } = useTranslation();
  return (regime: TaxRegime) => {
    const gloss = t(`taxProfile.regimes.${regime.code as '625'}`);
    return `${regime.code} · ${regime.name}${gloss && !i18n.language.startsWith('es') ? ` (${gloss})` : ''}`;
  };
}

function SavedTaxProfile({ profile }: { profile: TaxProfile }) {
  const { t, i18n } = useTranslation();
  const regimeName = useRegimeName();
  const regime = taxRegimeOf(profile.tax_regime);
  const rows: [string, string][] = [
    [t('taxProfile.rfc'), profile.rfc],
    [t('taxProfile.kindLabel'), t(`taxProfile.kind.${profile.kind}`)],
    [t('taxProfile.legalName'), profile.legal_name],
    [t('taxProfile.regime'), regime ? regimeName(regime) : profile.tax_regime],
    [t('taxProfile.postalCode'), profile.postal_code],
    ...(profile.curp ? ([[t('taxProfile.curp'), profile.curp]] as [string, string][]) : []),
  ];
  return (
    <>
      <dl className="grid grid-cols-1 gap-y-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex flex-col">
            <dt className="text-stone-600">{label}</dt>
            <dd className="min-w-0 break-words font-medium text-stone-900">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-stone-600">
        {t('taxProfile.updated', {
          date: dateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(profile.updated_at)),
        })}
      </p>
    </>
  );
}

const formFields = ['rfc', 'legal_name', 'tax_regime', 'postal_code', 'curp'] as const;

/** The fields a 400 names, with the schema's message for each. */
function fieldErrorsOf(error: unknown): { path: (typeof formFields)[number]; message: string }[] {
  if (!(error instanceof ApiError) || error.code !== 'validation_failed' || !Array.isArray(error.details))
    return [];
  return (error.details as { path?: unknown; message?: unknown }[]).flatMap((d) =>
    formFields.includes(d.path as (typeof formFields)[number]) && typeof d.message === 'string'
      ? [{ path: d.path as (typeof formFields)[number], message: d.message }]
      : [],
  );
}

/** The schema's messages (the server's too) in the reader's language; another one as it came. */
const errorKeys = Object.fromEntries(
  Object.entries(taxProfileMessages).map(([key, message]) => [message, key]),
) as Record<string, keyof typeof taxProfileMessages>;

function TaxProfileForm({ saved, onClose }: { saved: TaxProfile | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveTaxProfile();
  const regimeName = useRegimeName();
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useZodForm(taxProfileInputSchema, {
    defaultValues: {
      rfc: saved?.rfc ?? '',
      legal_name: saved?.legal_name ?? '',
      tax_regime: (saved?.tax_regime ?? '') as TaxProfileInput['tax_regime'],
      postal_code: saved?.postal_code ?? '',
      curp: saved?.curp ?? '',
    },
  });
  const errorText = (message: string | undefined) => {
    if (!message) return undefined;
    const key = errorKeys[message];
    return key ? t(`taxProfile.errors.${key}`) : message;
  };
  // The regimes that fit the RFC as typed so far: a company's 12 characters, a person's 13.
  const typed = (watch('rfc') ?? '').replace(/[\s-]/g, '');
  const kind = typed.length === 12 || typed.length === 13 ? taxpayerKindOf(typed) : undefined;
  const fitting = taxRegimes.filter((r) => (kind ? r[kind] : true));
  const common = fitting.filter((r) => COMMON_REGIMES.has(r.code));
  const other = fitting.filter((r) => !COMMON_REGIMES.has(r.code));

  function submit(input: TaxProfileFields) {
    save.mutate(input, {
      onSuccess: () => {
        toast.success(t('taxProfile.saved'));
        onClose();
      },
      onError: (error) => {
        // What only the server checks (the RFC's check digit) goes beside its field, as the rest.
        const fields = fieldErrorsOf(error);
        for (const { path, message } of fields)
          setError(path, { type: 'server', message }, { shouldFocus: true });
        if (fields.length === 0) toast.error(t('taxProfile.saveFailed'));
      },
    });
  }

  const field = (id: string, name: keyof typeof errors) => {
    const error = errorText(errors[name]?.message);
    return { id, error, aria: fieldErrorProps(error, id) };
  };
  const rfc = field('tax-rfc', 'rfc');
  const legalName = field('tax-legal-name', 'legal_name');
  const regime = field('tax-regime', 'tax_regime');
  const postalCode = field('tax-postal-code', 'postal_code');
  const curp = field('tax-curp', 'curp');

  return (
    <form
      noValidate
      aria-label={t('taxProfile.formTitle')}
      className="flex flex-col gap-4 rounded-2xl border border-brand-200 bg-white p-4"
      onSubmit={(event) => void handleSubmit(submit)(event)}
    >
      <h3 className="font-semibold text-stone-900">{t('taxProfile.formTitle')}</h3>
      <FormField id={rfc.id} label={t('taxProfile.rfc')} error={rfc.error}>
        <Input
          id={rfc.id}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={16}
          aria-describedby={rfc.error ? `${rfc.id}-error` : `${rfc.id}-hint`}
          {...(rfc.error ? { 'aria-invalid': true as const } : {})}
          className="uppercase"
          {...register('rfc')}
        />
        {rfc.error ? null : (
          <p id={`${rfc.id}-hint`} className="text-xs text-stone-600">
            {t('taxProfile.rfcHint')}
          </p>
        )}
      </FormField>
      <FormField id={legalName.id} label={t('taxProfile.legalName')} error={legalName.error}>
        <Input
          id={legalName.id}
          autoComplete="name"
          maxLength={254}
          className="uppercase"
          {...legalName.aria}
          {...register('legal_name')}
        />
      </FormField>
      <FormField id={regime.id} label={t('taxProfile.regime')} error={regime.error}>
        <select
          id={regime.id}
          {...regime.aria}
          {...register('tax_regime')}
          className="h-12 w-full rounded-xl border border-stone-300 bg-white px-3 text-base text-stone-900"
        >
          <option value="">{t('taxProfile.regimePlaceholder')}</option>
          <optgroup label={t('taxProfile.regimeCommon')}>
            {common.map((r) => (
              <option key={r.code} value={r.code}>
                {regimeName(r)}
              </option>
            ))}
          </optgroup>
          <optgroup label={t('taxProfile.regimeOther')}>
            {other.map((r) => (
              <option key={r.code} value={r.code}>
                {regimeName(r)}
              </option>
            ))}
          </optgroup>
        </select>
      </FormField>
      <FormField id={postalCode.id} label={t('taxProfile.postalCode')} error={postalCode.error}>
        <Input
          id={postalCode.id}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={5}
          {...postalCode.aria}
          {...register('postal_code')}
        />
      </FormField>
      {kind === 'moral' ? null : (
        <FormField id={curp.id} label={t('taxProfile.curp')} error={curp.error}>
          <Input
            id={curp.id}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={18}
            className="uppercase"
            {...curp.aria}
            {...register('curp')}
          />
        </FormField>
      )}
      <div className="flex gap-3">
        <Button variant="secondary" className="flex-1" onClick={onClose}>
          {t('taxProfile.cancel')}
        </Button>
        <Button type="submit" className="flex-1" disabled={save.isPending}>
          {save.isPending ? t('taxProfile.saving') : t('taxProfile.save')}
        </Button>
      </div>
    </form>
  );
}
