import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { formatDuration, priceText } from '../../../../shared/money.ts';
import { serviceLocations } from '../../../../shared/service-location.ts';
import { type VendorService, vendorServiceSchema } from '../../../../shared/vendor-signup.schemas.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { toast } from '../../../lib/toast.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { ServiceFields } from '../../vendor-onboarding/components/service-fields.tsx';
import { LabelledField } from '../../vendor-onboarding/components/vendor-fields.tsx';
import { serviceOfDraft } from '../../vendor-onboarding/service-draft.ts';
import {
  useDeactivateVendorService,
  useSaveVendorService,
  useVendorServices,
} from '../api/use-vendor-account.ts';
import { DashboardSection, useRunWithToasts } from './dashboard-section.tsx';

/** The vendor's services: add, edit, deactivate — name, description, price in MXN, duration. */
export function ServicesSection() {
  const { t, i18n } = useTranslation();
  const services = useVendorServices();
  const deactivate = useDeactivateVendorService();
  const save = useSaveVendorService();
  const [editing, setEditing] = useState<VendorService | 'new' | null>(null);
  const items = services.data?.items ?? [];
  const run = useRunWithToasts();

  async function setActive(service: VendorService, active: boolean) {
    if (!active && !window.confirm(t('vendor.dashboard.services.confirmDeactivate', { name: service.name })))
      return;
    await run(
      () =>
        active
          ? save.mutateAsync({ id: service.id, input: { is_active: true } })
          : deactivate.mutateAsync(service.id),
      t('vendor.dashboard.services.savedToast'),
      t('vendor.dashboard.services.failed'),
    );
  }

  return (
    <DashboardSection
      titleId="services-title"
      title={t('vendor.dashboard.services.title')}
      action={
        editing === null ? (
          <Button size="sm" variant="soft" onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" className="size-4" />
            {t('vendor.dashboard.services.add')}
          </Button>
        ) : null
      }
    >
      {editing !== null ? (
        <ServiceForm service={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      ) : null}
      {services.isSuccess && items.length === 0 ? (
        <p className="text-sm text-stone-600">{t('vendor.dashboard.services.empty')}</p>
      ) : null}
      <ul className="flex flex-col divide-y divide-stone-100">
        {items.map((service) => {
          // An active service is deactivated, an inactive one activated again.
          const toggle = service.is_active ? 'deactivate' : 'activate';
          return (
            <li key={service.id} className="flex flex-col gap-2 py-3">
              <div className="flex items-start justify-between gap-3">
                <div>
                  <p className="font-medium text-stone-900">{service.name}</p>
                  {service.description ? (
                    <p className="text-sm text-stone-600">{service.description}</p>
                  ) : null}
                  <p className="text-sm text-stone-700">
                    {priceText(service.price_cents, i18n.language)} ·{' '}
                    {formatDuration(service.duration_minutes)}
                  </p>
                </div>
                {!service.is_active ? <Badge>{t('vendor.dashboard.services.inactive')}</Badge> : null}
              </div>
              <div className="flex gap-2">
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={t('vendor.dashboard.services.editLabel', { name: service.name })}
                  onClick={() => setEditing(service)}
                >
                  {t('vendor.dashboard.services.edit')}
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={t(`vendor.dashboard.services.${toggle}Label`, { name: service.name })}
                  onClick={() => void setActive(service, !service.is_active)}
                >
                  {t(`vendor.dashboard.services.${toggle}`)}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </DashboardSection>
  );
}

/**
 * The service form: the wizard's service draft (pesos as typed, '' for the category's place) and a
 * description, checked by vendorServiceSchema as the API checks it.
 */
const serviceFormSchema = z
  .object({
    name: z.string(),
    description: z.string(),
    price: z.string(),
    duration: z.string(),
    location: z.enum(['', ...serviceLocations]),
  })
  .transform(({ description, ...draft }, ctx) => {
    const checked = vendorServiceSchema.safeParse({
      ...serviceOfDraft(draft),
      description: description.trim() || null,
    });
    if (checked.success) return checked.data;
    for (const { path, message } of checked.error.issues) ctx.addIssue({ code: 'custom', path, message });
    return z.NEVER;
  });

function ServiceForm({ service, onClose }: { service: VendorService | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveVendorService();
  const { register, handleSubmit } = useZodForm(serviceFormSchema, {
    defaultValues: {
      name: service?.name ?? '',
      description: service?.description ?? '',
      price: service ? String(service.price_cents / 100) : '',
      duration: service ? String(service.duration_minutes) : '60',
      location: service?.location ?? '',
    },
  });

  const submit = handleSubmit(
    async (input) => {
      try {
        await save.mutateAsync({ id: service?.id, input });
        toast.success(t('vendor.dashboard.services.savedToast'));
        onClose();
      } catch {
        toast.error(t('vendor.wizard.errorTitle'), { description: t('vendor.dashboard.services.failed') });
      }
    },
    // product §8: the dashboard says it in a toast.
    () => toast.error(t('vendor.wizard.errorTitle'), { description: t('vendor.dashboard.services.invalid') }),
  );

  return (
    <form
      noValidate
      aria-label={
        service
          ? t('vendor.dashboard.services.editLabel', { name: service.name })
          : t('vendor.dashboard.services.add')
      }
      className="flex flex-col gap-3 rounded-xl border border-brand-200 p-3"
      onSubmit={(e) => void submit(e)}
    >
      <ServiceFields idPrefix="service" field={(name) => register(name)} />
      <LabelledField id="service-description" label={t('vendor.dashboard.services.description')}>
        <Input id="service-description" {...register('description')} />
      </LabelledField>
      <div className="flex gap-3">
        <Button variant="secondary" className="flex-1" onClick={onClose}>
          {t('vendor.dashboard.cancel')}
        </Button>
        <Button type="submit" className="flex-1" disabled={save.isPending}>
          {save.isPending ? t('vendor.dashboard.saving') : t('vendor.dashboard.save')}
        </Button>
      </div>
    </form>
  );
}
