import { type FormEvent, type ReactNode, useMemo } from 'react';
import type { DefaultValues, FieldErrors, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { categoryKeyOf } from '../../../../shared/categories.ts';
import type { CountryCode } from '../../../../shared/countries.ts';
import { splitE164 } from '../../../../shared/phone.ts';
import { identityFields } from '../../../../shared/vendor-changes.schemas.ts';
import {
  signupIssueKey,
  signupMessages,
  type VendorAccountProfile,
  type VendorProfilePatchInput,
  vendorProfilePatchSchema,
} from '../../../../shared/vendor-signup.schemas.ts';
import type { WeeklyAvailability } from '../../../../shared/weekly-availability.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { currentLanguage } from '../../../i18n/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { BusinessFields, type BusinessValues } from '../../vendor-onboarding/components/business-fields.tsx';
import {
  SchedulingFields,
  type SchedulingValues,
} from '../../vendor-onboarding/components/scheduling-fields.tsx';
import { BusinessPhoneField, LabelledField } from '../../vendor-onboarding/components/vendor-fields.tsx';
import { WeeklyAvailabilityEditor } from '../../vendor-onboarding/components/weekly-availability-editor.tsx';
import { hoursToMinutes } from '../../vendor-onboarding/signup-form.ts';
import { useUpdateVendorAccountProfile } from '../api/use-vendor-account.ts';

/**
 * An editor's form schema: the fields as the inputs hold them, made into the patch the
 * editor sends and checked by the server's own vendorProfilePatchSchema; its issues are the form's.
 * The output is the patch itself (the server reads the phone with its country).
 */
function patchFormSchema<Values>(toPatch: (values: Values) => VendorProfilePatchInput) {
  return z.custom<Values>().transform((values, ctx) => {
    const patch = toPatch(values);
    const checked = vendorProfilePatchSchema.safeParse(patch);
    if (!checked.success)
      for (const { path, message } of checked.error.issues) ctx.addIssue({ code: 'custom', path, message });
    return patch;
  });
}

/** Saves a checked patch and closes the editor; an invalid one is product §5's message in a toast. */
function useSave(onDone: () => void) {
  const { t } = useTranslation();
  const update = useUpdateVendorAccountProfile();
  async function save(patch: VendorProfilePatchInput) {
    try {
      const saved = await update.mutateAsync(patch);
      // An approved vendor's identity waits for review (decision 055): say so rather than "saved".
      const waits = saved.pending_change && identityFields.some((field) => field in patch);
      toast.success(waits ? t('vendor.dashboard.change.savedPending') : t('vendor.dashboard.saved'));
      onDone();
    } catch {
      toast.error(t('vendor.wizard.errorTitle'), { description: t('vendor.dashboard.saveFailed') });
    }
  }
  function invalid(errors: FieldErrors<FieldValues>) {
    // The first failed field, as the schema reported it (a nested one, the week, has no message).
    const [field, error] = Object.entries(errors)[0] ?? [];
    if (!field) return;
    const message = typeof error?.message === 'string' ? error.message : '';
    const issue = signupIssueKey({ path: [field], message });
    toast.error(t('vendor.wizard.errorTitle'), { description: t(`vendor.wizard.validation.${issue}`) });
  }
  return { save, invalid, busy: update.isPending };
}

/**
 * An editor's form, checked by its patch schema (patchFormSchema), with what its frame needs: Save
 * sends the patch, Cancel closes. `update` sets the fields of a patch the shared step components hand
 * back, as the vendor's edit.
 */
function useEditorForm<Values extends FieldValues>(
  schema: z.ZodType<VendorProfilePatchInput, Values>,
  defaultValues: DefaultValues<Values>,
  onClose: () => void,
) {
  const { save, invalid, busy } = useSave(onClose);
  const form = useZodForm(schema, { defaultValues });
  const update = (patch: Partial<Values>) => {
    for (const key of Object.keys(patch) as Path<Values>[])
      form.setValue(key, patch[key] as never, { shouldDirty: true });
  };
  return { ...form, update, frame: { busy, onSubmit: form.handleSubmit(save, invalid), onCancel: onClose } };
}

/** Each editor edits the vendor's profile and closes once saved or cancelled. */
interface EditorProps {
  profile: VendorAccountProfile;
  onClose: () => void;
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
  onSubmit: (event: FormEvent) => Promise<void>;
  onCancel: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form
      aria-label={title}
      noValidate
      className="flex flex-col gap-4 rounded-2xl border border-brand-200 bg-white p-4"
      onSubmit={(e) => void onSubmit(e)}
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

interface ProfileFormValues extends BusinessValues {
  business_name: string;
  business_phone: string;
  business_phone_country: CountryCode;
}

/** Edit Profile: the wizard's step 1 business fields (no account fields) and its step 2. */
export function ProfileEditor({ profile, onClose }: EditorProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  // Opens with the change waiting for review, if any (decision 055): the vendor edits its latest
  // wish, and a field set back to its public value withdraws that part of the change.
  const pending = profile.pending_change?.fields ?? {};
  const phone = splitE164(pending.business_phone ?? profile.business_phone);
  const initialCategory = categoryKeyOf(pending.service_category ?? profile.service_category) ?? null;
  const schema = useMemo(
    () =>
      patchFormSchema<ProfileFormValues>((values) => ({
        business_name: values.business_name,
        ...(values.business_phone.trim()
          ? { business_phone: values.business_phone, business_phone_country: values.business_phone_country }
          : {}),
        bio: values.bio,
        experience_years: values.experience_years.trim() === '' ? null : Number(values.experience_years),
        // Sent only when changed: a stored category that names none stays until one is chosen.
        ...(values.category !== initialCategory && values.category
          ? { service_category: values.category }
          : {}),
        service_areas: values.service_areas as VendorProfilePatchInput['service_areas'],
        languages: values.languages as VendorProfilePatchInput['languages'],
        address: values.address,
      })),
    [initialCategory],
  );
  const {
    register,
    watch,
    update,
    frame,
    formState: { errors },
  } = useEditorForm(
    schema,
    {
      business_name: pending.business_name ?? profile.business_name,
      business_phone: phone.national,
      business_phone_country: phone.country,
      bio: profile.bio ?? '',
      experience_years: profile.experience_years === null ? '' : String(profile.experience_years),
      category: initialCategory,
      service_areas: profile.service_areas,
      languages: profile.languages,
      address: pending.address ?? profile.address ?? '',
    },
    onClose,
  );
  const values = watch();
  const phoneError =
    errors.business_phone?.message === signupMessages.invalidPhone
      ? t('vendor.wizard.validation.invalidPhone')
      : undefined;
  return (
    <EditorFrame title={t('vendor.dashboard.editProfile')} {...frame}>
      {profile.application_status === 'approved' ? (
        <p className="rounded-lg bg-blue-50 px-3 py-2 text-sm text-blue-950">
          {t('vendor.dashboard.change.editorNote')}
        </p>
      ) : null}
      <LabelledField id="edit-business-name" label={t('vendor.wizard.businessName')}>
        <Input id="edit-business-name" {...register('business_name')} />
      </LabelledField>
      <BusinessPhoneField id="edit-business-phone" value={values} onChange={update} error={phoneError} />
      <BusinessFields value={values} onChange={update} language={language} />
    </EditorFrame>
  );
}

const weekFormSchema = patchFormSchema<{ availability: WeeklyAvailability }>(({ availability }) => ({
  availability,
}));

/** Update Availability: the wizard's weekly editor. */
export function AvailabilityEditor({ profile, onClose }: EditorProps) {
  const { t } = useTranslation();
  const { watch, update, frame } = useEditorForm(
    weekFormSchema,
    { availability: profile.availability },
    onClose,
  );
  return (
    <EditorFrame title={t('vendor.dashboard.updateAvailability')} {...frame}>
      <p className="rounded-xl bg-brand-50 p-3 text-sm text-brand-900">{t('vendor.wizard.scheduleNote')}</p>
      <WeeklyAvailabilityEditor
        value={watch('availability')}
        onChange={(availability) => update({ availability })}
      />
    </EditorFrame>
  );
}

const num = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
const bookingSettingsFormSchema = patchFormSchema<SchedulingValues>((values) => ({
  buffer_minutes: num(values.buffer_minutes),
  advance_booking_days: num(values.advance_booking_days),
  lead_time_minutes: hoursToMinutes(values.lead_time_hours) ?? Number.NaN,
}));

/** Booking Settings: buffer, advance booking, lead time (hours in the form, minutes stored). */
export function BookingSettingsEditor({ profile, onClose }: EditorProps) {
  const { t } = useTranslation();
  const { watch, update, frame } = useEditorForm(
    bookingSettingsFormSchema,
    {
      buffer_minutes: String(profile.buffer_minutes),
      advance_booking_days: String(profile.advance_booking_days),
      lead_time_hours: String(profile.lead_time_minutes / 60),
    },
    onClose,
  );
  return (
    <EditorFrame title={t('vendor.dashboard.bookingSettingsButton')} {...frame}>
      <SchedulingFields value={watch()} onChange={update} />
    </EditorFrame>
  );
}
