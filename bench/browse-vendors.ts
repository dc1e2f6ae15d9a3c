import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client.ts';
import { seedDemoData } from '../src/server/db/seed/seed.ts';
import { listPublicVendors } from '../src/server/features/vendors/vendors.service.ts';
import { vendorListQuerySchema } from '../src/shared/vendor.schemas.ts';
import { writeResult } from './support.ts';

// Browse Vendors' query (GET /api/vendors) on a large directory: the search is backed by the
// trigram indexes (ARCHITECTURE §3). Baseline, measured in the same run on the same data: the same
// queries after dropping those indexes (a sequential scan). Prints the ratio per query.
//   npm run bench:browse -- [vendors]   (PGlite in memory; BENCH_DATABASE_URL=postgres://… for PostgreSQL)

const vendors = Number(process.argv[2] ?? 20_000);
const rounds = 30;
const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL, pgliteDir: 'memory://' });
await database.migrate();
await seedDemoData(database.db, { vendors });
await database.db.execute(sql`analyze`);

const queries = {
  'search "limpieza"': { q: 'limpieza' },
  'search "yoga" in fitness': { q: 'yoga', category: 'fitness' },
  'category cleaning, page 3': { category: 'cleaning', offset: '12' },
  'first page, no filter': {},
};

async function timeQueries(): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const [name, raw] of Object.entries(queries)) {
    const query = vendorListQuerySchema.parse(raw);
    await listPublicVendors(database.db, query); // warm-up
    const started = performance.now();
    for (let i = 0; i < rounds; i++) await listPublicVendors(database.db, query);
    result[name] = (performance.now() - started) / rounds;
  }
  return result;
}

const indexed = await timeQueries();
await database.db.execute(sql`drop index vendor_profiles_category_name_trgm_idx`);
await database.db.execute(sql`drop index vendor_profiles_service_category_trgm_idx`);
const baseline = await timeQueries();
await database.close();

console.log(`Browse Vendors query, ${vendors} vendors on ${database.kind}, mean of ${rounds} runs`);
for (const name of Object.keys(queries)) {
  const ratio = indexed[name]! / baseline[name]!;
  console.log(
    `  ${name.padEnd(28)} ${indexed[name]!.toFixed(2).padStart(8)} ms   baseline (no trigram index) ${baseline[name]!.toFixed(2).padStart(8)} ms   ratio ${ratio.toFixed(2)}`,
  );
}
writeResult(`browse-${database.kind}`, {
  vendors,
  rounds,
  rows: Object.keys(queries).map((name) => ({
    query: name,
    indexedMs: indexed[name],
    baselineMs: baseline[name],
    ratio: indexed[name]! / baseline[name]!,
  })),
});
