import { Lock, ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAuth } from '../../auth/auth-context.tsx';

/**
 * A WhatsApp page (product §2): its title (the document's too), then what it is for and its tools.
 * The pages need a signed-in user ('Authentication Required' otherwise, product §6); their API is
 * admin only (ARCHITECTURE §12), so anyone else is told so plainly instead of seeing failing calls.
 */
export function WhatsAppAccess({
  title,
  subtitle,
  note,
  children,
}: {
  title: string;
  subtitle: string;
  /** A line under the subtitle, for an admin only. */
  note?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  const { user, isAdmin, loading } = useAuth();
  if (loading)
    return (
      <div role="status" className="flex justify-center py-16 text-brand-700">
        <Spinner className="size-8" label={t('app.checkingSession')} />
      </div>
    );
  const allowed = Boolean(user && isAdmin);
  const signedOut = !user;
  return (
    <div className="flex flex-col gap-5 py-2">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight text-stone-900">{title}</h1>
        {allowed ? (
          <>
            <p className="text-stone-700">{subtitle}</p>
            {note}
          </>
        ) : null}
      </div>
      {allowed ? (
        children
      ) : (
        <section className="flex flex-col items-center gap-3 rounded-2xl border border-stone-200 bg-white px-6 py-10 text-center shadow-xs">
          <span className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            {signedOut ? (
              <Lock aria-hidden="true" className="size-7" />
            ) : (
              <ShieldAlert aria-hidden="true" className="size-7" />
            )}
          </span>
          <h2 className="text-lg font-semibold text-stone-900">
            {signedOut ? t('whatsapp.access.authTitle') : t('whatsapp.access.adminTitle')}
          </h2>
          <p className="text-stone-700">
            {signedOut ? t('whatsapp.access.authText') : t('whatsapp.access.adminText')}
          </p>
          {signedOut ? (
            <Button asChild>
              <Link to={paths.auth.to()}>{t('whatsapp.access.signIn')}</Link>
            </Button>
          ) : null}
        </section>
      )}
    </div>
  );
}
