import { z } from 'zod';

// The auth page's forms (spec §2, §5). The server's rules are better-auth's; these give the
// spec's messages before a request is made.

/** spec §5: both fields required ('Missing fields'); the format is left to the email field type. */
export const credentialsSchema = z.object({
  email: z.string().trim().min(1),
  password: z.string().min(1),
});

/** spec §5: the magic link needs an email first ('Email required'). */
export const magicLinkSchema = z.object({ email: z.string().trim().min(1) });

/** GET /api/auth-config: what the sign-in screens may offer on this server. */
export interface AuthConfigResponse {
  /** Google sign-in is configured (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET). */
  google: boolean;
  /** Mails go to the dev mailbox (/dev/mailbox) instead of SMTP. */
  devMailbox: boolean;
}
