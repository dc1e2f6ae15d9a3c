import { clabe as clabeOf } from 'clabe-validator';
import { z } from 'zod';

// ARCHITECTURE §6, §7.1: the earnings and payouts API. Every amount is integer centavos of MXN, as
// `amount_mxn` is everywhere else.

export const clabeMessages = {
  length: 'A CLABE has 18 digits.',
  checksum: 'This CLABE is not valid: check its digits.',
  bank: 'This CLABE does not belong to a bank in Mexico.',
} as const;

/**
 * A CLABE (Clave Bancaria Estandarizada) as typed — spaces and dashes dropped — with its bank code
 * and check digit checked by clabe-validator. The bank's name comes with it.
 */
export const clabeSchema = z
  .string()
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{18}$/, clabeMessages.length))
  .superRefine((value, ctx) => {
    const check = clabeOf.validate(value);
    if (check.ok) return;
    ctx.addIssue({
      code: 'custom',
      message: check.error === 'invalid-bank' ? clabeMessages.bank : clabeMessages.checksum,
    });
  });

/** The bank a valid CLABE belongs to (its short name), or null. */
export function bankOfClabe(clabe: string): string | null {
  const check = clabeOf.validate(clabe);
  return check.ok ? check.tag : null;
}

export const holderNameMessages = {
  required: "Enter the account holder's name.",
  tooLong: "The holder's name is too long.",
} as const;

export const payoutAccountInputSchema = z.object({
  clabe: clabeSchema,
  holder_name: z.string().trim().min(2, holderNameMessages.required).max(120, holderNameMessages.tooLong),
});
export type PayoutAccountInput = z.input<typeof payoutAccountInputSchema>;
export type PayoutAccount = z.output<typeof payoutAccountInputSchema>;

export const adminPayoutsQuerySchema = z.object({ status: z.enum(['due', 'paid']).default('due') });

export const referenceMessages = {
  required: "Enter the transfer's reference.",
  tooLong: 'The reference is too long.',
  characters: 'The reference has letters, digits, spaces and . _ / - only.',
} as const;

/** A SPEI transfer's reference (its clave de rastreo, or the bank's folio). */
export const adminPayoutInputSchema = z.object({
  vendor_profile_id: z.uuid('Not a valid id'),
  reference: z
    .string()
    .trim()
    .min(4, referenceMessages.required)
    .max(40, referenceMessages.tooLong)
    .regex(/^[A-Za-z0-9 ._/-]+$/, referenceMessages.characters),
});
export type AdminPayoutInput = z.infer<typeof adminPayoutInputSchema>;

/**
 * POST /api/admin/payouts's refusals (404, 409), here so that the admin's screen can say each in
 * its reader's language.
 */
export const payoutMessages = {
  vendorNotFound: 'Vendor not found.',
  noAccount: 'This vendor has not given a CLABE yet: there is nowhere to pay it.',
  stripeNotConfigured: 'Stripe payouts are not configured.',
  nothingAvailable: 'This vendor has nothing available to pay out.',
  referenceTaken: 'A payout with this reference is already recorded.',
} as const;

/** Where an entry's money stands: held, free to pay out, or going back to the customer (cancelled). */
export type BalanceState = 'pending' | 'available' | 'refunded';

export interface PayoutAccountView {
  /** How the vendor is paid: by transfer once its Stripe account takes payouts, else by SPEI to its CLABE. */
  method: 'clabe' | 'stripe' | null;
  /**
   * `active`: payouts can be made; `onboarding`: a Stripe account not yet finished (and no CLABE);
   * `missing`: none given yet, the balance waits.
   */
  status: 'active' | 'onboarding' | 'missing';
  /** The vendor's Stripe account: none, created but not yet taking payouts, or taking them. */
  stripe: 'none' | 'onboarding' | 'active';
  /** The CLABE's last four digits, its bank and holder: enough to recognise it, never the whole number. */
  clabe_last4: string | null;
  bank: string | null;
  holder_name: string | null;
}

export interface EarningsEntry {
  kind: 'payment' | 'refund' | 'refund_reversed' | 'payout' | 'payout_reversed';
  /** What it did to the vendor's balance: positive in, negative out. */
  amount: number;
  /** A payment's booking amount and the commission taken from it. */
  gross: number | null;
  commission: number | null;
  booking_id: string | null;
  booking_code: string | null;
  /** Whether this entry's money is still held or free to pay out (a payout's is always `available`). */
  balance: BalanceState;
  created_at: string;
}

export interface PayoutView {
  id: string;
  amount: number;
  method: 'spei' | 'stripe';
  /** `pending`: a Stripe transfer not made yet (retried); its reference and time come when it is. */
  status: 'pending' | 'paid';
  reference: string | null;
  paid_at: string | null;
  created_at: string;
}

/** A Stripe payout whose transfer is not made yet, as the admins see it: each failure and its retry. */
export interface PendingTransferView {
  id: string;
  vendor_profile_id: string;
  business_name: string;
  amount: number;
  attempts: number;
  attempted_at: string | null;
  transfer_error: string | null;
  created_at: string;
}

export interface VendorEarnings {
  pending: number;
  available: number;
  paid_out: number;
  /** Hours after a booking's end before its money is available. */
  hold_hours: number;
  /** The commission on bookings paid from now on, in basis points (each paid one keeps its own). */
  commission_bps: number;
  entries: EarningsEntry[];
  payouts: PayoutView[];
  payout_account: PayoutAccountView;
  /** Whether the vendor may connect a Stripe account (Stripe is configured). */
  stripe_connect: boolean;
}

export interface AdminPayoutVendor {
  vendor_profile_id: string;
  business_name: string;
  pending: number;
  available: number;
  paid_out: number;
  payout_account: PayoutAccountView;
  /** The vendor's RFC (decision 098), for the admins only; null while it has given none. */
  rfc: string | null;
}

export interface AdminPayoutsDue {
  status: 'due';
  commission_earned: number;
  /** The smallest available balance that is due a payout. */
  minimum: number;
  vendors: AdminPayoutVendor[];
  /** Stripe payouts whose transfer is not made yet, oldest first. */
  transfers_pending: PendingTransferView[];
}

export interface AdminPayoutsPaid {
  status: 'paid';
  commission_earned: number;
  payouts: (PayoutView & { vendor_profile_id: string; business_name: string })[];
}

export interface LedgerCheck {
  ok: boolean;
  problems: string[];
}
