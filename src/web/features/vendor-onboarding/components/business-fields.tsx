import { useTranslation } from 'react-i18next';
import {
  categoryLabel,
  languages,
  type VendorCategoryKey,
  vendorCategories,
} from '../../../../shared/categories.ts';
import { fieldErrorProps } from '../../../components/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ServiceAreasField } from './service-areas-field.tsx';
import { CheckboxGrid, FieldError, LabelledField, NumberField, OptionalMark } from './vendor-fields.tsx';

export interface BusinessValues {
  bio: string;
  experience_years: string;
  category: VendorCategoryKey | null;
  service_areas: string[];
  languages: string[];
  address: string;
}

const toggle = (list: string[], item: string) =>
  list.includes(item) ? list.filter((x) => x !== item) : [...list, item];

/**
 * The wizard's step 2 (product §2), reused by the dashboard's Edit Profile: bio, years of experience,
 * the signup category list shown in the UI language, service areas (ServiceAreasField) and
 * languages (10rem, product §9), and the address (labelled Optional in the spec, required in practice
 * — product §5 — so Barrio labels it required).
 */
export function BusinessFields({
  value,
  onChange,
  language,
  errors = {},
}: {
  value: BusinessValues;
  onChange: (patch: Partial<BusinessValues>) => void;
  language: string;
  /** A message under each field that failed (the wizard's Next and Create Profile). */
  errors?: Partial<Record<keyof BusinessValues, string>>;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      <LabelledField id="vendor-bio" label={t('vendor.wizard.bio')} optional>
        <textarea
          id="vendor-bio"
          rows={3}
          placeholder={t('vendor.wizard.bioPlaceholder')}
          value={value.bio}
          onChange={(e) => onChange({ bio: e.target.value })}
          className="rounded-xl border border-stone-300 bg-white px-4 py-3 text-base text-stone-900 placeholder:text-stone-500"
        />
      </LabelledField>
      <NumberField
        id="vendor-experience"
        label={t('vendor.wizard.experience')}
        min={0}
        max={100}
        error={errors.experience_years}
        value={value.experience_years}
        onChange={(e) => onChange({ experience_years: e.target.value })}
      />
      <LabelledField id="vendor-category" label={t('vendor.wizard.category')} error={errors.category}>
        <select
          id="vendor-category"
          {...fieldErrorProps(errors.category, 'vendor-category')}
          value={value.category ?? ''}
          onChange={(e) =>
            onChange({ category: e.target.value === '' ? null : (e.target.value as VendorCategoryKey) })
          }
          className="h-12 rounded-xl border border-stone-300 bg-white px-3 text-base text-stone-900"
        >
          <option value="">{t('vendor.wizard.categoryPlaceholder')}</option>
          {vendorCategories.map((key) => (
            <option key={key} value={key}>
              {categoryLabel(key, language)}
            </option>
          ))}
        </select>
      </LabelledField>
      <ServiceAreasField
        value={value.service_areas}
        onChange={(service_areas) => onChange({ service_areas })}
      />
      <FieldError id="vendor-areas" error={errors.service_areas} />
      <CheckboxGrid
        legend={
          <>
            {t('vendor.wizard.languages')}
            <OptionalMark />
          </>
        }
        gridClassName="grid max-h-[10rem] grid-cols-2 gap-2 overflow-y-auto rounded-xl border border-stone-200 p-2"
        options={languages.map((lang) => ({ value: lang, label: t(`vendor.wizard.languageNames.${lang}`) }))}
        checked={value.languages}
        onToggle={(lang) => onChange({ languages: toggle(value.languages, lang) })}
      />
      <LabelledField id="vendor-address" label={t('vendor.wizard.address')} error={errors.address}>
        <Input
          id="vendor-address"
          {...fieldErrorProps(errors.address, 'vendor-address')}
          autoComplete="street-address"
          placeholder={t('vendor.wizard.addressPlaceholder')}
          value={value.address}
          onChange={(e) => onChange({ address: e.target.value })}
        />
      </LabelledField>
    </div>
  );
}
