import { useQuery } from '@tanstack/react-query';
import type { AuthConfigResponse } from '../../../../shared/auth.schemas.ts';
import type { MeResponse } from '../../../../shared/profile.schemas.ts';
import { ApiError, api, unwrap } from '../../../lib/api-client.ts';
import { hasSession } from './auth-client.ts';

export const meKeys = {
  me: ['me'] as const,
  authConfig: ['auth-config'] as const,
};

/** GET /api/me, or null when nobody is signed in (asked first, so that visitors see no 401). */
export async function fetchMe(): Promise<MeResponse | null> {
  if (!(await hasSession())) return null;
  try {
    return await unwrap(api.me.$get());
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

/**
 * Who is signed in. A page the server rendered for a request without cookies comes with the answer
 * (nobody: web/ssr/render.tsx). Refetched every few minutes so that the session is renewed while the app is
 * open (product §4: sessions refresh automatically) and a session ended elsewhere shows here.
 */
export function useMeQuery() {
  return useQuery({
    queryKey: meKeys.me,
    queryFn: fetchMe,
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });
}

/** GET /api/auth-config: whether Google and the dev mailbox are available on this server. */
export function useAuthConfig() {
  return useQuery<AuthConfigResponse>({
    queryKey: meKeys.authConfig,
    queryFn: () => unwrap(api['auth-config'].$get()),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
