import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { toast } from '../../lib/toast.ts';
import { useAuth } from './auth-context.tsx';

/** Sign Out (product §8: 'Signed out' / 'Failed to sign out'), then home. */
export function useSignOut() {
  const { t } = useTranslation();
  const { signOut } = useAuth();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await signOut();
      toast.success(t('auth.toast.signedOut'));
      void navigate(paths.home.to());
    } catch {
      toast.error(t('auth.toast.signOutFailed'));
    }
  }, [signOut, navigate, t]);
}
