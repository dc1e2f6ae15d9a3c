import { randomUUID } from 'node:crypto';
import { createEmailVerificationToken } from 'better-auth/api';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { and, eq, isNotNull, like, or } from 'drizzle-orm';
import { categoryLabel } from '../../../shared/categories.ts';
import { DEFAULT_TIMEZONE } from '../../../shared/constants.ts';
import { defaultLanguage } from '../../../shared/language.ts';
import { slugify, uniqueSlug } from '../../../shared/slug.ts';
import type { VendorSignup, VendorSignupResponse } from '../../../shared/vendor-signup.schemas.ts';
import { verificationMail } from '../../auth/auth-mails.ts';
import type { Db, Tx } from '../../db/client.ts';
import { account, user } from '../../db/schema/auth.ts';
import { profiles, vendorProfiles } from '../../db/schema/vendors.ts';
import { AppError, sqlState } from '../../lib/app-error.ts';
import { contactHashKey, recommendNewVendorToContacts } from '../contacts/contacts.service.ts';
import { enqueueMail } from '../outbox/outbox.service.ts';
import { enqueueWhatsApp } from '../whatsapp/whatsapp-outbound.service.ts';
import { claimOfferFor } from './vendor-claims.service.ts';
import { createVendorService } from './vendor-profile.service.ts';

/** product §8: the wording of the duplicate-account error, the same as the auth page's. */
export const ACCOUNT_EXISTS_MESSAGE = 'An account with this email already exists. Try signing in instead.';

/** The wizard's email-confirmation link lands on the dashboard, which says it is confirmed. */
export const VENDOR_CONFIRMATION_CALLBACK = '/vendor/dashboard?email=confirmed';

/** How long the confirmation link works; better-auth's own default is one hour. */
const VERIFICATION_TTL_SECONDS = 24 * 60 * 60;

export interface SignedInUser {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
}

export interface CreateVendorSignupOptions {
  db: Db;
  input: VendorSignup;
  /** The session's user (a Google return, product §7), or null: then an account is created. */
  sessionUser: SignedInUser | null;
  appUrl: string;
  authSecret: string;
  now: Date;
  /** Whether WhatsApp messages reach a phone here (config.whatsapp.delivers): a claim offer says so. */
  whatsappDelivers: boolean;
}

/**
 * POST /api/vendor/signup (ARCHITECTURE §6, product §7): in ONE transaction, the account when nobody is
 * signed in (better-auth's tables, its password hash, so that sign-in works afterwards), the
 * profile (is_vendor true), the vendor profile and its services, plus the outbox items (confirmation mail,
 * send-vendor-confirmation). Any failure rolls all of it back.
 */
