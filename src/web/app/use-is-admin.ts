/**
 * Whether the signed-in user is an administrator (spec §4 auth context: isAdmin, false by default).
 * There are no accounts yet, so nobody is: the auth issue replaces this with the session's answer
 * from GET /api/me. The server checks the role on every admin call anyway (DESIGN §10).
 */
export function useIsAdmin(): boolean {
  return false;
}
