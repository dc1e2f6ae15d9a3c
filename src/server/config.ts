import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';

// DESIGN §13: every variable is optional; `.env` is read when present.
const flag = (fallback: boolean) =>
  z
    .enum(['on', 'off', 'true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? fallback : ['on', 'true', '1', 'yes'].includes(v)));

const optionalString = z.string().optional();

function buildSchema(production: boolean) {
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
      // How often the outbox dispatcher polls; e2e runs shorten it so that mails arrive promptly.
      OUTBOX_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(5_000),
      // The first retry of a failed delivery waits this long, doubling after each failure.
      OUTBOX_RETRY_MS: z.coerce.number().int().min(50).max(3_600_000).default(30_000),
      // How often the expiry sweeper runs (DESIGN §4: every minute); fault tests shorten it.
      EXPIRY_SWEEP_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
      // On SIGTERM/SIGINT: how long in-flight requests and deliveries may take before being cut (decision 023).
      SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
      AUTH_SECRET: z.string().min(32).optional(),
      LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
      SMTP_URL: optionalString,
      MAIL_FROM: z.string().default('Barrio <no-reply@barrio.test>'),
      STRIPE_SECRET_KEY: optionalString,
      STRIPE_WEBHOOK_SECRET: optionalString,
      STRIPE_OXXO: flag(false),
      WHATSAPP_TOKEN: optionalString,
      WHATSAPP_PHONE_NUMBER_ID: optionalString,
      WHATSAPP_APP_SECRET: optionalString,
      WHATSAPP_VERIFY_TOKEN: optionalString,
      WHATSAPP_API_BASE: z.string().default('https://graph.facebook.com/v21.0'),
      GOOGLE_CLIENT_ID: optionalString,
      GOOGLE_CLIENT_SECRET: optionalString,
      // Google's OpenID discovery document; tests point it at a local OpenID provider (decision 011).
      GOOGLE_DISCOVERY_URL: z.url().default('https://accounts.google.com/.well-known/openid-configuration'),
    })
    .superRefine((env, ctx) => {
      if (env.NODE_ENV !== 'production') return;
      if (!env.AUTH_SECRET)
        ctx.addIssue({ code: 'custom', path: ['AUTH_SECRET'], message: 'required in production' });
      if (!env.RATE_LIMITS)
        ctx.addIssue({ code: 'custom', path: ['RATE_LIMITS'], message: 'may not be off in production' });
    });
}

export type Config = ReturnType<typeof parseConfig>;

/** Parses the environment into the one config object; throws a readable error on bad values. */
export function parseConfig(env: Record<string, string | undefined> = process.env) {
  const production = env.NODE_ENV === 'production';
  // A variable set to an empty string counts as unset, so `.env` lines like `PORT=` take the default.
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = buildSchema(production).safeParse(given);
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
    outboxPollMs: e.OUTBOX_POLL_MS,
    outboxRetryMs: e.OUTBOX_RETRY_MS,
    expirySweepMs: e.EXPIRY_SWEEP_MS,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    authSecret: e.AUTH_SECRET ?? localSecret(e.PGLITE_DIR),
    logLevel: e.LOG_LEVEL,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, oxxo: e.STRIPE_OXXO }
        : undefined,
    whatsapp: {
      token: e.WHATSAPP_TOKEN,
      phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID,
      appSecret: e.WHATSAPP_APP_SECRET,
      verifyToken: e.WHATSAPP_VERIFY_TOKEN,
      apiBase: e.WHATSAPP_API_BASE,
    },
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
 * so sessions survive restarts on a laptop (DESIGN §13).
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
