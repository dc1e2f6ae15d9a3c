import { useTranslation } from 'react-i18next';
import {
  categoryLabel,
  languages,
  neighborhoods,
  type VendorCategoryKey,
  vendorCategories,
} from '../../../../shared/categories.ts';
import { Input } from '../../../components/ui/input.tsx';

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
 * the signup category list shown in the UI language, service areas (grid scrolls at 15rem) and
 * languages (10rem, product §9), and the address (labelled Optional in the spec, required in practice
 * — product §5 — so Barrio labels it required).
 */
export function BusinessFields({
  value,
  onChange,
  language,
}: {
  value: BusinessValues;
  onChange: (patch: Partial<BusinessValues>) => void;
  language: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <label htmlFor="vendor-bio" className="text-sm font-medium text-stone-800">
          {t('vendor.wizard.bio')}{' '}
          <span className="font-normal text-stone-600">({t('vendor.wizard.optional')})</span>
        </label>
        <textarea
          id="vendor-bio"
          rows={3}
          placeholder={t('vendor.wizard.bioPlaceholder')}
          value={value.bio}
          onChange={(e) => onChange({ bio: e.target.value })}
          className="rounded-xl border border-stone-300 bg-white px-4 py-3 text-base text-stone-900 placeholder:text-stone-500"
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="vendor-experience" className="text-sm font-medium text-stone-800">
          {t('vendor.wizard.experience')}
        </label>
        <Input
          id="vendor-experience"
          type="number"
          inputMode="numeric"
          min={0}
          value={value.experience_years}
          onChange={(e) => onChange({ experience_years: e.target.value })}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="vendor-category" className="text-sm font-medium text-stone-800">
          {t('vendor.wizard.category')}
        </label>
        <select
          id="vendor-category"
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
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1.5 text-sm font-medium text-stone-800">{t('vendor.wizard.areas')}</legend>
        <div className="grid max-h-[15rem] grid-cols-2 gap-2 overflow-y-auto rounded-xl border border-stone-200 p-2">
          {neighborhoods.map((area) => (
            <label
              key={area}
              className="flex min-h-11 items-center gap-2 rounded-lg px-2 text-sm text-stone-800"
            >
              <input
                type="checkbox"
                className="size-5 accent-brand-700"
                checked={value.service_areas.includes(area)}
                onChange={() => onChange({ service_areas: toggle(value.service_areas, area) })}
              />
              {area}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1.5 text-sm font-medium text-stone-800">
          {t('vendor.wizard.languages')}{' '}
          <span className="font-normal text-stone-600">({t('vendor.wizard.optional')})</span>
        </legend>
        <div className="grid max-h-[10rem] grid-cols-2 gap-2 overflow-y-auto rounded-xl border border-stone-200 p-2">
          {languages.map((lang) => (
            <label
              key={lang}
              className="flex min-h-11 items-center gap-2 rounded-lg px-2 text-sm text-stone-800"
            >
              <input
                type="checkbox"
                className="size-5 accent-brand-700"
                checked={value.languages.includes(lang)}
                onChange={() => onChange({ languages: toggle(value.languages, lang) })}
              />
              {t(`vendor.wizard.languageNames.${lang}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="vendor-address" className="text-sm font-medium text-stone-800">
          {t('vendor.wizard.address')}
        </label>
        <Input
          id="vendor-address"
          autoComplete="street-address"
          placeholder={t('vendor.wizard.addressPlaceholder')}
          value={value.address}
          onChange={(e) => onChange({ address: e.target.value })}
        />
      </div>
    </div>
  );
}
