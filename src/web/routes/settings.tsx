import { CreditCard, HelpCircle, LogOut, Scale, Shield, SlidersHorizontal, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SUPPORT_EMAIL } from '../../shared/constants.ts';
import { Button } from '../components/ui/button.tsx';
import { Switch } from '../components/ui/switch.tsx';
import { useAuth } from '../features/auth/auth-context.tsx';
import { useSignOut } from '../features/auth/use-sign-out.ts';
import { DeleteContactsData } from '../features/contacts/components/delete-contacts-data.tsx';
import { useUpdateProfile } from '../features/profile/api/use-update-profile.ts';
import { CloseButton } from '../features/profile/components/close-button.tsx';
import { errorTextNow } from '../lib/error-text.ts';
import { paths, policyNames } from '../lib/paths.ts';
import { toast } from '../lib/toast.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** product §2 Settings: version 1.0.0. */
const APP_VERSION = '1.0.0';

/**
 * Settings (/settings, product §2): account, payment, preferences (push and email switches, saved on
 * the profile), privacy, support, legal (the policies), the version and Sign Out.
 */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('screens.settings'));
  const { user, profile } = useAuth();
  const update = useUpdateProfile();
  const signOut = useSignOut();
  if (!user) return null;

  // A switch shows the profile's value (`fallback` before there is a profile) and saves each change.
  const preference = (
    field: 'notify_push' | 'notify_email' | 'share_bookings_with_contacts',
    fallback: boolean,
  ) => ({
    checked: profile?.[field] ?? fallback,
    disabled: update.isPending,
    onChange: (value: boolean) =>
      update.mutate(
        { [field]: value },
        {
          onSuccess: () => toast.success(t('auth.settings.saved')),
          onError: (err) => toast.error(t('auth.settings.saveFailed'), { description: errorTextNow(err) }),
        },
      ),
  });

  return (
    <div className="flex flex-col gap-5 py-2">
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight text-stone-900">{t('screens.settings')}</h1>
        <CloseButton label={t('auth.settings.close')} />
      </div>

      <Section icon={<UserRound className="size-5" />} title={t('auth.settings.account')}>
        <p className="text-sm text-stone-600">{t('auth.settings.signedInAs')}</p>
        <p className="font-medium break-all text-stone-900">{user.email}</p>
        <Button asChild variant="secondary" className="mt-3 self-start">
          <Link to={paths.profile.to()}>{t('auth.settings.editProfile')}</Link>
        </Button>
      </Section>

      <Section icon={<CreditCard className="size-5" />} title={t('auth.settings.payment')}>
        <p className="text-sm text-stone-700">{t('auth.settings.paymentText')}</p>
      </Section>

      <Section icon={<SlidersHorizontal className="size-5" />} title={t('auth.settings.preferences')}>
        <PreferenceSwitch
          id="notify-push"
          label={t('auth.settings.push')}
          hint={t('auth.settings.pushHint')}
          {...preference('notify_push', true)}
        />
        <PreferenceSwitch
          id="notify-email"
          label={t('auth.settings.email')}
          hint={t('auth.settings.emailHint')}
          {...preference('notify_email', true)}
        />
      </Section>

      <Section icon={<Shield className="size-5" />} title={t('auth.settings.privacy')}>
        <p className="text-sm text-stone-700">{t('auth.settings.privacyText')}</p>
        {/* Off until the user says yes (decision 037). */}
        <PreferenceSwitch
          id="share-bookings"
          label={t('contacts.settings.share')}
          hint={t('contacts.settings.shareHint')}
          {...preference('share_bookings_with_contacts', false)}
        />
        <DeleteContactsData />
      </Section>

      <Section icon={<HelpCircle className="size-5" />} title={t('auth.settings.support')}>
        <p className="text-sm text-stone-700">
          {t('auth.settings.supportText')}{' '}
          <a
            className="font-medium text-brand-800 underline underline-offset-4"
            href={`mailto:${SUPPORT_EMAIL}`}
          >
            {SUPPORT_EMAIL}
          </a>
        </p>
      </Section>

      {/* The policies (product §2.23). */}
      <Section icon={<Scale className="size-5" />} title={t('legal.label')}>
        <ul className="flex flex-col">
          {policyNames.map((name) => (
            <li key={name}>
              <Link
                to={paths.policy.to(name)}
                className="inline-flex min-h-11 items-center font-medium text-brand-800 underline underline-offset-4"
              >
                {t(`legal.${name}`)}
              </Link>
            </li>
          ))}
        </ul>
      </Section>

      <Button variant="secondary" size="lg" onClick={() => void signOut()}>
        <LogOut aria-hidden="true" className="size-5" />
        {t('auth.settings.signOut')}
      </Button>
      <p className="text-center text-sm text-stone-600">
        {t('auth.settings.version', { version: APP_VERSION })}
      </p>
    </div>
  );
}

function Section({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col rounded-2xl border border-stone-200 bg-white p-4 shadow-xs">
      <h2 className="mb-2 flex items-center gap-2 text-base font-semibold text-stone-900">
        <span aria-hidden="true" className="text-brand-700">
          {icon}
        </span>
        {title}
      </h2>
      {children}
    </section>
  );
}

function PreferenceSwitch({
  id,
  label,
  hint,
  checked,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  disabled: boolean;
  onChange: (value: boolean) => void;
}) {
  return (
    <div className="flex items-center justify-between gap-4 py-2">
      <div>
        <label htmlFor={id} className="font-medium text-stone-900">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-sm text-stone-600">
          {hint}
        </p>
      </div>
      {/* Not `disabled` while a save runs: a disabled switch drops the keyboard focus to the page. */}
      <Switch
        id={id}
        checked={checked}
        aria-disabled={disabled || undefined}
        className="aria-disabled:cursor-wait aria-disabled:opacity-60"
        aria-describedby={`${id}-hint`}
        onCheckedChange={(value) => {
          if (!disabled) onChange(value);
        }}
      />
    </div>
  );
}
