import type { ReactNode } from 'react';

/**
 * A labelled field with its error below, tied by aria-describedby (the booking form, the admin
 * dialogs). `required` marks it with an asterisk beside the label, for the eye only: the
 * field itself says it to assistive technology (`required`), and the label stays the field's name.
 */
export function FormField({
  id,
  label,
  error,
  required = false,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-baseline gap-1">
        <label htmlFor={id} className="text-sm font-medium text-stone-800">
          {label}
        </label>
        {required ? (
          <span aria-hidden="true" className="text-sm font-semibold text-red-700">
            *
          </span>
        ) : null}
      </div>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** aria-invalid and aria-describedby for a field with an error (FormField shows it as `${id}-error`). */
export function fieldErrorProps(error: string | undefined, id: string) {
  return error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};
}
