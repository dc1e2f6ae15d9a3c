import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  type AdminCustomer,
  type AdminCustomerForm,
  adminCustomerFormSchema,
} from '../../../../shared/admin.schemas.ts';
import { isCategoryKey } from '../../../../shared/categories.ts';
import { splitE164 } from '../../../../shared/phone.ts';
import { CategoryToggles } from '../../../components/category-toggles.tsx';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useSaveCustomer } from '../api/use-admin-customers.ts';
import {
  FormDialog,
  PhoneFormField,
  SaveButton,
  saveToasts,
  TextField,
  useFieldErrors,
} from './form-field.tsx';

/** Add and edit customer (product §2, §5): display name required; phone stored as E.164. */
export function CustomerFormDialog({
  customer,
  open,
  onOpenChange,
}: {
  customer: AdminCustomer | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <FormDialog
      title={customer ? t('admin.customers.editTitle') : t('admin.customers.addTitle')}
      open={open}
      onOpenChange={onOpenChange}
    >
      <CustomerForm key={customer?.id ?? 'new'} customer={customer} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function CustomerForm({ customer, onDone }: { customer: AdminCustomer | null; onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const save = useSaveCustomer();
  // A guest: the `customers` row of someone who only booked. It keeps an email and has no
  // preferred categories.
  const guest = customer?.kind === 'booking_only';
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useZodForm(adminCustomerFormSchema, {
    defaultValues: {
      display_name: customer?.display_name ?? '',
      phone: splitE164(customer?.phone),
      email: customer?.email ?? '',
      preferred_categories: (customer?.preferred_categories ?? []).filter(isCategoryKey),
    } satisfies AdminCustomerForm,
  });

  const { text } = useFieldErrors();
  const errorText = {
    name: text(errors.display_name, 'text', t('admin.customers.displayNameRequired')),
    phone: text(errors.phone, 'phone'),
    email:
      errors.email?.type === 'guest' ? t('admin.customers.guestEmailRequired') : text(errors.email, 'email'),
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit(({ preferred_categories, ...contact }) => {
        if (guest && !contact.email) {
          setError('email', { type: 'guest' }, { shouldFocus: true });
          return;
        }
        save.mutate(
          {
            ...(customer ? { id: customer.id } : {}),
            input: guest ? contact : { ...contact, preferred_categories },
          },
          saveToasts(
            customer ? t('admin.toast.customerUpdated') : t('admin.toast.customerCreated'),
            t('admin.toast.customerSaveFailed'),
            onDone,
          ),
        );
      })}
      className="flex flex-col gap-4"
    >
      <TextField
        id={`${id}-name`}
        label={t('admin.customers.displayName')}
        error={errorText.name}
        required
        field={register('display_name')}
      />
      <PhoneFormField
        id={`${id}-phone`}
        label={t('admin.common.phone')}
        error={errorText.phone}
        control={control}
        name="phone"
      />
      <TextField
        id={`${id}-email`}
        label={t('admin.common.email')}
        error={errorText.email}
        type="email"
        autoComplete="off"
        field={register('email')}
      />
      {guest ? (
        <p className="text-sm text-stone-700">{t('admin.customers.guestNote')}</p>
      ) : (
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-medium text-stone-800">
            {t('admin.customers.preferredCategories')}
          </legend>
          <Controller
            control={control}
            name="preferred_categories"
            render={({ field: { value, onChange } }) => <CategoryToggles value={value} onChange={onChange} />}
          />
        </fieldset>
      )}
      <SaveButton pending={save.isPending} />
    </form>
  );
}
