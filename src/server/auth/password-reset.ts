import type { BetterAuthPlugin, User } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';

// "Forgot password?": better-auth's own reset (POST /request-password-reset, then
// POST /reset-password with the token), configured in auth.ts; what it does not do is here.

/** ARCHITECTURE §10: a reset link works once and for one hour. */
export const RESET_PASSWORD_TTL_SECONDS = 60 * 60;

/** The web app's reset page (web/lib/paths.ts `resetPassword`), where the mail's link lands. */
export const RESET_PASSWORD_PAGE = '/auth/reset-password';

/**
 * better-auth keeps a reset token in `verification.identifier` as `reset-password:<token>`. Hashed
 * (SHA-256, base64url) for this prefix alone: the magic link hashes its own (`storeToken`), and the
 * other rows (OAuth state) are better-auth's to keep as they are.
 */
export const RESET_TOKEN_PREFIX = 'reset-password:';

/** The mail's link: our page with the token as `?token=`, so the kept copies redact it (lib/redact-secrets.ts). */
export function resetPasswordUrl(appUrl: string, token: string): string {
  return `${appUrl}${RESET_PASSWORD_PAGE}?token=${encodeURIComponent(token)}`;
}

/** The account each successful reset changed, by its request: better-auth's onPasswordReset tells it. */
const resetAccounts = new WeakMap<Request, User>();

export function rememberResetAccount(user: User, request: Request | undefined) {
  if (request) resetAccounts.set(request, user);
}

/**
 * After POST /reset-password, the person who proved they hold the mailbox is signed in on this
 * browser (the reset ends signed in). better-auth has already deleted every session of the
 * account (`revokeSessionsOnPasswordReset`), so this new one is the only one.
 */
export function passwordResetPlugin(): BetterAuthPlugin {
  return {
    id: 'barrio-password-reset',
    hooks: {
      after: [
        {
          matcher: (ctx) => ctx.path === '/reset-password',
          handler: createAuthMiddleware(async (ctx) => {
            const user = ctx.request ? resetAccounts.get(ctx.request) : undefined;
            if (!user) return;
            const session = await ctx.context.internalAdapter.createSession(user.id);
            await setSessionCookie(ctx, { session, user });
          }),
        },
      ],
    },
  };
}
