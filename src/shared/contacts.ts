import { z } from 'zod';
import type { PublicVendor } from './vendor.schemas.ts';

// product §3 "Contact sent for processing" and §7 process-contacts; ARCHITECTURE §6 POST /api/me/contacts.
// The schema is the API contract of the server's validator; the web app sends the same shape.

/** At most this many contacts per call (a larger list is sent in several calls); beyond: 413. */
export const MAX_CONTACTS_PER_CALL = 5000;
/** The request body limit: 5,000 contacts with several phones and emails each fit comfortably. */
export const CONTACTS_BODY_LIMIT_BYTES = 4 * 1024 * 1024;
/** Per contact: more is an address book export gone wrong, not a person. */
export const MAX_VALUES_PER_CONTACT = 20;
/**
 * New phone numbers and emails an account may have checked per 24 hours (decision 037):
 * values it already shared cost nothing, so sending the same address book again is free, but the
 * feature cannot be used as a phone directory. The web app sends a large book in parts this size.
 */
export const CONTACT_VALUES_PER_DAY = 2000;

const contactSchema = z.object({
  // The name is accepted (it is part of the spec's shape) but never stored nor needed for matching.
  name: z.string().max(500).nullish(),
  phones: z.array(z.string().max(100)).max(MAX_VALUES_PER_CONTACT).default([]),
  emails: z.array(z.string().max(320)).max(MAX_VALUES_PER_CONTACT).default([]),
});
export type ContactInput = z.input<typeof contactSchema>;

/**
 * `{contacts: [{name, phones, emails}]}`. The spec's payload also carries `userId`: it is dropped
 * here (zod strips unknown keys); the user is always the session's (ARCHITECTURE §6). The count limit
 * (MAX_CONTACTS_PER_CALL) is checked by the route, as a 413 rather than a 400; the body limit
 * bounds the work before it.
 */
export const processContactsSchema = z.object({
  contacts: z.array(contactSchema),
});
export type ProcessContactsInput = z.input<typeof processContactsSchema>;

export interface ProcessContactsResponse {
  /** A sentence with the counts, shown in the 'Contacts Processed!' toast (product §7, §8). */
  message: string;
  /** Contacts received in this call. */
  contacts: number;
  /** Distinct valid phone numbers and email addresses found in them. */
  phones: number;
  emails: number;
  /** Vendor recommendations created or strengthened by this call. */
  recommendations: number;
}

export const recommendationTypes = ['in_contacts', 'booked_by_contact'] as const;
export type RecommendationType = (typeof recommendationTypes)[number];

/**
 * How many of the user's contacts booked a vendor, as a band and never as a count (
 * decision 037): "2+" for 2 to 4, "5+" for 5 to 9, "10+" for 10 or more.
 */
export const contactsBands = ['2+', '5+', '10+'] as const;
export type ContactsBand = (typeof contactsBands)[number];

/** GET /api/me/recommendations (product §3 Recommendation joined with the public vendor fields). */
export interface Recommendation {
  id: string;
  vendor_profile_id: string;
  recommendation_type: RecommendationType;
  /** `booked_by_contact`: the band of contacts who booked the vendor; `in_contacts`: null. */
  contacts_band: ContactsBand | null;
  /** Orders the list: 100 for `in_contacts`, else one value per band (it says no more). */
  score: number;
  created_at: string;
  /** The public vendor's card fields. */
  vendor: Pick<
    PublicVendor,
    'id' | 'slug' | 'business_name' | 'service_category' | 'bio' | 'profile_image_url' | 'profile_photo'
  >;
}

export interface RecommendationsResponse {
  items: Recommendation[];
}

export interface DeleteContactsResponse {
  message: string;
  hashes: number;
  recommendations: number;
}
