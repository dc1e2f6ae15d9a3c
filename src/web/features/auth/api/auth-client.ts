import { ApiError, reasonOf } from '../../../lib/api-client.ts';

// better-auth's endpoints at /api/auth/* (ARCHITECTURE §6). They are not Hono routes of ours, so they are
// called with fetch here; failures become the same ApiError as every other API call. The browser
// sends our Origin on these POSTs, which the server requires (ARCHITECTURE §10).

async function post<T>(path: string, body: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api/auth${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify(body),
    });
  } catch (err) {
    throw new ApiError('network_error', 'The server could not be reached.', 0, err);
  }
  const data: unknown = await response.json().catch(() => undefined);
  if (response.ok) return data as T;
  throw toError(response.status, data);
}

/** better-auth answers `{code, message}`; our own middleware answers `{error: {code, message}}`. */
function toError(status: number, data: unknown): ApiError {
  const body = (data ?? {}) as {
    code?: unknown;
    message?: unknown;
    error?: { code?: unknown; message?: unknown; details?: unknown; reason?: unknown; params?: unknown };
  };
  const source = body.error ?? body;
  const code = typeof source.code === 'string' ? source.code : status === 429 ? 'rate_limited' : 'http_error';
  const message =
    typeof source.message === 'string' ? source.message : `Request failed with status ${status}.`;
  return new ApiError(code, message, status, body.error?.details, body.error ? reasonOf(body.error) : {});
}

/**
 * A 429 of the per-email limits (5 wrong passwords, 3 magic links per 15 minutes) rather
 * than of the per-minute ones: the toast must not say "wait a minute".
 */
export function isEmailRateLimit(err: unknown): boolean {
  if (!(err instanceof ApiError) || err.status !== 429) return false;
  const details = err.details as { per?: unknown } | undefined;
  return details?.per === 'email';
}

/**
 * Whether the browser holds a live session. better-auth answers 200 with `null` when it does not, so
 * a visitor's page does not log a failed request (GET /api/me answers 401 to visitors).
 */
export async function hasSession(): Promise<boolean> {
  let response: Response;
  try {
    response = await fetch('/api/auth/get-session', { credentials: 'same-origin' });
  } catch (err) {
    throw new ApiError('network_error', 'The server could not be reached.', 0, err);
  }
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw toError(response.status, data);
  return data !== null && data !== undefined;
}

export function signUpWithEmail(input: { name: string; email: string; password: string; isVendor: boolean }) {
  return post<{ user: { id: string } }>('/sign-up/email', { ...input, callbackURL: '/' });
}

export function signInWithEmail(input: { email: string; password: string }) {
  return post<{ user: { id: string } }>('/sign-in/email', input);
}

/**
 * product §7: email one-time link to /auth/magic-link, which goes on to `callbackURL` (the site
 * root, or where the visitor was sent to sign in from) once its button is tapped.
 */
export function sendMagicLink(email: string, callbackURL = '/') {
  return post<{ status: boolean }>('/sign-in/magic-link', { email, callbackURL });
}

/**
 * The magic link page's button: signs this browser in with the mail's token. A token never
 * issued, already used or expired is 410.
 */
export function verifyMagicLink(token: string) {
  return post<{ status: boolean }>('/magic-link/verify', { token });
}

/** product §7: social sign-in; with `disableRedirect` the URL comes back instead of a redirect. */
export function startGoogleSignIn({
  callbackURL,
  disableRedirect,
}: {
  callbackURL: string;
  disableRedirect: boolean;
}) {
  return post<{ url?: string; redirect: boolean }>('/sign-in/social', {
    provider: 'google',
    callbackURL,
    errorCallbackURL: '/auth',
    disableRedirect,
  });
}

/**
 * "Forgot password?": the server mails a link to /auth/reset-password?token=… when the
 * address has an account, and answers the same when it has none.
 */
export function requestPasswordReset(email: string) {
  return post<{ status: boolean }>('/request-password-reset', { email });
}

/**
 * Sets the new password with the mail's token. The server signs out every session of the account
 * and signs this browser in; a spent or expired token is `authErrorCodes.invalidToken`.
 */
export function resetPassword(input: { token: string; newPassword: string }) {
  return post<{ status: boolean }>('/reset-password', input);
}

export function signOut() {
  return post<{ success: boolean }>('/sign-out', {});
}

/** better-auth's codes for the failures the spec names (product §8). */
export const authErrorCodes = {
  invalidCredentials: 'INVALID_EMAIL_OR_PASSWORD',
  userExists: ['USER_ALREADY_EXISTS', 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL'],
  invalidToken: 'INVALID_TOKEN',
} as const;
