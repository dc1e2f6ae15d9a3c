import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CategoryKey } from '../../../../shared/categories.ts';

type ChipBehaviour =
  /** Filters in place (Browse Vendors): toggle buttons, the active one pressed. */
  | { kind: 'filter'; onSelect: (category: CategoryKey | undefined) => void }
  /** Navigates (Home): links, the current one marked as the current page. */
  | { kind: 'links'; to: (category: CategoryKey | undefined) => string };

export interface CategoryChipsProps {
  categories: readonly CategoryKey[];
  /** The selected category; undefined is All. */
  active: CategoryKey | undefined;
  behaviour: ChipBehaviour;
}

const chipClass = (active: boolean) =>
  clsx(
    'tap-target inline-flex h-9 shrink-0 items-center rounded-full border px-4 text-sm font-medium whitespace-nowrap transition-colors',
    active
      ? 'border-brand-700 bg-brand-700 text-white shadow-sm'
      : 'border-stone-300 bg-white text-stone-700 hover:border-stone-400 hover:bg-stone-50',
  );

/** All, then the category list (product §3), in one row that scrolls sideways on a phone. */
export function CategoryChips({ categories, active, behaviour }: CategoryChipsProps) {
  const { t } = useTranslation();
  const chips: { key: CategoryKey | undefined; label: string }[] = [
    { key: undefined, label: t('categories.all') },
    ...categories.map((key) => ({ key, label: t(`categories.${key}`) })),
  ];
  return (
    <ul
      aria-label={t('categories.label')}
      className="scrollbar-none -mx-4 flex gap-2 overflow-x-auto px-4 py-1"
    >
      {chips.map(({ key, label }) => {
        const isActive = key === active;
        return (
          <li key={key ?? 'all'} className="shrink-0">
            {behaviour.kind === 'filter' ? (
              <button
                type="button"
                aria-pressed={isActive}
                className={chipClass(isActive)}
                onClick={() => behaviour.onSelect(key)}
              >
                {label}
              </button>
            ) : (
              <Link
                to={behaviour.to(key)}
                aria-current={isActive ? 'page' : undefined}
                className={chipClass(isActive)}
              >
                {label}
              </Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}