export async function createVendorSignup({
  db,
  input,
  sessionUser,
  appUrl,
  authSecret,
  now,
  whatsappDelivers,
}: CreateVendorSignupOptions): Promise<VendorSignupResponse> {
  if (!sessionUser && !input.password) {
    // product §5: the password is required unless signed in through the social provider.
    throw new AppError('validation_failed', 'Please fill in all required fields before continuing.', [
      { path: 'password', message: 'Please fill in all required fields before continuing.' },
    ]).because('signup_fields_missing');
  }
  const passwordAccount = sessionUser ? await checkedPasswordChange(db, sessionUser.id, input) : undefined;
  // Hashing is slow on purpose: do it before the transaction holds any lock.
  const passwordHash =
    !sessionUser || passwordAccount?.changes ? await hashPassword(input.password!) : undefined;
  try {
    return await db.transaction(async (tx) => {
      const owner = sessionUser ?? (await createCredentialAccount(tx, input, passwordHash!));
      if (passwordAccount?.changes)
        await tx
          .update(account)
          .set({ password: passwordHash!, updatedAt: now })
          .where(eq(account.id, passwordAccount.id));
      const existingVendor = await tx
        .select({ id: vendorProfiles.id })
        .from(vendorProfiles)
        .where(eq(vendorProfiles.userId, owner.id))
        .limit(1);
      if (existingVendor.length > 0)
        throw new AppError('conflict', 'This account already has a vendor profile. Log in instead.').because(
          'already_vendor',
        );

      const profileId = await upsertVendorPersonProfile(tx, owner, input);
      // Always the account's own profile. A matching admin-created profile is only
      // offered: taking it over needs a one-time code to its stored phone or email (decision 035).
      const vendor = await insertVendorProfile(tx, { input, userId: owner.id, profileId });
      // The wizard's services: the profile is bookable once approved.
      for (const [i, service] of input.services.entries())
        await createVendorService(tx, {
          vendorProfileId: vendor.id,
          input: service,
          createdAt: new Date(now.getTime() + i),
        });
      const claim = await claimOfferFor(
        tx,
        { email: input.business_email, phone: input.business_phone },
        { whatsappDelivers },
      );
      // People who shared contacts holding this business's phone or email see it recommended now.
      await recommendNewVendorToContacts(tx, {
        vendor: {
          id: vendor.id,
          userId: owner.id,
          businessPhone: input.business_phone,
          businessEmail: input.business_email,
        },
        hashKey: contactHashKey(authSecret),
        now,
      });

      // A Google address is proven already; a password account gets the confirmation mail.
      const confirmationMailQueued = !owner.emailVerified;
      if (confirmationMailQueued) {
        const token = await createEmailVerificationToken(
          authSecret,
          owner.email,
          undefined,
          VERIFICATION_TTL_SECONDS,
          { userId: owner.id },
        );
        const url = `${appUrl}/api/auth/verify-email?token=${token}&callbackURL=${encodeURIComponent(VENDOR_CONFIRMATION_CALLBACK)}`;
        // In the wizard's language, which becomes the account's (decision 068).
        const { to, subject, text } = verificationMail({
          to: owner.email,
          url,
          language: input.language ?? defaultLanguage,
        });
        await enqueueMail(tx, { to, subject, text });
      }
      // product §7 send-vendor-confirmation {phone, businessName, serviceCategory}: a 'whatsapp'
      // outbox item, sent by the WhatsApp feature's outbox handler (whatsapp-outbox.ts, decision 018).
      await enqueueWhatsApp(tx, {
        type: 'send-vendor-confirmation',
        phone: input.business_phone,
        businessName: input.business_name,
        serviceCategory: categoryLabel(input.service_category, input.language ?? defaultLanguage),
        language: input.language ?? defaultLanguage,
      });
      return {
        vendorProfileId: vendor.id,
        slug: vendor.slug,
        claim,
        confirmationMailQueued,
      };
    });
  } catch (err) {
    // Two signups racing for one address: the loser meets the unique index, not our check.
    if (
      sqlState(err) === '23505' &&
      String((err as { cause?: { constraint?: string } }).cause?.constraint ?? '').includes('email')
    )
      throw new AppError('conflict', ACCOUNT_EXISTS_MESSAGE).because('account_exists');
    throw err;
  }
}

/**
 * A signed-in account with a password (made at /auth) is held to the wizard's rule (product §5),
 * which /auth's sign-up does not apply: the signup gives the account's current password, proving
 * the person is its owner, and the one to use from now on (the schema checked it against the rule; it
 * may be the same). Undefined for an account without a password (Google): nothing to ask.
 */
