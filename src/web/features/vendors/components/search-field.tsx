import { Search } from 'lucide-react';
import { type Ref, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '../../../components/ui/input.tsx';
import { SEARCH_PARAM } from '../api/use-vendor-list.ts';

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
}: SearchFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <search>
      <form
        className="relative"
        action={action}
        onSubmit={(event) => {
          event.preventDefault();
          // What the box holds: text typed before the app took the page over is not in `value`.
          const box = event.currentTarget.elements.namedItem(SEARCH_PARAM);
          onSubmit(box instanceof HTMLInputElement ? box.value : value);
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
          onChange={(event) => onChange(event.target.value)}
          aria-describedby={hint ? `${id}-hint` : undefined}
        />
      </form>
      {hint ? (
        <p id={`${id}-hint`} role="status" className="mt-2 px-1 text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
    </search>
  );
}
