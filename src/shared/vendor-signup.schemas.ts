import { z } from 'zod';
import { type CancellationPolicy, cancellationPolicies } from './cancellation-policy.ts';
import { categoryKeyOf, languages } from './categories.ts';
import {
  ADVANCE_BOOKING_DAYS,
  BUFFER_MINUTES,
  DEFAULT_ADVANCE_BOOKING_DAYS,
  DEFAULT_BUFFER_MINUTES,
  DEFAULT_LEAD_TIME_MINUTES,
  LEAD_TIME_MINUTES,
  MIN_PAID_PRICE_CENTS,
} from './constants.ts';
import { type CountryCode, countryCodes, defaultCountry } from './countries.ts';
import { languages as appLanguages } from './language.ts';
import { isStrongPassword } from './password-rules.ts';
import { invalidPhoneMessage, toE164 } from './phone.ts';
import { type ServiceLocation, serviceLocations } from './service-location.ts';
import { updateSchemaOf } from './update-schema.ts';
import type { VendorPendingChange, VendorRejectedChange } from './vendor-changes.schemas.ts';
import type { VendorClaimOffer } from './vendor-claim.schemas.ts';
import { type WeeklyAvailability, weeklyAvailabilitySchema } from './weekly-availability.ts';

// product §3 vendor signup form, §5 wizard validation: ONE schema for the wizard (checked by step at
// submit) and for POST /api/vendor/signup. The messages are the spec's English ones; the wizard
// shows its own translation of them, chosen by the field that failed (see signupIssueKey).

export const signupMessages = {
  required: 'Please fill in all required fields before continuing.',
  weakPassword: 'Password does not meet security requirements.',
  categoryRequired: 'Please select your service category.',
  areasRequired: 'Please select at least one service area.',
  outOfRange: 'Please check the scheduling values.',
  invalidPhone: invalidPhoneMessage,
  // Beyond product §5: the experience's own range, and the services step (decision 076).
  experienceRange: 'Years of experience must be a whole number from 0 to 100.',
  servicesRequired: 'Please add at least one service.',
} as const;

/**
 * A vendor's category (decision 050): a key of the taxonomy, or a label that names one (either
 * language, or one stored before keys), stored as its key; anything else is refused with `message`.
 */
export function serviceCategorySchema(message: string) {
  return z.string().transform((value, ctx) => {
    const key = categoryKeyOf(value);
    if (key) return key;
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  });
}

/**
 * The WhatsApp phone with its picker's country as E.164 (toE164: the one reading of a phone), or an
 * issue on `business_phone` that says so (a 400 naming the field on the server, the message by the
 * field in the forms). An empty phone is left to the required-field check.
 */
export function businessPhoneOf(
  {
    business_phone,
    business_phone_country,
  }: { business_phone: string; business_phone_country?: CountryCode },
  ctx: z.RefinementCtx,
): string | undefined {
  if (!business_phone.trim()) return undefined;
  const phone = toE164(business_phone, business_phone_country ?? defaultCountry.code);
  if (!phone)
    ctx.addIssue({ code: 'custom', path: ['business_phone'], message: signupMessages.invalidPhone });
  return phone;
}

const requiredText = (max: number) =>
  z.string().trim().min(1, signupMessages.required).max(max, signupMessages.required);

const intInRange = (range: { min: number; max: number }) =>
  z
    .number()
    .int(signupMessages.outOfRange)
    .min(range.min, signupMessages.outOfRange)
    .max(range.max, signupMessages.outOfRange);

/** Step 1 Personal Info (the password is checked by `passwordSchema`: not needed after Google). */
export const signupStep1Schema = z.object({
  business_name: requiredText(120),
  business_phone: requiredText(30),
  business_phone_country: z.enum(countryCodes).default(defaultCountry.code),
  business_email: z.string().trim().min(1, signupMessages.required).pipe(z.email(signupMessages.required)),
});

export const passwordSchema = z
  .string()
  .min(1, signupMessages.required)
  .max(128, signupMessages.weakPassword)
  .refine(isStrongPassword, signupMessages.weakPassword);

/** The most service areas a vendor lists: whole alcaldías cover many colonias at once. */
export const MAX_SERVICE_AREAS = 60;

