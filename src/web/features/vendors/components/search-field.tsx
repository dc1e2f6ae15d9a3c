import { Search } from 'lucide-react';
import { type KeyboardEvent, type Ref, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Input } from '../../../components/ui/input.tsx';
import { SEARCH_PARAM } from '../api/use-vendor-list.ts';
import { useVendorSuggestions } from '../api/use-vendor-suggestions.ts';
import { SearchSuggestions, type Suggestion, suggestionsOf } from './search-suggestions.tsx';

/** The address parameter of the search text (vendor-directory.tsx reads it back). */

export interface SearchFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** Enter: search now. */
  onSubmit: (value: string) => void;
  inputRef?: Ref<HTMLInputElement>;
  /** Shown under the box and announced with it, e.g. that the text is too short to search. */
  hint?: string | undefined;
  /**
   * Where the form goes before the app has hydrated the page (decision 042): the box is then a
   * plain GET form, `q` and the `keep` fields in the address, as the app would write them.
   */
  action: string;
  keep?: Record<string, string | undefined>;
  /** Offer categories, colonias and vendors under the box as the text is typed (Home). */
  suggest?: boolean;
}

/**
 * The suggestions under the box as the text is typed — the ARIA combobox pattern:
 * arrows move through them, Enter chooses the one marked (or searches, when none is), Escape closes.
 */
function useSuggestionsBox(text: string, listboxId: string, enabled: boolean) {
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const suggested = useVendorSuggestions(text, enabled && open);
  const suggestions = enabled && open ? suggestionsOf(suggested.data, i18n.language, listboxId) : [];
  const shown = suggestions.length > 0;
  const choose = (suggestion: Suggestion) => {
    setOpen(false);
    setActive(-1);
    void navigate(suggestion.to);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape' && shown) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (!shown) return;
      // From none to the first (or the last), through each, and back to none: the text as typed.
      const down = event.key === 'ArrowDown';
      const last = suggestions.length - 1;
      setActive((current) =>
        down ? (current >= last ? -1 : current + 1) : current <= -1 ? last : current - 1,
      );
    } else if (event.key === 'Enter' && shown && active >= 0 && active < suggestions.length) {
      event.preventDefault();
      choose(suggestions[active]!);
    }
  };
  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  return {
    shown,
    suggestions,
    close,
    active: active < suggestions.length ? active : -1,
    choose,
    onKeyDown,
    onType: () => {
      setOpen(true);
      setActive(-1);
    },
    onFocus: () => setOpen(true),
    onBlur: close,
  };
}

/** The vendor search box (product §2): a search landmark with a labelled field. */
export function SearchField({
  value,
  onChange,
  onSubmit,
  inputRef,
  hint,
  action,
  keep = {},
  suggest = false,
}: SearchFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const listboxId = `${id}-suggestions`;
  const box = useSuggestionsBox(value, listboxId, suggest);
  return (
    <search>
      <form
        className="relative"
        action={action}
        onSubmit={(event) => {
          event.preventDefault();
          box.close();
          // What the box holds: text typed before the app took the page over is not in `value`.
          const field = event.currentTarget.elements.namedItem(SEARCH_PARAM);
          onSubmit(field instanceof HTMLInputElement ? field.value : value);
        }}
      >
        {Object.entries(keep).map(([name, kept]) =>
          kept === undefined ? null : <input key={name} type="hidden" name={name} value={kept} />,
        )}
        <label htmlFor={id} className="sr-only">
          {t('search.label')}
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-stone-500"
        />
        <Input
          ref={inputRef}
          id={id}
          name={SEARCH_PARAM}
          type="search"
          inputMode="search"
          enterKeyHint="search"
          autoComplete="off"
          maxLength={100}
          placeholder={t('search.placeholder')}
          className="pl-11"
          value={value}
          onChange={(event) => {
            onChange(event.target.value);
            box.onType();
          }}
          onKeyDown={box.onKeyDown}
          onFocus={box.onFocus}
          onBlur={box.onBlur}
          {...(suggest
            ? {
                role: 'combobox',
                'aria-autocomplete': 'list' as const,
                'aria-expanded': box.shown,
                'aria-controls': listboxId,
                'aria-activedescendant': box.active >= 0 ? box.suggestions[box.active]?.id : undefined,
              }
            : {})}
          aria-describedby={hint ? `${id}-hint` : undefined}
        />
        {box.shown ? (
          <SearchSuggestions
            id={listboxId}
            suggestions={box.suggestions}
            active={box.active}
            onChoose={box.choose}
          />
        ) : null}
      </form>
      {hint ? (
        <p id={`${id}-hint`} role="status" className="mt-2 px-1 text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
    </search>
  );
}
