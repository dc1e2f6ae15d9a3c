import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';

/** "Forgot password?" under the password field of /auth and /vendor/auth. */
export function ForgotPasswordLink() {
  const { t } = useTranslation();
  return (
    <Link
      to={paths.resetPassword.to()}
      className="inline-flex min-h-11 items-center self-end rounded-lg px-1 text-sm font-semibold text-brand-800 underline-offset-4 hover:underline"
    >
      {t('auth.reset.forgotPassword')}
    </Link>
  );
}
