import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';
import { DEFAULT_INSTANT_HOLD_MINUTES, INSTANT_HOLD_MINUTES } from '../shared/constants.ts';
import { isLoopbackHost, parseTrustProxy } from './lib/trust-proxy.ts';

// ARCHITECTURE §13: every variable is optional; `.env` is read when present.
const flag = (fallback: boolean) =>
  z
    .enum(['on', 'off', 'true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? fallback : ['on', 'true', '1', 'yes'].includes(v)));

const optionalString = z.string().optional();

function buildSchema(production: boolean, testRunner: boolean) {
  return z
    .object({
      NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
      PORT: z.coerce.number().int().min(0).max(65535).default(3000),
      HOST: z.string().default('127.0.0.1'),
      APP_URL: z.url().optional(),
      DATABASE_URL: z.string().startsWith('postgres').optional(),
      PGLITE_DIR: z.string().default('./.data/pglite'),
      DEMO_SEED: flag(!production),
      SEED_VENDORS: z.coerce.number().int().min(0).max(1_000_000).default(60),
      RATE_LIMITS: flag(true),
      // Which hops in front of the server may name the client in X-Forwarded-For (decision 038).
      TRUST_PROXY: z
        .string()
        .optional()
        .transform((value, ctx) => {
          const trust = parseTrustProxy(value);
          if (typeof trust !== 'string') return trust;
          ctx.addIssue({ code: 'custom', message: trust });
          return z.NEVER;
        }),
      // Dev features on a HOST other people can reach: only when asked for by name.
      ALLOW_DEV_FEATURES: flag(false),
      // How often the outbox dispatcher polls; e2e runs shorten it so that mails arrive promptly.
      OUTBOX_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(5_000),
      // The first retry of a failed delivery waits this long, doubling after each failure.
      OUTBOX_RETRY_MS: z.coerce.number().int().min(50).max(3_600_000).default(30_000),
      // How long sent and failed outbox items (and dev mailbox mails) are kept.
      OUTBOX_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
      // How often the expiry sweeper runs (ARCHITECTURE §4: every minute); fault tests shorten it.
      EXPIRY_SWEEP_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
      // On SIGTERM/SIGINT: how long in-flight requests and deliveries may take before being cut (decision 023).
      SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
      // How long an unpaid instant booking holds its slot (decision 097): Stripe's checkout window.
      INSTANT_HOLD_MINUTES: z.coerce
        .number()
        .int()
        .min(INSTANT_HOLD_MINUTES.min)
        .max(INSTANT_HOLD_MINUTES.max)
        .default(DEFAULT_INSTANT_HOLD_MINUTES),
      // The platform's commission on each paid booking, in basis points (1000 = 10 %; decision 064).
      PLATFORM_FEE_BPS: z.coerce.number().int().min(0).max(10_000).default(1000),
      // How long after a booking's end its money stays pending (disputes, no-shows) before it can be paid out.
      PAYOUT_HOLD_HOURS: z.coerce
        .number()
        .int()
        .min(0)
        .max(24 * 90)
        .default(24),
      // The smallest available balance that is due a payout, in centavos (10000 = $100.00).
      PAYOUT_MIN_MXN: z.coerce.number().int().min(1).max(100_000_000).default(10_000),
      // When the day's payouts to connected Stripe accounts are made: HH:MM in Mexico City.
      PAYOUT_SCHEDULE: z
        .string()
        .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time of day, HH:MM (Mexico City)')
        .default('06:00'),
      AUTH_SECRET: z.string().min(32).optional(),
      LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
      SMTP_URL: optionalString,
      MAIL_FROM: z.string().default('Barrio <no-reply@barrio.test>'),
      STRIPE_SECRET_KEY: optionalString,
      STRIPE_WEBHOOK_SECRET: optionalString,
      STRIPE_OXXO: flag(false),
      // The Connect webhook endpoint's signing secret: vendors' connected accounts (decision 065).
      STRIPE_CONNECT_WEBHOOK_SECRET: optionalString,
      // Where Stripe's API lives; a local Stripe stand-in in tests (the SDK's host, port and protocol).
      STRIPE_API_BASE: z.url().optional(),
      WHATSAPP_TOKEN: optionalString,
      WHATSAPP_PHONE_NUMBER_ID: optionalString,
      WHATSAPP_APP_SECRET: optionalString,
      WHATSAPP_VERIFY_TOKEN: optionalString,
      WHATSAPP_API_BASE: z.string().default('https://graph.facebook.com/v21.0'),
      // Decision 075: photos in an S3-compatible bucket when S3_BUCKET is set, else in the database.
      S3_BUCKET: optionalString,
      // An S3-compatible service's address (R2, MinIO…); AWS when unset.
      S3_ENDPOINT: z.url().optional(),
      S3_REGION: z.string().default('us-east-1'),
      // Else the AWS SDK's own chain (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a role…).
      S3_ACCESS_KEY_ID: optionalString,
      S3_SECRET_ACCESS_KEY: optionalString,
      // bucket in the path (https://host/bucket/key), as MinIO and most S3-compatible services want.
      S3_FORCE_PATH_STYLE: flag(false),
      GOOGLE_CLIENT_ID: optionalString,
      GOOGLE_CLIENT_SECRET: optionalString,
      // Google's OpenID discovery document; tests point it at a local OpenID provider (decision 011).
      GOOGLE_DISCOVERY_URL: z.url().default('https://accounts.google.com/.well-known/openid-configuration'),
      // Not ours: better-auth counts any value but "false" as a test run.
      TEST: z
        .string()
        .optional()
        .transform((v) => v !== undefined && v !== 'false'),
    })
    .superRefine((env, ctx) => {
      // better-auth reads NODE_ENV=test (and TEST) itself and then skips its Origin check on
      // sign-in and sign-up: a server started so would take cross-site logins.
      if ((env.NODE_ENV === 'test' || env.TEST) && !testRunner)
        ctx.addIssue({
          code: 'custom',
          path: [env.NODE_ENV === 'test' ? 'NODE_ENV' : 'TEST'],
          message:
            'test is only for the test runner (it turns off the Origin check of sign-in); ' +
            'use NODE_ENV=development or production',
        });
      if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY))
        ctx.addIssue({
          code: 'custom',
          path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
          message:
            'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or neither, for the AWS SDK chain)',
        });
      if (env.NODE_ENV !== 'production') {
        const on = devFeaturesOn(env);
        if (on.length > 0 && !isLoopbackHost(env.HOST) && !env.ALLOW_DEV_FEATURES)
          ctx.addIssue({
            code: 'custom',
            path: ['HOST'],
            message:
              `${env.HOST} is reachable from other machines, and outside production ${on.join(', ')} ` +
              `would be on there. Listen on 127.0.0.1, or configure SMTP_URL, Stripe and DEMO_SEED=off, ` +
              `or set ALLOW_DEV_FEATURES=on to expose them on purpose.`,
          });
        return;
      }
      if (!env.APP_URL?.startsWith('https://'))
        ctx.addIssue({
          code: 'custom',
          path: ['APP_URL'],
          message: 'required in production, as an https:// URL (session cookies are Secure)',
        });
      if (!env.AUTH_SECRET)
        ctx.addIssue({ code: 'custom', path: ['AUTH_SECRET'], message: 'required in production' });
      if (!env.RATE_LIMITS)
        ctx.addIssue({ code: 'custom', path: ['RATE_LIMITS'], message: 'may not be off in production' });
    });
}

