import { useAuth } from '../features/auth/auth-context.tsx';

/**
 * Whether the signed-in user is an administrator (spec §4 auth context: isAdmin, false by default),
 * from GET /api/me. The server checks the role on every admin call anyway (DESIGN §10).
 */
export function useIsAdmin(): boolean {
  return useAuth().isAdmin;
}
