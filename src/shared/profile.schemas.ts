import { z } from 'zod';
import { type CategoryKey, isCategoryKey } from './categories.ts';
import { countryCodes, defaultCountry } from './countries.ts';
import { type Language, languages } from './language.ts';
import { toE164 } from './phone.ts';
import { updateSchemaOf } from './update-schema.ts';

/** The server's messages for the profile's fields; My Profile shows its own translation of these. */
export const profileMessages = {
  nameRequired: 'Name is required',
  invalidPhone: 'Enter a valid phone number',
} as const;

const displayName = z.string().trim().min(1, profileMessages.nameRequired).max(100, 'Name is too long');
const preferredCategories = z
  .array(z.string().refine(isCategoryKey, { message: 'Unknown category' }))
  .max(20)
  .transform((keys) => [...new Set(keys)] as CategoryKey[]);

// ARCHITECTURE §6: PUT /api/me/profile — the one schema for the server's validator and the form alike.
// Every field is optional: a request changes what it names and keeps the rest.
export const updateProfileSchema = updateSchemaOf(
  z.object({
    display_name: displayName,
    /** E.164 (`+525512345678`) or null to remove it; the form builds it from country + number. */
    phone: z
      .string()
      .trim()
      .max(30)
      .transform((value, ctx) => {
        const e164 = toE164(value);
        if (!e164) {
          ctx.addIssue({ code: 'custom', message: profileMessages.invalidPhone });
          return z.NEVER;
        }
        return e164;
      })
      .nullable(),
    preferred_categories: preferredCategories,
    notify_push: z.boolean(),
    notify_email: z.boolean(),
    /** Settings → privacy: count my bookings in my contacts' recommendations (decision 037). */
    share_bookings_with_contacts: z.boolean(),
    /** The language the app, mails and WhatsApp messages speak to this person (decision 068). */
    language: z.enum(languages),
  }),
).strict();
// The typed client (hc) takes what the validator yields, so the request type is the output type.
export type UpdateProfileInput = z.output<typeof updateProfileSchema>;

/**
 * The My Profile form (product §2): the fields of the PUT above, with the phone as the picker's
 * country and the number typed, which it turns into the PUT's E.164 phone (none when left empty).
 */
export const profileFormSchema = z
  .object({
    display_name: displayName,
    country: z.enum(countryCodes).default(defaultCountry.code),
    national: z.string().trim().max(30, profileMessages.invalidPhone),
    preferred_categories: preferredCategories,
  })
  // Checked even when the name is wrong too, so that both fields say so at once.
  .refine(({ country, national }) => !national || toE164(national, country) !== undefined, {
    path: ['national'],
    message: profileMessages.invalidPhone,
    when: () => true,
  })
  .transform(
    ({ display_name, country, national, preferred_categories }): UpdateProfileInput => ({
      display_name,
      phone: national ? (toE164(national, country) ?? null) : null,
      preferred_categories,
    }),
  );

/** The signed-in user's profile as GET /api/me and PUT /api/me/profile answer it. */
export interface MyProfile {
  id: string;
  display_name: string | null;
  phone: string | null;
  email: string | null;
  avatar_url: string | null;
  preferred_categories: CategoryKey[];
  is_vendor: boolean;
  notify_push: boolean;
  notify_email: boolean;
  share_bookings_with_contacts: boolean;
  /** Null until the person chose one (the switch, the signup wizard) or signed up in one. */
  language: Language | null;
  created_at: string;
}

/** GET /api/me: who is signed in, with the answers the auth context needs (product §4). */
export interface MeResponse {
  user: {
    id: string;
    name: string;
    email: string;
    email_verified: boolean;
    image: string | null;
    /** The account signs in with a password (made at /auth or by the wizard), not only with Google. */
    has_password: boolean;
  };
  session: { expires_at: string };
  profile: MyProfile | null;
  isAdmin: boolean;
  vendorProfileId: string | null;
}
