import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CountryCode } from '../../../../shared/countries.ts';
import { FormField } from '../../../components/form-field.tsx';
import { PhoneField } from '../../../components/phone-field.tsx';
import { Input } from '../../../components/ui/input.tsx';

// The pieces of the vendor's own forms: the signup wizard and the dashboard's editors.

/** After a label: the field may stay empty. */
export function OptionalMark() {
  const { t } = useTranslation();
  return (
    <>
      {' '}
      <span className="font-normal text-stone-600">({t('vendor.wizard.optional')})</span>
    </>
  );
}

/**
 * A field with its label above it (`optional`: the label says it may stay empty) and its error
 * below (`${id}-error`, which the field names with fieldErrorProps).
 */
export function LabelledField({
  id,
  label,
  optional = false,
  error,
  children,
}: {
  id: string;
  label: string;
  optional?: boolean;
  error?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-stone-800">
        {label}
        {optional ? <OptionalMark /> : null}
      </label>
      {children}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A field's error under it, named `${id}-error` (fieldErrorProps points the field at it). */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={`${id}-error`} className="text-sm text-red-700">
      {error}
    </p>
  ) : null;
}

/**
 * A number with its label above it, typed on the phone's number pad (`inputMode` numeric unless
 * given); `children` go below the field (a hint).
 */
export function NumberField({
  id,
  label,
  error,
  children,
  ...input
}: Omit<ComponentProps<'input'>, 'id' | 'type'> & {
  id: string;
  label: string;
  error?: string | undefined;
  children?: ReactNode;
}) {
  // The error is read after any hint the field has.
  const describedBy = [input['aria-describedby'], error ? `${id}-error` : undefined]
    .filter(Boolean)
    .join(' ');
  return (
    <LabelledField id={id} label={label} error={error}>
      <Input
        id={id}
        type="number"
        inputMode="numeric"
        {...input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {children}
    </LabelledField>
  );
}

/**
 * A choice of several in a grid of checkboxes two wide, which scrolls past its height
 * (`gridClassName` holds it).
 */
export function CheckboxGrid({
  legend,
  gridClassName,
  options,
  checked,
  onToggle,
}: {
  legend: ReactNode;
  gridClassName: string;
  options: readonly { value: string; label: string }[];
  checked: readonly string[];
  onToggle: (value: string) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 text-sm font-medium text-stone-800">{legend}</legend>
      <div className={gridClassName}>
        {options.map(({ value, label }) => (
          <label
            key={value}
            className="flex min-h-11 items-center gap-2 rounded-lg px-2 text-sm text-stone-800"
          >
            <input
              type="checkbox"
              className="size-5 accent-brand-700"
              checked={checked.includes(value)}
              onChange={() => onToggle(value)}
            />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The phone and its country as the vendor's forms keep them. */
export interface BusinessPhone {
  business_phone_country: CountryCode;
  business_phone: string;
}

/** The business's WhatsApp phone with its country; `error`: it is not a number, said under it. */
export function BusinessPhoneField({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: BusinessPhone;
  onChange: (patch: Partial<BusinessPhone>) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <FormField id={id} label={t('vendor.wizard.phone')} error={error}>
      <PhoneField
        id={id}
        country={value.business_phone_country}
        national={value.business_phone}
        onCountryChange={(business_phone_country) => onChange({ business_phone_country })}
        onNationalChange={(business_phone) => onChange({ business_phone })}
        invalid={Boolean(error)}
        {...(error ? { describedBy: `${id}-error` } : {})}
      />
    </FormField>
  );
}
