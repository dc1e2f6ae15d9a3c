import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AdminVendor,
  adminVendorInputSchema,
  adminVendorUpdateSchema,
} from '../../../../shared/admin.schemas.ts';
import { adminCategories } from '../../../../shared/categories.ts';
import {
  type ApplicationStatus,
  applicationStatuses,
  type PricingType,
  pricingTypes,
} from '../../../../shared/constants.ts';
import type { CountryCode } from '../../../../shared/countries.ts';
import { splitE164, toE164 } from '../../../../shared/phone.ts';
import { PhoneField } from '../../../components/phone-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { toast } from '../../../lib/toast.ts';
import { useSaveVendor } from '../api/use-admin-vendors.ts';
import { Checkbox, FormField, Select } from './form-field.tsx';

/** Add and edit vendor (spec §2, §5): business name required, email field, phone with its country. */
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
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={vendor ? t('admin.vendors.editTitle') : t('admin.vendors.addTitle')}
        closeLabel={t('admin.common.cancel')}
      >
        {/* keyed so that each opening starts from the vendor's current values */}
        <VendorForm key={vendor?.id ?? 'new'} vendor={vendor} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function VendorForm({ vendor, onDone }: { vendor: AdminVendor | null; onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const save = useSaveVendor();
  const phone = splitE164(vendor?.business_phone);
  const [name, setName] = useState(vendor?.business_name ?? '');
  const [category, setCategory] = useState<string>(vendor?.service_category ?? adminCategories[0]);
  const [email, setEmail] = useState(vendor?.business_email ?? '');
  const [country, setCountry] = useState<CountryCode>(phone.country);
  const [national, setNational] = useState(phone.national);
  const [status, setStatus] = useState<ApplicationStatus>(vendor?.application_status ?? 'approved');
  const [verified, setVerified] = useState(vendor?.is_verified ?? false);
  const [pricing, setPricing] = useState<PricingType | ''>(vendor?.pricing_type ?? '');
  const [errors, setErrors] = useState<Partial<Record<'name' | 'email' | 'phone', string>>>({});
  // A vendor from the signup wizard may have a category outside the admin list: keep it choosable.
  const categories: readonly string[] = (adminCategories as readonly string[]).includes(category)
    ? adminCategories
    : [category, ...adminCategories];

  function submit(event: FormEvent) {
    event.preventDefault();
    // spec §5: stored as the dial code and the number, leading zeros removed (E.164).
    const e164 = national.trim() ? toE164(national, country) : '';
    // Only the fields this form shows: the bio and address are the vendor's to write (issue 28:
    // sending them back as read when the dialog opened would undo the vendor's edits since).
    const fields = {
      business_name: name,
      service_category: category,
      business_email: email.trim(),
      business_phone: e164 ?? '',
      application_status: status,
      is_verified: verified,
      pricing_type: pricing || null,
    };
    const parsed = adminVendorInputSchema.safeParse(fields);
    const next: typeof errors = {};
    if (!name.trim()) next.name = t('admin.vendors.businessNameRequired');
    if (e164 === undefined) next.phone = t('admin.common.invalidPhone');
    if (!parsed.success && parsed.error.issues.some((i) => i.path[0] === 'business_email')) {
      next.email = parsed.error.issues.find((i) => i.path[0] === 'business_email')?.message;
    }
    setErrors(next);
    if (Object.keys(next).length > 0 || !parsed.success) return;
    save.mutate(
      // The update schema has the same checks, without the defaults a new vendor gets.
      vendor ? { id: vendor.id, input: adminVendorUpdateSchema.parse(fields) } : { input: parsed.data },
      {
        onSuccess: () => {
          toast.success(vendor ? t('admin.toast.vendorUpdated') : t('admin.toast.vendorCreated'));
          onDone();
        },
        onError: (err) => toast.error(t('admin.toast.vendorSaveFailed'), { description: err.message }),
      },
    );
  }

  const invalid = (field: keyof typeof errors, fieldId: string) =>
    errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${fieldId}-error` } : {};

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <FormField id={`${id}-name`} label={t('admin.vendors.businessName')} error={errors.name}>
        <Input
          id={`${id}-name`}
          value={name}
          required
          onChange={(e) => setName(e.target.value)}
          {...invalid('name', `${id}-name`)}
        />
      </FormField>
      <FormField id={`${id}-category`} label={t('admin.vendors.category')}>
        <Select id={`${id}-category`} value={category} onChange={(e) => setCategory(e.target.value)}>
          {categories.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField id={`${id}-email`} label={t('admin.common.email')} error={errors.email}>
        <Input
          id={`${id}-email`}
          type="email"
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          {...invalid('email', `${id}-email`)}
        />
      </FormField>
      <FormField id={`${id}-phone`} label={t('admin.common.phone')} error={errors.phone}>
        <PhoneField
          id={`${id}-phone`}
          country={country}
          national={national}
          onCountryChange={setCountry}
          onNationalChange={setNational}
          invalid={Boolean(errors.phone)}
          {...(errors.phone ? { describedBy: `${id}-phone-error` } : {})}
        />
      </FormField>
      <FormField id={`${id}-status`} label={t('admin.vendors.status')}>
        <Select
          id={`${id}-status`}
          value={status}
          onChange={(e) => setStatus(e.target.value as ApplicationStatus)}
        >
          {applicationStatuses.map((s) => (
            <option key={s} value={s}>
              {t(`admin.vendors.statuses.${s}`)}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField id={`${id}-pricing`} label={t('admin.vendors.pricingType')}>
        <Select
          id={`${id}-pricing`}
          value={pricing}
          onChange={(e) => setPricing(e.target.value as PricingType | '')}
        >
          <option value="">{t('admin.vendors.pricingNone')}</option>
          {pricingTypes.map((p) => (
            <option key={p} value={p}>
              {t(`admin.vendors.pricing.${p}`)}
            </option>
          ))}
        </Select>
      </FormField>
      <Checkbox
        label={t('admin.vendors.verified')}
        checked={verified}
        onChange={(e) => setVerified(e.target.checked)}
      />
      <Button type="submit" size="lg" disabled={save.isPending}>
        {save.isPending ? t('admin.common.saving') : t('admin.common.save')}
      </Button>
    </form>
  );
}
