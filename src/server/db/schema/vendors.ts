import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { type CancellationPolicy, cancellationPolicies } from '../../../shared/cancellation-policy.ts';
import { vendorCategories } from '../../../shared/categories.ts';
import {
  DEFAULT_ADVANCE_BOOKING_DAYS,
  DEFAULT_BUFFER_MINUTES,
  DEFAULT_LEAD_TIME_MINUTES,
  DEFAULT_TIMEZONE,
} from '../../../shared/constants.ts';
import { languages as appLanguages } from '../../../shared/language.ts';
import type { ServiceLocation } from '../../../shared/service-location.ts';
import type { IdentityChanges } from '../../../shared/vendor-changes.schemas.ts';
import type { WeeklyAvailability } from '../../../shared/weekly-availability.ts';
import { user } from './auth.ts';
import { citext, createdAt, id, tsvector, updatedAt } from './columns.ts';

// product §3 profiles: one per user; user_id is NULL for a customer profile an admin created, until
// that person signs up with the same phone or email (ARCHITECTURE §3).
export const profiles = pgTable(
  'profiles',
  {
    id: id(),
    userId: text('user_id')
      .unique()
      .references(() => user.id, { onDelete: 'cascade' }),
    displayName: text('display_name'),
    phone: text('phone'),
    email: citext('email'),
    avatarUrl: text('avatar_url'),
    preferredCategories: text('preferred_categories').array().notNull().default(sql`'{}'::text[]`),
    isVendor: boolean('is_vendor').notNull().default(false),
    // Settings → preferences (product §2): the push and email notification switches.
    notifyPush: boolean('notify_push').notNull().default(true),
    notifyEmail: boolean('notify_email').notNull().default(true),
    // Opt-in: only users who said yes count towards "Booked by your contacts".
    shareBookingsWithContacts: boolean('share_bookings_with_contacts').notNull().default(false),
    // Decision 068: the language the person reads (the switch, the signup wizard); null if never said.
    language: text('language', { enum: appLanguages }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('profiles_language_check', sql`${t.language} in ('es-MX', 'en')`),
    index('profiles_is_vendor_created_idx').on(t.isVendor, t.createdAt.desc().nullsFirst()),
    // Contacts processing finds people in a customer's contacts by phone (features/contacts).
    index('profiles_phone_idx').on(t.phone),
  ],
);

// product §3 vendor_profiles, plus slug and timezone (ARCHITECTURE §3). Never exposed whole to the public:
// user_id, profile_id, business_email and business_phone stay with the vendor and admins.
export const vendorProfiles = pgTable(
  'vendor_profiles',
  {
    id: id(),
    userId: text('user_id')
      .unique()
      .references(() => user.id, { onDelete: 'set null' }),
    profileId: uuid('profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    slug: text('slug').notNull().unique(),
    businessName: text('business_name').notNull(),
    serviceCategory: text('service_category').notNull(),
    bio: text('bio'),
    address: text('address'),
    profileImageUrl: text('profile_image_url'),
    coverImageUrl: text('cover_image_url'),
    pricingType: text('pricing_type', { enum: ['hourly', 'fixed', 'other'] }),
    isVerified: boolean('is_verified').notNull().default(false),
    certifications: text('certifications').array().notNull().default(sql`'{}'::text[]`),
    applicationStatus: text('application_status').notNull().default('submitted'),
    experienceYears: integer('experience_years'),
    businessPhone: text('business_phone'),
    /**
     * A phone stored before phones were read by libphonenumber-js that the repair after migrate
     * could not read as a number (db/phone-repair.ts): kept here for the admins, business_phone
     * emptied; cleared when a phone is set again.
     */
    businessPhoneUnreadable: text('business_phone_unreadable'),
    businessEmail: citext('business_email'),
    serviceAreas: text('service_areas').array().notNull().default(sql`'{}'::text[]`),
    languages: text('languages').array().notNull().default(sql`'{}'::text[]`),
    bufferMinutes: integer('buffer_minutes').notNull().default(DEFAULT_BUFFER_MINUTES),
    advanceBookingDays: integer('advance_booking_days').notNull().default(DEFAULT_ADVANCE_BOOKING_DAYS),
    leadTimeMinutes: integer('lead_time_minutes').notNull().default(DEFAULT_LEAD_TIME_MINUTES),
    availability: jsonb('availability').$type<WeeklyAvailability>().notNull(),
    // Decision 097: a request that fits the calendar is confirmed at once and paid at booking time.
    instantBooking: boolean('instant_booking').notNull().default(false),
    // Decision 095: the preset its bookings are cancelled by; each booking keeps its own copy.
    cancellationPolicy: text('cancellation_policy').$type<CancellationPolicy>().notNull().default('flexible'),
    onboardingCompleted: boolean('onboarding_completed').notNull().default(false),
    adminCreated: boolean('admin_created').notNull().default(false),
    isClaimed: boolean('is_claimed').notNull().default(false),
    // When an account proved control of this admin-created profile and took it over, and
    // when an admin approved that claim: bookings made before the claim stay hidden from the
    // claimant until then.
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    claimApprovedAt: timestamp('claim_approved_at', { withTimezone: true }),
    // The last review (decision 048): when an admin approved, asked for changes or rejected, and
    // the message sent with it (what to change, or why not).
    reviewMessage: text('review_message'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    // Decision 055: an approved vendor's change of identity waiting for an admin (the new value of
    // each field it names; the columns above keep what the public sees), and its last edit.
    pendingChanges: jsonb('pending_changes').$type<IdentityChanges>(),
    pendingChangesAt: timestamp('pending_changes_at', { withTimezone: true }),
    timezone: text('timezone').notNull().default(DEFAULT_TIMEZONE),
    // What the search matches — name, category words, services, areas, languages, bio —
    // kept by triggers whenever the vendor, its services or the search terms change (ARCHITECTURE §3.6).
    searchDocument: tsvector('search_document').notNull().default(sql`''::tsvector`),
    // The lowest and highest price of the vendor's active services (null without one), kept by the
    // same triggers: the price filters read them, and the planner can count them (decision 088).
    activePriceMinCents: integer('active_price_min_cents'),
    activePriceMaxCents: integer('active_price_max_cents'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Browse: newest first within a category (ARCHITECTURE §3). The trigram, search and colonia (GIN)
    // indexes are in custom migrations.
    // NULLS FIRST matches a plain `ORDER BY … DESC`; drizzle's default (NULLS LAST) would leave
    // the index unused and sort the whole table (src/server/db/indexes.test.ts).
    index('vendor_profiles_category_created_idx').on(t.serviceCategory, t.createdAt.desc().nullsFirst()),
    index('vendor_profiles_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The public lists read approved vendors only (decision 048): walked newest first, they skip
    // no row of a vendor under review.
    index('vendor_profiles_approved_created_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.applicationStatus} = 'approved'`),
    index('vendor_profiles_business_phone_idx').on(t.businessPhone),
    index('vendor_profiles_business_email_idx').on(t.businessEmail),
    check('vendor_profiles_buffer_check', sql`${t.bufferMinutes} between 0 and 120`),
    check('vendor_profiles_advance_check', sql`${t.advanceBookingDays} between 1 and 365`),
    check('vendor_profiles_lead_check', sql`${t.leadTimeMinutes} between 0 and 1440`),
    check(
      'vendor_profiles_cancellation_policy_check',
      sql`${t.cancellationPolicy} in (${sql.raw(cancellationPolicies.map((p) => `'${p}'`).join(', '))})`,
    ),
    check('vendor_profiles_experience_check', sql`${t.experienceYears} is null or ${t.experienceYears} >= 0`),
    // Decision 050: a key of the one taxonomy, never a label in one language.
    check(
      'vendor_profiles_category_check',
      sql`${t.serviceCategory} in (${sql.raw(vendorCategories.map((key) => `'${key}'`).join(', '))})`,
    ),
  ],
);

// Decision 055: what became of an approved vendor's edits — descriptive ones published at once (the
// admins' "recent changes"), identity ones approved or rejected (with the reason the vendor reads).
export const vendorProfileChanges = pgTable(
  'vendor_profile_changes',
  {
    id: id(),
    vendorProfileId: uuid('vendor_profile_id')
      .notNull()
      .references(() => vendorProfiles.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['published', 'approved', 'rejected'] }).notNull(),
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull(),
    message: text('message'),
    createdAt: createdAt(),
  },
  (t) => [
    index('vendor_profile_changes_kind_created_idx').on(t.kind, t.createdAt.desc().nullsFirst()),
    index('vendor_profile_changes_vendor_idx').on(t.vendorProfileId, t.createdAt.desc().nullsFirst()),
  ],
);

// product §3 services.
export const services = pgTable(
  'services',
  {
    id: id(),
    vendorProfileId: uuid('vendor_profile_id')
      .notNull()
      .references(() => vendorProfiles.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    priceCents: integer('price_cents').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    // Where it is done — 'customer', 'vendor' or 'online'; null = its category's default
    // (shared/service-location.ts).
    location: text('location').$type<ServiceLocation>(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('services_vendor_idx').on(t.vendorProfileId, t.isActive),
    check('services_location_check', sql`${t.location} in ('customer', 'vendor', 'online')`),
    check('services_price_check', sql`${t.priceCents} >= 0`),
    check('services_duration_check', sql`${t.durationMinutes} > 0 and ${t.durationMinutes} <= 1440`),
  ],
);

// product §3 availability_windows: extra open time an admin adds, with an optional repeat rule.
export const availabilityWindows = pgTable(
  'availability_windows',
  {
    id: id(),
    vendorProfileId: uuid('vendor_profile_id')
      .notNull()
      .references(() => vendorProfiles.id, { onDelete: 'cascade' }),
    startTz: timestamp('start_tz', { withTimezone: true }).notNull(),
    endTz: timestamp('end_tz', { withTimezone: true }).notNull(),
    recurrenceRule: text('recurrence_rule', { enum: ['daily', 'weekly', 'weekdays', 'weekends'] }),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('availability_windows_vendor_idx').on(t.vendorProfileId, t.isActive),
    check('availability_windows_range_check', sql`${t.endTz} > ${t.startTz}`),
  ],
);

// A vendor's time off (decision 090): vacations, holidays, an afternoon away. The engine offers no
// slot that overlaps it. Stored as instants, like a one-off window: a whole-day one runs from
// midnight of its first date to midnight after its last, in the vendor's zone when it was made.
export const vendorTimeOff = pgTable(
  'vendor_time_off',
  {
    id: id(),
    vendorProfileId: uuid('vendor_profile_id')
      .notNull()
      .references(() => vendorProfiles.id, { onDelete: 'cascade' }),
    startTz: timestamp('start_tz', { withTimezone: true }).notNull(),
    endTz: timestamp('end_tz', { withTimezone: true }).notNull(),
    allDay: boolean('all_day').notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('vendor_time_off_vendor_idx').on(t.vendorProfileId, t.endTz),
    check('vendor_time_off_range_check', sql`${t.endTz} > ${t.startTz}`),
    check('vendor_time_off_reason_check', sql`char_length(${t.reason}) <= 200`),
  ],
);

// A claim of an admin-created vendor profile: the claimant proves control of the profile's
// stored phone (a WhatsApp one-time code) or email (a mailed one-time code) before it links. Only the
// code's hash is kept; a claim is spent by its first success, its expiry or too many attempts.
export const vendorClaims = pgTable(
  'vendor_claims',
  {
    id: id(),
    vendorProfileId: uuid('vendor_profile_id')
      .notNull()
      .references(() => vendorProfiles.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['whatsapp', 'email'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('vendor_claims_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('vendor_claims_vendor_idx').on(t.vendorProfileId),
    check('vendor_claims_attempts_check', sql`${t.attempts} >= 0`),
  ],
);
