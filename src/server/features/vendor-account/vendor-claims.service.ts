import { createHash, createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import {
  CLAIM_CODE_TTL_MINUTES,
  CLAIM_MAX_ATTEMPTS,
  type ClaimChannel,
  type ClaimChannelOption,
  type PendingVendorClaim,
  type VendorClaimOffer,
  type VendorClaimState,
  type VerifiedVendorClaim,
} from '../../../shared/vendor-claim.schemas.ts';
import type { Db, Tx } from '../../db/client.ts';
import { appointments } from '../../db/schema/bookings.ts';
import { vendorClaims, vendorProfiles } from '../../db/schema/vendors.ts';
import { AppError } from '../../lib/app-error.ts';
import { consumeRateLimit } from '../../lib/rate-limit.ts';
import { enqueueMail } from '../outbox/outbox.service.ts';
import { enqueueWhatsApp } from '../whatsapp/whatsapp-outbound.service.ts';
import { claimCodeMail, claimCodeWhatsApp } from './vendor-claim-messages.ts';

// Claiming an admin-created vendor profile (decision 035). A signup never links one: the
// account gets its own profile, and takes over the admin-created one only after proving control of
// its stored WhatsApp phone or email with a one-time code. Only the code's HMAC is stored.

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * Codes a profile's owner receives, whoever asks (decision 035): the per-account limit alone let
 * many accounts flood one phone or inbox. A profile gets 5 codes a day, one phone or email 3.
 */
export const claimTargetLimits = {
  profile: { max: 5, windowMs: DAY_MS },
  destination: { max: 3, windowMs: DAY_MS },
} as const;

export const claimMessages = {
  noOffer: 'No hay un perfil que puedas reclamar. / There is no profile you can claim.',
  noChannel:
    'Este perfil no tiene ese medio de contacto. Elige otro. / This profile has no such contact; choose another.',
  noPending: 'Primero pide un código. / Ask for a code first.',
  wrongCode: 'El código no es correcto. / The code is not correct.',
  expired: 'El código caducó. Pide uno nuevo. / The code has expired. Ask for a new one.',
  tooManyAttempts:
    'Demasiados intentos con este código. Pide uno nuevo. / Too many attempts with this code. Ask for a new one.',
  alreadyClaimed: 'Otra cuenta ya reclamó este perfil. / Another account has already claimed this profile.',
  targetLimited:
    'Este perfil ya recibió todos los códigos que puede recibir hoy. Inténtalo de nuevo mañana. / This profile has received all the codes it can get today. Please try again tomorrow.',
  ownHasBookings:
    'Tu perfil nuevo ya tiene reservas, así que no podemos reemplazarlo. Escríbenos para unir los perfiles. / Your new profile already has bookings, so it cannot be replaced. Contact us to merge the profiles.',
} as const;

interface ClaimableProfile {
  id: string;
  businessName: string;
  businessEmail: string | null;
  businessPhone: string | null;
}

/** An unclaimed admin-created profile (no account yet) with this business email or phone; the oldest. */
export async function findClaimableProfile(
  db: Db | Tx,
  { email, phone }: { email: string | null; phone: string | null },
): Promise<ClaimableProfile | undefined> {
  const matches = [
    ...(email ? [eq(vendorProfiles.businessEmail, email)] : []),
    ...(phone ? [eq(vendorProfiles.businessPhone, phone)] : []),
  ];
  if (matches.length === 0) return undefined;
  const [row] = await db
    .select({
      id: vendorProfiles.id,
      businessName: vendorProfiles.businessName,
      businessEmail: vendorProfiles.businessEmail,
      businessPhone: vendorProfiles.businessPhone,
    })
    .from(vendorProfiles)
    .where(and(claimable(), or(...matches)))
    .orderBy(vendorProfiles.createdAt)
    .limit(1);
  return row;
}

function claimable() {
  return and(
    eq(vendorProfiles.adminCreated, true),
    eq(vendorProfiles.isClaimed, false),
    isNull(vendorProfiles.userId),
  )!;
}

/** `ana@example.com` → `a•••@e•••.com`: enough to recognise one's own address, not to learn it. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const labels = domain.split('.');
  const top = labels.length > 1 ? `.${labels.at(-1)}` : '';
  return `${local.slice(0, 1)}•••@${domain.slice(0, 1)}•••${top}`;
}

/** `+525511112222` → `+52 •••• 2222`. */
export function maskPhone(phone: string): string {
  return `${phone.slice(0, 3)} •••• ${phone.slice(-4)}`;
}

/** The channels a code can reach: WhatsApp only when its messages reach a phone (config.whatsapp.delivers). */
function channelsOf(profile: ClaimableProfile, whatsappDelivers: boolean): ClaimChannelOption[] {
  return [
    ...(profile.businessPhone && whatsappDelivers
      ? [{ channel: 'whatsapp' as const, to: maskPhone(profile.businessPhone) }]
      : []),
    ...(profile.businessEmail ? [{ channel: 'email' as const, to: maskEmail(profile.businessEmail) }] : []),
  ];
}

/** What a signup or the dashboard may offer to claim for this business email and phone. */
export async function claimOfferFor(
  db: Db | Tx,
  contact: { email: string | null; phone: string | null },
  { whatsappDelivers }: ClaimChannelsOptions,
): Promise<VendorClaimOffer | null> {
  const profile = await findClaimableProfile(db, contact);
  if (!profile) return null;
  const channels = channelsOf(profile, whatsappDelivers);
  return channels.length > 0 ? { business_name: profile.businessName, channels } : null;
}

/** HMAC with the auth secret, bound to the claim: a stolen table gives no code to try elsewhere. */
function codeHash(authSecret: string, claimId: string, code: string): string {
  return createHmac('sha256', authSecret).update(`vendor-claim:${claimId}:${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

async function ownProfile(db: Db | Tx, vendorProfileId: string) {
  const [own] = await db
    .select({
      id: vendorProfiles.id,
      profileId: vendorProfiles.profileId,
      adminCreated: vendorProfiles.adminCreated,
      businessEmail: vendorProfiles.businessEmail,
      businessPhone: vendorProfiles.businessPhone,
      claimedAt: vendorProfiles.claimedAt,
      claimApprovedAt: vendorProfiles.claimApprovedAt,
    })
    .from(vendorProfiles)
    .where(eq(vendorProfiles.id, vendorProfileId));
  if (!own) throw new AppError('not_found', 'Not found.');
  return own;
}

/** The profile the account may claim: matched by its own (wizard-made) profile's email or phone. */
async function candidateOf(db: Db | Tx, own: Awaited<ReturnType<typeof ownProfile>>) {
  // A profile that is itself an admin-created one (claimed already) does not claim another.
  if (own.adminCreated) return undefined;
  return findClaimableProfile(db, { email: own.businessEmail, phone: own.businessPhone });
}

async function hasBookings(db: Db | Tx, vendorProfileId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(eq(appointments.vendorProfileId, vendorProfileId))
    .limit(1);
  return row !== undefined;
}

/** The account's latest code not yet used, with the profile it is for. */
async function latestOpenClaim(db: Db | Tx, userId: string) {
  const [row] = await db
    .select({
      id: vendorClaims.id,
      vendorProfileId: vendorClaims.vendorProfileId,
      channel: vendorClaims.channel,
      codeHash: vendorClaims.codeHash,
      expiresAt: vendorClaims.expiresAt,
      attempts: vendorClaims.attempts,
      businessName: vendorProfiles.businessName,
      businessEmail: vendorProfiles.businessEmail,
      businessPhone: vendorProfiles.businessPhone,
    })
    .from(vendorClaims)
    .innerJoin(vendorProfiles, eq(vendorProfiles.id, vendorClaims.vendorProfileId))
    .where(and(eq(vendorClaims.userId, userId), isNull(vendorClaims.verifiedAt)))
    // A new code cuts the earlier ones' expiry to its own start: that orders codes of one instant.
    .orderBy(desc(vendorClaims.createdAt), desc(vendorClaims.expiresAt))
    .limit(1);
  return row;
}

function maskedTarget(claim: {
  channel: ClaimChannel;
  businessEmail: string | null;
  businessPhone: string | null;
}) {
  return claim.channel === 'whatsapp'
    ? maskPhone(claim.businessPhone ?? '')
    : maskEmail(claim.businessEmail ?? '');
}

export interface VendorClaimOptions {
  db: Db;
  userId: string;
  /** The account's own vendor profile (requireVendor). */
  vendorProfileId: string;
  now: Date;
}

/** Whether WhatsApp messages reach a phone here (config.whatsapp.delivers): else a code goes by email only. */
interface ClaimChannelsOptions {
  whatsappDelivers: boolean;
}

/** GET /api/vendor/claim: an offer, a code waiting to be typed, or the state of a claim made. */
export async function getVendorClaimState({
  db,
  userId,
  vendorProfileId,
  now,
  whatsappDelivers,
}: VendorClaimOptions & ClaimChannelsOptions): Promise<VendorClaimState> {
  const own = await ownProfile(db, vendorProfileId);
  if (own.claimedAt)
    return {
      offer: null,
      pending: null,
      claimed: { claimed_at: own.claimedAt.toISOString(), approved: own.claimApprovedAt !== null },
    };
  const candidate = await candidateOf(db, own);
  if (!candidate) return { offer: null, pending: null, claimed: null };
  const open = await latestOpenClaim(db, userId);
  const pending: PendingVendorClaim | null =
    open &&
    open.vendorProfileId === candidate.id &&
    open.expiresAt > now &&
    open.attempts < CLAIM_MAX_ATTEMPTS
      ? {
          business_name: open.businessName,
          channel: open.channel,
          to: maskedTarget(open),
          expires_at: open.expiresAt.toISOString(),
          attempts_left: CLAIM_MAX_ATTEMPTS - open.attempts,
        }
      : null;
  const channels = channelsOf(candidate, whatsappDelivers);
  return {
    offer: channels.length > 0 ? { business_name: candidate.businessName, channels } : null,
    pending,
    claimed: null,
  };
}

/**
 * POST /api/vendor/claim/start: a new 6-digit code to the profile's stored phone (WhatsApp) or email,
 * through the outbox in the same transaction. Earlier codes of the account stop working.
 */
export async function startVendorClaim({
  db,
  userId,
  vendorProfileId,
  now,
  channel,
  authSecret,
  whatsappDelivers,
}: VendorClaimOptions &
  ClaimChannelsOptions & { channel: ClaimChannel; authSecret: string }): Promise<PendingVendorClaim> {
  const own = await ownProfile(db, vendorProfileId);
  const candidate = own.claimedAt ? undefined : await candidateOf(db, own);
  if (!candidate) throw new AppError('not_found', claimMessages.noOffer);
  const to =
    channel === 'whatsapp' ? (whatsappDelivers ? candidate.businessPhone : null) : candidate.businessEmail;
  if (!to)
    throw new AppError('validation_failed', claimMessages.noChannel, [
      { path: 'channel', message: claimMessages.noChannel },
    ]);
  // Said now rather than after the code: the claim could not replace a profile with bookings.
  if (await hasBookings(db, own.id)) throw new AppError('conflict', claimMessages.ownHasBookings);

  const id = randomUUID();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = new Date(now.getTime() + CLAIM_CODE_TTL_MINUTES * MINUTE_MS);
  await db.transaction(async (tx) => {
    // Counted in the transaction that sends the code: in the database, so every instance shares the
    // count, and parallel starts queue on the counter's row.
    await consumeTargetLimits(tx, { profileId: candidate.id, channel, to, now });
    await tx
      .update(vendorClaims)
      .set({ expiresAt: now })
      .where(
        and(
          eq(vendorClaims.userId, userId),
          isNull(vendorClaims.verifiedAt),
          gt(vendorClaims.expiresAt, now),
        ),
      );
    await tx.insert(vendorClaims).values({
      id,
      vendorProfileId: candidate.id,
      userId,
      channel,
      codeHash: codeHash(authSecret, id, code),
      expiresAt,
      createdAt: now,
    });
    if (channel === 'whatsapp')
      await enqueueWhatsApp(tx, {
        type: 'claim_code',
        to,
        vendorProfileId: candidate.id,
        businessName: candidate.businessName,
        code,
        text: claimCodeWhatsApp(candidate.businessName, code),
      });
    else await enqueueMail(tx, claimCodeMail(to, candidate.businessName, code));
  });
  return {
    business_name: candidate.businessName,
    channel,
    to: channel === 'whatsapp' ? maskPhone(to) : maskEmail(to),
    expires_at: expiresAt.toISOString(),
    attempts_left: CLAIM_MAX_ATTEMPTS,
  };
}

/** Refuses (429) a code the profile or its phone/email has had its day's share of. */
async function consumeTargetLimits(
  tx: Tx,
  { profileId, channel, to, now }: { profileId: string; channel: ClaimChannel; to: string; now: Date },
) {
  const refusal = {
    message: claimMessages.targetLimited,
    details: [{ path: 'channel', message: claimMessages.targetLimited, limit: 'target' }],
  };
  await consumeRateLimit({
    db: tx,
    key: `vendor.claim.profile:${profileId}`,
    ...claimTargetLimits.profile,
    now,
    ...refusal,
  });
  // The phone or email itself (two profiles may share one), hashed: the key is not a contact list.
  const destination = createHash('sha256').update(`${channel}:${to}`).digest('hex').slice(0, 32);
  await consumeRateLimit({
    db: tx,
    key: `vendor.claim.to:${destination}`,
    ...claimTargetLimits.destination,
    now,
    ...refusal,
  });
}

/**
 * POST /api/vendor/claim/verify. Each try is counted by one conditional UPDATE before the code is
 * compared, so parallel guesses cannot exceed the 5 attempts. A right code links the profile in one
 * transaction: the claim is spent, the account's own profile is deleted, and the admin-created one
 * is linked only `where is_claimed = false` — of two claimants racing, one wins, the other gets 409.
 */
export async function verifyVendorClaim({
  db,
  userId,
  vendorProfileId,
  now,
  code,
  authSecret,
}: VendorClaimOptions & { code: string; authSecret: string }): Promise<VerifiedVendorClaim> {
  const open = await latestOpenClaim(db, userId);
  if (!open) throw new AppError('not_found', claimMessages.noPending);
  const [counted] = await db
    .update(vendorClaims)
    .set({ attempts: sql`${vendorClaims.attempts} + 1` })
    .where(
      and(
        eq(vendorClaims.id, open.id),
        isNull(vendorClaims.verifiedAt),
        lt(vendorClaims.attempts, CLAIM_MAX_ATTEMPTS),
        gt(vendorClaims.expiresAt, now),
      ),
    )
    .returning({ attempts: vendorClaims.attempts });
  if (!counted) {
    if (open.attempts >= CLAIM_MAX_ATTEMPTS)
      throw new AppError('rate_limited', claimMessages.tooManyAttempts);
    if (open.expiresAt <= now) throw new AppError('gone', claimMessages.expired);
    throw new AppError('rate_limited', claimMessages.tooManyAttempts); // spent by a parallel try
  }
  if (!sameHash(open.codeHash, codeHash(authSecret, open.id, code))) {
    const left = CLAIM_MAX_ATTEMPTS - counted.attempts;
    if (left <= 0) throw new AppError('rate_limited', claimMessages.tooManyAttempts);
    throw new AppError('validation_failed', claimMessages.wrongCode, [
      { path: 'code', message: claimMessages.wrongCode, attempts_left: left },
    ]);
  }

  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(vendorClaims)
      .set({ verifiedAt: now })
      .where(and(eq(vendorClaims.id, open.id), isNull(vendorClaims.verifiedAt)))
      .returning({ id: vendorClaims.id });
    if (!spent) throw new AppError('conflict', claimMessages.alreadyClaimed);

    const own = await ownProfile(tx, vendorProfileId);
    if (await hasBookings(tx, own.id)) throw new AppError('conflict', claimMessages.ownHasBookings);
    // user_id is unique: the account's own profile goes first, so that the claimed one can take it.
    await tx
      .delete(vendorProfiles)
      .where(and(eq(vendorProfiles.id, own.id), eq(vendorProfiles.userId, userId)));
    const [linked] = await tx
      .update(vendorProfiles)
      .set({
        userId,
        profileId: own.profileId,
        isClaimed: true,
        claimedAt: now,
        claimApprovedAt: null,
        // An admin looks again before the new owner's details are public (decision 035).
        applicationStatus: 'submitted',
        updatedAt: now,
      })
      .where(and(eq(vendorProfiles.id, open.vendorProfileId), claimable()))
      .returning({
        id: vendorProfiles.id,
        slug: vendorProfiles.slug,
        businessName: vendorProfiles.businessName,
      });
    // Thrown inside: the own profile's delete rolls back with it.
    if (!linked) throw new AppError('conflict', claimMessages.alreadyClaimed);
    return {
      vendor_profile_id: linked.id,
      slug: linked.slug,
      business_name: linked.businessName,
      claimed_at: now.toISOString(),
    };
  });
}