/**
 * The local stand-ins that only a developer's machine should expose (outside production): the dev
 * mailbox, which lists every magic link; the sandbox checkout, which marks bookings paid; the demo
 * accounts, whose passwords are in the README.
 */
function devFeaturesOn(env: {
  SMTP_URL?: string;
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  DEMO_SEED: boolean;
}): string[] {
  const on: string[] = [];
  if (!env.SMTP_URL) on.push('the dev mailbox');
  if (!(env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET)) on.push('the sandbox checkout');
  if (env.DEMO_SEED) on.push('the demo accounts');
  return on;
}

export type Config = ReturnType<typeof parseConfig>;

/** STRIPE_API_BASE as the Stripe SDK takes it: host, port and protocol. */
function stripeApiOf(base: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const url = new URL(base);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol };
}

/**
 * Parses the environment into the one config object; throws a readable error on bad values.
 * `testRunner`: whether Vitest runs this process, the one place NODE_ENV=test is allowed.
 */
export function parseConfig(
  env: Record<string, string | undefined> = process.env,
  { testRunner = process.env.VITEST !== undefined }: { testRunner?: boolean } = {},
) {
  const production = env.NODE_ENV === 'production';
  // A variable set to an empty string counts as unset, so `.env` lines like `PORT=` take the default.
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = buildSchema(production, testRunner).safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const appUrl = (e.APP_URL ?? `http://${e.HOST === '0.0.0.0' ? 'localhost' : e.HOST}:${e.PORT}`).replace(
    /\/$/,
    '',
  );
  return {
    env: e.NODE_ENV,
    production,
    port: e.PORT,
    host: e.HOST,
    appUrl,
    databaseUrl: e.DATABASE_URL,
    pgliteDir: e.PGLITE_DIR,
    demoSeed: e.DEMO_SEED && !production,
    seedVendors: e.SEED_VENDORS,
    rateLimits: e.RATE_LIMITS,
    trustProxy: e.TRUST_PROXY,
    /** The dev features on (none in production), for the start-up log; ALLOW_DEV_FEATURES let them off loopback. */
    devFeatures: production ? [] : devFeaturesOn(e),
    allowDevFeatures: e.ALLOW_DEV_FEATURES,
    outboxPollMs: e.OUTBOX_POLL_MS,
    outboxRetryMs: e.OUTBOX_RETRY_MS,
    outboxRetentionDays: e.OUTBOX_RETENTION_DAYS,
    expirySweepMs: e.EXPIRY_SWEEP_MS,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    instantHoldMinutes: e.INSTANT_HOLD_MINUTES,
    payouts: {
      feeBps: e.PLATFORM_FEE_BPS,
      holdHours: e.PAYOUT_HOLD_HOURS,
      minMxn: e.PAYOUT_MIN_MXN,
      schedule: e.PAYOUT_SCHEDULE,
    },
    authSecret: e.AUTH_SECRET ?? localSecret(e.PGLITE_DIR),
    logLevel: e.LOG_LEVEL,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            oxxo: e.STRIPE_OXXO,
            connectWebhookSecret: e.STRIPE_CONNECT_WEBHOOK_SECRET,
            ...(e.STRIPE_API_BASE ? { api: stripeApiOf(e.STRIPE_API_BASE) } : {}),
          }
        : undefined,
    whatsapp: {
      token: e.WHATSAPP_TOKEN,
      phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID,
      appSecret: e.WHATSAPP_APP_SECRET,
      verifyToken: e.WHATSAPP_VERIFY_TOKEN,
      apiBase: e.WHATSAPP_API_BASE,
      /**
       * Whether a WhatsApp message reaches a phone: through the Cloud API, or outside production
       * through the log transport, the local default whose messages the WhatsApp testing page shows.
       * Production without credentials only logs them: nothing may then rely on WhatsApp alone.
       */
      delivers: Boolean(e.WHATSAPP_TOKEN && e.WHATSAPP_PHONE_NUMBER_ID) || !production,
    },
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          ...(e.S3_ENDPOINT ? { endpoint: e.S3_ENDPOINT } : {}),
          ...(e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
            ? { credentials: { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } }
            : {}),
        }
      : undefined,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            discoveryUrl: e.GOOGLE_DISCOVERY_URL,
          }
        : undefined,
  };
}

/**
 * Outside production a missing AUTH_SECRET is generated once and kept beside the local data,
 * so sessions survive restarts on a laptop (ARCHITECTURE §13).
 */
function localSecret(pgliteDir: string): string {
  const base = pgliteDir.startsWith('memory://') ? './.data' : dirname(pgliteDir);
  const file = `${base}/auth-secret`;
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  try {
    mkdirSync(base, { recursive: true });
    writeFileSync(file, secret, { mode: 0o600 });
  } catch {
    // a read-only checkout still runs, with a secret that lasts for this process
  }
  return secret;
}

/** Loads `.env` when present (Node ≥ 20.12 reads it natively) without overriding real variables. */
export function loadDotEnv(path = '.env') {
  if (existsSync(path)) process.loadEnvFile(path);
}
