import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AdminVendor,
  type AdminVendorForm,
  adminVendorFormSchema,
  adminVendorInputSchema,
  adminVendorUpdateSchema,
} from '../../../../shared/admin.schemas.ts';
import { categoryKeyOf, categoryLabel, vendorCategories } from '../../../../shared/categories.ts';
import { applicationStatuses, pricingTypes } from '../../../../shared/constants.ts';
import { splitE164 } from '../../../../shared/phone.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useSaveVendor } from '../api/use-admin-vendors.ts';
import {
  Checkbox,
  FormDialog,
  PhoneFormField,
  SaveButton,
  SelectField,
  saveToasts,
  TextField,
  useFieldErrors,
} from './form-field.tsx';

/** Add and edit vendor (product §2, §5): business name required, email field, phone with its country. */
export function VendorFormDialog({
  vendor,
  open,
  onOpenChange,
}: {
  /** null: a new vendor. */
  vendor: AdminVendor | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <FormDialog
      title={vendor ? t('admin.vendors.editTitle') : t('admin.vendors.addTitle')}
      open={open}
      onOpenChange={onOpenChange}
    >
      {/* keyed so that each opening starts from the vendor's current values */}
      <VendorForm key={vendor?.id ?? 'new'} vendor={vendor} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function VendorForm({ vendor, onDone }: { vendor: AdminVendor | null; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const save = useSaveVendor();
  // A category stored before keys reads as its key; one that names none is kept choosable as it is.
  const stored = vendor?.service_category;
  const initialCategory: string = stored ? (categoryKeyOf(stored) ?? stored) : vendorCategories[0];
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useZodForm(adminVendorFormSchema, {
    defaultValues: {
      business_name: vendor?.business_name ?? '',
      service_category: initialCategory,
      business_email: vendor?.business_email ?? '',
      // product §5: stored as the dial code and the number, leading zeros removed (E.164).
      business_phone: splitE164(vendor?.business_phone),
      application_status: vendor?.application_status ?? 'approved',
      is_verified: vendor?.is_verified ?? false,
      pricing_type: vendor?.pricing_type ?? '',
    } satisfies AdminVendorForm,
  });
  // The selects are controlled (Controller), the text fields and the checkbox registered.
  const categories: readonly string[] = (vendorCategories as readonly string[]).includes(initialCategory)
    ? vendorCategories
    : [initialCategory, ...vendorCategories];

  const { text } = useFieldErrors();
  const errorText = {
    name: text(errors.business_name, 'text', t('admin.vendors.businessNameRequired')),
    email: text(errors.business_email, 'email'),
    phone: text(errors.business_phone, 'phone'),
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit((fields) =>
        save.mutate(
          // The update schema has the same checks, without the defaults a new vendor gets.
          vendor
            ? { id: vendor.id, input: adminVendorUpdateSchema.parse(fields) }
            : { input: adminVendorInputSchema.parse(fields) },
          saveToasts(
            vendor ? t('admin.toast.vendorUpdated') : t('admin.toast.vendorCreated'),
            t('admin.toast.vendorSaveFailed'),
            onDone,
          ),
        ),
      )}
      className="flex flex-col gap-4"
    >
      <TextField
        id={`${id}-name`}
        label={t('admin.vendors.businessName')}
        error={errorText.name}
        required
        field={register('business_name')}
      />
      <SelectField
        id={`${id}-category`}
        label={t('admin.vendors.category')}
        control={control}
        name="service_category"
      >
        {categories.map((c) => (
          <option key={c} value={c}>
            {categoryLabel(c, i18n.language)}
          </option>
        ))}
      </SelectField>
      <TextField
        id={`${id}-email`}
        label={t('admin.common.email')}
        error={errorText.email}
        type="email"
        autoComplete="off"
        field={register('business_email')}
      />
      <PhoneFormField
        id={`${id}-phone`}
        label={t('admin.common.phone')}
        error={errorText.phone}
        control={control}
        name="business_phone"
      />
      <SelectField
        id={`${id}-status`}
        label={t('admin.vendors.status')}
        control={control}
        name="application_status"
      >
        {applicationStatuses.map((s) => (
          <option key={s} value={s}>
            {t(`admin.vendors.statuses.${s}`)}
          </option>
        ))}
      </SelectField>
      <SelectField
        id={`${id}-pricing`}
        label={t('admin.vendors.pricingType')}
        control={control}
        name="pricing_type"
      >
        <option value="">{t('admin.vendors.pricingNone')}</option>
        {pricingTypes.map((p) => (
          <option key={p} value={p}>
            {t(`admin.vendors.pricing.${p}`)}
          </option>
        ))}
      </SelectField>
      <Checkbox label={t('admin.vendors.verified')} {...register('is_verified')} />
      <SaveButton pending={save.isPending} />
    </form>
  );
}
