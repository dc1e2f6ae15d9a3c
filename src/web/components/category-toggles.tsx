import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { browseCategories } from '../../shared/categories.ts';

/** The browse categories as toggles: the chosen ones pressed (My Profile, the admin's customer form). */
export function CategoryToggles({
  value,
  onChange,
}: {
  value: string[];
  onChange: (value: string[]) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="mt-1 flex flex-wrap gap-2">
      {browseCategories.map((key) => {
        const on = value.includes(key);
        return (
          <button
            key={key}
            type="button"
            aria-pressed={on}
            onClick={() => onChange(on ? value.filter((k) => k !== key) : [...value, key])}
            className={clsx(
              'tap-target h-9 rounded-full border px-3 text-sm font-medium transition-colors',
              on
                ? 'border-brand-700 bg-brand-700 text-white'
                : 'border-stone-300 bg-white text-stone-800 hover:bg-stone-50',
            )}
          >
            {t(`categories.${key}`)}
          </button>
        );
      })}
    </div>
  );
}
