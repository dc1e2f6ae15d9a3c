import { createApp } from '../app.ts';
import { parseConfig } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import { checkoutDeps } from '../features/booking-lifecycle/booking-checkout.ts';
import { whatsappOutboxHandler } from '../features/whatsapp/whatsapp-outbox.ts';
import type { PaymentProvider } from '../integrations/payments/payment-provider.ts';
import { createSandboxProvider } from '../integrations/payments/sandbox-provider.ts';
import { createStripeProvider } from '../integrations/payments/stripe-provider.ts';
import { createLogTransport } from '../integrations/whatsapp/log-transport.ts';
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

/**
 * The outbox's WhatsApp handler as main.ts wires it for a test app (its config and payments), over
 * `db` (the app's, or another instance's) and the log transport: nothing leaves the machine.
 */
export function logWhatsAppHandler(
  made: Pick<ReturnType<typeof createTestApp>, 'config' | 'payments'>,
  db: Db,
  clock: Clock,
) {
  return whatsappOutboxHandler({
    db,
    transport: createLogTransport(),
    clock,
    appUrl: made.config.appUrl,
    checkout: checkoutDeps({ payments: made.payments, config: made.config, logger: createLogger('silent') }),
  });
}
