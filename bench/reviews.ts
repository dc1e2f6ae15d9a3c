import { cpSync, existsSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { type Database, type Db, openDatabase, schema } from '../src/server/db/client.ts';
import { seedDemoData } from '../src/server/db/seed/seed.ts';
import { getAdminStats } from '../src/server/features/admin/admin-stats.service.ts';
import { listVendorReviews } from '../src/server/features/reviews/reviews.service.ts';
import { getPublicVendor, listPublicVendors } from '../src/server/features/vendors/vendors.service.ts';
import { BROWSE_PAGE_SIZE, DIRECTORY_PAGE_SIZE } from '../src/shared/constants.ts';
import { REVIEWS_PAGE_SIZE } from '../src/shared/review.schemas.ts';
import { type VendorListQuery, vendorListQuerySchema } from '../src/shared/vendor.schemas.ts';
import { listQueries } from './list-queries.ts';
import { preReviewsList } from './pre-reviews-queries.ts';
import { hasBenchReviews, seedBenchReviews, vacuumAnalyze } from './seed-reviews.ts';
import { writeResult } from './support.ts';

// Issue 40's rule: with 100,000 vendors and 1,000,000 reviews, the Browse Vendors benchmarks lose
// at most 10%. Each Browse Vendors request of bench/list-queries.ts, before and after, in one run:
// every statement the service sends is captured through drizzle's logger (so the figures are of the
// statements exactly as the service builds them, whatever they are) and EXPLAIN ANALYZEd, best and
// median of --runs, the three columns in turns; then the whole uncached service call, in-process.
//   npm run bench:reviews -- [--engine pglite|postgres] [--vendors 100000] [--reviews 1000000] [--runs 9] [--plans]
//
// before          the pre-reviews service (bench/pre-reviews-queries.ts, frozen) on the directory as it
//                 was before the reviews were added: a copy taken just before, both vacuumed alike
//                 (PGlite: `<dir>-without-reviews`, kept beside the seeded directory; PostgreSQL: a
//                 database copied from the seeded one by CREATE DATABASE … TEMPLATE, every run)
// old, reviews    the same pre-reviews statements on the directory with its reviews: the data's share
// after           the current service on the directory with its reviews
// The three are timed in turns (a, b, c, a, b, c…), so a change of the machine's load falls on all of
// them alike. A PGlite directory that got its reviews without the copy (an earlier run, or
// BENCH_PGLITE_DIR's) has no before: the old statements on the same data stand in for it, and the
// output says so.
// Then the new questions, after only: best rated pages, a vendor's reviews page with its
// distribution, its profile, and the admin's total.

const { values: args } = parseArgs({
  options: {
    engine: { type: 'string', default: 'pglite' },
    vendors: { type: 'string', default: '100000' },
    reviews: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '9' },
    // Print the plans of the statements worse than the limit, the new ones and the new questions'.
    plans: { type: 'boolean', default: false },
    // Only the list queries whose name contains this (and no new questions).
    only: { type: 'string' },
  },
});
const RUNS = Number(args.runs);
/** A whole call is cheap beside the explains, and its wall time is noisier: more runs. */
const CALL_RUNS = RUNS * 2;
const LIMIT = 1.1;
const vendors = Number(args.vendors);
const reviewCount = Number(args.reviews);
const now = new Date();
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const loads: Record<string, string> = { start: load() };
const log = (line: string) => console.log(line);

// ——— The two databases: with the reviews, and as it was before them ———

interface Target {
  database: Database;
  /** The same database through drizzle's logger: what a call sends is captured. */
  capturing: Db;
  explain(text: string, params: unknown[]): Promise<string[]>;
}

const captured: { text: string; params: unknown[] }[] = [];
const logger = {
  logQuery(text: string, params: unknown[]) {
    captured.push({ text, params });
  },
};

function targetOf(database: Database): Target {
  if (database.pool) {
    const pool = database.pool;
    return {
      database,
      capturing: drizzleNodePg(pool, { schema, logger }) as unknown as Db,
      explain: async (text, params) =>
        (await pool.query(text, params)).rows.map(
          (row: Record<string, string>) => Object.values(row)[0] ?? '',
        ),
    };
  }
  const client = (database.db as unknown as { $client: PGlite }).$client;
  return {
    database,
    capturing: drizzlePglite(client, { schema, logger }) as unknown as Db,
    explain: async (text, params) =>
      (await client.query<Record<string, string>>(text, params)).rows.map(
        (row) => Object.values(row)[0] ?? '',
      ),
  };
}