/** Step 2 Business and Areas. product §5: the address is required in practice. */
export const signupStep2Schema = z.object({
  bio: z.string().trim().max(2000).optional().default(''),
  experience_years: z
    .number()
    .int(signupMessages.experienceRange)
    .min(0, signupMessages.experienceRange)
    .max(100, signupMessages.experienceRange)
    .nullable()
    .default(null),
  service_category: serviceCategorySchema(signupMessages.categoryRequired),
  // A colonia of the city, one of product §3's ten, or "Alcaldía X": the server checks them against
  // its catalogue, which the browser never loads (decision 073).
  service_areas: z
    .array(z.string().trim().min(1, signupMessages.areasRequired).max(120, signupMessages.areasRequired))
    .min(1, signupMessages.areasRequired)
    .max(MAX_SERVICE_AREAS, signupMessages.areasRequired)
    .transform((a) => [...new Set(a)]),
  languages: z
    .array(z.enum(languages))
    .default([])
    .transform((a) => [...new Set(a)]),
  address: requiredText(300),
});

/** Step 3 Scheduling, with product §5 bounds (ARCHITECTURE §12: advance booking defaults to 14). */
export const signupStep3Schema = z.object({
  buffer_minutes: intInRange(BUFFER_MINUTES).default(DEFAULT_BUFFER_MINUTES),
  advance_booking_days: intInRange(ADVANCE_BOOKING_DAYS).default(DEFAULT_ADVANCE_BOOKING_DAYS),
  lead_time_minutes: intInRange(LEAD_TIME_MINUTES).default(DEFAULT_LEAD_TIME_MINUTES),
  availability: weeklyAvailabilitySchema,
});

// ——— The vendor's services: /api/vendor/services[/:id] ———

export const vendorServiceSchema = z
  .object({
    // It is a calendar event's title and a line of mails and WhatsApp messages: a control character
    // (a line break, a lone CR) would break the line it sits on.
    name: z
      .string()
      .trim()
      .min(1, 'Name is required')
      .max(100)
      .refine(
        (name) => !/[\p{Cc}\u2028\u2029]/u.test(name),
        'The service name may not contain line breaks or control characters.',
      ),
    description: z.string().trim().max(1000).nullable().default(null),
    /** product §3: price in centavos (MXN): 0 (free, no payment) or at least the card minimum. */
    price_cents: z
      .number()
      .int()
      .min(0)
      .max(100_000_000)
      .refine((cents) => cents === 0 || cents >= MIN_PAID_PRICE_CENTS, {
        message: 'A paid service costs at least $10 MXN (the card payment minimum); 0 makes it free.',
      }),
    duration_minutes: z.number().int().min(5).max(1440),
    /** Where it is done; null = the category's default (shared/service-location.ts). */
    location: z
      .enum(serviceLocations, 'location must be customer, vendor or online')
      .nullable()
      .default(null),
  })
  .strict();
/** At most this many services at signup; more are added from the dashboard. */
export const SIGNUP_SERVICES_MAX = 10;

/** The wizard's services step: what the vendor offers, as the dashboard's service form takes it. */
export const signupServicesSchema = z.object({
  services: z.array(vendorServiceSchema).max(SIGNUP_SERVICES_MAX).default([]),
});

/**
 * POST /api/vendor/signup: every step. `password` is required when nobody is signed in, and with
 * `current_password` when the session's account has a password (held to the wizard's rule); the wizard
 * sends at least one service, the API takes none too (the dashboard adds them).
 */
export const vendorSignupSchema = signupStep1Schema
  .extend({
    password: passwordSchema.optional(),
    /** A signed-in password account's current password: proves its owner before it takes `password`. */
    current_password: z.string().max(128).optional(),
    /** The wizard's language: the vendor's account speaks it from then on (decision 068). */
    language: z.enum(appLanguages).optional(),
  })
  .extend(signupStep2Schema.shape)
  .extend(signupStep3Schema.shape)
  .extend(signupServicesSchema.shape)
  .strict()
  .transform((input, ctx) => {
    const phone = businessPhoneOf(input, ctx);
    if (!phone) return z.NEVER;
    return { ...input, business_email: input.business_email.toLowerCase(), business_phone: phone };
  });
export type VendorSignupInput = z.input<typeof vendorSignupSchema>;
export type VendorSignup = z.output<typeof vendorSignupSchema>;

/** Which message a failed field gets in the wizard (product §5's, and decision 076's). */
export type SignupIssueKey =
  | 'required'
  | 'weakPassword'
  | 'categoryRequired'
  | 'areasRequired'
  | 'outOfRange'
  | 'invalidPhone'
  | 'experienceRange'
  | 'servicesRequired'
  | 'serviceInvalid';

