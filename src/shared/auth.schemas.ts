import { z } from 'zod';

// The auth page's forms (product §2, §5). The server's rules are better-auth's; these give the
// spec's messages before a request is made.

/**
 * product §5: both fields required ('Missing fields'); the format is left to the email field type.
 * The magic link needs the email alone ('Email required'): the page checks that field by itself.
 * `isVendor` is the sign-up's "I'm a vendor" box (product §2), unchecked unless given.
 */
export const credentialsSchema = z.object({
  email: z.string().trim().min(1),
  password: z.string().min(1),
  isVendor: z.boolean().optional(),
});
export type Credentials = z.output<typeof credentialsSchema>;

/** GET /api/auth-config: what the sign-in screens may offer on this server. */
export interface AuthConfigResponse {
  /** Google sign-in is configured (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET). */
  google: boolean;
  /** Mails go to the dev mailbox (/dev/mailbox) instead of SMTP. */
  devMailbox: boolean;
}
