import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { magicLink } from 'better-auth/plugins/magic-link';
import { eq } from 'drizzle-orm';
import { defaultLanguage, type Language, languageInCookies, languageOf } from '../../shared/language.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { account, rateLimit, session, user, verification } from '../db/schema/auth.ts';
import { profiles } from '../db/schema/vendors.ts';
import { ensureProfileForUser } from '../features/me/me.service.ts';
import type { MailTransport } from '../integrations/mail/mail-transport.ts';
import type { Logger } from '../lib/logger.ts';
import { magicLinkMail, resetPasswordMail, verificationMail } from './auth-mails.ts';
import { magicLinkPageUrl } from './magic-link-page.ts';
import {
  passwordResetPlugin,
  RESET_PASSWORD_TTL_SECONDS,
  RESET_TOKEN_PREFIX,
  rememberResetAccount,
  resetPasswordUrl,
} from './password-reset.ts';

/** Set by mount-auth.ts to our client key (lib/client-address.ts), so a client cannot pick its own bucket. */
export const CLIENT_IP_HEADER = 'x-barrio-client-ip';

export const AUTH_BASE_PATH = '/api/auth';

/** ARCHITECTURE §10: magic-link tokens expire; 15 minutes leaves time to switch to the mail app. */
export const MAGIC_LINK_TTL_SECONDS = 15 * 60;

/**
 * Per client (decision 011; the client's key is lib/client-address.ts's, decision 038). better-auth's
 * own default (3 per 10 s on every /sign-in and /sign-up path) is replaced by per-minute budgets
 * that a person never reaches and a script does.
 */
export const authRateLimits = {
  '/sign-in/email': { window: 60, max: 20 },
  '/sign-up/email': { window: 60, max: 10 },
  '/sign-in/magic-link': { window: 60, max: 10 },
  '/sign-in/social': { window: 60, max: 20 },
  '/magic-link/verify': { window: 60, max: 20 },
  // Asking for reset links, and using them (a token is 24 random characters; this
  // only keeps a script from trying them at the server's pace).
  '/request-password-reset': { window: 60, max: 5 },
  '/reset-password': { window: 60, max: 10 },
  // Every page load asks it (decision 020), and it reveals nothing: a read, never limited, so that
  // people behind one address (a carrier's NAT, an office) are not signed out by each other.
  '/get-session': false,
} as const;

/**
 * Per email address besides the per-address budgets above: a script that changes address
 * for every guess still gets 5 wrong passwords per account per 15 minutes (a sign-in that works does
 * not count), and nobody can fill one person's inbox with magic links. Counted in our `rate_limit`
 * rows (lib/rate-limit.ts) under a keyed hash of the address, by auth/mount-auth.ts.
 */
export const authEmailRateLimits = {
  '/sign-in/email': { max: 5, windowMs: 15 * 60_000 },
  '/sign-in/magic-link': { max: 3, windowMs: 15 * 60_000 },
  // Nobody can fill one person's inbox with reset links either. Counted for every
  // address typed, with an account or not, so the 429 says nothing about which have one.
  '/request-password-reset': { max: 3, windowMs: 15 * 60_000 },
} as const;

export interface AuthDeps {
  config: Config;
  db: Db;
  logger: Logger;
  mail: MailTransport;
}