let added = false;
let withReviews: Database;
let withoutReviews: Database | undefined;
let dropAll = async () => {};
let seedSeconds: number | undefined;
const addReviews = async (database: Database) => {
  loads.seeding = load();
  console.log(`Adding ${reviewCount} reviews (load average ${loads.seeding})…`);
  const started = performance.now();
  added = await seedBenchReviews(database.db, { reviews: reviewCount, now, log });
  seedSeconds = (performance.now() - started) / 1000;
  loads.seeded = load();
  console.log(`  done in ${seedSeconds.toFixed(0)} s (load average ${loads.seeded})`);
};

if (args.engine === 'postgres') {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const names = { after: `barrio_reviews_${process.pid}`, before: `barrio_reviews_${process.pid}_before` };
  const urlOf = (name: string) => Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  dropAll = async () => {
    for (const name of Object.values(names)) await admin(`drop database if exists "${name}" with (force)`);
  };
  await dropAll();
  await admin(`create database "${names.after}"`);
  let seeded = await openDatabase({ databaseUrl: urlOf(names.after) });
  await seeded.migrate();
  console.log(`Seeding ${vendors} vendors on PostgreSQL…`);
  await seedDemoData(seeded.db, { vendors });
  await vacuumAnalyze(seeded.db);
  await seeded.close();
  // The copy before the reviews: CREATE DATABASE … TEMPLATE copies it file by file.
  await admin(`create database "${names.before}" template "${names.after}"`);
  seeded = await openDatabase({ databaseUrl: urlOf(names.after) });
  await addReviews(seeded);
  withReviews = seeded;
  withoutReviews = await openDatabase({ databaseUrl: urlOf(names.before) });
} else {
  const dir = process.env.BENCH_PGLITE_DIR ?? join(tmpdir(), `barrio-bench-pglite-${vendors}`);
  const before = `${dir}-without-reviews`;
  withReviews = await openDatabase({ pgliteDir: dir });
  await withReviews.migrate();
  await seedDemoData(withReviews.db, { vendors });
  if (!(await hasBenchReviews(withReviews.db)) && reviewCount > 0) {
    // Vacuumed as the reviews' step leaves the other, and copied closed.
    await vacuumAnalyze(withReviews.db);
    await withReviews.close();
    rmSync(before, { recursive: true, force: true });
    console.log(`Copying ${dir} to ${before} (the directory before the reviews)…`);
    cpSync(dir, before, { recursive: true });
    withReviews = await openDatabase({ pgliteDir: dir });
    await addReviews(withReviews);
  }
  if (existsSync(before)) {
    withoutReviews = await openDatabase({ pgliteDir: before });
    await withoutReviews.migrate();
  }
}
const after = targetOf(withReviews);
const beforeTarget = withoutReviews ? targetOf(withoutReviews) : undefined;
const kind = withReviews.kind;

// ——— Capturing and explaining what the service sends ———

interface Statement {
  label: string;
  text: string;
  params: unknown[];
  target: Target;
}

/** The statement's role in a request, from its text and the table its outer FROM names. */
function labelOf(text: string): string {
  if (text.includes('search_words')) return 'typos';
  if (text.startsWith('with "matched"')) return 'block';
  if (text.includes('count(*)::int') && text.includes('"matching"')) return 'count';
  const table = /\bfrom "(\w+)"/.exec(text)?.[1];
  if (table === 'appointments') return 'promises';
  if (table === 'services') return 'services';
  if (table === 'reviews')
    return / group by /.test(text) ? 'distribution' : / order by /.test(text) ? 'reviews' : 'review count';
  if (table === 'vendor_profiles')
    return / order by /.test(text) ? 'page' : / limit /.test(text) ? 'vendor' : 'by id';
  return table ?? 'other';
}

/** The statements `call` sends to `target`, in order, each named (a second of a kind gets a number). */
async function statementsOf(target: Target, call: (db: Db) => Promise<unknown>): Promise<Statement[]> {
  captured.length = 0;
  await call(target.capturing);
  const seen = new Map<string, number>();
  return captured.splice(0).map(({ text, params }) => {
    const label = labelOf(text);
    const n = (seen.get(label) ?? 0) + 1;
    seen.set(label, n);
    return { label: n === 1 ? label : `${label} ${n}`, text, params, target };
  });
}

