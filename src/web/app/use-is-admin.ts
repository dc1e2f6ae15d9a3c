import { useAuth } from '../features/auth/auth-context.tsx';

/**
 * Whether the signed-in user is an administrator (product §4 auth context: isAdmin, false by default),
 * from GET /api/me. The server checks the role on every admin call anyway (ARCHITECTURE §10).
 */
export function useIsAdmin(): boolean {
  return useAuth().isAdmin;
}
