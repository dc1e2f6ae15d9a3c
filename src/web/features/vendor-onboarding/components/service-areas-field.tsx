import { X } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { neighborhoods } from '../../../../shared/categories.ts';
import { type Alcaldia, alcaldiaArea, alcaldias } from '../../../../shared/colonias.ts';
import { ColoniaSearch } from '../../colonias/components/colonia-search.tsx';
import { CheckboxGrid } from './vendor-fields.tsx';

const popular: readonly string[] = neighborhoods;

/**
 * Where a vendor works (decision 073): product §3's ten colonias as checkboxes, as before; then any
 * other colonia of the city, found by name or postal code, and whole alcaldías — each listed with a
 * button that removes it. The wizard's step 2 and the dashboard's Edit Profile both show it.
 */
export function ServiceAreasField({
  value,
  onChange,
}: {
  value: readonly string[];
  onChange: (areas: string[]) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const others = value.filter((area) => !popular.includes(area));
  const add = (area: string) => {
    if (!value.includes(area)) onChange([...value, area]);
  };
  return (
    <div className="flex flex-col gap-3">
      <CheckboxGrid
        legend={t('vendor.wizard.areas')}
        gridClassName="grid max-h-[15rem] grid-cols-2 gap-2 overflow-y-auto rounded-xl border border-stone-200 p-2"
        options={popular.map((area) => ({ value: area, label: area }))}
        checked={value}
        onToggle={(area) =>
          onChange(value.includes(area) ? value.filter((x) => x !== area) : [...value, area])
        }
      />
      <fieldset className="flex min-w-0 flex-col gap-3 rounded-xl border border-stone-200 p-3">
        <legend className="px-1 text-sm font-medium text-stone-800">{t('colonias.moreAreas')}</legend>
        {others.length > 0 ? (
          <ul aria-label={t('colonias.chosen')} className="flex flex-wrap gap-2">
            {others.map((area) => (
              <li key={area} className="max-w-full">
                <button
                  type="button"
                  aria-label={t('colonias.remove', { area })}
                  className="inline-flex min-h-11 max-w-full items-center gap-1.5 rounded-full border border-brand-700 bg-brand-50 pr-2.5 pl-3.5 text-sm font-medium text-brand-800 hover:bg-brand-100"
                  onClick={() => onChange(value.filter((x) => x !== area))}
                >
                  <span className="truncate">{area}</span>
                  <X aria-hidden="true" className="size-4 shrink-0" />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-alcaldia`} className="text-sm font-medium text-stone-800">
            {t('colonias.alcaldia')}
          </label>
          <select
            id={`${id}-alcaldia`}
            value=""
            onChange={(event) => {
              const chosen = event.currentTarget.value as Alcaldia | '';
              if (chosen) add(alcaldiaArea(chosen));
            }}
            className="h-12 w-full rounded-xl border border-stone-300 bg-white px-3 text-base text-stone-900"
          >
            <option value="">{t('colonias.alcaldiaPlaceholder')}</option>
            {alcaldias.map((name) => (
              <option key={name} value={name} disabled={value.includes(alcaldiaArea(name))}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <ColoniaSearch
          label={t('colonias.search')}
          exclude={value}
          onChoose={(colonia) => add(colonia.label)}
        />
      </fieldset>
    </div>
  );
}
