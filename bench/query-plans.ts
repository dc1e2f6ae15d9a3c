import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type SQLWrapper, sql } from 'drizzle-orm';
import { type Db, openDatabase } from '../src/server/db/client.ts';
import { seedDemoData } from '../src/server/db/seed/seed.ts';
import { typoQuery } from '../src/server/features/vendors/vendor-search.ts';
import {
  vendorCountQuery,
  vendorListFilter,
  vendorPageQuery,
  vendorSearchBlockQuery,
} from '../src/server/features/vendors/vendors.service.ts';
import { VENDOR_COUNT_CAP } from '../src/shared/constants.ts';
import { searchWords } from '../src/shared/search-query.ts';
import { vendorListQuerySchema } from '../src/shared/vendor.schemas.ts';
import { listQueries } from './list-queries.ts';
import { seedBenchReviews } from './seed-reviews.ts';
import { createScratchDatabase, writeResult } from './support.ts';

// No single query over 20 ms on PGlite with 100,000 vendors. EXPLAIN ANALYZE of each of
// Browse Vendors' two statements (the page and the capped count), as the service builds them, on
// the directory bench/api.ts seeds. The server's time inside the database is far less disturbed by
// other work on the machine than a load test, and the plan says why a query is slow: the table
// pages it read (heap blocks) and the rows it read and threw away.
//   npm run bench:plans -- [--engine pglite|postgres] [--cap 100] [--reviews 1000000] [--as-is]
// PGlite: the directory bench/api.ts seeds (BENCH_PGLITE_DIR), with the bench's reviews (bench/seed-reviews.ts). PostgreSQL: a database created,
// seeded and dropped on the server BENCH_DATABASE_URL names, as bench/api.ts does.
// --as-is: explain the PGlite directory as it is, without migrating it: with the older code checked
// out, a before/after comparison on a directory seeded by that code.

const { values: args } = parseArgs({
  options: {
    cap: { type: 'string', default: String(VENDOR_COUNT_CAP) },
    'as-is': { type: 'boolean', default: false },
    vendors: { type: 'string', default: '100000' },
    reviews: { type: 'string', default: '1000000' },
    engine: { type: 'string', default: 'pglite' },
  },
});
const BUDGET_MS = 20;
const RUNS = 7;
const cap = Number(args.cap);
const vendors = Number(args.vendors);
const scratch =
  args.engine === 'postgres'
    ? await createScratchDatabase(
        process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
        `barrio_plans_${process.pid}`,
      )
    : undefined;
const database = await openDatabase({
  databaseUrl: scratch?.url,
  pgliteDir: process.env.BENCH_PGLITE_DIR ?? join(tmpdir(), `barrio-bench-pglite-${vendors}`),
});
if (!args['as-is']) {
  await database.migrate();
  await seedDemoData(database.db, { vendors });
  await seedBenchReviews(database.db, { reviews: Number(args.reviews) });
}

interface Explained {
  /** The best of the runs: the one least disturbed by other work on the machine. */
  ms: number;
  /** The median run: the best hides a plan that reads its pages from disk only now and then. */
  medianMs: number;
  heapBlocks: number;
  rowsRemoved: number;
  scans: string[];
}

async function explain(db: Db, query: SQLWrapper): Promise<Explained> {
  let best = Number.POSITIVE_INFINITY;
  let lines: string[] = [];
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const result = (await db.execute(sql`explain (analyze, buffers off) ${query}`)) as unknown as {
      rows: Record<string, string>[];
    };
    const text = result.rows.map((row) => Object.values(row)[0] ?? '');
    const ms = Number(/Execution Time: ([\d.]+)/.exec(text.join('\n'))?.[1]);
    times.push(ms);
    if (ms < best) {
      best = ms;
      lines = text;
    }
  }
  const sum = (pattern: RegExp) =>
    lines.reduce((total, line) => total + Number(pattern.exec(line)?.[1] ?? 0), 0);
  times.sort((a, b) => a - b);
  return {
    ms: best,
    medianMs: times[Math.floor(RUNS / 2)]!,
    heapBlocks: sum(/Heap Blocks: exact=(\d+)/),
    rowsRemoved: sum(/Rows Removed by (?:Filter|Index Recheck): (\d+)/),
    scans: lines
      .map((line) => /(Seq Scan|Index Scan|Index Only Scan|Bitmap Index Scan)(?: using| on) (\w+)/.exec(line))
      .filter((match) => match !== null)
      .map((match) => `${match[1]} ${match[2]}`),
  };
}

console.log(
  `Browse Vendors' statements on ${database.kind}, ${vendors} vendors, count capped at ${cap}; EXPLAIN ANALYZE, best and median of ${RUNS} (budget ${BUDGET_MS} ms for the median)`,
);
const rows: Record<string, unknown>[] = [];
for (const { name, query: raw } of listQueries) {
  const query = vendorListQuerySchema.parse(raw);
  const filter = await vendorListFilter(database.db, query);
  const words = query.q ? searchWords(query.q).filter((word) => word.length >= 4) : [];
  // A search reads the typo lexicon, then its first hundred finds ranked (the count with them).
  const statements: [string, SQLWrapper][] = filter.search
    ? [
        ...(words.length > 0 ? ([['typos', typoQuery(database.db, words)]] as [string, SQLWrapper][]) : []),
        ['block', vendorSearchBlockQuery(database.db, filter, cap)],
      ]
    : [
        ['page', vendorPageQuery(database.db, query, filter)],
        ['count', vendorCountQuery(database.db, filter, cap)],
      ];
  for (const [statement, built] of statements) {
    const figures = await explain(database.db, built);
    rows.push({ query: name, statement, ...figures });
    console.log(
      `  ${name.padEnd(34)} ${statement.padEnd(5)} ${figures.ms.toFixed(2).padStart(7)} ms (median ${figures.medianMs.toFixed(2).padStart(6)})  ` +
        `${String(figures.heapBlocks).padStart(5)} heap blocks  ${String(figures.rowsRemoved).padStart(6)} rows discarded  ` +
        `${figures.scans.join(' + ')}${figures.medianMs > BUDGET_MS ? '  OVER BUDGET' : ''}`,
    );
  }
}
await database.close();
await scratch?.drop();
writeResult(`plans-${database.kind}${args['as-is'] ? '-as-is' : ''}`, {
  vendors,
  cap,
  budgetMs: BUDGET_MS,
  rows,
});
