import { z } from 'zod';
import { isCalendarDay } from './calendar-day.ts';
import type { CancellationPolicy } from './cancellation-policy.ts';
import { type CategoryKey, isCategoryKey } from './categories.ts';
import { BROWSE_PAGE_SIZE, MAX_PAGE_SIZE, MIN_SEARCH_LENGTH, type PricingType } from './constants.ts';
import type { ServiceLocation } from './service-location.ts';
import type { PublicPhoto } from './vendor-photos.ts';

// ARCHITECTURE §6: GET /api/vendors?category=&q=&colonia=&min_price=&max_price=&verified=&available_on=
// &offset=&limit= — the one schema for server and client.

import { canonicalColonia, vendorSorts } from './vendor-list-options.ts';

/** A whole number of pesos for the price filters. */
const pesos = z.coerce
  .number({ message: 'Price must be a whole number of pesos' })
  .int('Price must be a whole number of pesos')
  .min(0, 'Price must be 0 or more')
  .max(1_000_000, 'Price must be at most 1,000,000');
export const vendorListQuerySchema = z
  .object({
    category: z
      .string()
      .trim()
      .toLowerCase()
      .refine(isCategoryKey, { message: 'Unknown category' })
      .transform((v) => v as CategoryKey)
      .optional(),
    // Decision 024: one or two characters would match most of the directory through no index; the
    // web app does not send them and says why.
    q: z
      .string()
      .trim()
      .max(100, 'Search text is too long')
      .refine((q) => q.length === 0 || q.length >= MIN_SEARCH_LENGTH, {
        message: `Search text must be at least ${MIN_SEARCH_LENGTH} characters`,
      })
      .optional(),
    // The filters. A colonia the vendor serves (the server's catalogue: decision 073), a service priced
    // within the range (pesos, both ends included), verified vendors only, and at least one open slot
    // on a day (YYYY-MM-DD, in the vendor's timezone; the server refuses days outside the booking range).
    colonia: z
      .string()
      .trim()
      .max(80, 'Unknown colonia')
      .refine((value) => canonicalColonia(value) !== undefined, { message: 'Unknown colonia' })
      .transform((value) => canonicalColonia(value)!)
      .optional(),
    min_price: pesos.optional(),
    max_price: pesos.optional(),
    verified: z
      .enum(['true', 'false'], { message: 'verified must be true or false' })
      .transform((value) => value === 'true')
      .optional(),
    available_on: z.string().refine(isCalendarDay, { message: 'Date must be YYYY-MM-DD' }).optional(),
    // The order: `relevance` (a search's ranking, else newest first) or `rating`, best rated first by
    // the Bayesian average of decision 066.
    sort: z.enum(vendorSorts, 'sort must be relevance or rating').optional(),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
    limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(BROWSE_PAGE_SIZE),
  })
  .refine(
    (query) =>
      query.min_price === undefined || query.max_price === undefined || query.min_price <= query.max_price,
    {
      message: 'The lowest price must not be above the highest',
      path: ['max_price'],
    },
  );
export type VendorListQuery = z.infer<typeof vendorListQuerySchema>;

/** GET /api/vendors/suggest?q=: what the search box offers as the person types. */
export const vendorSuggestQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(MIN_SEARCH_LENGTH, `Search text must be at least ${MIN_SEARCH_LENGTH} characters`)
    .max(100, 'Search text is too long'),
});

/** Categories (keys: the web app shows their labels), colonias and public vendors that match the text. */
export interface VendorSuggestions {
  categories: CategoryKey[];
  colonias: string[];
  vendors: { slug: string; business_name: string; service_category: string }[];
}

export interface PublicService {
  id: string;
  name: string;
  price_cents: number;
  duration_minutes: number;
}

/** product §3 safe_vendor_profiles: the public subset. Never user_id, profile_id, business_email or business_phone. */
export interface PublicVendor {
  id: string;
  slug: string;
  business_name: string;
  service_category: string;
  bio: string | null;
  profile_image_url: string | null;
  cover_image_url: string | null;
  pricing_type: PricingType | null;
  is_verified: boolean;
  certifications: string[];
  application_status: string;
  experience_years: number | null;
  service_areas: string[];
  languages: string[];
  timezone: string;
  created_at: string;
  /** Requests that fit the calendar are confirmed at once and paid at booking time (decision 097). */
  instant_booking: boolean;
  services: PublicService[];
  /** The mean of its published reviews, one decimal; null with none ("New"). */
  rating_average: number | null;
  rating_count: number;
  /**
   * The approved profile photo and cover (decision 074) with their variants, for srcset; null
   * without one, and then the image URLs above are the initials art (or none).
   */
  profile_photo: PublicPhoto | null;
  cover_photo: PublicPhoto | null;
}

export interface VendorListResponse {
  items: PublicVendor[];
  hasMore: boolean;
  /** How many vendors match, counted up to VENDOR_COUNT_CAP. */
  total: number;
  /** True when more than `total` vendors match. */
  totalCapped: boolean;
}

/**
 * ARCHITECTURE §6: GET /api/vendors/:idOrSlug[/similar]. product §2: the profile URL carries "a real id or a
 * name-like slug"; either is accepted here and told apart by its shape. Anything else is simply a
 * vendor that does not exist (404), not a malformed request: links get mangled, people type URLs.
 */
export const vendorIdOrSlugParamSchema = z.object({
  idOrSlug: z.string().trim().toLowerCase().min(1).max(200),
});
export type VendorIdOrSlugParam = z.infer<typeof vendorIdOrSlugParamSchema>;

const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Whether a profile reference is a vendor id (a UUID) rather than a slug. */
export function isVendorId(idOrSlug: string): boolean {
  return uuidShape.test(idOrSlug);
}

/** A service on the profile page: the list's fields plus its description (product §7 services read). */
export interface PublicServiceDetail extends PublicService {
  description: string | null;
  /** Where it is done: its own setting or its category's default. */
  location: ServiceLocation;
}

/** GET /api/vendors/:idOrSlug: the public vendor with its active services, described. */
export interface PublicVendorDetail extends Omit<PublicVendor, 'services'> {
  services: PublicServiceDetail[];
  /** The vendor's address, when some service is done there; null otherwise. */
  place_address: string | null;
  /**
   * The measured promises (decision 066), on the profile only (decision 067): the median minutes from
   * request to the vendor's answer over the last 90 days; null with too few.
   */
  response_minutes_median: number | null;
  /** Bookings carried out ÷ bookings confirmed (0–1), once 5 confirmed bookings have ended; else null. */
  completion_rate: number | null;
  /** The approved portfolio photos, in the vendor's order (decision 074). */
  portfolio: PublicPhoto[];
  /** The terms a booking requested now is cancelled by (decision 095). */
  cancellation_policy: CancellationPolicy;
}

/** GET /api/vendors/featured and GET /api/vendors/:idOrSlug/similar. */
export interface VendorItemsResponse {
  items: PublicVendor[];
}