/** better-auth with the drizzle adapter (decision 005): email + password, magic link, Google. */
export function createAuth({ config, db, logger, mail }: AuthDeps) {
  const google = config.google;
  return betterAuth({
    appName: 'Barrio',
    baseURL: config.appUrl,
    basePath: AUTH_BASE_PATH,
    secret: config.authSecret,
    // ARCHITECTURE §10: only our own origin may POST (better-auth checks Origin on every mutation).
    trustedOrigins: [config.appUrl],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user, session, account, verification, rateLimit },
    }),
    user: {
      additionalFields: {
        // product §3 Session: sign-up metadata is_vendor, default false. It opens nothing by itself:
        // vendor rights come from owning a vendor profile (requireVendor).
        isVendor: { type: 'boolean', required: false, defaultValue: false, input: true },
      },
    },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      // ARCHITECTURE §10: a reset link works once (better-auth consumes the row in the
      // transaction that changes the password), for one hour, and signs out every session of the
      // account; password-reset.ts then signs in the browser that used it. For an unknown address
      // better-auth sends nothing and answers the same.
      resetPasswordTokenExpiresIn: RESET_PASSWORD_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user: u, token }, request) => {
        await mail.send(
          resetPasswordMail({
            to: u.email,
            url: resetPasswordUrl(config.appUrl, token),
            language: await accountLanguage(db, { userId: u.id }, request?.headers),
          }),
        );
      },
      onPasswordReset: async ({ user: u }, request) => {
        rememberResetAccount(u, request);
      },
    },
    // ARCHITECTURE §10: reset tokens are stored as SHA-256 hashes (see RESET_TOKEN_PREFIX).
    verification: { storeIdentifier: { default: 'plain', overrides: { [RESET_TOKEN_PREFIX]: 'hashed' } } },
    emailVerification: {
      // product §8: 'Account created! Please check your email to confirm your account' — so we send one.
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user: u, url }, request) => {
        await mail.send(
          verificationMail({
            to: u.email,
            url,
            language: await accountLanguage(db, { userId: u.id }, request?.headers),
          }),
        );
      },
    },
    databaseHooks: {
      user: {
        create: {
          // product §7 profiles upsert: every account gets its profile when it is created.
          after: async (created, context) => {
            const headers = context?.headers ?? context?.request?.headers;
            await ensureProfileForUser(db, {
              id: created.id,
              name: created.name,
              email: created.email,
              isVendor: (created as { isVendor?: boolean }).isVendor === true,
              emailVerified: created.emailVerified,
              language: signUpLanguage(headers),
            });
          },
        },
      },
    },
    rateLimit: {
      enabled: config.rateLimits,
      // In PostgreSQL, so that every instance counts the same attempts (ARCHITECTURE §11).
      storage: 'database',
      window: 60,
      max: 100,
      customRules: authRateLimits,
    },
    advanced: {
      cookiePrefix: 'barrio',
      // ARCHITECTURE §10: HttpOnly, SameSite=Lax, Secure in production.
      useSecureCookies: config.production,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      // One address per header, already resolved through TRUST_PROXY and grouped by /64;
      // better-auth's own masking to /64 then changes nothing.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER], ipv6Subnet: 64 },
    },
    logger: {
      level: 'warn',
      log: (level, message, ...args) => {
        logger[level]({ args }, `better-auth: ${message}`);
      },
    },
    plugins: [
      passwordResetPlugin(),
      magicLink({
        // ARCHITECTURE §10: stored hashed, single use (consumed atomically), expiring.
        storeToken: 'hashed',
        expiresIn: MAGIC_LINK_TTL_SECONDS,
        // The link opens our page, whose button signs in (magic-link.ts); never better-auth's GET.
        sendMagicLink: async ({ email, url, token }, ctx) => {
          await mail.send(
            magicLinkMail({
              to: email,
              url: magicLinkPageUrl(config.appUrl, token, url),
              language: await accountLanguage(db, { email }, ctx?.headers ?? ctx?.request?.headers),
            }),
          );
        },
      }),
      ...(google
        ? [
            // Google through OpenID discovery, so tests can point it at a local provider (decision 011).
            // Used through the standard sign-in/social and callback/google endpoints.
            genericOAuth({
              config: [
                {
                  providerId: 'google',
                  name: 'Google',
                  clientId: google.clientId,
                  clientSecret: google.clientSecret,
                  discoveryUrl: google.discoveryUrl,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                  // product §7: offline access and a consent prompt.
                  accessType: 'offline',
                  prompt: 'consent',
                },
              ],
            }),
          ]
        : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
type SessionResult = NonNullable<Awaited<ReturnType<Auth['api']['getSession']>>>;
export type SessionUser = SessionResult['user'];
export type AuthSession = SessionResult['session'];

/**
 * The language of an account's mails (decision 072): the account's, else the asking request's (a
 * new account's is set from it too), else Spanish.
 */
async function accountLanguage(
  db: Db,
  who: { userId: string } | { email: string },
  headers: Headers | undefined,
): Promise<Language> {
  const [row] = await db
    .select({ language: profiles.language })
    .from(user)
    .innerJoin(profiles, eq(profiles.userId, user.id))
    .where('userId' in who ? eq(user.id, who.userId) : eq(user.email, who.email.toLowerCase()))
    .limit(1);
  return row?.language ?? signUpLanguage(headers) ?? defaultLanguage;
}

/**
 * The language an account starts in (decision 068): the one its person was using when signing up,
 * their choice or their browser's; none when the request says neither (a script, a test).
 */
function signUpLanguage(headers: Headers | undefined): Language | undefined {
  const acceptLanguage = headers?.get('accept-language');
  return (
    languageInCookies(headers?.get('cookie')) ?? (acceptLanguage ? languageOf(acceptLanguage) : undefined)
  );
}
