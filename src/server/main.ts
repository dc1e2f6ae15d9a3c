import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { loadDotEnv, parseConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedDemoData } from './db/seed/seed.ts';
import { whatsappOutboxHandler } from './features/whatsapp/whatsapp-outbox.ts';
import { createMailTransport } from './integrations/mail/create-mail-transport.ts';
import { createPaymentProvider } from './integrations/sandbox-payments/create-payment-provider.ts';
import { createWhatsAppTransport } from './integrations/whatsapp-cloud/create-whatsapp-transport.ts';
import { startExpirySweeper } from './jobs/expiry-sweeper.ts';
import { createOutboxDispatcher } from './jobs/outbox.ts';
import { mailOutboxHandler } from './jobs/outbox-handlers.ts';
import { systemClock } from './lib/clock.ts';
import { createLogger } from './lib/logger.ts';

// Entry: config → database → app → listen → jobs (DESIGN §2).
loadDotEnv();
const config = parseConfig();
const logger = createLogger(config.logLevel);

const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
await database.migrate();
logger.info({ database: database.kind }, 'database migrated');

if (config.demoSeed) {
  const started = performance.now();
  const seeded = await seedDemoData(database.db, { vendors: config.seedVendors, logger });
  if (seeded)
    logger.info(
      { vendors: config.seedVendors, ms: Math.round(performance.now() - started) },
      'demo data seeded',
    );
}

const payments = createPaymentProvider(config);
logger.info({ payments: payments.kind }, 'payment provider ready');
const app = createApp({ config, database, db: database.db, logger, clock: systemClock, payments });
const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  logger.info({ url: config.appUrl, port: info.port }, `Barrio is ready at ${config.appUrl}`);
});

// Jobs (DESIGN §4, §11): the expiry sweeper, and the outbox with its mail and WhatsApp transports.
const sweeper = startExpirySweeper({
  db: database.db,
  clock: systemClock,
  logger,
  checkout: { payments, appUrl: config.appUrl, logger },
});
const outboxDispatcher = createOutboxDispatcher({
  db: database.db,
  clock: systemClock,
  logger,
  pollMs: config.outboxPollMs,
  handlers: {
    mail: mailOutboxHandler(createMailTransport({ config, db: database.db, clock: systemClock })),
    whatsapp: whatsappOutboxHandler({
      db: database.db,
      transport: createWhatsAppTransport(config),
      clock: systemClock,
      appUrl: config.appUrl,
      checkout: { payments, appUrl: config.appUrl, logger },
    }),
  },
});
outboxDispatcher.start();

let stopping = false;
function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  const jobsStopped = Promise.all([sweeper.stop(), outboxDispatcher.stop()]);
  server.close(() => {
    jobsStopped.then(() => database.close()).finally(() => process.exit(0));
  });
  setTimeout(() => process.exit(0), 5000).unref();
}
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
