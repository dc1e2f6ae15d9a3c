import { parseArgs } from 'node:util';
import { count } from 'drizzle-orm';
import { loadDotEnv, parseConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { appointments, customers } from '../src/server/db/schema/bookings.ts';
import { vendorProfiles } from '../src/server/db/schema/vendors.ts';
import { DEMO_PASSWORD, demoAccounts } from '../src/server/db/seed/demo-people.ts';
import { seedDemoData } from '../src/server/db/seed/seed.ts';
import { manageLinkFor } from '../src/server/features/booking-lifecycle/booking-checkout.ts';
import { seedDemoPhotos } from '../src/server/features/media/demo-photos.ts';
import { seedDemoReviews } from '../src/server/features/reviews/demo-reviews.ts';
import { createMediaStorage } from '../src/server/integrations/media-storage/create-media-storage.ts';
import { createLogger } from '../src/server/lib/logger.ts';

// `npm run db:seed -- --vendors N` (ARCHITECTURE §13): the demo data, with N vendors for benchmarks.

const usage = 'Usage: npm run db:seed -- [--vendors N]   (N from 0 to 1000000; default SEED_VENDORS or 60)';

loadDotEnv();
const config = parseConfig();
if (config.production) {
  console.error('Refusing to seed demo data: NODE_ENV is production.');
  process.exit(1);
}

let vendors = config.seedVendors;
try {
  const { values } = parseArgs({
    options: { vendors: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  if (values.vendors !== undefined) {
    if (!/^\d+$/.test(values.vendors) || Number(values.vendors) > 1_000_000)
      throw new Error('--vendors must be a whole number from 0 to 1000000');
    vendors = Number(values.vendors);
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  console.error(usage);
  process.exit(2);
}

const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${config.pgliteDir}`;
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
try {
  await database.migrate();
  const started = performance.now();
  const seeded = await seedDemoData(database.db, {
    vendors,
    logger: createLogger(config.logLevel),
    alsoSeed: async (tx, now) => {
      await seedDemoReviews(tx, { now, manageLink: manageLinkFor({ config }) });
      await seedDemoPhotos(tx, { now, storage: createMediaStorage({ config, db: tx }) });
    },
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (!seeded) {
    console.log(`${where} already holds data: nothing was seeded.`);
    console.log(
      'Seed an empty database instead: remove the PGlite directory or point DATABASE_URL at a new database.',
    );
  } else {
    const total = async (table: typeof vendorProfiles | typeof customers | typeof appointments) =>
      (await database.db.select({ n: count() }).from(table))[0]?.n ?? 0;
    console.log(`Seeded ${where} in ${seconds} s:`);
    console.log(
      `  ${await total(vendorProfiles)} vendors, ${await total(customers)} customers, ${await total(appointments)} bookings`,
    );
    console.log(
      `  demo accounts ${demoAccounts.admin.email}, ${demoAccounts.vendor.email}, ${demoAccounts.customer.email} (password ${DEMO_PASSWORD})`,
    );
  }
} finally {
  await database.close();
}
