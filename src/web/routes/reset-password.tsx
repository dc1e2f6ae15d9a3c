import { useQueryClient } from '@tanstack/react-query';
import { KeyRound, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  type PasswordReset,
  type PasswordResetRequest,
  passwordResetRequestSchema,
  passwordResetSchema,
} from '../../shared/password-reset.schemas.ts';
import { signupMessages } from '../../shared/vendor-signup.schemas.ts';
import { FormField, fieldErrorProps } from '../components/form-field.tsx';
import { Button } from '../components/ui/button.tsx';
import { Input } from '../components/ui/input.tsx';
import {
  authErrorCodes,
  isEmailRateLimit,
  requestPasswordReset,
  resetPassword,
} from '../features/auth/api/auth-client.ts';
import { fetchMe, meKeys } from '../features/auth/api/use-me.ts';
import { authErrorText } from '../features/auth/auth-error-text.ts';
import { AuthPage } from '../features/auth/components/auth-page.tsx';
import { PasswordField } from '../features/auth/components/password-field.tsx';
import { PasswordRequirements } from '../features/vendor-onboarding/components/password-requirements.tsx';
import { currentLanguage } from '../i18n/i18n.ts';
import { ApiError } from '../lib/api-client.ts';
import { paths } from '../lib/paths.ts';
import { toast } from '../lib/toast.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { useZodForm } from '../lib/use-zod-form.ts';

/**
 * /auth/reset-password, "Forgot password?"): without a token, asks for a reset link;
 * with the mail's `token`, a new password under the vendor wizard's rules, then signed in. A spent or
 * expired link says so and offers a new one.
 */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [spent, setSpent] = useState(false);
  if (token && !spent) return <NewPassword token={token} onSpent={() => setSpent(true)} />;
  return <RequestLink spent={spent} />;
}

/** A failed call's toast text: the 429s as the auth page words them (per email or per client). */
function useFailureText() {
  const { t } = useTranslation();
  return (err: unknown): string => {
    if (err instanceof ApiError && err.status === 429)
      return isEmailRateLimit(err)
        ? t('auth.toast.tooManyAttemptsForEmail')
        : t('auth.toast.tooManyAttempts');
    if (err instanceof ApiError && err.status > 0) return authErrorText(err, currentLanguage());
    return t('auth.toast.errorText');
  };
}

function RequestLink({ spent }: { spent: boolean }) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const form = useZodForm(passwordResetRequestSchema, { defaultValues: { email: '' } });
  const { errors } = form.formState;
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const title = spent ? t('auth.reset.invalidTitle') : t('auth.reset.requestTitle');
  useDocumentTitle(title);

  async function submit({ email }: PasswordResetRequest) {
    setBusy(true);
    try {
      // The same answer whether or not the address has an account: the page cannot tell either.
      await requestPasswordReset(email);
      setSent(true);
    } catch (err) {
      toast.error(t('auth.reset.sendFailed'), { description: failureText(err) });
    } finally {
      setBusy(false);
    }
  }

  const emailError = errors.email
    ? t(errors.email.message === 'required' ? 'auth.reset.emailRequired' : 'auth.reset.emailInvalid')
    : undefined;
  return (
    <AuthPage title={title} text={spent ? t('auth.reset.invalidText') : t('auth.reset.requestText')}>
      {sent ? (
        <div role="status" className="flex items-start gap-3 rounded-xl bg-green-50 p-4 text-green-900">
          <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <div>
            <p className="font-semibold">{t('auth.reset.sentTitle')}</p>
            <p className="text-sm">{t('auth.reset.sentText')}</p>
          </div>
        </div>
      ) : (
        <form className="flex flex-col gap-4" noValidate onSubmit={form.handleSubmit(submit)}>
          <FormField id="reset-email" label={t('auth.page.email')} error={emailError}>
            <Input
              id="reset-email"
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder={t('auth.page.emailPlaceholder')}
              {...fieldErrorProps(emailError, 'reset-email')}
              {...form.register('email')}
            />
          </FormField>
          <Button type="submit" size="lg" disabled={busy}>
            {busy ? t('auth.reset.sending') : t('auth.reset.send')}
          </Button>
        </form>
      )}
      <BackToSignIn />
    </AuthPage>
  );
}

function NewPassword({ token, onSpent }: { token: string; onSpent: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const failureText = useFailureText();
  const form = useZodForm(passwordResetSchema, { defaultValues: { newPassword: '', confirmPassword: '' } });
  const { errors } = form.formState;
  const [busy, setBusy] = useState(false);
  useDocumentTitle(t('auth.reset.title'));

  async function submit({ newPassword }: PasswordReset) {
    setBusy(true);
    try {
      await resetPassword({ token, newPassword });
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && err.code === authErrorCodes.invalidToken) onSpent();
      else if (err instanceof ApiError && err.code === 'validation_failed')
        form.setError('newPassword', { message: signupMessages.weakPassword }, { shouldFocus: true });
      else toast.error(t('auth.reset.failed'), { description: failureText(err) });
      return;
    }
    // The server signed this browser in (every other session of the account is signed out).
    const me = await fetchMe().catch(() => null);
    queryClient.setQueryData(meKeys.me, me);
    toast.success(t('auth.reset.doneTitle'), { description: t('auth.reset.doneText') });
    void navigate(me?.vendorProfileId ? paths.vendorDashboard.to() : paths.home.to(), { replace: true });
  }

  const newPasswordError = errors.newPassword
    ? t(
        errors.newPassword.message === signupMessages.weakPassword
          ? 'auth.reset.weakPassword'
          : 'auth.reset.passwordRequired',
      )
    : undefined;
  const confirmError = errors.confirmPassword ? t('auth.reset.mismatch') : undefined;
  const newPassword = form.watch('newPassword');
  return (
    <AuthPage icon={KeyRound} title={t('auth.reset.title')} text={t('auth.reset.text')}>
      <form className="flex flex-col gap-4" noValidate onSubmit={form.handleSubmit(submit)}>
        <FormField id="reset-new-password" label={t('auth.reset.newPassword')} error={newPasswordError}>
          <PasswordField
            id="reset-new-password"
            autoComplete="new-password"
            {...fieldErrorProps(newPasswordError, 'reset-new-password')}
            aria-describedby={
              newPasswordError ? 'reset-new-password-error reset-password-rules' : 'reset-password-rules'
            }
            {...form.register('newPassword')}
          />
          <PasswordRequirements id="reset-password-rules" password={newPassword} />
        </FormField>
        <FormField id="reset-confirm-password" label={t('auth.reset.confirmPassword')} error={confirmError}>
          <PasswordField
            id="reset-confirm-password"
            autoComplete="new-password"
            {...fieldErrorProps(confirmError, 'reset-confirm-password')}
            {...form.register('confirmPassword')}
          />
        </FormField>
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? t('auth.reset.saving') : t('auth.reset.save')}
        </Button>
      </form>
      <BackToSignIn />
    </AuthPage>
  );
}

function BackToSignIn() {
  const { t } = useTranslation();
  return (
    <Link
      to={paths.auth.to()}
      className="inline-flex min-h-11 items-center self-center text-sm text-stone-700 underline underline-offset-4 hover:text-stone-900"
    >
      {t('auth.reset.backToSignIn')}
    </Link>
  );
}
