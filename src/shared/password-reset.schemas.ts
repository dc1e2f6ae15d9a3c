import { z } from 'zod';
import { passwordSchema } from './vendor-signup.schemas.ts';

// "Forgot password?": the request for a reset link and the reset page's form. Their
// messages are keys the pages translate (web/i18n/auth.ts `auth.reset`).

/** The address to send the reset link to. */
export const passwordResetRequestSchema = z.object({
  email: z.string().trim().min(1, 'required').pipe(z.email('invalidEmail')),
});
export type PasswordResetRequest = z.output<typeof passwordResetRequestSchema>;

/**
 * The new password: the vendor wizard's rules (product §5: ≥ 8 characters and ≥ 4 of the 5 rules,
 * `passwordSchema`), typed twice. The server checks `newPassword` with the same schema
 * (server/auth/password-reset.ts).
 */
export const passwordResetSchema = z
  .object({ newPassword: passwordSchema, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: 'mismatch' });
export type PasswordReset = z.output<typeof passwordResetSchema>;
