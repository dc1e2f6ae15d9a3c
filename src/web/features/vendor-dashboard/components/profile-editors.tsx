import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { signupCategories } from '../../../../shared/categories.ts';
import { splitE164 } from '../../../../shared/phone.ts';
import {
  signupIssueKey,
  type VendorAccountProfile,
  type VendorProfilePatchInput,
  vendorProfilePatchSchema,
} from '../../../../shared/vendor-signup.schemas.ts';
import type { WeeklyAvailability } from '../../../../shared/weekly-availability.ts';
import { PhoneField } from '../../../components/phone-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { currentLanguage } from '../../../i18n/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { BusinessFields, type BusinessValues } from '../../vendor-onboarding/components/business-fields.tsx';
import {
  SchedulingFields,
  type SchedulingValues,
} from '../../vendor-onboarding/components/scheduling-fields.tsx';
import { WeeklyAvailabilityEditor } from '../../vendor-onboarding/components/weekly-availability-editor.tsx';
import { categoryValue, hoursToMinutes } from '../../vendor-onboarding/signup-form.ts';
import { useUpdateVendorAccountProfile } from '../api/use-vendor-account.ts';

/** Saves a patch, validated first by the server's own schema; closes the editor on success. */
function useSave(onDone: () => void) {
  const { t } = useTranslation();
  const update = useUpdateVendorAccountProfile();
  async function save(patch: VendorProfilePatchInput) {
    const checked = vendorProfilePatchSchema.safeParse(patch);
    if (!checked.success) {
      const issue = signupIssueKey(checked.error.issues[0]!);
      const v = 'vendor.wizard.validation';
      toast.error(t('vendor.wizard.errorTitle'), { description: t(`${v}.${issue}`) });
      return;
    }
    try {
      await update.mutateAsync(patch);
      toast.success(t('vendor.dashboard.saved'));
      onDone();
    } catch {
      toast.error(t('vendor.wizard.errorTitle'), { description: t('vendor.dashboard.saveFailed') });
    }
  }
  return { save, busy: update.isPending };
}

function EditorFrame({
  title,
  busy,
  onSubmit,
  onCancel,
  children,
}: {
  title: string;
  busy: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form
      aria-label={title}
      noValidate
      className="flex flex-col gap-4 rounded-2xl border border-brand-200 bg-white p-4"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <h3 className="font-semibold text-stone-900">{title}</h3>
      {children}
      <div className="flex gap-3">
        <Button variant="secondary" className="flex-1" onClick={onCancel}>
          {t('vendor.dashboard.cancel')}
        </Button>
        <Button type="submit" className="flex-1" disabled={busy}>
          {busy ? t('vendor.dashboard.saving') : t('vendor.dashboard.save')}
        </Button>
      </div>
    </form>
  );
}

const categoryIndexOf = (stored: string) => {
  const index = signupCategories.findIndex((c) => c.en === stored || c.es === stored);
  return index === -1 ? null : index;
};

/** Edit Profile: the wizard's step 1 business fields (no account fields) and its step 2. */
export function ProfileEditor({ profile, onClose }: { profile: VendorAccountProfile; onClose: () => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { save, busy } = useSave(onClose);
  const phone = splitE164(profile.business_phone);
  const initialCategory = categoryIndexOf(profile.service_category);
  const [name, setName] = useState(profile.business_name);
  const [country, setCountry] = useState(phone.country);
  const [national, setNational] = useState(phone.national);
  const [business, setBusiness] = useState<BusinessValues>({
    bio: profile.bio ?? '',
    experience_years: profile.experience_years === null ? '' : String(profile.experience_years),
    category_index: initialCategory,
    service_areas: profile.service_areas,
    languages: profile.languages,
    address: profile.address ?? '',
  });
  function submit() {
    const categoryChanged = business.category_index !== initialCategory;
    void save({
      business_name: name,
      ...(national.trim() ? { business_phone: national, business_phone_country: country } : {}),
      bio: business.bio,
      experience_years: business.experience_years.trim() === '' ? null : Number(business.experience_years),
      // A category an admin typed outside the signup list stays as it is until one is chosen.
      ...(categoryChanged
        ? { service_category: categoryValue(business.category_index, language === 'es-MX' ? 'es-MX' : 'en') }
        : {}),
      service_areas: business.service_areas as VendorProfilePatchInput['service_areas'],
      languages: business.languages as VendorProfilePatchInput['languages'],
      address: business.address,
    });
  }
  return (
    <EditorFrame title={t('vendor.dashboard.editProfile')} busy={busy} onSubmit={submit} onCancel={onClose}>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="edit-business-name" className="text-sm font-medium text-stone-800">
          {t('vendor.wizard.businessName')}
        </label>
        <Input id="edit-business-name" value={name} onChange={(e) => setName(e.target.value)} />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="edit-business-phone" className="text-sm font-medium text-stone-800">
          {t('vendor.wizard.phone')}
        </label>
        <PhoneField
          id="edit-business-phone"
          country={country}
          national={national}
          onCountryChange={setCountry}
          onNationalChange={setNational}
        />
      </div>
      <BusinessFields
        value={business}
        onChange={(patch) => setBusiness((b) => ({ ...b, ...patch }))}
        language={language}
      />
    </EditorFrame>
  );
}

/** Update Availability: the wizard's weekly editor. */
export function AvailabilityEditor({
  profile,
  onClose,
}: {
  profile: VendorAccountProfile;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { save, busy } = useSave(onClose);
  const [availability, setAvailability] = useState<WeeklyAvailability>(profile.availability);
  return (
    <EditorFrame
      title={t('vendor.dashboard.updateAvailability')}
      busy={busy}
      onSubmit={() => void save({ availability })}
      onCancel={onClose}
    >
      <p className="rounded-xl bg-brand-50 p-3 text-sm text-brand-900">{t('vendor.wizard.scheduleNote')}</p>
      <WeeklyAvailabilityEditor value={availability} onChange={setAvailability} />
    </EditorFrame>
  );
}

/** Booking Settings: buffer, advance booking, lead time (hours in the form, minutes stored). */
export function BookingSettingsEditor({
  profile,
  onClose,
}: {
  profile: VendorAccountProfile;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { save, busy } = useSave(onClose);
  const [values, setValues] = useState<SchedulingValues>({
    buffer_minutes: String(profile.buffer_minutes),
    advance_booking_days: String(profile.advance_booking_days),
    lead_time_hours: String(profile.lead_time_minutes / 60),
  });
  const num = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
  return (
    <EditorFrame
      title={t('vendor.dashboard.bookingSettingsButton')}
      busy={busy}
      onSubmit={() =>
        void save({
          buffer_minutes: num(values.buffer_minutes),
          advance_booking_days: num(values.advance_booking_days),
          lead_time_minutes: hoursToMinutes(values.lead_time_hours) ?? Number.NaN,
        })
      }
      onCancel={onClose}
    >
      <SchedulingFields value={values} onChange={(patch) => setValues((v) => ({ ...v, ...patch }))} />
    </EditorFrame>
  );
}
