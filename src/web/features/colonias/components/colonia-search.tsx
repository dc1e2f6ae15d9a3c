import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColoniaItem } from '../../../../shared/colonias.ts';
import { Input } from '../../../components/ui/input.tsx';
import { useColonias } from '../use-colonias.ts';

/**
 * A search of the city's colonias by name or postal code (decision 073): a text box, then the
 * colonias found as a list of buttons — reached with Tab, read by a screen reader as "Add Narvarte
 * Poniente, Benito Juárez", announced by count — that fits a 390 px screen. `exclude`: labels
 * already chosen, not offered again.
 */
export function ColoniaSearch({
  label,
  onChoose,
  exclude = [],
}: {
  label: string;
  onChoose: (colonia: ColoniaItem) => void;
  exclude?: readonly string[];
}) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const found = useColonias(text);
  const typed = text.trim().length >= 2;
  const items = typed ? (found.data?.items ?? []).filter((item) => !exclude.includes(item.label)) : [];
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={`${id}-q`} className="text-sm font-medium text-stone-800">
        {label}
      </label>
      <Input
        id={`${id}-q`}
        type="search"
        autoComplete="off"
        enterKeyHint="search"
        maxLength={80}
        placeholder={t('colonias.searchPlaceholder')}
        aria-describedby={`${id}-hint ${id}-status`}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      <p id={`${id}-hint`} className="text-sm text-stone-600">
        {t('colonias.searchHint')}
      </p>
      <p id={`${id}-status`} role="status" className="sr-only">
        {typed && found.data
          ? items.length > 0
            ? t('colonias.found', { count: items.length })
            : t('colonias.noneFound', { text: text.trim() })
          : ''}
      </p>
      {typed && found.data && items.length === 0 ? (
        <p className="text-sm text-stone-700" aria-hidden="true">
          {t('colonias.noneFound', { text: text.trim() })}
        </p>
      ) : null}
      {items.length > 0 ? (
        <ul
          aria-label={t('colonias.results')}
          className="flex max-h-[15rem] flex-col gap-1 overflow-y-auto rounded-xl border border-stone-200 p-1"
        >
          {items.map((item) => (
            <li key={item.label}>
              <button
                type="button"
                aria-label={t('colonias.add', { area: item.name, alcaldia: item.alcaldia })}
                className="flex min-h-11 w-full flex-col items-start rounded-lg px-3 py-1.5 text-left hover:bg-stone-100 focus-visible:outline-2"
                onClick={() => {
                  onChoose(item);
                  setText('');
                }}
              >
                <span className="text-sm font-medium text-stone-900">{item.name}</span>
                <span className="text-xs text-stone-600">
                  {item.alcaldia} · CP {item.postal_codes.join(', ')}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
