import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env.ts';
import { AppError } from '../lib/app-error.ts';
import type { AuthSession, SessionUser } from './auth.ts';
import { isAdmin, vendorProfileIdOf } from './roles.service.ts';

// ARCHITECTURE §10: every permission is enforced on the server. 401 = not signed in; 403 = signed in
// but not allowed. Each guard narrows `c.var` for the handlers after it.

export interface SignedIn {
  Variables: { user: SessionUser; session: AuthSession };
}

/** The route needs a signed-in user. */
export const requireUser = createMiddleware<AppEnv & SignedIn>(async (c, next) => {
  if (!c.var.user || !c.var.session)
    throw new AppError('unauthorized', 'Please sign in first.').because('sign_in_required');
  await next();
});

/** product §6: admin only, checked against user_roles on every call (never trusted from the client). */
export const requireAdmin = createMiddleware<AppEnv & SignedIn>(async (c, next) => {
  const user = c.var.user;
  if (!user) throw new AppError('unauthorized', 'Please sign in first.').because('sign_in_required');
  if (!(await isAdmin(c.var.deps.db, user.id)))
    throw new AppError('forbidden', 'This needs an administrator account.').because('admin_only');
  await next();
});

/** product §5–6: a vendor is a user who owns a vendor profile; its id is `c.var.vendorProfileId`. */
export const requireVendor = createMiddleware<AppEnv & SignedIn & { Variables: { vendorProfileId: string } }>(
  async (c, next) => {
    const user = c.var.user;
    if (!user) throw new AppError('unauthorized', 'Please sign in first.').because('sign_in_required');
    const vendorProfileId = await vendorProfileIdOf(c.var.deps.db, user.id);
    if (!vendorProfileId)
      throw new AppError(
        'forbidden',
        "You don't have a vendor profile. Please sign up as a vendor first.",
      ).because('vendor_profile_required');
    c.set('vendorProfileId', vendorProfileId);
    await next();
  },
);

/**
 * ARCHITECTURE §10: objects are checked by owner — a vendor reaches only its own profile, services and
 * bookings. Call with the row's vendor_profile_id after loading it; a foreign or missing row is
 * 404 either way, so ids of other vendors' rows cannot be probed.
 */
export function assertOwnedBy(
  row: { vendorProfileId: string | null } | undefined,
  vendorProfileId: string,
): asserts row is { vendorProfileId: string } {
  if (!row || row.vendorProfileId !== vendorProfileId) throw new AppError('not_found', 'Not found.');
}