async function explainOnce(statement: Statement): Promise<{ ms: number; pages: number; lines: string[] }> {
  const lines = await statement.target.explain(
    `explain (analyze, buffers) ${statement.text}`,
    statement.params,
  );
  const text = lines.join('\n');
  // The root node's buffers (the first such line): every page the statement touched, in memory
  // or read. Unlike the time, it does not depend on what else the machine is doing.
  const buffers = /Buffers: shared((?: \w+=\d+)+)/.exec(text)?.[1] ?? '';
  const pages = [...buffers.matchAll(/(hit|read)=(\d+)/g)].reduce((total, m) => total + Number(m[2]), 0);
  return { ms: Number(/Execution Time: ([\d.]+)/.exec(text)?.[1]), pages, lines };
}

interface Timing {
  best: number;
  median: number;
  /** Table and index pages the best run touched. */
  pages?: number;
  /** The best run's plan. */
  lines: string[];
}

function summarise(times: number[], lines: string[], pages?: number): Timing {
  const sorted = [...times].sort((a, b) => a - b);
  return { best: sorted[0]!, median: sorted[Math.floor(sorted.length / 2)]!, pages, lines };
}

/** EXPLAIN ANALYZE of each list in turns (a, b, c, a, b, c…), RUNS times each: best and median. */
async function explainInTurns(lists: Statement[][]): Promise<Map<string, Timing>[]> {
  // One untimed pass first: the first list would otherwise read the pages the others then find in memory.
  for (const list of lists) for (const statement of list) await explainOnce(statement);
  const times = lists.map((list) => list.map(() => [] as number[]));
  const best = lists.map((list) =>
    list.map(() => ({ ms: Number.POSITIVE_INFINITY, pages: 0, lines: [] as string[] })),
  );
  for (let run = 0; run < RUNS; run++) {
    for (const [i, list] of lists.entries()) {
      for (const [j, statement] of list.entries()) {
        const explained = await explainOnce(statement);
        times[i]![j]!.push(explained.ms);
        if (explained.ms < best[i]![j]!.ms) best[i]![j] = explained;
      }
    }
  }
  return lists.map(
    (list, i) =>
      new Map(
        list.map((statement, j) => [
          statement.label,
          summarise(times[i]![j]!, best[i]![j]!.lines, best[i]![j]!.pages),
        ]),
      ),
  );
}

/** The calls in turns, CALL_RUNS times each after one warm-up: wall time in-process, best and median. */
async function timeInTurns(calls: (() => Promise<unknown>)[]): Promise<Timing[]> {
  for (const call of calls) await call();
  const times = calls.map(() => [] as number[]);
  for (let run = 0; run < CALL_RUNS; run++) {
    for (const [i, call] of calls.entries()) {
      const started = performance.now();
      await call();
      times[i]!.push(performance.now() - started);
    }
  }
  return times.map((list) => summarise(list, []));
}

const fmt = (t: Timing | undefined) =>
  t ? `${t.best.toFixed(2)} (${t.median.toFixed(2)})${t.pages === undefined ? '' : ` ${t.pages}p`}` : '—';
const ratioText = (ratio: number | undefined, hadBefore: boolean) =>
  ratio === undefined
    ? hadBefore
      ? 'gone'
      : 'new'
    : `${ratio.toFixed(2)}${ratio > LIMIT ? `  WORSE THAN ${LIMIT.toFixed(2)}` : ''}`;

// ——— Browse Vendors, before and after ———

const cases = listQueries
  .filter(({ name }) => !args.only || name.includes(args.only))
  .map(({ name, query }) => ({ name, query: vendorListQuerySchema.parse(query) }));
const oldCall = (query: VendorListQuery) => (db: Db) => preReviewsList(db, query);
const newCall = (query: VendorListQuery) => (db: Db) => listPublicVendors(db, query);

const [stats] = (
  (await withReviews.db.execute(
    sql`select (select count(*)::int from reviews) as reviews, (select count(*)::int from appointments) as bookings,
      (select count(*)::int from vendor_ratings where rating_count > 0) as rated,
      (select max(rating_count)::int from vendor_ratings) as most`,
  )) as unknown as { rows: { reviews: number; bookings: number; rated: number; most: number }[] }
).rows;
loads.measuring = load();
console.log(
  `\nBrowse Vendors before and after reviews, ${kind}, ${vendors} vendors; ${stats?.reviews} reviews, ` +
    `${stats?.bookings} bookings, ${stats?.rated} vendors rated (most: ${stats?.most} reviews). ` +
    `EXPLAIN ANALYZE best (median) ms of ${RUNS}, in turns; load average ${loads.measuring}`,
);
if (!beforeTarget)
  console.log(
    'No copy of this directory from before its reviews: "before" is the pre-reviews statements on the same data.',
  );
