import { clsx } from 'clsx';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AdminCustomer, adminCustomerInputSchema } from '../../../../shared/admin.schemas.ts';
import { browseCategories, type CategoryKey, isCategoryKey } from '../../../../shared/categories.ts';
import type { CountryCode } from '../../../../shared/countries.ts';
import { splitE164, toE164 } from '../../../../shared/phone.ts';
import { PhoneField } from '../../../components/phone-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { toast } from '../../../lib/toast.ts';
import { useSaveCustomer } from '../api/use-admin-customers.ts';
import { FormField } from './form-field.tsx';

/** Add and edit customer (spec §2, §5): display name required; phone stored as E.164. */
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
  const phone = splitE164(customer?.phone);
  const [name, setName] = useState(customer?.display_name ?? '');
  const [email, setEmail] = useState(customer?.email ?? '');
  const [country, setCountry] = useState<CountryCode>(phone.country);
  const [national, setNational] = useState(phone.national);
  const [categories, setCategories] = useState<CategoryKey[]>(
    (customer?.preferred_categories ?? []).filter(isCategoryKey),
  );
  const [errors, setErrors] = useState<Partial<Record<'name' | 'email' | 'phone', string>>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const e164 = national.trim() ? toE164(national, country) : '';
    const parsed = adminCustomerInputSchema.safeParse({
      display_name: name,
      phone: e164 ?? '',
      email: email.trim(),
      preferred_categories: categories,
    });
    const next: typeof errors = {};
    if (!name.trim()) next.name = t('admin.customers.displayNameRequired');
    if (e164 === undefined) next.phone = t('admin.common.invalidPhone');
    const emailIssue = parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === 'email');
    if (emailIssue) next.email = emailIssue.message;
    setErrors(next);
    if (Object.keys(next).length > 0 || !parsed.success) return;
    save.mutate(
      { ...(customer ? { id: customer.id } : {}), input: parsed.data },
      {
        onSuccess: () => {
          toast.success(customer ? t('admin.toast.customerUpdated') : t('admin.toast.customerCreated'));
          onDone();
        },
        onError: (err) => toast.error(t('admin.toast.customerSaveFailed'), { description: err.message }),
      },
    );
  }

  const invalid = (field: keyof typeof errors, fieldId: string) =>
    errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${fieldId}-error` } : {};

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <FormField id={`${id}-name`} label={t('admin.customers.displayName')} error={errors.name}>
        <Input
          id={`${id}-name`}
          value={name}
          required
          onChange={(e) => setName(e.target.value)}
          {...invalid('name', `${id}-name`)}
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
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium text-stone-800">
          {t('admin.customers.preferredCategories')}
        </legend>
        <div className="mt-1 flex flex-wrap gap-2">
          {browseCategories.map((key) => {
            const on = categories.includes(key);
            return (
              <button
                key={key}
                type="button"
                aria-pressed={on}
                onClick={() => setCategories((all) => (on ? all.filter((c) => c !== key) : [...all, key]))}
                className={clsx(
                  'h-9 rounded-full border px-3 text-sm font-medium transition-colors',
                  on
                    ? 'border-brand-700 bg-brand-700 text-white'
                    : 'border-stone-300 bg-white text-stone-800 hover:bg-stone-50',
                )}
              >
                {t(`categories.${key}`)}
              </button>
            );
          })}
        </div>
      </fieldset>
      <Button type="submit" size="lg" disabled={save.isPending}>
        {save.isPending ? t('admin.common.saving') : t('admin.common.save')}
      </Button>
    </form>
  );
}
