import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField, fieldErrorProps } from '../../../components/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import type { ServiceDraft } from '../service-draft.ts';

/** What each input gets: react-hook-form's `register(name)`, or a value and its onChange. */
interface FieldProps {
  name?: string;
  value?: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => unknown;
  onBlur?: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => unknown;
  ref?: (instance: HTMLElement | null) => void;
}

/**
 * A service's name, price (MXN, 0 for free), duration and place: the wizard's services step and the
 * dashboard's service form. `errors`: a message under each field that has one.
 */
export function ServiceFields({
  idPrefix,
  field,
  errors = {},
}: {
  idPrefix: string;
  field: (name: keyof ServiceDraft) => FieldProps;
  errors?: Partial<Record<keyof ServiceDraft, string>>;
}) {
  const { t } = useTranslation();
  const id = (name: keyof ServiceDraft) => `${idPrefix}-${name}`;
  const s = 'vendor.dashboard.services';
  return (
    <>
      <FormField id={id('name')} label={t(`${s}.name`)} error={errors.name}>
        <Input id={id('name')} {...fieldErrorProps(errors.name, id('name'))} {...field('name')} />
      </FormField>
      <div className="grid grid-cols-2 gap-3">
        <FormField id={id('price')} label={t(`${s}.price`)} error={errors.price}>
          <Input
            id={id('price')}
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            {...fieldErrorProps(errors.price, id('price'))}
            {...field('price')}
          />
        </FormField>
        <FormField id={id('duration')} label={t(`${s}.duration`)} error={errors.duration}>
          <Input
            id={id('duration')}
            type="number"
            inputMode="numeric"
            min={5}
            max={1440}
            {...fieldErrorProps(errors.duration, id('duration'))}
            {...field('duration')}
          />
        </FormField>
      </div>
      <FormField id={id('location')} label={t(`${s}.location`)}>
        <select
          id={id('location')}
          {...field('location')}
          className="h-12 w-full rounded-xl border border-stone-300 bg-white px-3 text-base text-stone-900 shadow-xs focus:border-brand-700 focus:outline-none focus-visible:outline-2"
        >
          <option value="">{t(`${s}.locationDefault`)}</option>
          <option value="customer">{t(`${s}.locationCustomer`)}</option>
          <option value="vendor">{t(`${s}.locationVendor`)}</option>
          <option value="online">{t(`${s}.locationOnline`)}</option>
        </select>
      </FormField>
    </>
  );
}
