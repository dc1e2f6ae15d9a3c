import { z } from 'zod';
import { type CategoryKey, isCategoryKey } from './categories.ts';
import { toE164 } from './phone.ts';
import { updateSchemaOf } from './update-schema.ts';

// DESIGN §6: PUT /api/me/profile — the one schema for the server's validator and the form alike.
// Every field is optional: a request changes what it names and keeps the rest (issue 28).
export const updateProfileSchema = updateSchemaOf(
  z.object({
    display_name: z.string().trim().min(1, 'Name is required').max(100, 'Name is too long'),
    /** E.164 (`+525512345678`) or null to remove it; the form builds it from country + number. */
    phone: z
      .string()
      .trim()
      .max(30)
      .transform((value, ctx) => {
        const e164 = toE164(value);
        if (!e164) {
          ctx.addIssue({ code: 'custom', message: 'Enter a valid phone number' });
          return z.NEVER;
        }
        return e164;
      })
      .nullable(),
    preferred_categories: z
      .array(z.string().refine(isCategoryKey, { message: 'Unknown category' }))
      .max(20)
      .transform((keys) => [...new Set(keys)] as CategoryKey[]),
    notify_push: z.boolean(),
    notify_email: z.boolean(),
    /** Settings → privacy: count my bookings in my contacts' recommendations (decision 037). */
    share_bookings_with_contacts: z.boolean(),
  }),
).strict();
// The typed client (hc) takes what the validator yields, so the request type is the output type.
export type UpdateProfileInput = z.output<typeof updateProfileSchema>;

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
  created_at: string;
}

/** GET /api/me: who is signed in, with the answers the auth context needs (spec §4). */
export interface MeResponse {
  user: { id: string; name: string; email: string; email_verified: boolean; image: string | null };
  session: { expires_at: string };
  profile: MyProfile | null;
  isAdmin: boolean;
  vendorProfileId: string | null;
}