export function signupIssueKey(issue: { path: PropertyKey[]; message: string }): SignupIssueKey {
  const field = String(issue.path[0] ?? '');
  if (field === 'business_phone' && issue.message === signupMessages.invalidPhone) return 'invalidPhone';
  if (field === 'service_category') return 'categoryRequired';
  if (field === 'service_areas') return 'areasRequired';
  if (field === 'experience_years') return 'experienceRange';
  if (field === 'services')
    return issue.message === signupMessages.servicesRequired ? 'servicesRequired' : 'serviceInvalid';
  if (field === 'password' && issue.message === signupMessages.weakPassword) return 'weakPassword';
  if (issue.message === signupMessages.outOfRange || field === 'availability') return 'outOfRange';
  return 'required';
}

/** POST /api/vendor/signup → 201. */
export interface VendorSignupResponse {
  vendorProfileId: string;
  slug: string;
  /**
   * An unclaimed admin-created profile with this business email or phone: the account
   * may claim it with a one-time code (/api/vendor/claim); never linked by the signup itself.
   */
  claim: VendorClaimOffer | null;
  /** A confirmation mail was queued (new password accounts; a Google address is already proven). */
  confirmationMailQueued: boolean;
}

// ——— The vendor's own profile: GET and PATCH /api/vendor/profile (ARCHITECTURE §6) ———

/**
 * PATCH: any of the wizard's editable fields, without the wizard's defaults (a patch
 * changes only what it names); the phone comes with its country, which is read only with it. The
 * cancellation policy (decision 095) is set here only: a new vendor starts with the flexible one.
 */
export const vendorProfilePatchSchema = updateSchemaOf(
  signupStep1Schema
    .pick({ business_name: true, business_phone: true, business_phone_country: true })
    .extend(signupStep2Schema.shape)
    .extend(signupStep3Schema.shape)
    // Decision 097: requests that fit the calendar are confirmed at once and paid at booking time.
    // Decision 095: the preset its bookings are cancelled by.
    .extend({ instant_booking: z.boolean(), cancellation_policy: z.enum(cancellationPolicies) }),
)
  .strict()
  .transform(({ business_phone_country, ...input }, ctx) => {
    if (input.business_phone === undefined) return input;
    const phone = businessPhoneOf({ business_phone: input.business_phone, business_phone_country }, ctx);
    if (!phone) return z.NEVER;
    return { ...input, business_phone: phone };
  });
export type VendorProfilePatchInput = z.input<typeof vendorProfilePatchSchema>;
export type VendorProfilePatch = z.output<typeof vendorProfilePatchSchema>;

/** The vendor's own profile, private fields included (only the vendor and admins see these). */
export interface VendorAccountProfile {
  id: string;
  slug: string;
  business_name: string;
  service_category: string;
  bio: string | null;
  address: string | null;
  experience_years: number | null;
  business_phone: string | null;
  business_email: string | null;
  service_areas: string[];
  languages: string[];
  buffer_minutes: number;
  advance_booking_days: number;
  lead_time_minutes: number;
  availability: WeeklyAvailability;
  /** Requests that fit the calendar are confirmed at once, paid at booking time (decision 097). */
  instant_booking: boolean;
  /** The preset new bookings are cancelled by; each booking keeps the one it was requested under. */
  cancellation_policy: CancellationPolicy;
  application_status: string;
  /** The last review's message: what to change (pending) or why not (rejected); decision 048. */
  review_message: string | null;
  reviewed_at: string | null;
  /** An approved vendor's change of identity waiting for an admin (decision 055). */
  pending_change: VendorPendingChange | null;
  /** The last such change an admin turned down, with the reason, until another is proposed. */
  rejected_change: VendorRejectedChange | null;
  is_verified: boolean;
  onboarding_completed: boolean;
  admin_created: boolean;
  is_claimed: boolean;
  timezone: string;
  created_at: string;
}

export const vendorServicePatchSchema = updateSchemaOf(vendorServiceSchema)
  .extend({ is_active: z.boolean().optional() })
  .strict();
export type VendorServiceInput = z.input<typeof vendorServiceSchema>;
export type VendorServicePatchInput = z.input<typeof vendorServicePatchSchema>;

export const serviceIdParamSchema = z.object({ id: z.uuid() });

export interface VendorService {
  id: string;
  name: string;
  description: string | null;
  price_cents: number;
  duration_minutes: number;
  /** Where it is done; null = the category's default. */
  location: ServiceLocation | null;
  is_active: boolean;
}
