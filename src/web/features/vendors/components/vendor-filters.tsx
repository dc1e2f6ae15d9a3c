import { clsx } from 'clsx';
import type { TFunction } from 'i18next';
import { SlidersHorizontal, X } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { neighborhoods } from '../../../../shared/categories.ts';
import { BOOKING_RANGE_DAYS } from '../../../../shared/constants.ts';
import { formatMxn } from '../../../../shared/money.ts';
import { canonicalColonia } from '../../../../shared/vendor-list-options.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ColoniaSearch } from '../../colonias/components/colonia-search.tsx';
import {
  availableOnRange,
  FILTER_PARAMS,
  MAX_PRICE_PESOS,
  type PanelFilters,
  panelFilterCount,
  pesosOf,
} from '../api/use-vendor-list.ts';

export interface VendorFiltersProps {
  /** The filters the address holds now (filtersFromSearch). */
  filters: PanelFilters;
  /** YYYY-MM-DD: the first day "Available on" offers; the last is BOOKING_RANGE_DAYS after it. */
  today: string;
  /** Writes these filters into the address in place of the panel's current ones. */
  onApply: (filters: PanelFilters) => void;
}

type ChipKey = 'colonia' | 'price' | 'availableOn' | 'verified';

const selectClassName =
  'h-12 w-full rounded-xl border border-stone-300 bg-white px-3 text-base text-stone-900 shadow-xs focus:border-brand-700 focus:outline-none focus-visible:outline-2';
const labelClassName = 'text-sm font-medium text-stone-800';

const pesosText = (pesos: number) => formatMxn(pesos * 100);
const popular: readonly string[] = neighborhoods;

/** A chip for each filter applied, in the panel's order: a price range is one chip. */
function chipsOf(filters: PanelFilters, t: TFunction, language: string): { key: ChipKey; label: string }[] {
  const chips: { key: ChipKey; label: string }[] = [];
  if (filters.colonia) chips.push({ key: 'colonia', label: filters.colonia });
  const { minPrice: min, maxPrice: max } = filters;
  if (min !== undefined && max !== undefined) {
    chips.push({
      key: 'price',
      label: t('browse.filters.priceRange', { min: pesosText(min), max: pesosText(max) }),
    });
  } else if (min !== undefined) {
    chips.push({ key: 'price', label: t('browse.filters.priceMin', { min: pesosText(min) }) });
  } else if (max !== undefined) {
    chips.push({ key: 'price', label: t('browse.filters.priceMax', { max: pesosText(max) }) });
  }
  if (filters.availableOn) {
    // A calendar day, not an instant: read and written in UTC so no zone moves it.
    const day = new Intl.DateTimeFormat(language, {
      timeZone: 'UTC',
      weekday: 'short',
      month: 'short',
      day: 'numeric',
    }).format(new Date(`${filters.availableOn}T00:00:00Z`));
    chips.push({ key: 'availableOn', label: t('browse.filters.availableChip', { day }) });
  }
  if (filters.verified) chips.push({ key: 'verified', label: t('browse.filters.verifiedChip') });
  return chips;
}

function without(filters: PanelFilters, key: ChipKey): PanelFilters {
  switch (key) {
    case 'price':
      return { ...filters, minPrice: undefined, maxPrice: undefined };
    default:
      return { ...filters, [key]: undefined };
  }
}

/**
 * The Filters button under the search box, the panel it opens (a disclosure, one
 * column on a phone: colonia, price range, a day with an open slot, verified only) and a removable
 * chip for each filter applied. Apply writes the panel into the address (VendorDirectory), so a
 * filtered list can be shared and Back restores it. Focus comes back to the button when the panel
 * closes, and to the next chip (or the button) when a chip is removed.
 */
