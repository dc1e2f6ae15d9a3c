import { CUSTOMER_CHANGE_HOURS } from './constants.ts';

// The vendor's cancellation policy (decision 095): one of three presets, chosen in the dashboard,
// shown on the profile, the booking form and the booking page, and copied onto each booking when it
// is requested, so that what the customer agreed to is what a later cancel applies. Pure rules, read
// by the server (what a cancel refunds) and by the browser (how the terms are explained).

export const cancellationPolicies = ['flexible', 'moderate', 'strict'] as const;
export type CancellationPolicy = (typeof cancellationPolicies)[number];

/** Today's one rule (decision 046): every vendor and every booking made before the presets has it. */
export const DEFAULT_CANCELLATION_POLICY: CancellationPolicy = 'flexible';

/** A share of the amount refunded while the cancel comes more than `hoursBefore` hours before the start. */
export interface RefundTier {
  hoursBefore: number;
  percent: number;
}

export interface CancellationPolicyRule {
  /** From the most generous; the first tier whose window is still open applies, and after the last nothing is refunded. */
  tiers: readonly RefundTier[];
  /**
   * How long before the start the customer may still cancel online. Flexible keeps decision 046's
   * 24 hours (after them it would refund nothing); under the others a late cancel is allowed until
   * the start, refunding what the tiers say (possibly nothing), so the vendor can offer the slot again.
   */
  cancelUntilHours: number;
}

export const cancellationPolicyRules = {
  flexible: {
    tiers: [{ hoursBefore: CUSTOMER_CHANGE_HOURS, percent: 100 }],
    cancelUntilHours: CUSTOMER_CHANGE_HOURS,
  },
  moderate: {
    tiers: [
      { hoursBefore: 48, percent: 100 },
      { hoursBefore: 24, percent: 50 },
    ],
    cancelUntilHours: 0,
  },
  strict: { tiers: [{ hoursBefore: 72, percent: 100 }], cancelUntilHours: 0 },
} as const satisfies Record<CancellationPolicy, CancellationPolicyRule>;

const HOUR_MS = 3_600_000;

export const isCancellationPolicy = (value: unknown): value is CancellationPolicy =>
  (cancellationPolicies as readonly unknown[]).includes(value);

/**
 * The share refunded by a cancel at `at` of a booking starting at `start`: a tier applies while
 * `at` is strictly before `start − hoursBefore` (decision 046's "24 hours before" is already too
 * late at exactly 24 hours), so each boundary instant belongs to the smaller refund.
 */
export function refundPercentAt(policy: CancellationPolicy, start: Date, at: Date): number {
  for (const tier of cancellationPolicyRules[policy].tiers)
    if (at.getTime() < start.getTime() - tier.hoursBefore * HOUR_MS) return tier.percent;
  return 0;
}

/** A percentage of an amount in whole centavos, rounded down: an odd centavo stays the vendor's. */
export const percentOf = (amountMxn: number, percent: number) => Math.floor((amountMxn * percent) / 100);

/** What a cancel at `at` pays back of a paid booking's amount, in centavos. */
export const cancelRefundMxn = (policy: CancellationPolicy, amountMxn: number, start: Date, at: Date) =>
  percentOf(amountMxn, refundPercentAt(policy, start, at));

/**
 * A no-show counts as a cancel after the last boundary: the customer kept the slot until it was
 * too late to give it to anyone else. Every preset refunds nothing then.
 */
export const noShowRefundMxn = (policy: CancellationPolicy, amountMxn: number, start: Date) =>
  cancelRefundMxn(policy, amountMxn, start, start);

/** Until when the customer may cancel online (exclusive). */
export const customerCancelDeadline = (policy: CancellationPolicy, start: Date) =>
  new Date(start.getTime() - cancellationPolicyRules[policy].cancelUntilHours * HOUR_MS);

/** The instant each tier's window closes, most generous first (for "until Friday 10:00, …"). */
export const refundBoundaries = (policy: CancellationPolicy, start: Date) =>
  cancellationPolicyRules[policy].tiers.map((tier) => ({
    until: new Date(start.getTime() - tier.hoursBefore * HOUR_MS),
    percent: tier.percent,
  }));
