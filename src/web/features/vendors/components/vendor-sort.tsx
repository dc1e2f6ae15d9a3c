import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { type VendorSort, vendorSorts } from '../../../../shared/vendor-list-options.ts';

/**
 * "Sort by: Relevance / Best rated" over the vendor list: two toggle buttons, the order
 * shown pressed. Best rated is the server's Bayesian order (decision 066), so one 5-star review does
 * not outrank forty 4.8s; relevance is today's order.
 */
export function VendorSortControl({
  sort,
  onSelect,
}: {
  sort: VendorSort;
  onSelect: (sort: VendorSort) => void;
}) {
  const { t } = useTranslation();
  return (
    // A floated legend is laid out as a flex item, on the buttons' line.
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="float-left text-sm font-medium text-stone-700">{t('browse.sort.label')}</legend>
      {vendorSorts.map((key) => {
        const active = key === sort;
        return (
          <button
            key={key}
            type="button"
            aria-pressed={active}
            className={clsx(
              'tap-target inline-flex h-9 items-center rounded-full border px-3.5 text-sm font-medium whitespace-nowrap transition-colors',
              active
                ? 'border-brand-700 bg-brand-50 text-brand-800'
                : 'border-stone-300 bg-white text-stone-700 hover:border-stone-400 hover:bg-stone-50',
            )}
            onClick={() => onSelect(key)}
          >
            {t(`browse.sort.${key}`)}
          </button>
        );
      })}
    </fieldset>
  );
}
