import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { type Credentials, credentialsSchema } from '../../shared/auth.schemas.ts';
import { Button } from '../components/ui/button.tsx';
import { Input } from '../components/ui/input.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs.tsx';
import { isEmailRateLimit, signInWithEmail, signOut } from '../features/auth/api/auth-client.ts';
import { fetchMe, meKeys } from '../features/auth/api/use-me.ts';
import { useAuthErrorText } from '../features/auth/auth-error-text.ts';
import { ForgotPasswordLink } from '../features/auth/components/forgot-password-link.tsx';
import { PasswordField } from '../features/auth/components/password-field.tsx';
import { ApiError } from '../lib/api-client.ts';
import { paths, safeRedirect } from '../lib/paths.ts';
import { toast } from '../lib/toast.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { useZodForm } from '../lib/use-zod-form.ts';

/** Vendor access page (/vendor/auth, product §2): tabs Log In and New Vendor. */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('auth.vendorAuth.title'));
  return (
    <div className="flex flex-col gap-6 py-4">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-stone-900">{t('auth.vendorAuth.title')}</h1>
        <p className="mt-1 text-stone-600">{t('auth.vendorAuth.text')}</p>
      </div>
      <Tabs defaultValue="login" className="flex flex-col gap-6">
        <TabsList aria-label={t('auth.vendorAuth.tabs')}>
          <TabsTrigger value="login">{t('auth.vendorAuth.logIn')}</TabsTrigger>
          <TabsTrigger value="new">{t('auth.vendorAuth.newVendor')}</TabsTrigger>
        </TabsList>
        <TabsContent value="login">
          <VendorLogin />
        </TabsContent>
        <TabsContent value="new" className="flex flex-col gap-4">
          <p className="text-stone-700">{t('auth.vendorAuth.newVendorText')}</p>
          <Button asChild size="lg">
            <Link to={paths.vendorSignup.to()}>{t('auth.vendorAuth.startSignup')}</Link>
          </Button>
        </TabsContent>
      </Tabs>
    </div>
  );
}

/**
 * product §5 vendor login: both fields required (the browser enforces them: `required`, type email;
 * the auth page's schema checks them too); the account must own a vendor profile, otherwise the
 * login is refused (signed out again).
 */
function VendorLogin() {
  const { t } = useTranslation();
  const authErrorText = useAuthErrorText();
  const navigate = useNavigate();
  // Where the vendor was sent to log in from (paths of this site only), else the dashboard.
  const [params] = useSearchParams();
  const redirectTo = safeRedirect(params.get('redirectTo'));
  const queryClient = useQueryClient();
  const form = useZodForm(credentialsSchema, { defaultValues: { email: '', password: '' } });
  const { errors } = form.formState;
  const [busy, setBusy] = useState(false);

  async function submit({ email, password }: Credentials) {
    setBusy(true);
    try {
      await signInWithEmail({ email, password });
      const me = await fetchMe();
      if (!me?.vendorProfileId) {
        await signOut().catch(() => undefined);
        queryClient.setQueryData(meKeys.me, null);
        toast.error(t('auth.vendorAuth.noVendorProfileTitle'), {
          description: t('auth.vendorAuth.noVendorProfileText'),
        });
        return;
      }
      queryClient.setQueryData(meKeys.me, me);
      toast.success(t('auth.vendorAuth.welcomeBack'));
      void navigate(redirectTo ?? paths.vendorDashboard.to());
    } catch (err) {
      toast.error(t('auth.vendorAuth.loginFailed'), {
        description:
          err instanceof ApiError && err.status === 429
            ? t(isEmailRateLimit(err) ? 'auth.toast.tooManyAttemptsForEmail' : 'auth.toast.tooManyAttempts')
            : err instanceof ApiError && err.status > 0
              ? authErrorText(err)
              : t('auth.toast.errorText'),
      });
    } finally {
      setBusy(false);
    }
  }

  // Reached only when the browser's own check (`required`) lets a blank field through: the auth
  // page's 'Missing fields'.
  function invalid() {
    toast.error(t('auth.toast.missingFieldsTitle'), { description: t('auth.toast.missingFieldsText') });
  }

  return (
    <form className="flex flex-col gap-4" onSubmit={form.handleSubmit(submit, invalid)}>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="vendor-email" className="text-sm font-medium text-stone-800">
          {t('auth.page.email')}
        </label>
        <Input
          id="vendor-email"
          type="email"
          required
          autoComplete="email"
          placeholder={t('auth.page.emailPlaceholder')}
          aria-invalid={errors.email ? true : undefined}
          {...form.register('email')}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="vendor-password" className="text-sm font-medium text-stone-800">
          {t('auth.page.password')}
        </label>
        <PasswordField
          id="vendor-password"
          required
          autoComplete="current-password"
          aria-invalid={errors.password ? true : undefined}
          {...form.register('password')}
        />
        <ForgotPasswordLink />
      </div>
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? t('auth.vendorAuth.loggingIn') : t('auth.vendorAuth.logIn')}
      </Button>
    </form>
  );
}
