import { clsx } from 'clsx';
import { Settings } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { browseCategories, type CategoryKey } from '../../shared/categories.ts';
import type { CountryCode } from '../../shared/countries.ts';
import { dateTimeFormat } from '../../shared/date-format.ts';
import { splitE164, toE164 } from '../../shared/phone.ts';
import type { MeResponse } from '../../shared/profile.schemas.ts';
import { Avatar } from '../components/avatar.tsx';
import { PhoneField } from '../components/phone-field.tsx';
import { Button } from '../components/ui/button.tsx';
import { Input } from '../components/ui/input.tsx';
import { useAuth } from '../features/auth/auth-context.tsx';
import { RecommendationsList } from '../features/contacts/components/recommendations-list.tsx';
import { useUpdateProfile } from '../features/profile/api/use-update-profile.ts';
import { CloseButton } from '../features/profile/components/close-button.tsx';
import { currentLanguage } from '../i18n/i18n.ts';
import { paths } from '../lib/paths.ts';
import { toast } from '../lib/toast.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/**
 * My Profile (/profile, spec §2) with the signed-in user's real data (DESIGN §12): name, phone,
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
      {/* Issue 10: the recommended vendors from the user's contacts. */}
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
  const initialPhone = splitE164(profile?.phone);
  const [name, setName] = useState(profile?.display_name ?? user.name);
  const [country, setCountry] = useState<CountryCode>(initialPhone.country);
  const [national, setNational] = useState(initialPhone.national);
  const [categories, setCategories] = useState<CategoryKey[]>(profile?.preferred_categories ?? []);
  const [errors, setErrors] = useState<{ name?: string; phone?: string }>({});

  function toggle(key: CategoryKey) {
    setCategories((list) => (list.includes(key) ? list.filter((k) => k !== key) : [...list, key]));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const phone = national.trim() ? toE164(national, country) : null;
    const found = {
      ...(name.trim() ? {} : { name: t('auth.profile.nameRequired') }),
      ...(phone === undefined ? { phone: t('auth.profile.invalidPhone') } : {}),
    };
    setErrors(found);
    if (found.name || found.phone) return;
    update.mutate(
      { display_name: name.trim(), phone: phone ?? null, preferred_categories: categories },
      {
        onSuccess: () => toast.success(t('auth.profile.saved')),
        onError: (err) => toast.error(t('auth.profile.saveFailed'), { description: err.message }),
      },
    );
  }

  return (
    <form className="flex flex-col gap-5" noValidate onSubmit={submit}>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="profile-name" className="text-sm font-medium text-stone-800">
          {t('auth.profile.name')}
        </label>
        <Input
          id="profile-name"
          autoComplete="name"
          value={name}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? 'profile-name-error' : undefined}
          onChange={(e) => setName(e.target.value)}
        />
        {errors.name ? (
          <p id="profile-name-error" className="text-sm text-red-700">
            {errors.name}
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
          country={country}
          national={national}
          onCountryChange={setCountry}
          onNationalChange={setNational}
          invalid={Boolean(errors.phone)}
          describedBy={errors.phone ? 'profile-phone-error' : undefined}
        />
        {errors.phone ? (
          <p id="profile-phone-error" className="text-sm text-red-700">
            {errors.phone}
          </p>
        ) : null}
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium text-stone-800">{t('auth.profile.categories')}</legend>
        <p className="text-sm text-stone-600">{t('auth.profile.categoriesHint')}</p>
        <div className="mt-1 flex flex-wrap gap-2">
          {browseCategories.map((key) => {
            const on = categories.includes(key);
            return (
              <button
                key={key}
                type="button"
                aria-pressed={on}
                onClick={() => toggle(key)}
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
      <Button type="submit" size="lg" disabled={update.isPending}>
        {update.isPending ? t('auth.profile.saving') : t('auth.profile.save')}
      </Button>
    </form>
  );
}
