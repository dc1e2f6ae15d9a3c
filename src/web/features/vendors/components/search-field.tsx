import { Search } from 'lucide-react';
import { type Ref, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '../../../components/ui/input.tsx';

export interface SearchFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** Enter: search now. */
  onSubmit: (value: string) => void;
  inputRef?: Ref<HTMLInputElement>;
}

/** The vendor search box (spec §2): a search landmark with a labelled field. */
export function SearchField({ value, onChange, onSubmit, inputRef }: SearchFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <search>
      <form
        className="relative"
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit(value);
        }}
      >
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
          type="search"
          inputMode="search"
          enterKeyHint="search"
          autoComplete="off"
          maxLength={100}
          placeholder={t('search.placeholder')}
          className="pl-11"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </form>
    </search>
  );
}
