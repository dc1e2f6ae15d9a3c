import { MapPin, Store, Tag } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { categoryLabel } from '../../../../shared/categories.ts';
import type { VendorSuggestions } from '../../../../shared/vendor.schemas.ts';
import { paths } from '../../../lib/paths.ts';

/** One thing the search box offers: where choosing it goes, and how it reads. */
export interface Suggestion {
  id: string;
  to: string;
  text: string;
  group: 'categories' | 'colonias' | 'vendors';
}

/** The suggestions in the order the list shows them: categories, colonias, then vendors. */
export function suggestionsOf(
  data: VendorSuggestions | undefined,
  language: string,
  idPrefix: string,
): Suggestion[] {
  if (!data) return [];
  return [
    ...data.categories.map((key) => ({
      id: `${idPrefix}-category-${key}`,
      to: paths.vendors.to({ category: key }),
      text: categoryLabel(key, language),
      group: 'categories' as const,
    })),
    ...data.colonias.map((colonia, index) => ({
      id: `${idPrefix}-colonia-${index}`,
      to: paths.vendors.to({ q: colonia }),
      text: colonia,
      group: 'colonias' as const,
    })),
    ...data.vendors.map((vendor) => ({
      id: `${idPrefix}-vendor-${vendor.slug}`,
      to: paths.publicVendor.to(vendor.slug),
      text: vendor.business_name,
      group: 'vendors' as const,
    })),
  ];
}

const icons: Record<Suggestion['group'], ReactNode> = {
  categories: <Tag aria-hidden="true" className="size-4 shrink-0 text-stone-500" />,
  colonias: <MapPin aria-hidden="true" className="size-4 shrink-0 text-stone-500" />,
  vendors: <Store aria-hidden="true" className="size-4 shrink-0 text-stone-500" />,
};

/**
 * The search box's listbox (the ARIA combobox pattern): options in labelled groups, the active one
 * marked for assistive technology through the box's aria-activedescendant. Pressing an option
 * chooses it; the box keeps the focus (mouse down does not take it).
 */
export function SearchSuggestions({
  id,
  suggestions,
  active,
  onChoose,
}: {
  id: string;
  suggestions: Suggestion[];
  active: number;
  onChoose: (suggestion: Suggestion) => void;
}) {
  const { t } = useTranslation();
  const groups = (['categories', 'colonias', 'vendors'] as const).filter((group) =>
    suggestions.some((s) => s.group === group),
  );
  return (
    <div
      id={id}
      role="listbox"
      aria-label={t('search.suggestions.label')}
      className="absolute inset-x-0 top-full z-20 mt-1 max-h-80 overflow-y-auto rounded-2xl border border-stone-200 bg-white py-1 shadow-lg"
    >
      {groups.map((group) => (
        // biome-ignore lint/a11y/useSemanticElements: a group of options inside a listbox (ARIA's grouped listbox), not a form's fieldset
        <div key={group} role="group" aria-labelledby={`${id}-${group}`}>
          <div
            id={`${id}-${group}`}
            role="presentation"
            className="px-4 pt-2 pb-1 text-xs font-semibold text-stone-600 uppercase"
          >
            {t(`search.suggestions.${group}`)}
          </div>
          {suggestions.map((suggestion, index) =>
            suggestion.group === group ? (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the box's (aria-activedescendant): the focus never leaves it
              <div
                key={suggestion.id}
                id={suggestion.id}
                role="option"
                aria-selected={index === active}
                tabIndex={-1}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => onChoose(suggestion)}
                className={`flex min-h-11 cursor-pointer items-center gap-2 px-4 text-base text-stone-900 ${
                  index === active ? 'bg-brand-50' : 'hover:bg-stone-50'
                }`}
              >
                {icons[group]}
                <span className="min-w-0 truncate">{suggestion.text}</span>
              </div>
            ) : null,
          )}
        </div>
      ))}
    </div>
  );
}
