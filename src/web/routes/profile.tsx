import { Settings } from 'lucide-react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { defaultCountry } from '../../shared/countries.ts';
import { dateTimeFormat } from '../../shared/date-format.ts';
import { splitE164 } from '../../shared/phone.ts';
import {
  type MeResponse,
  profileFormSchema,
  profileMessages,
  type UpdateProfileInput,
} from '../../shared/profile.schemas.ts';
import { Avatar } from '../components/avatar.tsx';
import { CategoryToggles } from '../components/category-toggles.tsx';
import { PhoneField } from '../components/phone-field.tsx';
import { Button } from '../components/ui/button.tsx';
import { Input } from '../components/ui/input.tsx';
import { useAuth } from '../features/auth/auth-context.tsx';
import { RecommendationsList } from '../features/contacts/components/recommendations-list.tsx';
import { useUpdateProfile } from '../features/profile/api/use-update-profile.ts';
import { CloseButton } from '../features/profile/components/close-button.tsx';
import { currentLanguage } from '../i18n/i18n.ts';
import { errorTextNow } from '../lib/error-text.ts';
import { paths } from '../lib/paths.ts';
import { toast } from '../lib/toast.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { useZodForm } from '../lib/use-zod-form.ts';

/**
 * My Profile (/profile, product §2) with the signed-in user's real data (ARCHITECTURE §12): name, phone,
 * avatar and preferred categories, editable. Behind RequireAuth, so a user is always there.
 */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('screens.profile'));
  const { user, profile, vendorProfileId } = useAuth();
  if (!user) return null;
  return (
    <div className="flex flex-col gap-6 py-2">
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight text-stone-900">{t('screens.profile')}</h1>
        <CloseButton label={t('auth.profile.close')} />
      </div>
      <ProfileCard user={user} profile={profile} />
      <ProfileForm key={profile?.id ?? 'new'} user={user} profile={profile} />
      {/* The recommended vendors from the user's contacts. */}
      <RecommendationsList titleKey="contacts.list.profileTitle" />
      <nav className="flex flex-col gap-2">
        <Button asChild variant="secondary" size="lg">
          <Link to={paths.settings.to()}>
            <Settings aria-hidden="true" className="size-5" />
            {t('auth.profile.settings')}
          </Link>
        </Button>
        {vendorProfileId ? (
          <Button asChild variant="secondary" size="lg">
            <Link to={paths.vendorDashboard.to()}>{t('auth.profile.vendorDashboard')}</Link>
          </Button>
        ) : null}
      </nav>
    </div>
  );
}

function ProfileCard({ user, profile }: { user: MeResponse['user']; profile: MeResponse['profile'] }) {
  const { t } = useTranslation();
  const name = profile?.display_name || user.name || user.email;
  const since = profile ? new Date(profile.created_at) : undefined;
  return (
    <section className="flex items-center gap-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-xs">
      <Avatar name={name} src={profile?.avatar_url ?? user.image} className="size-16 text-xl" />
      <div className="min-w-0">
        <p className="truncate text-lg font-semibold text-stone-900">{name}</p>
        <p className="truncate text-sm text-stone-600">{user.email}</p>
        {since ? (
          <p className="text-sm text-stone-600">
            {t('auth.profile.memberSince', {
              date: dateTimeFormat(currentLanguage(), { month: 'long', year: 'numeric' }).format(since),
            })}
          </p>
        ) : null}
      </div>
    </section>
  );
}

function ProfileForm({ user, profile }: { user: MeResponse['user']; profile: MeResponse['profile'] }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const form = useZodForm(profileFormSchema, {
    defaultValues: {
      display_name: profile?.display_name ?? user.name,
      ...splitE164(profile?.phone),
      preferred_categories: profile?.preferred_categories ?? [],
    },
  });
  const { control, formState } = form;
  const { errors } = formState;
  // The phone picker and the category chips are not inputs of their own: they change the form's values.
  const country = useController({ control, name: 'country' }).field;
  const national = useController({ control, name: 'national' }).field;
  const categories = useController({ control, name: 'preferred_categories' }).field;
  // The schema's messages are the server's; the screen says them in the user's language.
  const nameError =
    errors.display_name &&
    (errors.display_name.message === profileMessages.nameRequired
      ? t('auth.profile.nameRequired')
      : errors.display_name.message);
  const phoneError = errors.national || errors.country ? t('auth.profile.invalidPhone') : undefined;

  function submit(input: UpdateProfileInput) {
    update.mutate(input, {
      onSuccess: () => toast.success(t('auth.profile.saved')),
      onError: (err) => toast.error(t('auth.profile.saveFailed'), { description: errorTextNow(err) }),
    });
  }

  return (
    <form className="flex flex-col gap-5" noValidate onSubmit={form.handleSubmit(submit)}>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="profile-name" className="text-sm font-medium text-stone-800">
          {t('auth.profile.name')}
        </label>
        <Input
          id="profile-name"
          autoComplete="name"
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? 'profile-name-error' : undefined}
          {...form.register('display_name')}
        />
        {nameError ? (
          <p id="profile-name-error" className="text-sm text-red-700">
            {nameError}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="profile-email" className="text-sm font-medium text-stone-800">
          {t('auth.profile.email')}
        </label>
        <Input id="profile-email" type="email" value={user.email} readOnly className="bg-stone-50" />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="profile-phone" className="text-sm font-medium text-stone-800">
          {t('auth.profile.phone')}
        </label>
        <PhoneField
          id="profile-phone"
          country={country.value ?? defaultCountry.code}
          national={national.value}
          onCountryChange={country.onChange}
          onNationalChange={national.onChange}
          invalid={Boolean(phoneError)}
          describedBy={phoneError ? 'profile-phone-error' : undefined}
        />
        {phoneError ? (
          <p id="profile-phone-error" className="text-sm text-red-700">
            {phoneError}
          </p>
        ) : null}
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium text-stone-800">{t('auth.profile.categories')}</legend>
        <p className="text-sm text-stone-600">{t('auth.profile.categoriesHint')}</p>
        <CategoryToggles value={categories.value} onChange={categories.onChange} />
      </fieldset>
      <Button type="submit" size="lg" disabled={update.isPending}>
        {update.isPending ? t('auth.profile.saving') : t('auth.profile.save')}
      </Button>
    </form>
  );
}