async function checkedPasswordChange(
  db: Db,
  userId: string,
  input: VendorSignup,
): Promise<{ id: string; changes: boolean } | undefined> {
  const [credential] = await db
    .select({ id: account.id, hash: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential'), isNotNull(account.password)))
    .limit(1);
  if (!credential?.hash) return undefined;
  const missing = [
    ...(input.current_password ? [] : ['current_password']),
    ...(input.password ? [] : ['password']),
  ];
  if (missing.length > 0) {
    const message = 'Please fill in all required fields before continuing.';
    throw new AppError(
      'validation_failed',
      message,
      missing.map((path) => ({ path, message })),
    ).because('signup_fields_missing');
  }
  if (!(await verifyPassword({ hash: credential.hash, password: input.current_password! }))) {
    const message = 'The current password is not correct.';
    throw new AppError('validation_failed', message, [{ path: 'current_password', message }]).because(
      'current_password_wrong',
    );
  }
  return { id: credential.id, changes: input.password !== input.current_password };
}

async function createCredentialAccount(
  tx: Tx,
  input: VendorSignup,
  passwordHash: string,
): Promise<SignedInUser> {
  const email = input.business_email; // lower case already (the schema)
  const [taken] = await tx.select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1);
  if (taken) throw new AppError('conflict', ACCOUNT_EXISTS_MESSAGE).because('account_exists');
  const id = randomUUID();
  const now = new Date();
  // better-auth's shape: a user row and a 'credential' account whose accountId is the user id and
  // whose password is better-auth's own scrypt hash — exactly what its sign-up endpoint writes.
  await tx.insert(user).values({
    id,
    name: input.business_name,
    email,
    emailVerified: false,
    isVendor: true,
    createdAt: now,
    updatedAt: now,
  });
  await tx.insert(account).values({
    id: randomUUID(),
    accountId: id,
    providerId: 'credential',
    userId: id,
    password: passwordHash,
    createdAt: now,
    updatedAt: now,
  });
  return { id, name: input.business_name, email, emailVerified: false };
}

/** product §7 profiles upsert: update display_name, phone, is_vendor (and the wizard's language), else insert them. */
async function upsertVendorPersonProfile(tx: Tx, owner: SignedInUser, input: VendorSignup): Promise<string> {
  const [row] = await tx
    .insert(profiles)
    .values({
      userId: owner.id,
      displayName: input.business_name,
      phone: input.business_phone,
      email: owner.email,
      isVendor: true,
      language: input.language ?? null,
    })
    .onConflictDoUpdate({
      target: profiles.userId,
      set: {
        displayName: input.business_name,
        phone: input.business_phone,
        isVendor: true,
        ...(input.language && { language: input.language }),
        updatedAt: new Date(),
      },
    })
    .returning({ id: profiles.id });
  return row!.id;
}

function vendorFields(input: VendorSignup) {
  return {
    businessName: input.business_name,
    serviceCategory: input.service_category,
    bio: input.bio || null,
    address: input.address,
    experienceYears: input.experience_years,
    businessPhone: input.business_phone,
    businessEmail: input.business_email,
    serviceAreas: input.service_areas,
    languages: input.languages,
    bufferMinutes: input.buffer_minutes,
    advanceBookingDays: input.advance_booking_days,
    leadTimeMinutes: input.lead_time_minutes,
    availability: input.availability,
  };
}

async function insertVendorProfile(
  tx: Tx,
  { input, userId, profileId }: { input: VendorSignup; userId: string; profileId: string },
) {
  const base = slugify(input.business_name);
  const taken = await tx
    .select({ slug: vendorProfiles.slug })
    .from(vendorProfiles)
    .where(or(eq(vendorProfiles.slug, base), like(vendorProfiles.slug, `${base}-%`)));
  const slug = uniqueSlug(input.business_name, new Set(taken.map((t) => t.slug)));
  const [row] = await tx
    .insert(vendorProfiles)
    .values({
      ...vendorFields(input),
      userId,
      profileId,
      slug,
      // product §4: a self-signed profile starts submitted, onboarding done, claimed, not verified.
      applicationStatus: 'submitted',
      onboardingCompleted: true,
      adminCreated: false,
      isClaimed: true,
      isVerified: false,
      timezone: DEFAULT_TIMEZONE,
    })
    .returning({ id: vendorProfiles.id, slug: vendorProfiles.slug });
  return row!;
}
