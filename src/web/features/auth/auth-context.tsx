import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo } from 'react';
import type { MeResponse } from '../../../shared/profile.schemas.ts';
import { changeLanguage, currentLanguage } from '../../i18n/i18n.ts';
import { chosenLanguage } from '../../i18n/stored-language.ts';
import { signOut as signOutRequest } from './api/auth-client.ts';
import { meKeys, useMeQuery } from './api/use-me.ts';

/** product §4 auth context: user, session, loading, isAdmin (false by default). */
export interface AuthContextValue {
  user: MeResponse['user'] | null;
  session: MeResponse['session'] | null;
  profile: MeResponse['profile'];
  vendorProfileId: string | null;
  /** True until the first session (and admin) check has finished. */
  loading: boolean;
  isAdmin: boolean;
  /** Asks the server again, after a sign-in or a profile change. */
  refresh: () => Promise<void>;
  /** Ends the session and forgets every cached answer of the signed-in user. */
  signOut: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const me = useMeQuery();

  useEffect(() => {
    // product §8: an admin-check failure is logged only, and leaves isAdmin false.
    if (me.error) console.error('Error checking admin status', me.error);
  }, [me.error]);

  // A signed-in person's language is their account's (decision 068) on a browser where they never
  // chose one: a new phone, a link from a mail. A choice made here stays: the switch saves it to the
  // account too.
  const accountLanguage = me.data?.profile?.language;
  useEffect(() => {
    if (accountLanguage && !chosenLanguage() && accountLanguage !== currentLanguage())
      void changeLanguage(accountLanguage);
  }, [accountLanguage]);

  const refresh = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: meKeys.me });
  }, [queryClient]);

  const signOut = useCallback(async () => {
    await signOutRequest();
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== meKeys.authConfig[0] });
    queryClient.setQueryData(meKeys.me, null);
  }, [queryClient]);

  const value = useMemo<AuthContextValue>(() => {
    const data = me.data ?? null;
    return {
      user: data?.user ?? null,
      session: data?.session ?? null,
      profile: data?.profile ?? null,
      vendorProfileId: data?.vendorProfileId ?? null,
      loading: me.isPending,
      isAdmin: data?.isAdmin ?? false,
      refresh,
      signOut,
    };
  }, [me.data, me.isPending, refresh, signOut]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The auth context; product §8: it throws when used outside its provider. */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}
