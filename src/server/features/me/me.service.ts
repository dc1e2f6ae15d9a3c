import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { CategoryKey } from '../../../shared/categories.ts';
import type { Language } from '../../../shared/language.ts';
import type { MeResponse, MyProfile, updateProfileSchema } from '../../../shared/profile.schemas.ts';
import { isAdmin, vendorProfileIdOf } from '../../auth/roles.service.ts';
import type { Db } from '../../db/client.ts';
import { account } from '../../db/schema/auth.ts';
import { profiles } from '../../db/schema/vendors.ts';

type ProfileRow = typeof profiles.$inferSelect;
type ProfileUpdate = ReturnType<typeof updateProfileSchema.parse>;

export interface NewUser {
  id: string;
  name: string;
  email: string;
  isVendor: boolean;
  /** Magic link and Google prove the address at once; a password sign-up does not. */
  emailVerified: boolean;
  /** The language the person signed up in (decision 068), kept as their account's. */
  language?: Language | undefined;
}

/**
 * product §7 profiles upsert, run when an account is created: a customer profile an admin typed in
 * with the same email (user_id NULL, ARCHITECTURE §3) is taken over — only when the address is proven,
 * or anyone could sign up with someone's email and read the phone an admin stored for them.
 * Otherwise a new profile is made.
 */
export async function ensureProfileForUser(db: Db, u: NewUser): Promise<void> {
  const [existing] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.userId, u.id));
  if (existing) return;
  const claimed = !u.emailVerified
    ? []
    : await db
        .update(profiles)
        .set({ userId: u.id, isVendor: u.isVendor, ...(u.language && { language: u.language }) })
        .where(
          and(
            isNull(profiles.userId),
            eq(profiles.email, u.email),
            // only one row: the oldest unclaimed profile with this email
            eq(
              profiles.id,
              db
                .select({ id: profiles.id })
                .from(profiles)
                .where(and(isNull(profiles.userId), eq(profiles.email, u.email)))
                .orderBy(profiles.createdAt)
                .limit(1),
            ),
          ),
        )
        .returning({ id: profiles.id });
  if (claimed.length > 0) return;
  await db
    .insert(profiles)
    .values({
      userId: u.id,
      displayName: u.name || null,
      email: u.email,
      isVendor: u.isVendor,
      language: u.language ?? null,
    })
    .onConflictDoNothing();
}

export function toMyProfile(row: ProfileRow): MyProfile {
  return {
    id: row.id,
    display_name: row.displayName,
    phone: row.phone,
    email: row.email,
    avatar_url: row.avatarUrl,
    preferred_categories: row.preferredCategories as CategoryKey[],
    is_vendor: row.isVendor,
    notify_push: row.notifyPush,
    notify_email: row.notifyEmail,
    share_bookings_with_contacts: row.shareBookingsWithContacts,
    language: row.language,
    created_at: row.createdAt.toISOString(),
  };
}

export interface MeUser {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image?: string | null | undefined;
}

/** GET /api/me: the user, their profile, whether they are an admin and their vendor profile. */
export async function getMe(
  db: Db,
  { user, sessionExpiresAt }: { user: MeUser; sessionExpiresAt: Date },
): Promise<MeResponse> {
  const [[profile], admin, vendorProfileId, [credential]] = await Promise.all([
    db.select().from(profiles).where(eq(profiles.userId, user.id)).limit(1),
    isAdmin(db, user.id),
    vendorProfileIdOf(db, user.id),
    db
      .select({ id: account.id })
      .from(account)
      .where(
        and(eq(account.userId, user.id), eq(account.providerId, 'credential'), isNotNull(account.password)),
      )
      .limit(1),
  ]);
  return {
    user: {
      id: user.id,
      name: user.name,
      email: user.email,
      email_verified: user.emailVerified,
      image: user.image ?? null,
      has_password: credential !== undefined,
    },
    session: { expires_at: sessionExpiresAt.toISOString() },
    profile: profile ? toMyProfile(profile) : null,
    isAdmin: admin,
    vendorProfileId,
  };
}

/**
 * PUT /api/me/profile (product §7 upsert): changes the fields given, creating the profile when the
 * account has none yet (accounts made before profiles existed, or by hand).
 */
export async function updateMyProfile(
  db: Db,
  { user, input }: { user: MeUser; input: ProfileUpdate },
): Promise<MyProfile> {
  const changes = {
    ...(input.display_name !== undefined ? { displayName: input.display_name } : {}),
    ...(input.phone !== undefined ? { phone: input.phone } : {}),
    ...(input.preferred_categories !== undefined ? { preferredCategories: input.preferred_categories } : {}),
    ...(input.notify_push !== undefined ? { notifyPush: input.notify_push } : {}),
    ...(input.notify_email !== undefined ? { notifyEmail: input.notify_email } : {}),
    ...(input.share_bookings_with_contacts !== undefined
      ? { shareBookingsWithContacts: input.share_bookings_with_contacts }
      : {}),
    ...(input.language !== undefined ? { language: input.language } : {}),
  };
  const [row] = await db
    .insert(profiles)
    .values({ userId: user.id, displayName: user.name || null, email: user.email, ...changes })
    .onConflictDoUpdate({ target: profiles.userId, set: { ...changes, updatedAt: new Date() } })
    .returning();
  return toMyProfile(row!);
}
