import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Spinner } from '../components/ui/spinner.tsx';
import { useAuth } from '../features/auth/auth-context.tsx';
import { paths } from '../lib/paths.ts';

/** product §2: a protected page shows a spinner while the session loads, then /auth without a user. */
export function RequireAuth() {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) return <SessionSpinner />;
  // Back here once signed in.
  if (!user) return <Navigate to={paths.auth.to(hereOf(location))} replace />;
  return <Outlet />;
}

/**
 * product §6: /admin needs a signed-in admin, otherwise /auth. The server checks the role on every
 * admin call too (ARCHITECTURE §10); this only keeps others from a screen they cannot use.
 */
export function RequireAdmin() {
  const { user, isAdmin, loading } = useAuth();
  const location = useLocation();
  if (loading) return <SessionSpinner />;
  // Signed out: back here once signed in; signed in but no admin: /auth sends them home.
  if (!user) return <Navigate to={paths.auth.to(hereOf(location))} replace />;
  if (!isAdmin) return <Navigate to={paths.auth.to()} replace />;
  return <Outlet />;
}

const hereOf = (location: { pathname: string; search: string }) => `${location.pathname}${location.search}`;

function SessionSpinner() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex justify-center py-16 text-brand-700">
      <Spinner className="size-8" label={t('app.checkingSession')} />
    </div>
  );
}
