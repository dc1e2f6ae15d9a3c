import { clsx } from 'clsx';
import type { ComponentProps, ReactNode } from 'react';

/** A labelled field with its error below, tied by aria-describedby (the forms of the admin dialogs). */
export function FormField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-stone-800">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export const selectClassName =
  'h-12 w-full rounded-xl border border-stone-300 bg-white px-3 text-base text-stone-900 shadow-xs focus:border-brand-700 focus:outline-none focus-visible:outline-2';

export function Select({ className, ...props }: ComponentProps<'select'>) {
  return <select className={clsx(selectClassName, className)} {...props} />;
}

export function Checkbox({ label, ...props }: ComponentProps<'input'> & { label: string }) {
  return (
    <label className="flex min-h-11 items-center gap-3 text-base text-stone-900">
      <input type="checkbox" className="size-5 accent-brand-700" {...props} />
      {label}
    </label>
  );
}
