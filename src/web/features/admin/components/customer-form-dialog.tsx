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
import { FormField } from '../../../components/form-field.tsx';
import { PhoneValueField } from '../../../components/phone-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { toast } from '../../../lib/toast.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useSaveCustomer } from '../api/use-admin-customers.ts';
import { useFieldErrors } from './form-field.tsx';

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
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={customer ? t('admin.customers.editTitle') : t('admin.customers.addTitle')}
        closeLabel={t('admin.common.cancel')}
      >
        <CustomerForm key={customer?.id ?? 'new'} customer={customer} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
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

  const { text, invalid } = useFieldErrors();
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
          {
            onSuccess: () => {
              toast.success(customer ? t('admin.toast.customerUpdated') : t('admin.toast.customerCreated'));
              onDone();
            },
            onError: (err) => toast.error(t('admin.toast.customerSaveFailed'), { description: err.message }),
          },
        );
      })}
      className="flex flex-col gap-4"
    >
      <FormField id={`${id}-name`} label={t('admin.customers.displayName')} error={errorText.name}>
        <Input
          id={`${id}-name`}
          required
          {...register('display_name')}
          {...invalid(errorText.name, `${id}-name`)}
        />
      </FormField>
      <FormField id={`${id}-phone`} label={t('admin.common.phone')} error={errorText.phone}>
        <Controller
          control={control}
          name="phone"
          render={({ field }) => (
            <PhoneValueField
              id={`${id}-phone`}
              value={field.value}
              onChange={field.onChange}
              error={errorText.phone}
            />
          )}
        />
      </FormField>
      <FormField id={`${id}-email`} label={t('admin.common.email')} error={errorText.email}>
        <Input
          id={`${id}-email`}
          type="email"
          autoComplete="off"
          {...register('email')}
          {...invalid(errorText.email, `${id}-email`)}
        />
      </FormField>
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
      <Button type="submit" size="lg" disabled={save.isPending}>
        {save.isPending ? t('admin.common.saving') : t('admin.common.save')}
      </Button>
    </form>
  );
}
