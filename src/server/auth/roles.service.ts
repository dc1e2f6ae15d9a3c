import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { user, userRoles } from '../db/schema/auth.ts';
import { vendorProfiles } from '../db/schema/vendors.ts';
import { AppError } from '../lib/app-error.ts';

/** product §6: an admin is a user with a row in user_roles with role admin (checked on the server). */
export async function isAdmin(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, 'admin')))
    .limit(1);
  return Boolean(row);
}

/** The vendor profile a user owns, if any (product §5: a vendor holds a vendor profile). */
export async function vendorProfileIdOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: vendorProfiles.id })
    .from(vendorProfiles)
    .where(eq(vendorProfiles.userId, userId))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Decision 048: a vendor profile that is not approved is seen by its owner and admins only. Asked
 * only for such a profile, so that the public's reads cost no extra query.
 */
export async function seesUnlistedVendor(
  db: Db,
  userId: string | undefined,
  vendorProfileId: string,
): Promise<boolean> {
  if (!userId) return false;
  const [own, admin] = await Promise.all([vendorProfileIdOf(db, userId), isAdmin(db, userId)]);
  return admin || own === vendorProfileId;
}

/**
 * `npm run admin:grant -- <email>`: gives an existing account the admin role. Refuses an unknown
 * email rather than creating anything. Returns false when the user was already an admin.
 */
export async function grantAdminByEmail(db: Db, email: string): Promise<boolean> {
  const normalized = email.trim().toLowerCase();
  const [found] = await db.select({ id: user.id }).from(user).where(eq(user.email, normalized)).limit(1);
  if (!found) throw new AppError('not_found', `No account with the email ${normalized}. Sign up first.`);
  const inserted = await db
    .insert(userRoles)
    .values({ userId: found.id, role: 'admin' })
    .onConflictDoNothing()
    .returning({ userId: userRoles.userId });
  return inserted.length > 0;
}
