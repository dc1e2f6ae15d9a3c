import { clsx } from 'clsx';
import type { ComponentProps, ReactNode } from 'react';
import {
  type Control,
  Controller,
  type FieldPath,
  type FieldPathByValue,
  type FieldValues,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField, fieldErrorProps } from '../../../components/form-field.tsx';
import { type PhoneValue, PhoneValueField } from '../../../components/phone-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { toast } from '../../../lib/toast.ts';
import { adminErrorToast } from '../admin-error-toast.ts';

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
      // Another refusal of the schema (its message is the contract's English): said plainly.
      return error.type === 'too_big' ? t('admin.common.tooLong') : t('admin.common.invalidValue');
    },
    invalid: fieldErrorProps,
  };
}

/** An admin dialog holding a form; Escape, the close button and Cancel all close it. */
export function FormDialog({
  title,
  open,
  onOpenChange,
  children,
}: {
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={title} closeLabel={t('admin.common.cancel')}>
        {children}
      </DialogContent>
    </Dialog>
  );
}

/** A text field registered with its form (`field`: what `register` gives), its error said below it. */
export function TextField({
  id,
  label,
  error,
  field,
  ...props
}: Omit<ComponentProps<'input'>, 'id'> & {
  id: string;
  label: string;
  error: string | undefined;
  field: UseFormRegisterReturn;
}) {
  return (
    <FormField id={id} label={label} error={error}>
      <Input id={id} {...props} {...field} {...fieldErrorProps(error, id)} />
    </FormField>
  );
}

/** A phone with its country picker, controlled by its form, its error said below it. */
export function PhoneFormField<Form extends FieldValues, Output>({
  id,
  label,
  error,
  control,
  name,
}: {
  id: string;
  label: string;
  error: string | undefined;
  /** The form's, whatever its schema turns the values into. */
  control: Control<Form, unknown, Output>;
  name: FieldPathByValue<Form, PhoneValue>;
}) {
  return (
    <FormField id={id} label={label} error={error}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <PhoneValueField id={id} value={field.value} onChange={field.onChange} error={error} />
        )}
      />
    </FormField>
  );
}

/** A select controlled by its form (Controller): its options are the children. */
export function SelectField<Form extends FieldValues, Output>({
  id,
  label,
  control,
  name,
  children,
}: {
  id: string;
  label: string;
  /** The form's, whatever its schema turns the values into. */
  control: Control<Form, unknown, Output>;
  name: FieldPath<Form>;
  children: ReactNode;
}) {
  return (
    <FormField id={id} label={label}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Select id={id} {...field}>
            {children}
          </Select>
        )}
      />
    </FormField>
  );
}

/** A dialog's Save, which says Saving… and waits while the request is under way. */
export function SaveButton({ pending, disabled = false }: { pending: boolean; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <Button type="submit" size="lg" disabled={disabled || pending}>
      {pending ? t('admin.common.saving') : t('admin.common.save')}
    </Button>
  );
}

/** A dialog's save as `mutate` takes it: its toast, then `onDone`; a refusal said with its reason. */
export function saveToasts(saved: string, failed: string, onDone: () => void) {
  return {
    onSuccess: () => {
      toast.success(saved);
      onDone();
    },
    onError: (err: Error) => adminErrorToast(failed, { error: err }),
  };
}
