import { z } from 'zod';
import { REVIEW_MESSAGE_MAX } from './vendor-review.schemas.ts';

// Edits of an approved vendor (decision 055): what names the business publicly waits for an admin;
// what describes it publishes at once and is listed for admins.

/**
 * The identity of a vendor: who the public thinks it is dealing with and where bookings go (the
 * phone receives the booking requests by WhatsApp). Changes to these wait for an admin's review.
 */
export const identityFields = [
  'business_name',
  'service_category',
  'business_phone',
  'business_email',
  'address',
] as const;
export type IdentityField = (typeof identityFields)[number];

/** An identity change waiting for review: the new value of each field it names. */
export type IdentityChanges = Partial<Record<IdentityField, string>>;

/** A vendor's own view of its change under review, and of the last one turned down. */
export interface VendorPendingChange {
  /** The values waiting for review; the profile's own fields keep what the public sees. */
  fields: IdentityChanges;
  submitted_at: string;
}
export interface VendorRejectedChange {
  fields: IdentityChanges;
  message: string | null;
  decided_at: string;
}

export const changeDecisions = ['approve', 'reject'] as const;

/** POST /api/admin/vendors/:id/pending-change: approve it, or reject it with the reason. */
export const pendingChangeDecisionSchema = z
  .object({
    decision: z.enum(changeDecisions),
    message: z
      .string()
      .trim()
      .min(1, 'Write a message for the vendor.')
      .max(REVIEW_MESSAGE_MAX, `At most ${REVIEW_MESSAGE_MAX} characters.`)
      .optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.decision === 'approve' && value.message !== undefined)
      ctx.addIssue({ code: 'custom', path: ['message'], message: 'An approval carries no message.' });
    if (value.decision === 'reject' && value.message === undefined)
      ctx.addIssue({ code: 'custom', path: ['message'], message: 'Write a message for the vendor.' });
  });
export type PendingChangeDecision = z.output<typeof pendingChangeDecisionSchema>;

/** A change waiting in the Review tab: what the public sees now and what the vendor asks for. */
export interface PendingChangeItem {
  vendor_profile_id: string;
  slug: string;
  business_name: string;
  current: IdentityChanges;
  proposed: IdentityChanges;
  submitted_at: string;
}

/** The fields a published change may name (the descriptive ones, and the services). */
export const descriptiveFields = [
  'bio',
  'experience_years',
  'service_areas',
  'languages',
  'availability',
  'buffer_minutes',
  'advance_booking_days',
  'lead_time_minutes',
  'instant_booking',
  'cancellation_policy',
  'services',
] as const;
export type DescriptiveField = (typeof descriptiveFields)[number];

/** A service as a published change names it. */
export interface ServiceChange {
  action: 'added' | 'changed' | 'deactivated';
  name: string;
  price_cents: number;
}

/** A change that published at once, as the "recent changes" list shows it (newest first). */
export interface RecentChangeItem {
  id: string;
  vendor_profile_id: string;
  slug: string;
  business_name: string;
  /** The fields changed, with their new values (`services`: the service added or changed). */
  changes: Partial<Record<DescriptiveField, unknown>>;
  created_at: string;
}
