import { createApp } from '../app.ts';
import { parseConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { PaymentProvider } from '../integrations/payments/payment-provider.ts';
import { createSandboxProvider } from '../integrations/payments/sandbox-provider.ts';
import { createStripeProvider } from '../integrations/payments/stripe-provider.ts';
import { type Clock, systemClock } from '../lib/clock.ts';
import { createLogger } from '../lib/logger.ts';

/** The real app over a test database, driven with app.request() (Hono's testing guide). */
export function createTestApp(
  database: Database,
  {
    clock = systemClock,
    env = {},
    payments,
    webRoot,
  }: {
    clock?: Clock;
    env?: Record<string, string>;
    payments?: PaymentProvider;
    /** A built web app to serve as well; the API alone when unset. */
    webRoot?: string;
  } = {},
) {
  const config = parseConfig({
    NODE_ENV: 'test',
    PGLITE_DIR: 'memory://',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    ...env,
  });
  const logger = createLogger('silent');
  // As main.ts's createPaymentProvider, without its production refusal (tests build production apps).
  const provider =
    payments ??
    (config.stripe
      ? createStripeProvider(config.stripe)
      : createSandboxProvider({ appUrl: config.appUrl, secret: config.authSecret }));
  const app = createApp(
    { config, database, db: database.db, logger, clock, payments: provider },
    { serveWeb: webRoot !== undefined, webRoot },
  );
  return { app, config, db: database.db, payments: provider };
}
