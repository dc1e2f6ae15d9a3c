import { clsx } from 'clsx';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorProps } from '../../../components/form-field.tsx';

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

/**
 * What the admin dialogs say of a field the shared schema refused, in the UI's language: a required
 * field left empty (`required`: its own message), one too long, an email or a phone that is not one.
 */
export function useFieldErrors() {
  const { t } = useTranslation();
  return {
    text: (
      error: { type?: unknown; message?: string | undefined } | undefined,
      kind: 'text' | 'email' | 'phone',
      required?: string,
    ): string | undefined => {
      if (!error) return undefined;
      if (kind === 'phone') return t('admin.common.invalidPhone');
      if (kind === 'email') return t('admin.common.invalidEmail');
      if (error.type === 'too_small' && required) return required;
      return error.type === 'too_big' ? t('admin.common.tooLong') : error.message;
    },
    invalid: fieldErrorProps,
  };
}