const columns = beforeTarget ? ['before', 'old, reviews', 'after'] : ['old shape', 'after'];
console.log(
  `  ${'query'.padEnd(38)} ${'statement'.padEnd(10)} ${columns.map((c) => c.padStart(21)).join(' ')}  after ÷ before`,
);

interface Row {
  query: string;
  statement: string;
  beforeMs?: number;
  beforeMedianMs?: number;
  beforePages?: number;
  oldWithReviewsMs?: number;
  oldWithReviewsMedianMs?: number;
  oldWithReviewsPages?: number;
  afterMs?: number;
  afterMedianMs?: number;
  afterPages?: number;
  ratio?: number;
}
const rows: Row[] = [];
const plans: { name: string; label: string; lines: string[] }[] = [];
const sum = (timings: Map<string, Timing>): Timing => ({
  best: [...timings.values()].reduce((total, t) => total + t.best, 0),
  median: [...timings.values()].reduce((total, t) => total + t.median, 0),
  pages: [...timings.values()].reduce((total, t) => total + (t.pages ?? 0), 0),
  lines: [],
});
for (const { name, query } of cases) {
  const lists = [
    ...(beforeTarget ? [await statementsOf(beforeTarget, oldCall(query))] : []),
    await statementsOf(after, oldCall(query)),
    await statementsOf(after, newCall(query)),
  ];
  const timings = await explainInTurns(lists);
  const newShape = timings.at(-1)!;
  const oldShape = timings.at(-2)!;
  const baseline = beforeTarget ? timings[0]! : oldShape;
  const show = (label: string, b?: Timing, o?: Timing, a?: Timing) => {
    const ratio = a && b ? a.best / b.best : undefined;
    rows.push({
      query: name,
      statement: label,
      beforeMs: b?.best,
      beforeMedianMs: b?.median,
      beforePages: b?.pages,
      oldWithReviewsMs: beforeTarget ? o?.best : undefined,
      oldWithReviewsMedianMs: beforeTarget ? o?.median : undefined,
      oldWithReviewsPages: beforeTarget ? o?.pages : undefined,
      afterMs: a?.best,
      afterMedianMs: a?.median,
      afterPages: a?.pages,
      ratio,
    });
    const cells = beforeTarget ? [b, o, a] : [b, a];
    console.log(
      `  ${name.padEnd(38)} ${label.padEnd(10)} ${cells.map((t) => fmt(t).padStart(21)).join(' ')}  ${ratioText(ratio, Boolean(b))}`,
    );
    return ratio;
  };
  for (const label of new Set([...baseline.keys(), ...newShape.keys()])) {
    const ratio = show(label, baseline.get(label), oldShape.get(label), newShape.get(label));
    const a = newShape.get(label);
    if (a && (ratio === undefined || ratio > LIMIT)) plans.push({ name, label, lines: a.lines });
  }
  show('= request', sum(baseline), sum(oldShape), sum(newShape));
}
loads.explained = load();

// The whole uncached call, in-process (planning, the driver and the mapping included).
console.log(`\nThe service call, uncached, in-process: best (median) ms of ${CALL_RUNS}, in turns`);
const direct: Record<string, unknown>[] = [];
for (const { name, query } of cases) {
  const timed = await timeInTurns([
    ...(withoutReviews ? [() => oldCall(query)(withoutReviews.db)] : []),
    () => oldCall(query)(withReviews.db),
    () => newCall(query)(withReviews.db),
  ]);
  const current = timed.at(-1)!;
  const old = timed.at(-2)!;
  const baseline = withoutReviews ? timed[0]! : old;
  const ratio = current.best / baseline.best;
  direct.push({
    query: name,
    beforeMs: baseline.best,
    beforeMedianMs: baseline.median,
    oldWithReviewsMs: withoutReviews ? old.best : undefined,
    oldWithReviewsMedianMs: withoutReviews ? old.median : undefined,
    afterMs: current.best,
    afterMedianMs: current.median,
    ratio,
  });
  const cells = withoutReviews ? [baseline, old, current] : [baseline, current];
  console.log(
    `  ${name.padEnd(49)} ${cells.map((t) => fmt(t).padStart(21)).join(' ')}  ${ratioText(ratio, true)}`,
  );
}
loads.direct = load();

// ——— The new questions (after only) ———