export function VendorFilters({ filters, today, onApply }: VendorFiltersProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const panelId = `${id}-panel`;
  const [open, setOpen] = useState(false);
  const [priceError, setPriceError] = useState(false);
  // Counts the drafts thrown away (Cancel): the form then shows the applied filters again.
  const [drafts, setDrafts] = useState(0);
  const toggle = useRef<HTMLButtonElement>(null);
  const minPriceInput = useRef<HTMLInputElement>(null);
  const chipList = useRef<HTMLUListElement>(null);
  const count = panelFilterCount(filters);
  const chips = chipsOf(filters, t, i18n.language);
  const range = availableOnRange(today);

  // A removed chip takes its button with it: the focus goes to the chip now in its place, else to
  // the last one, else to the Filters button. Waits until the address has dropped the filter.
  const focusChip = useRef<number | null>(null);
  const chipKeys = chips.map((chip) => chip.key).join(' ');
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once the chips have changed, not before
  useEffect(() => {
    const index = focusChip.current;
    if (index === null) return;
    focusChip.current = null;
    const buttons = chipList.current?.querySelectorAll('button') ?? [];
    (buttons[Math.min(index, buttons.length - 1)] ?? toggle.current)?.focus();
  }, [chipKeys]);

  // The form starts over (a chip removed, Back, Cancel) from the filters applied. The colonia is set
  // once its options are there: preact/compat gives a select's defaultValue to none of them.
  const formKey = `${JSON.stringify(filters)} ${drafts}`;
  const coloniaSelect = useRef<HTMLSelectElement>(null);
  // A colonia of the city outside product §3's ten, found by the search under the list (decision
  // 073): the list offers it too, chosen.
  const [otherColonia, setOtherColonia] = useState<string | undefined>(undefined);
  const extraColonia =
    otherColonia ?? (filters.colonia && !popular.includes(filters.colonia) ? filters.colonia : undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new form, not each render
  useEffect(() => {
    setOtherColonia(undefined);
    if (coloniaSelect.current) coloniaSelect.current.value = filters.colonia ?? '';
  }, [formKey]);
  useEffect(() => {
    if (otherColonia && coloniaSelect.current) coloniaSelect.current.value = otherColonia;
  }, [otherColonia]);

  const close = () => {
    setOpen(false);
    setPriceError(false);
    toggle.current?.focus();
  };

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => {
      const value = data.get(name);
      return typeof value === 'string' ? value.trim() : '';
    };
    const minPrice = pesosOf(text(FILTER_PARAMS.minPrice));
    const maxPrice = pesosOf(text(FILTER_PARAMS.maxPrice));
    if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) {
      setPriceError(true);
      minPriceInput.current?.focus();
      return;
    }
    const day = text(FILTER_PARAMS.availableOn);
    onApply({
      colonia: canonicalColonia(text(FILTER_PARAMS.colonia)),
      minPrice,
      maxPrice,
      verified: text(FILTER_PARAMS.verified) === 'true' ? true : undefined,
      availableOn: day >= range.min && day <= range.max ? day : undefined,
    });
    close();
  };

  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          ref={toggle}
          variant="secondary"
          size="sm"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => (open ? close() : setOpen(true))}
        >
          <SlidersHorizontal aria-hidden="true" className="size-4" />
          {t('browse.filters.toggle')}
          {count > 0 ? (
            <>
              <Badge tone="brand" aria-hidden="true" className="px-2">
                {count}
              </Badge>
              <span className="sr-only">{t('browse.filters.active', { count })}</span>
            </>
          ) : null}
        </Button>
        {chips.length > 0 ? (
          <ul ref={chipList} aria-label={t('browse.filters.chips')} className="flex flex-wrap gap-2">
            {chips.map(({ key, label }, index) => (
              <li key={key} className="max-w-full">
                <button
                  type="button"
                  aria-label={t('browse.filters.remove', { label })}
                  className={clsx(
                    'tap-target inline-flex h-9 max-w-full items-center gap-1.5 rounded-full border border-brand-700 bg-brand-50 pr-2.5 pl-3.5',
                    'text-sm font-medium text-brand-800 hover:bg-brand-100',
                  )}
                  onClick={() => {
                    focusChip.current = index;
                    onApply(without(filters, key));
                  }}
                >
                  <span className="truncate">{label}</span>
                  <X aria-hidden="true" className="size-4 shrink-0" />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>

      <section
        id={panelId}
        hidden={!open}
        aria-labelledby={`${id}-title`}
        className="rounded-2xl border border-stone-200 bg-white p-4 shadow-xs"
      >
        <h2 id={`${id}-title`} className="text-base font-semibold text-stone-900">
          {t('browse.filters.panel')}
        </h2>
        <form key={formKey} className="mt-3 flex flex-col gap-4" onSubmit={apply}>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-colonia`} className={labelClassName}>
              {t('browse.filters.colonia')}
            </label>
            <select
              id={`${id}-colonia`}
              name={FILTER_PARAMS.colonia}
              ref={coloniaSelect}
              className={selectClassName}
            >
              <option value="">{t('browse.filters.anyColonia')}</option>
              {neighborhoods.map((area) => (
                <option key={area} value={area}>
                  {area}
                </option>
              ))}
              {extraColonia ? <option value={extraColonia}>{extraColonia}</option> : null}
            </select>
            <ColoniaSearch
              label={t('colonias.otherColonia')}
              onChoose={(colonia) => setOtherColonia(colonia.label)}
            />
          </div>

          <fieldset className="flex flex-col gap-1.5">
            <legend className={clsx(labelClassName, 'mb-1.5')}>{t('browse.filters.price')}</legend>
            <div className="grid grid-cols-2 gap-3">
              {(
                [
                  ['min', FILTER_PARAMS.minPrice, filters.minPrice, t('browse.filters.priceFrom')],
                  ['max', FILTER_PARAMS.maxPrice, filters.maxPrice, t('browse.filters.priceTo')],
                ] as const
              ).map(([end, name, value, label]) => (
                <div key={end} className="flex flex-col gap-1">
                  <label htmlFor={`${id}-${end}`} className="text-sm text-stone-700">
                    {label}
                  </label>
                  <Input
                    ref={end === 'min' ? minPriceInput : undefined}
                    id={`${id}-${end}`}
                    name={name}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={MAX_PRICE_PESOS}
                    step={1}
                    defaultValue={value ?? ''}
                    aria-invalid={priceError || undefined}
                    aria-describedby={priceError ? `${id}-price-error` : undefined}
                    onInput={() => setPriceError(false)}
                  />
                </div>
              ))}
            </div>
            {priceError ? (
              <p id={`${id}-price-error`} role="alert" className="text-sm text-red-700">
                {t('browse.filters.priceOrder')}
              </p>
            ) : null}
          </fieldset>

          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-day`} className={labelClassName}>
              {t('browse.filters.availableOn')}
            </label>
            <Input
              id={`${id}-day`}
              name={FILTER_PARAMS.availableOn}
              type="date"
              min={range.min}
              max={range.max}
              defaultValue={filters.availableOn ?? ''}
              aria-describedby={`${id}-day-hint`}
            />
            <p id={`${id}-day-hint`} className="text-sm text-stone-600">
              {t('browse.filters.availableOnHint', { days: BOOKING_RANGE_DAYS })}
            </p>
          </div>

          <label className="flex min-h-11 items-center gap-3 text-base text-stone-900">
            <input
              type="checkbox"
              name={FILTER_PARAMS.verified}
              value="true"
              defaultChecked={filters.verified === true}
              className="size-5 accent-brand-700"
            />
            {t('browse.filters.verified')}
          </label>

          <div className="flex gap-2">
            <Button type="submit" className="flex-1">
              {t('browse.filters.apply')}
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setDrafts((count) => count + 1);
                close();
              }}
            >
              {t('browse.filters.cancel')}
            </Button>
          </div>
        </form>
      </section>
    </>
  );
}
