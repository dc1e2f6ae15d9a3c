import { clsx } from 'clsx';
import type { ReactNode } from 'react';

// A day or a time to pick, as chips (radio buttons): the booking form and the booking page's new time.

/** A labelled group of chips, with a hint below its legend and the error it is described by. */
export function ChipGroup({
  id,
  legend,
  hint,
  error,
  children,
}: {
  id?: string;
  legend: string;
  hint?: string;
  error?: string | undefined;
  children: ReactNode;
}) {
  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-invalid={error ? true : undefined}
      aria-describedby={error && id ? `${id}-error` : undefined}
    >
      <legend className="text-sm font-semibold text-stone-800">{legend}</legend>
      {hint ? <p className="-mt-1 text-xs text-stone-600">{hint}</p> : null}
      <div className="flex flex-wrap gap-2">{children}</div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** One choice: a radio button, read as its label. */
export function Chip({
  name,
  checked,
  onChange,
  children,
}: {
  name: string;
  checked: boolean;
  onChange: () => void;
  children: ReactNode;
}) {
  return (
    <label
      className={clsx(
        'tap-target inline-flex h-10 cursor-pointer items-center rounded-full border px-4 text-sm font-semibold',
        'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2',
        checked
          ? 'border-brand-700 bg-brand-700 text-white'
          : 'border-stone-300 bg-white text-stone-800 hover:bg-stone-50',
      )}
    >
      <input type="radio" name={name} checked={checked} onChange={onChange} className="sr-only" />
      {children}
    </label>
  );
}
