import { useQueryClient } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { type Credentials, credentialsSchema } from '../../shared/auth.schemas.ts';
import { Button } from '../components/ui/button.tsx';
import { Input } from '../components/ui/input.tsx';
import {
  authErrorCodes,
  isEmailRateLimit,
  sendMagicLink,
  signInWithEmail,
  signUpWithEmail,
} from '../features/auth/api/auth-client.ts';
import { meKeys } from '../features/auth/api/use-me.ts';
import { useAuth } from '../features/auth/auth-context.tsx';
import { useAuthErrorText } from '../features/auth/auth-error-text.ts';
import { ForgotPasswordLink } from '../features/auth/components/forgot-password-link.tsx';
import { GoogleButton } from '../features/auth/components/google-button.tsx';
import { PasswordField } from '../features/auth/components/password-field.tsx';
import { ApiError } from '../lib/api-client.ts';
import { paths, safeRedirect } from '../lib/paths.ts';
import { toast } from '../lib/toast.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { useZodForm } from '../lib/use-zod-form.ts';

/** product §9: after a vendor sign-up, /vendor-signup follows after 2 seconds. */
const VENDOR_REDIRECT_MS = 2000;

type Mode = 'signIn' | 'signUp';

/** Auth page (/auth, product §2): sign in or create an account; a signed-in user goes to /. */
export function Component() {
  const { t } = useTranslation();
  const authErrorText = useAuthErrorText();
  const { user, loading } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [mode, setMode] = useState<Mode>('signIn');
  // The email serves both the magic link and the password form; the schema checks the fields.
  const form = useZodForm(credentialsSchema, {
    defaultValues: { email: '', password: '', isVendor: false },
  });
  const { errors } = form.formState;
  const [showPasswordForm, setShowPasswordForm] = useState(false);
  const [busy, setBusy] = useState<'password' | 'magic' | null>(null);
  // After a vendor sign-up the user is signed in, but goes to /vendor-signup, not to /.
  const [vendorRedirect, setVendorRedirect] = useState(false);
  useDocumentTitle(mode === 'signIn' ? t('auth.page.signInTitle') : t('auth.page.signUpTitle'));

  // Where a guard sent the visitor from, to go back to once signed in (paths of this site only).
  const redirectTo = safeRedirect(params.get('redirectTo'));

  // A spent or expired magic link (or a failed Google return) comes back here with ?error=.
  const returnedError = params.get('error');
  useEffect(() => {
    if (!returnedError) return;
    toast.error(t('auth.toast.magicLinkFailed'), { description: t('auth.toast.magicLinkInvalid') });
    setParams(redirectTo ? { redirectTo } : {}, { replace: true });
  }, [returnedError, redirectTo, setParams, t]);

  useEffect(() => {
    if (!vendorRedirect) return;
    const timer = setTimeout(() => void navigate(paths.vendorSignup.to()), VENDOR_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [vendorRedirect, navigate]);

  if (!loading && user && !vendorRedirect) return <Navigate to={redirectTo ?? paths.home.to()} replace />;

  const signedIn = async () => {
    await queryClient.invalidateQueries({ queryKey: meKeys.me });
  };

  async function submit({ email, password, isVendor = false }: Credentials) {
    setBusy('password');
    try {
      if (mode === 'signIn') {
        await signInWithEmail({ email, password });
        await signedIn();
        return;
      }
      // better-auth needs a name; the email's first part stands in until My Profile changes it.
      await signUpWithEmail({ name: email.split('@')[0] ?? email, email, password, isVendor });
      toast.success(t('auth.toast.accountCreatedTitle'), {
        description: isVendor ? t('auth.toast.accountCreatedVendorText') : t('auth.toast.accountCreatedText'),
      });
      if (isVendor) setVendorRedirect(true);
      await signedIn();
    } catch (err) {
      showPasswordError(err);
    } finally {
      setBusy(null);
    }
  }

  function showPasswordError(err: unknown) {
    if (!(err instanceof ApiError) || err.status === 0) {
      toast.error(t('auth.toast.errorTitle'), { description: t('auth.toast.errorText') });
      return;
    }
    if (err.status === 429) {
      toast.error(mode === 'signIn' ? t('auth.toast.signInFailed') : t('auth.toast.signUpFailed'), {
        description: t(
          isEmailRateLimit(err) ? 'auth.toast.tooManyAttemptsForEmail' : 'auth.toast.tooManyAttempts',
        ),
      });
    } else if (mode === 'signIn' && err.code === authErrorCodes.invalidCredentials) {
      toast.error(t('auth.toast.invalidCredentialsTitle'), {
        description: t('auth.toast.invalidCredentialsText'),
      });
    } else if (mode === 'signUp' && (authErrorCodes.userExists as readonly string[]).includes(err.code)) {
      toast.error(t('auth.toast.accountExistsTitle'), { description: t('auth.toast.accountExistsText') });
      setMode('signIn'); // product §4: after 'account exists' the page switches to sign-in mode
    } else {
      toast.error(mode === 'signIn' ? t('auth.toast.signInFailed') : t('auth.toast.signUpFailed'), {
        description: authErrorText(err),
      });
    }
  }

  // product §5 'Missing fields': a toast, and the empty fields marked.
  function invalid() {
    toast.error(t('auth.toast.missingFieldsTitle'), { description: t('auth.toast.missingFieldsText') });
  }

  async function magicLink() {
    // The magic link needs the email alone ('Email required'), checked by the same schema.
    if (!(await form.trigger('email'))) {
      toast.error(t('auth.toast.emailRequiredTitle'), { description: t('auth.toast.emailRequiredText') });
      return;
    }
    setBusy('magic');
    try {
      await sendMagicLink(form.getValues('email').trim(), redirectTo);
      toast.success(t('auth.toast.magicLinkSentTitle'), { description: t('auth.toast.magicLinkSentText') });
    } catch (err) {
      if (err instanceof ApiError && err.status > 0)
        toast.error(t('auth.toast.magicLinkFailed'), {
          description:
            err.status === 429
              ? t(isEmailRateLimit(err) ? 'auth.toast.tooManyAttemptsForEmail' : 'auth.toast.tooManyAttempts')
              : authErrorText(err),
        });
      else toast.error(t('auth.toast.magicLinkError'));
    } finally {
      setBusy(null);
    }
  }

  const title = mode === 'signIn' ? t('auth.page.signInTitle') : t('auth.page.signUpTitle');
  return (
    <div className="flex flex-col gap-6 py-4">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-stone-900">{title}</h1>
        <p className="mt-1 text-stone-600">
          {mode === 'signIn' ? t('auth.page.signInText') : t('auth.page.signUpText')}
        </p>
      </div>

      <GoogleButton callbackURL={redirectTo ?? '/'} disabled={busy !== null} />

      <div className="flex items-center gap-3 text-sm text-stone-600">
        <span aria-hidden="true" className="h-px flex-1 bg-stone-200" />
        {t('auth.page.or')}
        <span aria-hidden="true" className="h-px flex-1 bg-stone-200" />
      </div>

      <form className="flex flex-col gap-4" noValidate onSubmit={form.handleSubmit(submit, invalid)}>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="auth-email" className="text-sm font-medium text-stone-800">
            {t('auth.page.email')}
          </label>
          <Input
            id="auth-email"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder={t('auth.page.emailPlaceholder')}
            aria-invalid={errors.email ? true : undefined}
            {...form.register('email')}
          />
        </div>

        <Button variant="soft" size="lg" disabled={busy !== null} onClick={() => void magicLink()}>
          <Mail aria-hidden="true" className="size-5" />
          {busy === 'magic' ? t('auth.page.busy') : t('auth.page.magicLink')}
        </Button>

        {showPasswordForm ? (
          <>
            <div className="flex flex-col gap-1.5">
              <label htmlFor="auth-password" className="text-sm font-medium text-stone-800">
                {t('auth.page.password')}
              </label>
              <PasswordField
                id="auth-password"
                autoComplete={mode === 'signIn' ? 'current-password' : 'new-password'}
                aria-invalid={errors.password ? true : undefined}
                {...form.register('password')}
              />
              {mode === 'signIn' ? <ForgotPasswordLink /> : null}
            </div>
            {mode === 'signUp' ? (
              <label className="flex min-h-11 items-center gap-3 text-sm text-stone-800">
                <input type="checkbox" className="size-5 accent-brand-700" {...form.register('isVendor')} />
                {t('auth.page.vendor')}
              </label>
            ) : null}
            <Button type="submit" size="lg" disabled={busy !== null}>
              {busy === 'password' ? t('auth.page.busy') : title}
            </Button>
          </>
        ) : (
          <Button
            variant="secondary"
            size="lg"
            onClick={() => {
              setShowPasswordForm(true);
              requestAnimationFrame(() => form.setFocus('password'));
            }}
          >
            {t('auth.page.usePassword')}
          </Button>
        )}
      </form>

      <button
        type="button"
        className="min-h-11 self-center rounded-lg px-2 text-sm font-semibold text-brand-800 underline-offset-4 hover:underline"
        onClick={() => setMode((m) => (m === 'signIn' ? 'signUp' : 'signIn'))}
      >
        {mode === 'signIn' ? t('auth.page.toSignUp') : t('auth.page.toSignIn')}
      </button>
      <Link
        to={paths.vendorAuth.to()}
        className="inline-flex min-h-11 items-center self-center text-sm text-stone-700 underline underline-offset-4 hover:text-stone-900"
      >
        {t('auth.page.vendorAccess')}
      </Link>
    </div>
  );
}
