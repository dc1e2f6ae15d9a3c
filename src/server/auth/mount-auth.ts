import { createHmac } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { passwordSchema, signupMessages } from '../../shared/vendor-signup.schemas.ts';
import type { AppDeps, AppEnv } from '../app-env.ts';
import type { MailTransport } from '../integrations/mail/mail-transport.ts';
import { AppError } from '../lib/app-error.ts';
import { clientAddress } from '../lib/client-address.ts';
import { consumeRateLimit, refundRateLimit } from '../lib/rate-limit.ts';
import { AUTH_BASE_PATH, authEmailRateLimits, CLIENT_IP_HEADER, createAuth } from './auth.ts';
import { mountMagicLinkVerify } from './magic-link.ts';
import { requireSameOrigin } from './same-origin.ts';
import { sessionMiddleware } from './session.ts';

/**
 * Mounts better-auth at /api/auth/* on its standard paths (ARCHITECTURE §6) and the session middleware
 * on every other /api path. Called by app.ts before the API routes, so the session is known there.
 */
export function mountAuth(app: Hono<AppEnv>, deps: AppDeps, mail: MailTransport) {
  const auth = createAuth({ config: deps.config, db: deps.db, logger: deps.logger, mail });
  const readSession = sessionMiddleware(auth);
  app.use('/api/*', async (c, next) => {
    if (c.req.path.startsWith(`${AUTH_BASE_PATH}/`)) {
      c.set('user', null);
      c.set('session', null);
      return next();
    }
    return readSession(c, next);
  });
  // better-auth checks Origin only when cookies come along; a sign-in or sign-up from another site
  // carries none, so every POST must name our origin (ARCHITECTURE §10: mutations need a matching Origin).
  app.on('POST', `${AUTH_BASE_PATH}/*`, requireSameOrigin);
  app.on(
    'POST',
    Object.keys(authEmailRateLimits).map((path) => `${AUTH_BASE_PATH}${path}`),
    limitPerEmail,
  );
  app.on('POST', `${AUTH_BASE_PATH}/reset-password`, requireWizardPassword);
  mountMagicLinkVerify(app, (c, request) => auth.handler(withClientIp(c, request)));
  app.on(['GET', 'POST'], `${AUTH_BASE_PATH}/*`, (c) => auth.handler(withClientIp(c, c.req.raw)));
  return auth;
}

const emailLimitMessages: Record<keyof typeof authEmailRateLimits, string> = {
  '/sign-in/email': 'Too many sign-in attempts for this email. Please wait 15 minutes and try again.',
  '/sign-in/magic-link': 'Too many sign-in links for this email. Please wait 15 minutes and try again.',
  '/request-password-reset': 'Too many reset links for this email. Please wait 15 minutes and try again.',
};

/**
 * authEmailRateLimits: counted before better-auth sees the request (one statement, so a burst of
 * guesses in parallel cannot all pass), on a keyed hash of the address as typed (trimmed, any case),
 * so the table holds no email. A password sign-in that works gives its count back: the limit is on
 * failures, and the owner signing in on several devices never meets it. A body without an email
 * passes on to better-auth, which refuses it.
 */
const limitPerEmail = createMiddleware<AppEnv>(async (c, next) => {
  const { config, db, clock } = c.var.deps;
  const path = c.req.path.slice(AUTH_BASE_PATH.length) as keyof typeof authEmailRateLimits;
  const limit = authEmailRateLimits[path];
  if (!config.rateLimits || !limit) return next();
  // A clone: better-auth reads the body itself (app.ts's body limit has bounded it already).
  const body: unknown = await c.req.raw
    .clone()
    .json()
    .catch(() => undefined);
  const email = (body as { email?: unknown } | undefined)?.email;
  if (typeof email !== 'string' || email.trim() === '') return next();
  const hash = createHmac('sha256', config.authSecret).update(email.trim().toLowerCase()).digest('base64url');
  const key = `auth${path}:${hash}`;
  await consumeRateLimit({
    db,
    key,
    max: limit.max,
    windowMs: limit.windowMs,
    now: clock.now(),
    message: emailLimitMessages[path],
    details: { per: 'email', retryAfterMinutes: limit.windowMs / 60_000 },
    reason: 'too_many_for_email',
  });
  await next();
  if (path === '/sign-in/email' && c.res.ok) await refundRateLimit({ db, key });
});

/**
 * better-auth keys its rate limits on the client IP taken from a header. We set that header to our
 * one client key (lib/client-address.ts: the TCP peer, or the client a trusted proxy names, IPv6 by
 * /64) and drop any a client sent, so nobody can choose a fresh bucket per request.
 */
function withClientIp(c: Context<AppEnv>, request: Request): Request {
  const headers = new Headers(request.headers);
  headers.delete(CLIENT_IP_HEADER);
  const ip = clientAddress(c);
  if (ip !== 'unknown') headers.set(CLIENT_IP_HEADER, ip);
  return new Request(request, { headers });
}

/**
 * POST /reset-password: the new password meets the vendor wizard's rules (product §5,
 * `passwordSchema`), not only better-auth's 8 characters. Checked by mount-auth.ts before better-auth
 * sees the request (a refusal thrown from a better-auth hook is logged as an error), so a weak
 * password never spends the token.
 */
export const requireWizardPassword = createMiddleware<AppEnv>(async (c, next) => {
  // A clone: better-auth reads the body itself (app.ts's body limit has bounded it already).
  const body: unknown = await c.req.raw
    .clone()
    .json()
    .catch(() => undefined);
  const newPassword = (body as { newPassword?: unknown } | undefined)?.newPassword;
  if (!passwordSchema.safeParse(newPassword).success)
    throw new AppError('validation_failed', signupMessages.weakPassword, { field: 'newPassword' }).because(
      'weak_password',
    );
  await next();
});