const [most] = (
  (await withReviews.db.execute(
    sql`select slug, rating_count from vendor_profiles join vendor_ratings on vendor_profile_id = id
      where application_status = 'approved' order by rating_count desc limit 1`,
  )) as unknown as { rows: { slug: string; rating_count: number }[] }
).rows;
const listing = (query: Record<string, string>) => vendorListQuerySchema.parse(query);
const newQuestions: {
  name: string;
  call: (db: Db) => Promise<unknown>;
  /** The same list newest first, for reference. */
  newestFirst?: (db: Db) => Promise<unknown>;
}[] = [
  ...(
    [
      ['best rated: all, page 1', { limit: `${DIRECTORY_PAGE_SIZE}` }],
      ['best rated: all, offset 1200', { offset: '1200', limit: `${DIRECTORY_PAGE_SIZE}` }],
      ['best rated: cleaning, page 1', { category: 'cleaning', limit: `${BROWSE_PAGE_SIZE}` }],
      [
        'best rated: cleaning, offset 1200',
        { category: 'cleaning', offset: '1200', limit: `${BROWSE_PAGE_SIZE}` },
      ],
      ['best rated: search "limpieza"', { q: 'limpieza', limit: `${BROWSE_PAGE_SIZE}` }],
    ] as const
  ).map(([name, query]) => ({
    name,
    call: (db: Db) => listPublicVendors(db, listing({ ...query, sort: 'rating' })),
    newestFirst: (db: Db) => listPublicVendors(db, listing(query)),
  })),
  {
    name: `most reviewed (${most?.rating_count}): reviews p. 1`,
    call: (db) => listVendorReviews(db, { idOrSlug: most!.slug, offset: 0, limit: REVIEWS_PAGE_SIZE }),
  },
  {
    name: 'its reviews at offset 1000',
    call: (db) => listVendorReviews(db, { idOrSlug: most!.slug, offset: 1000, limit: REVIEWS_PAGE_SIZE }),
  },
  { name: 'its profile', call: (db) => getPublicVendor(db, { idOrSlug: most!.slug, now }) },
  {
    name: "the admin's summary cards, total reviews included",
    call: (db) => getAdminStats(db, { now: new Date() }),
  },
];
if (args.only) newQuestions.length = 0;
console.log(
  `\nNew questions (after only): EXPLAIN ANALYZE best (median) ms of ${RUNS}; the call in-process, of ${CALL_RUNS}; load average ${load()}`,
);
const extra: Record<string, unknown>[] = [];
for (const { name, call, newestFirst } of newQuestions) {
  const [timings] = await explainInTurns([await statementsOf(after, call)]);
  for (const [label, t] of timings!) {
    extra.push({ query: name, statement: label, ms: t.best, medianMs: t.median, pages: t.pages });
    console.log(`  ${name.padEnd(38)} ${label.padEnd(12)} ${fmt(t).padStart(21)}`);
    plans.push({ name, label, lines: t.lines });
  }
  const [whole, reference] = await timeInTurns([
    () => call(withReviews.db),
    ...(newestFirst ? [() => newestFirst(withReviews.db)] : []),
  ]);
  extra.push({
    query: name,
    statement: 'call',
    ms: whole!.best,
    medianMs: whole!.median,
    newestFirstMs: reference?.best,
    newestFirstMedianMs: reference?.median,
  });
  console.log(
    `  ${name.padEnd(38)} ${'= call'.padEnd(12)} ${fmt(whole).padStart(21)}${reference ? `   newest first: ${fmt(reference)}` : ''}`,
  );
}
loads.end = load();

if (args.plans)
  for (const { name, label, lines } of plans) console.log(`\n— ${name}: ${label}\n${lines.join('\n')}`);
const worse = rows.filter((row) => row.ratio !== undefined && row.ratio > LIMIT);
console.log(
  `\n${worse.length === 0 ? 'No statement or request' : `${worse.length} statement(s) or request(s)`} worse than ${LIMIT.toFixed(2)}; load average at the end ${loads.end}`,
);
await withoutReviews?.close();
await withReviews.close();
await dropAll();
writeResult(`reviews-${kind}`, {
  vendors,
  reviews: reviewCount,
  runs: RUNS,
  callRuns: CALL_RUNS,
  before: withoutReviews
    ? 'the pre-reviews statements on a copy of the directory taken before its reviews were added'
    : 'the pre-reviews statements on the same data (no copy from before the reviews)',
  addedReviewsThisRun: added,
  seedSeconds,
  loads,
  stats,
  rows,
  direct,
  newQuestions: extra,
});
