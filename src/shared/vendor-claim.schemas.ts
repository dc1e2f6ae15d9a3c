import { z } from 'zod';

// Claiming an admin-created vendor profile (decision 035): the account proves control of
// the profile's stored WhatsApp phone or email with a one-time code before the profile is linked.

/** A code lives 15 minutes and allows 5 tries; a new code replaces the previous one. */
export const CLAIM_CODE_TTL_MINUTES = 15;
export const CLAIM_MAX_ATTEMPTS = 5;

export const claimChannels = ['whatsapp', 'email'] as const;
export type ClaimChannel = (typeof claimChannels)[number];

/** POST /api/vendor/claim/start: where to send the code (a channel the profile has). */
export const startVendorClaimSchema = z.object({ channel: z.enum(claimChannels) }).strict();

/** POST /api/vendor/claim/verify: the 6 digits received. */
export const verifyVendorClaimSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'Enter the 6-digit code.'),
  })
  .strict();

/** A channel of the profile, masked: the stored email or phone is never sent in clear. */
export interface ClaimChannelOption {
  channel: ClaimChannel;
  to: string;
}

/** An unclaimed admin-created profile that matches the account's business email or phone. */
export interface VendorClaimOffer {
  business_name: string;
  channels: ClaimChannelOption[];
}

/** A code sent and still usable. */
export interface PendingVendorClaim {
  business_name: string;
  channel: ClaimChannel;
  to: string;
  expires_at: string;
  attempts_left: number;
}

/** GET /api/vendor/claim: what the dashboard offers. */
export interface VendorClaimState {
  offer: VendorClaimOffer | null;
  pending: PendingVendorClaim | null;
  /** The account's profile came from a claim; `approved` once an admin approved it. */
  claimed: { claimed_at: string; approved: boolean } | null;
}

/** POST /api/vendor/claim/verify → 200: the profile now linked to the account. */
export interface VerifiedVendorClaim {
  vendor_profile_id: string;
  slug: string;
  business_name: string;
  claimed_at: string;
}
