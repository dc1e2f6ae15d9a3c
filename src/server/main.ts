import type { Server } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { loadDotEnv, parseConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { refreshDemoBookings, seedDemoData } from './db/seed/seed.ts';
import { checkoutDeps, manageLinkFor } from './features/booking-lifecycle/booking-checkout.ts';
import { seedDemoPhotos } from './features/media/demo-photos.ts';
import { mailOutboxHandler } from './features/outbox/outbox.service.ts';
import { seedDemoReviews } from './features/reviews/demo-reviews.ts';
import { whatsappOutboxHandler } from './features/whatsapp/whatsapp-outbox.ts';
import { createMailTransport } from './integrations/mail/create-mail-transport.ts';
import { createMediaStorage } from './integrations/media-storage/create-media-storage.ts';
import { createPaymentProvider } from './integrations/payments/create-payment-provider.ts';
import { createWhatsAppTransport } from './integrations/whatsapp/create-whatsapp-transport.ts';
import { startExpirySweeper } from './jobs/expiry-sweeper.ts';
import { createOutboxDispatcher } from './jobs/outbox.ts';
import { startPayoutJob } from './jobs/payout-job.ts';
import { systemClock } from './lib/clock.ts';
import { trackHandlers, trackHttpDrain } from './lib/http-drain.ts';
import { createLogger } from './lib/logger.ts';
import { nodeServerOptions } from './lib/unread-body.ts';
import { startViteDev } from './lib/vite-dev.ts';

// Entry: config → database → app → listen → jobs (ARCHITECTURE §2).
loadDotEnv();
const config = parseConfig();
const logger = createLogger(config.logLevel);
// Config refuses dev features off loopback unless ALLOW_DEV_FEATURES=on; say so when it is.
if (config.devFeatures.length > 0) {
  const features = config.devFeatures.join(', ');
  if (config.allowDevFeatures)
    logger.warn(
      { host: config.host, devFeatures: config.devFeatures },
      `ALLOW_DEV_FEATURES=on: ${features} are on and reachable on ${config.host}; never do this in production`,
    );
  else logger.info({ devFeatures: config.devFeatures }, `${features} are on (loopback only)`);
}

// A stop signal during start-up (migrations, demo seed) would otherwise kill the process in the
// middle of writing; it is held until the server is up, and then shuts it down cleanly.
let signalDuringStartup: string | undefined;
const holdSignal = (signal: string) => {
  signalDuringStartup ??= signal;
};
process.on('SIGINT', holdSignal);
process.on('SIGTERM', holdSignal);

const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
await database.migrate();
logger.info({ database: database.kind }, 'database migrated');

if (config.demoSeed) {
  const started = performance.now();
  const seeded = await seedDemoData(database.db, {
    vendors: config.seedVendors,
    logger,
    alsoSeed: async (tx, now) => {
      await seedDemoReviews(tx, { now, manageLink: manageLinkFor({ config }) });
      await seedDemoPhotos(tx, { now, storage: createMediaStorage({ config, db: tx }) });
    },
  });
  if (seeded)
    logger.info(
      { vendors: config.seedVendors, ms: Math.round(performance.now() - started) },
      'demo data seeded',
    );
  // Seeded on an earlier day: the demo vendor gets back a request to confirm.
  else await refreshDemoBookings(database.db, { logger });
}

const payments = createPaymentProvider(config);
logger.info({ payments: payments.kind }, 'payment provider ready');
// `npm run dev` (scripts/dev.ts): Vite's dev server in front of the app, on the same port, and the
// public pages rendered as in production, through it (ARCHITECTURE §2.3).
const web = process.env.WEB_DEV === 'on' ? await startViteDev() : undefined;
const viteDev = web?.vite;
const app = createApp(
  {
    config,
    database,
    db: database.db,
    logger,
    clock: systemClock,
    payments,
    // Read per request; requests arrive only after `drain` below exists.
    draining: () => drain.draining,
  },
  { viteDev },
);
// Each request's handler is tracked until it settles, even when its client hangs up first: the
// database closes only after (lib/http-drain.ts).
const handlers = trackHandlers();
const fetch: typeof app.fetch = (request, env) => handlers.track(app.fetch(request, env));
const server = serve(
  {
    fetch,
    ...nodeServerOptions,
    port: config.port,
    hostname: config.host,
    ...(web && { createServer: web.createServer }),
  },
  (info) => {
    logger.info({ url: config.appUrl, port: info.port }, `Barrio is ready at ${config.appUrl}`);
  },
) as Server;
const drain = trackHttpDrain(server);

// Jobs (ARCHITECTURE §4, §11): the expiry sweeper, and the outbox with its mail and WhatsApp transports.
const sweeper = startExpirySweeper({
  db: database.db,
  clock: systemClock,
  logger,
  checkout: checkoutDeps({ payments, config, logger }),
  manageLink: manageLinkFor({ config }),
  intervalMs: config.expirySweepMs,
});
const outboxDispatcher = createOutboxDispatcher({
  db: database.db,
  clock: systemClock,
  logger,
  pollMs: config.outboxPollMs,
  baseBackoffMs: config.outboxRetryMs,
  retentionMs: config.outboxRetentionDays * 24 * 60 * 60_000,
  handlers: {
    mail: mailOutboxHandler(createMailTransport({ config, db: database.db, clock: systemClock })),
    whatsapp: whatsappOutboxHandler({
      db: database.db,
      transport: createWhatsAppTransport(config),
      clock: systemClock,
      appUrl: config.appUrl,
      checkout: checkoutDeps({ payments, config, logger }),
    }),
  },
});
outboxDispatcher.start();
// Payouts to vendors' connected Stripe accounts (decision 065); none without Stripe.
const payoutJob = payments.connect
  ? startPayoutJob({
      db: database.db,
      clock: systemClock,
      logger,
      connect: payments.connect,
      settings: config.payouts,
    })
  : undefined;

// Graceful shutdown (decision 023), bounded by SHUTDOWN_GRACE_MS: stop taking work, let the
// work in progress finish, give back what cannot, and close the database cleanly (PGlite's data
// directory must never be left half-written).
let stopping = false;
async function shutdown(signal: string) {
  // A second signal changes nothing: wrappers relay the terminal's Ctrl-C (scripts/dev.ts), and
  // exiting at once would leave PGlite's directory unclosed. The grace bounds the wait anyway.
  if (stopping) {
    logger.info({ signal }, 'shutdown: already under way');
    return;
  }
  stopping = true;
  const graceMs = config.shutdownGraceMs;
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  // Past the grace, closing the database still gets a few seconds; then the process gives up.
  setTimeout(() => {
    logger.error({ ms: ms() }, 'shutdown: still not done after the grace period; exiting');
    process.exit(1);
  }, graceMs + 5_000).unref();
  logger.info({ signal, graceMs }, 'shutdown: draining (health answers 503, no new connections)');

  const steps = [
    drain.drain(graceMs).then(async ({ cut }) => {
      if (cut) logger.warn({ cut, ms: ms() }, 'shutdown: requests cut at the end of the grace period');
      logger.info({ ms: ms() }, 'shutdown: HTTP server closed');
      // A client that hung up left its handler running: wait for it, within the grace.
      const { running } = await handlers.settled(Math.max(0, graceMs - ms()));
      if (running)
        logger.warn({ running, ms: ms() }, 'shutdown: handlers still running at the end of the grace');
    }),
    outboxDispatcher.stop({ graceMs }).then(({ released }) => {
      logger.info({ released, ms: ms() }, 'shutdown: outbox stopped');
    }),
    // A sweep is a few statements (and closing checkouts after them): waited for within the grace.
    Promise.race([sweeper.stop(), delay(graceMs, undefined, { ref: false })]).then(() => {
      logger.info({ ms: ms() }, 'shutdown: expiry sweeper stopped');
    }),
    // A transfer cut off mid-flight is tried again by the next pass, with the same key.
    Promise.race([payoutJob?.stop(), delay(graceMs, undefined, { ref: false })]).then(() => {
      logger.info({ ms: ms() }, 'shutdown: payout job stopped');
    }),
  ];
  for (const step of await Promise.allSettled(steps))
    if (step.status === 'rejected') logger.error({ err: step.reason }, 'shutdown: a step failed');
  try {
    await viteDev?.close();
    await database.close();
    logger.info({ database: database.kind, ms: ms() }, 'shutdown: database closed');
  } catch (err) {
    logger.error({ err }, 'shutdown: closing the database failed');
    process.exit(1);
  }
  process.exit(0);
}
process.off('SIGINT', holdSignal);
process.off('SIGTERM', holdSignal);
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
if (signalDuringStartup) void shutdown(signalDuringStartup);
