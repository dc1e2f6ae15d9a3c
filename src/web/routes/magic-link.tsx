import { useQueryClient } from '@tanstack/react-query';
import { LogIn, XCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, buttonClassName } from '../components/ui/button.tsx';
import { isEmailRateLimit, verifyMagicLink } from '../features/auth/api/auth-client.ts';
import { fetchMe, meKeys } from '../features/auth/api/use-me.ts';
import { AuthPage } from '../features/auth/components/auth-page.tsx';
import { ApiError } from '../lib/api-client.ts';
import { paths, safeRedirect } from '../lib/paths.ts';
import { toast } from '../lib/toast.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/**
 * /auth/magic-link?token=…&redirectTo=… (decision 054): where the mailed sign-in link lands. Opening
 * it signs nobody in — a mail scanner opens links, and another site could open one of its own
 * account's links in the visitor's browser; the one button does, then goes on to `redirectTo`.
 * A spent, expired or unknown link says so and leads to a new one.
 */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || undefined;
  const redirectTo = safeRedirect(params.get('redirectTo'));
  const [busy, setBusy] = useState(false);
  const [spent, setSpent] = useState(!token);
  useDocumentTitle(spent ? t('auth.magicLink.invalidTitle') : t('auth.magicLink.title'));

  async function signIn() {
    if (!token || busy) return;
    setBusy(true);
    try {
      await verifyMagicLink(token);
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && (err.status === 410 || err.status === 400)) setSpent(true);
      else
        toast.error(t('auth.magicLink.failed'), {
          description:
            err instanceof ApiError && err.status === 429
              ? t(isEmailRateLimit(err) ? 'auth.toast.tooManyAttemptsForEmail' : 'auth.toast.tooManyAttempts')
              : t('auth.toast.errorText'),
        });
      return;
    }
    const me = await fetchMe().catch(() => null);
    queryClient.setQueryData(meKeys.me, me);
    toast.success(t('auth.magicLink.doneTitle'));
    void navigate(redirectTo ?? paths.home.to(), { replace: true });
  }

  if (spent)
    return (
      <AuthPage
        icon={XCircle}
        tone="danger"
        title={t('auth.magicLink.invalidTitle')}
        text={t('auth.magicLink.invalidText')}
      >
        <Link to={paths.auth.to(redirectTo)} className={buttonClassName({ size: 'lg' })}>
          {t('auth.magicLink.newLink')}
        </Link>
      </AuthPage>
    );

  return (
    <AuthPage icon={LogIn} title={t('auth.magicLink.title')} text={t('auth.magicLink.text')}>
      <Button size="lg" disabled={busy} onClick={() => void signIn()}>
        {busy ? t('auth.magicLink.signingIn') : t('auth.magicLink.signIn')}
      </Button>
    </AuthPage>
  );
}
