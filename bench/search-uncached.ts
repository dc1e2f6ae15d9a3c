import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import { desc, eq } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { type Database, type Db, openDatabase, schema } from '../src/server/db/client.ts';
import { vendorProfiles } from '../src/server/db/schema/vendors.ts';
import { seedDemoData } from '../src/server/db/seed/seed.ts';
import { colonias } from '../src/server/features/colonias/colonias-catalogue.ts';
import {
  listPublicVendors,
  vendorListFilter,
  vendorPageQuery,
  vendorSearchBlockQuery,
} from '../src/server/features/vendors/vendors.service.ts';
import { serialiseJson } from '../src/server/lib/serialised-json.ts';
import { addDays, bookableDays } from '../src/shared/calendar-day.ts';
import { BROWSE_PAGE_SIZE, VENDOR_COUNT_CAP } from '../src/shared/constants.ts';
import { type VendorListQuery, vendorListQuerySchema } from '../src/shared/vendor.schemas.ts';
import { openLoop } from './open-loop.ts';
import { seedBenchReviews } from './seed-reviews.ts';
import { startServer, writeResult } from './support.ts';

// Search when nothing is cached. The public lists are kept until a vendor changes (decision 026),
// so bench/api.ts's searches, asked again and again, mostly measure the cache; real traffic asks
// new questions. Here every GET /api/vendors a run sends is one it never sent before (asserted on
// the server cache's own key): everyday queries — trades, needs, sentences as people type them
// ("busco a alguien que pinte mi cuarto"), English, typos, names — × colonias × price ceilings ×
// the query's category or none × verified or not × page 1 or 2, in a fixed pseudo-random order
// (mulberry32), on the real server (src/server/main.ts) with 100,000 seeded vendors and the bench's
// reviews. The parts:
//   sequential   N distinct searches one at a time over HTTP, each followed by a GET /api/health
//                (the two in turns): per-request median, p90, p99, max; and the same searches'
//                service call in-process (listPublicVendors, then its JSON apart) — on PGlite before
//                the server starts (its directory has one owner), on PostgreSQL in turns with the
//                HTTP requests: what HTTP, JSON and the server add
//   connections  16 keep-alive connections as fast as they go (autocannon, a new search each
//                request), and /api/health the same way, in turns (health, search, health, search):
//                req/s, p50, p99, the ratio; then an open-loop run (bench/open-loop.ts) at the rate
//                the goal implies (the goal's share of health's req/s): p50, p99
//   available    "available on" a day (?available_on=, never cached: decision 085): distinct days ×
//                categories × colonias × searches, picked so that their vendor-days barely overlap
//                (the output says how many were asked and how many twice), one at a time over HTTP
//                and in-process (one call's statements counted,
//                a 5 ms timer beside it: whether the event loop gets a turn); then the starvation probe: a
//                browse page (cached) and a vendor profile (not) asked one at a time, alone and
//                while 6 clients send "available on" requests, in turns: p50, p99 and the ratio
//   where        where the time goes, for 10 of the searches: every statement the service sends
//                (captured through drizzle's logger), each EXPLAIN (ANALYZE, BUFFERS)ed — planning,
//                execution, pages — their sum beside the whole in-process call and the driver's
//                round trips within it (the rest is building the SQL and mapping); --plans prints
//                the plans
//   --before <checkout>: with `sequential`, the same searches' service call in-process through that
//                checkout's vendors.service.ts and this one's, in turns (which goes first alternates):
//                both spreads, their ratio, and how many answers differ (a git worktree of the commit
//                to compare with, with its own node_modules)
//   npm run bench:search-uncached -- [--engine pglite|postgres|both] [--vendors 100000] [--reviews 1000000]
//     [--seconds 8] [--requests 400] [--only sequential,connections,available,where] [--plans] [--port 3420]
//     [--before ../wt-before]
// PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) names the
// server; the bench creates and drops its own database there (barrio_search_uncached_<pid>), or,
// with BENCH_PG_DATABASE=<name>, uses that one and keeps it, seeding it when empty. PGlite: the
// seeded directory is kept in the temp directory and reused (BENCH_PGLITE_DIR to choose another:
// others may be using the default one). Both get the bench's reviews after the seed
// (bench/seed-reviews.ts, once per database). The machine's load average is printed with the figures.
//
// Goals (100,000 vendors, both engines, same-run ratios):
//   uncached search, one at a time: median ≤ 6 ms, p99 ≤ 30 ms per request
//   16 connections: ≥ 0.15 of health's req/s on PostgreSQL, ≥ 0.10 on PGlite; p99 ≤ 100 ms on PostgreSQL
//   "available on", one at a time: median ≤ 50 ms, worst ≤ 150 ms; concurrent ones do not starve
//   the other public reads (no number set: the probe's ratio is printed)

const PARTS = ['sequential', 'connections', 'available', 'where'] as const;
type Part = (typeof PARTS)[number];

const { values: args } = parseArgs({
  options: {
    engine: { type: 'string', default: 'both' },
    vendors: { type: 'string', default: '100000' },
    reviews: { type: 'string', default: '1000000' },
    seconds: { type: 'string', default: '8' },
    requests: { type: 'string', default: '400' },
    only: { type: 'string', default: PARTS.join(',') },
    plans: { type: 'boolean', default: false },
    port: { type: 'string', default: '3420' },
    before: { type: 'string' },
  },
});
const vendorCount = Number(args.vendors);
const seconds = Number(args.seconds);
const SEQUENTIAL = Number(args.requests);
const engines = args.engine === 'both' ? (['pglite', 'postgres'] as const) : [args.engine];
if (!engines.every((e) => e === 'pglite' || e === 'postgres'))
  throw new Error('--engine: pglite, postgres or both');
const parts = new Set(args.only.split(',').map((part) => part.trim()));
for (const part of parts)
  if (!PARTS.includes(part as Part)) throw new Error(`--only: some of ${PARTS.join(', ')}`);
const runs = (part: Part) => parts.has(part);

type Engine = 'pglite' | 'postgres';
const goals = {
  medianMs: 6,
  p99Ms: 30,
  share: { pglite: 0.1, postgres: 0.15 } as Record<Engine, number>,
  concurrentP99Ms: { postgres: 100 } as Partial<Record<Engine, number>>,
  available: { medianMs: 50, maxMs: 150 },
};
const CONNECTIONS = 16;
/** Distinct searches asked before each measured part, to warm the JIT and the database's buffers. */
const WARM_UP = 40;
/** "available on": requests one at a time, and at most this many for the concurrent clients. */
const AVAILABLE_SEQUENTIAL = 40;
const AVAILABLE_CONCURRENT_POOL = 240;
const AVAILABLE_CLIENTS = 6;
/** At most this many "available on" requests are looked at to pick them (a statement or three each). */
const AVAILABLE_LOOKS = 2000;
/** How many searches are explained, and how often each (the median is kept). */
const EXPLAINED = 10;
const EXPLAIN_RUNS = 3;
const CALL_RUNS = 7;

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const fmt = (n: number | undefined, digits = 1) => (n === undefined ? '—' : n.toFixed(digits));

/** A small deterministic PRNG (mulberry32, as bench/availability.ts): the same order on every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(items: T[], seed: number): T[] {
  const next = random(seed);
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

// ——— The questions ———

/**
 * What people type, each with the category it belongs to when it has one (the chip a person may
 * also have picked). The words are the seeded vendors' (src/server/db/seed/generate.ts: every
 * generated vendor's name, bio and services come from its family's lists), so that they find some
 * of the 100,000; the sentences are vendor-search.queries.test.ts's.
 */
const everydayQueries: { q: string; category?: string }[] = [
  // Trades and needs
  { q: 'plomero', category: 'repair' },
  { q: 'electricista', category: 'repair' },
  { q: 'limpieza', category: 'cleaning' },
  { q: 'planchado', category: 'cleaning' },
  { q: 'jardinero', category: 'plants' },
  { q: 'niñera', category: 'childcare' },
  { q: 'paseador de perros', category: 'pets' },
  { q: 'clases de inglés', category: 'tutoring' },
  { q: 'masaje', category: 'wellness' },
  { q: 'corte de cabello', category: 'beauty' },
  { q: 'mudanza', category: 'transportation' },
  { q: 'fotógrafo', category: 'photography' },
  { q: 'chef a domicilio', category: 'cooking' },
  { q: 'entrenador personal', category: 'fitness' },
  { q: 'costurera', category: 'tailoring' },
  // Sentences, as typed to a friend
  { q: 'busco a alguien que pinte mi cuarto', category: 'repair' },
  { q: 'necesito quien pasee a mi perrita', category: 'pets' },
  { q: 'quiero arreglar mi compu', category: 'tech' },
  { q: 'me pueden cortar el pelo en casa', category: 'beauty' },
  { q: 'necesito un plomero urgente', category: 'repair' },
  { q: 'se me rompió la tubería y hay una fuga', category: 'repair' },
  { q: 'quiero que limpien mi depa', category: 'cleaning' },
  { q: 'busco maestra de matemáticas para mi peque', category: 'tutoring' },
  { q: 'quien cuide a mis michis mientras viajo', category: 'pets' },
  { q: 'necesito un flete para mover mis muebles', category: 'transportation' },
  { q: 'alguien para cuidar a mi bebe en la noche', category: 'childcare' },
  // English
  { q: 'house cleaning', category: 'cleaning' },
  { q: 'dog walker', category: 'pets' },
  { q: 'computer repair', category: 'tech' },
  { q: 'yoga class', category: 'wellness' },
  // Typos
  { q: 'plomro', category: 'repair' },
  { q: 'electrisista', category: 'repair' },
  { q: 'limpeza', category: 'cleaning' },
  { q: 'jardinro', category: 'plants' },
  { q: 'mascotass', category: 'pets' },
  // Names: a surname, a business name's head, a demo vendor
  { q: 'Hernández' },
  { q: 'Huellitas', category: 'pets' },
  { q: 'Hogar Reluciente', category: 'cleaning' },
  { q: 'Doña Lupe' },
  { q: 'Sastrería Gutiérrez', category: 'tailoring' },
];
/** product §3's ten and a few colonias of the catalogue beyond them (decision 073). */
const searchColonias = [
  'Polanco',
  'Condesa',
  'Roma Norte',
  'Coyoacán',
  'Del Valle',
  'Narvarte Poniente',
  'Santa María la Ribera',
  'Juárez',
];
const maxPrices = [300, 500, 1000];

interface ListRequest {
  /** The query string, as sent. */
  params: Record<string, string>;
  path: string;
  /** What the route hands the service (its colonia as the catalogue writes it). */
  query: VendorListQuery;
  /** The server cache's key for it (vendors.routes.ts): no two requests of a run share one. */
  key: string;
}

function listRequest(params: Record<string, string>): ListRequest {
  const query = { ...vendorListQuerySchema.parse(params) };
  if (query.colonia !== undefined) {
    const known = colonias().canonicalArea(query.colonia);
    if (!known) throw new Error(`not a colonia of the catalogue: ${query.colonia}`);
    query.colonia = known;
  }
  return { params, path: `/api/vendors?${new URLSearchParams(params)}`, query, key: JSON.stringify(query) };
}

/** Every combination, shuffled: the searches a run sends in order, each once. */
function searchPlan(): ListRequest[] {
  const all: ListRequest[] = [];
  for (const { q, category } of everydayQueries)
    for (const colonia of [undefined, ...searchColonias])
      for (const maxPrice of [undefined, ...maxPrices])
        for (const withCategory of category ? [false, true] : [false])
          for (const verified of [false, true])
            for (const offset of [0, BROWSE_PAGE_SIZE])
              all.push(
                listRequest({
                  q,
                  ...(withCategory && category ? { category } : {}),
                  ...(colonia ? { colonia } : {}),
                  ...(maxPrice ? { max_price: String(maxPrice) } : {}),
                  ...(verified ? { verified: 'true' } : {}),
                  ...(offset ? { offset: String(offset) } : {}),
                  limit: String(BROWSE_PAGE_SIZE),
                }),
              );
  assertDistinct(all);
  return shuffled(all, 2026);
}

function assertDistinct(requests: ListRequest[]) {
  const keys = new Set(requests.map((r) => r.key));
  if (keys.size !== requests.length)
    throw new Error(`${requests.length - keys.size} requests repeat another's cache key`);
}

/** Hands out the plan's requests in order, each once; running out is an error, never a repeat. */
function dealer(plan: ListRequest[], what: string) {
  let next = 0;
  return {
    next(): ListRequest {
      const request = plan[next++];
      if (!request) throw new Error(`out of distinct ${what} requests (${plan.length}): fewer --seconds`);
      return request;
    },
    get used() {
      return next;
    },
    get left() {
      return plan.length - next;
    },
  };
}

// ——— Timing ———

interface Spread {
  n: number;
  meanMs: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
}

function spread(times: number[]): Spread {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
  return {
    n: sorted.length,
    meanMs: sorted.reduce((a, b) => a + b, 0) / sorted.length,
    p50Ms: at(0.5),
    p90Ms: at(0.9),
    p99Ms: at(0.99),
    maxMs: sorted.at(-1)!,
  };
}

const spreadText = (s: Spread) =>
  `median ${fmt(s.p50Ms, 2).padStart(6)}  p90 ${fmt(s.p90Ms, 1).padStart(6)}  p99 ${fmt(s.p99Ms, 1).padStart(6)}  max ${fmt(s.maxMs, 1).padStart(6)} ms`;

/** One GET over a keep-alive connection (fetch's pool), read to the end: ms and bytes. */
async function timedGet(url: string): Promise<{ ms: number; bytes: number; status: number }> {
  const started = performance.now();
  const response = await fetch(url);
  const body = await response.arrayBuffer();
  return { ms: performance.now() - started, bytes: body.byteLength, status: response.status };
}

interface LoadFigures {
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  requests: number;
  non2xx: number;
  errors: number;
}

/** autocannon, closed loop: `connections` keep-alive connections as fast as they go. */
async function fullSpeed(url: string, path: () => string, runSeconds: number): Promise<LoadFigures> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: runSeconds,
    requests: [{ setupRequest: (request) => ({ ...request, method: 'GET', path: path() }) }],
  });
  return {
    reqPerSec: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** Two autocannon runs of one kind, merged: req/s over both, the worse of their percentiles. */
function merged(runs: LoadFigures[]): LoadFigures {
  return {
    reqPerSec: runs.reduce((a, r) => a + r.reqPerSec, 0) / runs.length,
    p50Ms: Math.max(...runs.map((r) => r.p50Ms)),
    p99Ms: Math.max(...runs.map((r) => r.p99Ms)),
    maxMs: Math.max(...runs.map((r) => r.maxMs)),
    requests: runs.reduce((a, r) => a + r.requests, 0),
    non2xx: runs.reduce((a, r) => a + r.non2xx, 0),
    errors: runs.reduce((a, r) => a + r.errors, 0),
  };
}

/**
 * Seconds until the server answers /api/health within 20 ms five times in a row (at most 3
 * minutes): requests the load generator gave up on are still computed, and would slow the next part.
 */
async function untilIdle(url: string): Promise<number> {
  const started = performance.now();
  let quick = 0;
  while (quick < 5 && performance.now() - started < 180_000) {
    quick = (await timedGet(`${url}/api/health`)).ms < 20 ? quick + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return (performance.now() - started) / 1000;
}

const yes = (met: boolean) => (met ? 'yes' : 'NO');

/**
 * Per statement role, the spread of its round trips over the calls that sent it; then "the rest":
 * each call less all its round trips (building the SQL, mapping the rows, the event loop).
 */
function statementSpreads(calls: Record<string, number>[], callMs: number[]): Record<string, Spread> {
  const labels = [...new Set(calls.flatMap((call) => Object.keys(call)))];
  return Object.fromEntries([
    ...labels.map((label) => [
      label,
      spread(calls.filter((call) => label in call).map((call) => call[label]!)),
    ]),
    ['the rest', spread(calls.map((call, i) => callMs[i]! - Object.values(call).reduce((a, b) => a + b, 0)))],
  ]);
}

/** The median of `times` for the requests with each filter, and for those without it. */
function filterMedians(requests: ListRequest[], times: number[]) {
  return (['category', 'colonia', 'max_price', 'verified', 'offset'] as const).map((filter) => {
    const withIt = times.filter((_, i) => requests[i]!.params[filter] !== undefined);
    const without = times.filter((_, i) => requests[i]!.params[filter] === undefined);
    return {
      filter,
      with: withIt.length,
      without: without.length,
      withMs: withIt.length ? spread(withIt).p50Ms : undefined,
      withoutMs: without.length ? spread(without).p50Ms : undefined,
    };
  });
}

// ——— Capturing and explaining what the service sends (as bench/reviews.ts) ———

const captured: { text: string; params: unknown[] }[] = [];
const logger = {
  logQuery(text: string, params: unknown[]) {
    captured.push({ text, params });
  },
};

interface Explainer {
  /** The same database through drizzle's logger: what a call sends is captured. */
  capturing: Db;
  /** The same database again, each of the driver's round trips timed into `roundTrips`. */
  timing: Db;
  explain(text: string, params: unknown[]): Promise<string[]>;
}

/** The driver's time: from a statement handed to the driver to its rows parsed. */
const roundTrips = { ms: 0, count: 0 };
/** The same, by the statement's role (labelOf), since it was last emptied. */
let roundTripsByLabel: Record<string, number> = {};

/** `client` with its `query` timed into `roundTrips` (drizzle sends every statement through it). */
function timedClient<Client extends object>(client: Client): Client {
  return new Proxy(client, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      if (property !== 'query') return value.bind(target);
      return async (...queryArgs: unknown[]) => {
        const started = performance.now();
        try {
          return await value.apply(target, queryArgs);
        } finally {
          const ms = performance.now() - started;
          roundTrips.ms += ms;
          roundTrips.count++;
          const [statement] = queryArgs as [string | { text?: string }];
          const label = labelOf(typeof statement === 'string' ? statement : (statement?.text ?? ''));
          roundTripsByLabel[label] = (roundTripsByLabel[label] ?? 0) + ms;
        }
      };
    },
  });
}

function explainerOf(database: Database): Explainer {
  if (database.pool) {
    const pool = database.pool;
    return {
      capturing: drizzleNodePg(pool, { schema, logger }) as unknown as Db,
      timing: drizzleNodePg(timedClient(pool), { schema }) as unknown as Db,
      explain: async (text, params) =>
        (await pool.query(text, params)).rows.map(
          (row: Record<string, string>) => Object.values(row)[0] ?? '',
        ),
    };
  }
  const client = (database.db as unknown as { $client: PGlite }).$client;
  return {
    capturing: drizzlePglite(client, { schema, logger }) as unknown as Db,
    timing: drizzlePglite(timedClient(client), { schema }) as unknown as Db,
    explain: async (text, params) =>
      (await client.query<Record<string, string>>(text, params)).rows.map(
        (row) => Object.values(row)[0] ?? '',
      ),
  };
}

/** A statement's role in a list request, from its text. */
function labelOf(text: string): string {
  if (text.includes('search_words')) return 'typos';
  if (text.startsWith('select case when exists')) return 'level';
  if (text.startsWith('with "matched"')) return 'block';
  if (text.includes('listed(id)')) return 'cards';
  if (text.includes('count(*)::int')) return 'count';
  if (/^select distinct on \("services"/.test(text)) return 'shortest services';
  if (/\bfrom "vendor_profiles"/.test(text)) return 'page';
  return /\bfrom "(\w+)"/.exec(text)?.[1] ?? 'other';
}

interface Explained {
  label: string;
  planningMs: number;
  executionMs: number;
  /** Shared buffers the root node touched (hit + read). */
  pages: number;
  hit: number;
  read: number;
  lines: string[];
}

async function explainStatement(
  explainer: Explainer,
  label: string,
  { text, params }: { text: string; params: unknown[] },
): Promise<Explained> {
  const tries: Explained[] = [];
  for (let run = 0; run < EXPLAIN_RUNS; run++) {
    const lines = await explainer.explain(`explain (analyze, buffers) ${text}`, params);
    const all = lines.join('\n');
    // The root node's buffers come first; the planner's own (under "Planning:") are not the statement's.
    const buffers = /Buffers: shared((?: \w+=\d+)+)/.exec(all)?.[1] ?? '';
    const count = (kind: string) => Number(new RegExp(`${kind}=(\\d+)`).exec(buffers)?.[1] ?? 0);
    tries.push({
      label,
      planningMs: Number(/Planning Time: ([\d.]+)/.exec(all)?.[1] ?? Number.NaN),
      executionMs: Number(/Execution Time: ([\d.]+)/.exec(all)?.[1] ?? Number.NaN),
      hit: count('hit'),
      read: count('read'),
      pages: count('hit') + count('read'),
      lines,
    });
  }
  tries.sort((a, b) => a.planningMs + a.executionMs - (b.planningMs + b.executionMs));
  return tries[Math.floor(tries.length / 2)]!;
}

// ——— Against another checkout, in turns ———

/**
 * The same searches through `before`'s service and this checkout's, in turns, in-process, on the
 * same database: the change's own effect, whatever else the machine is doing.
 */
async function pairedWithBefore(db: Db, before: string, requests: ListRequest[]) {
  const service = join(resolve(before), 'src/server/features/vendors/vendors.service.ts');
  const { listPublicVendors: listBefore } = (await import(service)) as {
    listPublicVendors: typeof listPublicVendors;
  };
  const calls = { before: listBefore, after: listPublicVendors };
  const times = { before: [] as number[], after: [] as number[] };
  let differ = 0;
  for (const { query } of requests.slice(0, WARM_UP))
    for (const call of Object.values(calls)) await call(db, query);
  for (const [i, { query }] of requests.entries()) {
    const answers: Record<string, string> = {};
    for (const which of i % 2 === 0 ? (['before', 'after'] as const) : (['after', 'before'] as const)) {
      const started = performance.now();
      const list = await calls[which](db, query);
      times[which].push(performance.now() - started);
      answers[which] = JSON.stringify([list.items.map((vendor) => vendor.id), list.total, list.hasMore]);
    }
    if (answers.before !== answers.after) differ++;
  }
  const spreads = { before: spread(times.before), after: spread(times.after) };
  const ratio = (key: keyof Spread) => fmt(spreads.after[key] / spreads.before[key], 2);
  console.log(`\nIn turns with ${before} (in-process, ${requests.length} searches, load average ${load()})`);
  console.log(`  before                    ${spreadText(spreads.before)}`);
  console.log(`  after                     ${spreadText(spreads.after)}`);
  console.log(
    `  after ÷ before: median ${ratio('p50Ms')}, p90 ${ratio('p90Ms')}, p99 ${ratio('p99Ms')}, mean ${ratio('meanMs')}; ${differ} answers differ`,
  );
  return { checkout: before, ...spreads, differ };
}

// ——— One engine ———

interface Opened {
  database: Database;
  pgliteDir?: string;
  databaseUrl?: string;
  drop(): Promise<void>;
}

async function openSeeded(engine: Engine): Promise<Opened> {
  let databaseUrl: string | undefined;
  let drop = async () => {};
  const pgliteDir =
    engine === 'pglite'
      ? (process.env.BENCH_PGLITE_DIR ?? join(tmpdir(), `barrio-bench-pglite-${vendorCount}`))
      : undefined;
  if (engine === 'postgres') {
    const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    const kept = process.env.BENCH_PG_DATABASE;
    const name = kept ?? `barrio_search_uncached_${process.pid}`;
    const admin = async (statement: string, params: unknown[] = []) => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        return await client.query(statement, params);
      } finally {
        await client.end();
      }
    };
    const exists = (await admin('select 1 from pg_database where datname = $1', [name])).rowCount ?? 0;
    if (!kept && exists) await admin(`drop database "${name}" with (force)`);
    if (!kept || !exists) await admin(`create database "${name}"`);
    if (!kept) drop = async () => void (await admin(`drop database if exists "${name}" with (force)`));
    databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
    console.log(`postgres: database ${name}${kept ? ' (kept: BENCH_PG_DATABASE)' : ' (dropped at the end)'}`);
  }
  const database = await openDatabase({ databaseUrl, pgliteDir });
  await database.migrate();
  const seedStarted = performance.now();
  const seeded = await seedDemoData(database.db, { vendors: vendorCount });
  console.log(
    seeded
      ? `${engine}: seeded ${vendorCount} vendors in ${fmt((performance.now() - seedStarted) / 1000)} s`
      : `${engine}: reusing the seeded ${pgliteDir ?? 'database'}`,
  );
  const reviewsStarted = performance.now();
  if (await seedBenchReviews(database.db, { reviews: Number(args.reviews) }))
    console.log(
      `${engine}: added ${args.reviews} reviews in ${fmt((performance.now() - reviewsStarted) / 1000)} s`,
    );
  return { database, pgliteDir, databaseUrl, drop };
}

/** "available on": a request and the vendor-days it asks the engine about. */
interface AvailableRequest extends ListRequest {
  vendorDays: string[];
}

/**
 * The "available on" requests: days of the bookable range × categories × colonias × searches,
 * shuffled, each with the vendors it asks about (the first VENDOR_COUNT_CAP + 1 matches, as
 * listOpenOn reads them). Kept in order when at most a fifth of its vendor-days were asked by a
 * request kept before it, so that the server's minute-long open-day cache answers little.
 */
async function availablePlan(db: Db, wanted: number) {
  const { min } = bookableDays(new Date());
  // Not today: its hours run out while the bench runs. Days 1 to 14 ahead.
  const days = Array.from({ length: 14 }, (_, i) => addDays(min, i + 1));
  // A category chip alone, a search alone, or a search within its own category (a search in
  // another category finds nobody); each anywhere or in one colonia.
  const searches = [
    { q: 'limpieza', category: 'cleaning' },
    { q: 'plomero', category: 'repair' },
    { q: 'clases', category: 'tutoring' },
    { q: 'paseo de perros', category: 'pets' },
    { q: 'masaje', category: 'wellness' },
    { q: 'uñas', category: 'beauty' },
    { q: 'jardinero', category: 'plants' },
    { q: 'computadora', category: 'tech' },
  ];
  const lists: { q?: string; category?: string }[] = [
    {},
    ...searches.map(({ category }) => ({ category })),
    ...searches.map(({ q }) => ({ q })),
    ...searches,
  ];
  const places = [
    undefined,
    'Polanco',
    'Condesa',
    'Roma Norte',
    'Coyoacán',
    'Del Valle',
    'Doctores',
    'Juárez',
    'Centro Histórico',
  ];
  const all: ListRequest[] = [];
  for (const day of days)
    for (const list of lists)
      for (const colonia of places)
        all.push(
          listRequest({
            available_on: day,
            ...list,
            ...(colonia ? { colonia } : {}),
            limit: String(BROWSE_PAGE_SIZE),
          }),
        );
  assertDistinct(all);
  const asked = new Set<string>();
  const kept: AvailableRequest[] = [];
  let looked = 0;
  let skipped = 0;
  for (const request of shuffled(all, 52)) {
    if (kept.length >= wanted || looked >= AVAILABLE_LOOKS) break;
    looked++;
    const filter = await vendorListFilter(db, request.query);
    const candidates =
      filter.search && request.query.sort !== 'rating'
        ? await vendorSearchBlockQuery(db, filter, VENDOR_COUNT_CAP)
        : await vendorPageQuery(db, { offset: 0, limit: VENDOR_COUNT_CAP, sort: request.query.sort }, filter);
    const vendorDays = candidates.map((vendor) => `${vendor.id}:${request.query.available_on}`);
    // A request that asks about nobody measures nothing of the engine.
    if (vendorDays.length < 10) {
      skipped++;
      continue;
    }
    const repeated = vendorDays.filter((vd) => asked.has(vd)).length;
    if (repeated > vendorDays.length / 5) {
      skipped++;
      continue;
    }
    for (const vd of vendorDays) asked.add(vd);
    kept.push({ ...request, vendorDays });
  }
  return { requests: kept, looked, skipped };
}

/** Vendor-days asked by `requests`, and those asked by an earlier one of them too. */
function vendorDaysOf(requests: AvailableRequest[]) {
  const seen = new Set<string>();
  let total = 0;
  let repeated = 0;
  for (const request of requests)
    for (const vd of request.vendorDays) {
      total++;
      if (seen.has(vd)) repeated++;
      else seen.add(vd);
    }
  return { total, repeated };
}

async function benchEngine(engine: Engine) {
  const loads: Record<string, string> = { start: load() };
  console.log(`\n=== ${engine}: ${vendorCount} vendors; load average ${loads.start}`);
  const opened = await openSeeded(engine);
  const { database } = opened;
  const figures: Record<string, unknown> = { engine, vendors: vendorCount, seconds, loads };
  try {
    const plan = searchPlan();
    const searches = dealer(plan, 'search');
    console.log(`${plan.length} distinct searches planned (${everydayQueries.length} queries × filters)`);
    const sequential = Array.from({ length: SEQUENTIAL }, () => searches.next());
    const warmUp = Array.from({ length: WARM_UP }, () => searches.next());

    // ——— In-process: the service call of each search, then its JSON ———
    // PGlite's directory has one owner: its calls are timed before the server starts. PostgreSQL's
    // are timed while the server runs, in turns with the HTTP requests (which goes first alternates).
    const inTurns = engine === 'postgres';
    const directCalls: number[] = [];
    const directJsons: number[] = [];
    /** Each call's round trips by the statement's role: which of them the time goes to. */
    const directStatements: Record<string, number>[] = [];
    let found = 0;
    const timed = explainerOf(database).timing;
    const timeDirect = async (query: VendorListQuery) => {
      roundTripsByLabel = {};
      const started = performance.now();
      const list = await listPublicVendors(timed, query);
      const called = performance.now();
      directStatements.push(roundTripsByLabel);
      serialiseJson(list);
      directJsons.push(performance.now() - called);
      directCalls.push(called - started);
      if (list.total > 0) found++;
    };
    if (runs('sequential')) {
      for (const { query } of warmUp) await listPublicVendors(database.db, query);
      if (!inTurns) {
        for (const { query } of sequential) await timeDirect(query);
        loads.direct = load();
      }
      if (args.before) figures.paired = await pairedWithBefore(database.db, args.before, sequential);
    }

    let where: Record<string, unknown>[] | undefined;
    if (runs('where')) where = await whereTheTimeGoes(engine, database, sequential, loads);

    let available:
      | {
          sequential: AvailableRequest[];
          concurrent: AvailableRequest[];
          direct?: Spread;
          looked: number;
          statements?: Record<string, unknown>;
        }
      | undefined;
    const profiles = (
      await database.db
        .select({ slug: vendorProfiles.slug })
        .from(vendorProfiles)
        .where(eq(vendorProfiles.applicationStatus, 'approved'))
        .orderBy(desc(vendorProfiles.createdAt))
        .limit(2000)
    ).map((row) => row.slug);
    if (runs('available')) {
      const started = performance.now();
      const picked = await availablePlan(database.db, AVAILABLE_SEQUENTIAL + AVAILABLE_CONCURRENT_POOL);
      const seq = picked.requests.slice(0, AVAILABLE_SEQUENTIAL);
      available = {
        sequential: seq,
        concurrent: picked.requests.slice(AVAILABLE_SEQUENTIAL),
        looked: picked.looked,
      };
      console.log(
        `"available on": ${picked.requests.length} requests kept of ${picked.looked} looked at (${picked.skipped} asked about fewer than 10 vendors or repeated over a fifth of their vendor-days) in ${fmt((performance.now() - started) / 1000)} s`,
      );
      // In-process: the engine's whole work every time (no answer is kept, decision 085).
      const times: number[] = [];
      for (const { query } of seq) {
        const t = performance.now();
        await listPublicVendors(database.db, query, { now: new Date() });
        times.push(performance.now() - t);
      }
      available.direct = spread(times);
      loads.availableDirect = load();
      available.statements = await availableStatements(database, seq[0]!);
    }
    if (!inTurns) await database.close();

    // ——— The server ———
    const port = Number(args.port) + (engine === 'postgres' ? 1 : 0);
    const server = await startServer({
      port,
      // An empty DATABASE_URL counts as unset (config.ts), whatever the environment or .env says.
      env: opened.databaseUrl
        ? { DATABASE_URL: opened.databaseUrl }
        : { DATABASE_URL: '', PGLITE_DIR: opened.pgliteDir! },
    });
    const url = server.url;
    try {
      // Warm the server's JIT and the database's buffers with searches not measured (and never asked again).
      for (const { path } of warmUp) await timedGet(`${url}${path}`);
      for (let i = 0; i < WARM_UP; i++) await timedGet(`${url}/api/health`);

      if (runs('sequential')) {
        const search: number[] = [];
        const health: number[] = [];
        let bytes = 0;
        let failed = 0;
        for (const [i, { path, query }] of sequential.entries()) {
          const directFirst = i % 2 === 0;
          if (inTurns && directFirst) await timeDirect(query);
          const s = await timedGet(`${url}${path}`);
          search.push(s.ms);
          bytes += s.bytes;
          if (s.status !== 200) failed++;
          health.push((await timedGet(`${url}/api/health`)).ms);
          if (inTurns && !directFirst) await timeDirect(query);
        }
        loads.sequential = load();
        const s = spread(search);
        const h = spread(health);
        const direct = { call: spread(directCalls), json: spread(directJsons), results: found };
        const added = spread(search.map((ms, i) => ms - directCalls[i]!));
        const met = { median: s.p50Ms <= goals.medianMs, p99: s.p99Ms <= goals.p99Ms };
        console.log(
          `\nSequential, ${SEQUENTIAL} distinct searches over HTTP, each followed by /api/health (load average ${loads.sequential})`,
        );
        console.log(`  search over HTTP          ${spreadText(s)}${failed ? `  (${failed} non-200)` : ''}`);
        console.log(`  /api/health over HTTP     ${spreadText(h)}`);
        console.log(
          `  the service call in-proc. ${spreadText(direct.call)}  (${inTurns ? 'in turns with the HTTP requests' : 'before the server started'})`,
        );
        console.log(`  its JSON (serialiseJson)  ${spreadText(direct.json)}`);
        console.log(
          `  HTTP, JSON and the server add ${fmt(s.p50Ms - direct.call.p50Ms, 2)} ms at the median (${fmt((1 - direct.call.p50Ms / s.p50Ms) * 100, 0)}% of it); per request (HTTP less the same search in-process) median ${fmt(added.p50Ms, 2)} ms; ${direct.results} of ${SEQUENTIAL} searches found someone; answers ${fmt(bytes / SEQUENTIAL / 1024)} KiB on average`,
        );
        console.log(
          `  goal median ≤ ${goals.medianMs} ms: ${yes(met.median)}; p99 ≤ ${goals.p99Ms} ms: ${yes(met.p99)}`,
        );
        const byStatement = statementSpreads(directStatements, directCalls);
        console.log(
          "  in-process, each statement's round trips (the calls that send it), and the rest of the call:",
        );
        for (const [label, spread] of Object.entries(byStatement))
          console.log(`    ${label.padEnd(20)} ${String(spread.n).padStart(4)} calls  ${spreadText(spread)}`);
        const byFilter = filterMedians(sequential, search);
        console.log(
          `  HTTP median with / without each filter: ${byFilter.map((f) => `${f.filter} ${fmt(f.withMs)} / ${fmt(f.withoutMs)} ms (${f.with} / ${f.without})`).join('; ')}`,
        );
        const slowest = sequential
          .map((request, i) => ({ path: request.path, ms: search[i]! }))
          .sort((a, b) => b.ms - a.ms)
          .slice(0, 5);
        console.log('  the slowest over HTTP:');
        for (const { path, ms } of slowest) console.log(`    ${fmt(ms).padStart(7)} ms  ${path}`);
        figures.sequential = {
          requests: SEQUENTIAL,
          search: s,
          health: h,
          direct: direct.call,
          directJson: direct.json,
          addedPerRequest: added,
          directTimed: inTurns ? 'in turns with the HTTP requests' : 'before the server started',
          found: direct.results,
          meanBytes: bytes / SEQUENTIAL,
          failed,
          goals: met,
          byFilter,
          byStatement,
          slowest,
        };
      }

      if (runs('connections')) {
        const half = Math.max(2, seconds / 2);
        const healthRuns: LoadFigures[] = [];
        const searchRuns: LoadFigures[] = [];
        for (let turn = 0; turn < 2; turn++) {
          healthRuns.push(await fullSpeed(url, () => '/api/health', half));
          searchRuns.push(await fullSpeed(url, () => searches.next().path, half));
        }
        loads.connections = load();
        const h = merged(healthRuns);
        const s = merged(searchRuns);
        const ratio = s.reqPerSec / h.reqPerSec;
        const share = goals.share[engine];
        const p99Goal = goals.concurrentP99Ms[engine];
        console.log(
          `\n${CONNECTIONS} connections, closed loop, ${half} s × 2 each in turns (health, search, health, search; load average ${loads.connections})`,
        );
        const row = (name: string, f: LoadFigures) =>
          `  ${name.padEnd(26)}${fmt(f.reqPerSec, 0).padStart(6)} req/s  p50 ${fmt(f.p50Ms)}  p99 ${fmt(f.p99Ms)}  max ${fmt(f.maxMs)} ms${f.non2xx + f.errors ? `  (${f.non2xx} non-2xx, ${f.errors} errors)` : ''}`;
        console.log(row('/api/health', h));
        console.log(row('distinct searches', s));
        console.log(
          `  search / health = ${fmt(ratio, 3)}; goal ≥ ${share}: ${yes(ratio >= share)}${p99Goal ? `; p99 ≤ ${p99Goal} ms: ${yes(s.p99Ms <= p99Goal)}` : ''}`,
        );
        // Open loop at the rate the goal asks for: latency from each request's intended send time.
        const rate = Math.max(1, Math.round(share * h.reqPerSec));
        const openSeconds = Math.min(seconds, Math.floor(searches.left / rate));
        const open = await openLoop({
          url,
          rate,
          seconds: openSeconds,
          connections: CONNECTIONS,
          request: () => ({ method: 'GET', path: searches.next().path }),
        });
        loads.openLoop = load();
        const drained = await untilIdle(url);
        console.log(
          `  open loop at ${rate} req/s (${share} × health) for ${openSeconds} s: ${fmt(open.reqPerSec, 0)} req/s answered, p50 ${fmt(open.p50Ms)} p99 ${fmt(open.p99Ms)} max ${fmt(open.maxMs)} ms${open.non2xx + open.errors ? ` (${open.non2xx} non-2xx, ${open.errors} errors)` : ''}${open.generatorLagMs > 10 ? ` (generator lag up to ${fmt(open.generatorLagMs, 0)} ms)` : ''}`,
        );
        if (drained > 1)
          console.log(
            `  (the server was still answering abandoned requests: idle again after ${fmt(drained)} s)`,
          );
        figures.connections = {
          connections: CONNECTIONS,
          health: h,
          search: s,
          healthRuns,
          searchRuns,
          ratio,
          goals: {
            share,
            met: ratio >= share,
            ...(p99Goal ? { p99Ms: p99Goal, p99Met: s.p99Ms <= p99Goal } : {}),
          },
          openLoop: { rate, seconds: openSeconds, ...open, drainedAfterSeconds: drained },
        };
      }
      console.log(`  (${searches.used} of ${plan.length} distinct searches used, none twice)`);

      if (available) figures.available = await availableOverHttp(url, available, profiles, loads);
    } finally {
      await server.stop();
      if (inTurns) await database.close();
    }
    if (where) figures.where = where;
    loads.end = load();
    const file = writeResult(`search-uncached-${engine}`, figures);
    console.log(`\n${engine}: load average at the end ${loads.end}; figures in ${file}`);
  } finally {
    await opened.drop();
  }
}

async function availableOverHttp(
  url: string,
  available: {
    sequential: AvailableRequest[];
    concurrent: AvailableRequest[];
    direct?: Spread;
    statements?: Record<string, unknown>;
  },
  profiles: string[],
  loads: Record<string, string>,
) {
  const asked = vendorDaysOf(available.sequential);
  const times: number[] = [];
  let failed = 0;
  for (const { path } of available.sequential) {
    const r = await timedGet(`${url}${path}`);
    times.push(r.ms);
    if (r.status !== 200) failed++;
  }
  loads.available = load();
  const s = spread(times);
  const met = { median: s.p50Ms <= goals.available.medianMs, max: s.maxMs <= goals.available.maxMs };
  console.log(
    `\n"available on", ${times.length} distinct requests one at a time over HTTP (load average ${loads.available})`,
  );
  console.log(
    `  ${asked.total} vendor-days asked (${fmt(asked.total / times.length, 0)} a request), ${asked.repeated} of them asked before in the run`,
  );
  console.log(`  over HTTP                 ${spreadText(s)}${failed ? `  (${failed} non-200)` : ''}`);
  if (available.direct) console.log(`  in-process, fresh cache   ${spreadText(available.direct)}`);
  console.log(
    `  goal median ≤ ${goals.available.medianMs} ms: ${yes(met.median)}; worst ≤ ${goals.available.maxMs} ms: ${yes(met.max)}`,
  );

  // Starvation: the probe alone, then beside AVAILABLE_CLIENTS clients of "available on", in turns.
  const categories = ['cleaning', 'repair', 'beauty', 'pets', 'tutoring', 'wellness', 'plants', 'tech'];
  let probeCount = 0;
  const probeOnce = async (sink: { browse: number[]; profile: number[] }) => {
    const i = probeCount++;
    // A browse page (a category chip: cached after its first answer) and an uncached vendor profile.
    const browse = await timedGet(
      `${url}/api/vendors?category=${categories[i % categories.length]}&limit=${BROWSE_PAGE_SIZE}`,
    );
    sink.browse.push(browse.ms);
    const profile = await timedGet(`${url}/api/vendors/${profiles[i % profiles.length]}`);
    sink.profile.push(profile.ms);
    await new Promise((resolve) => setTimeout(resolve, 10));
  };
  const alone = { browse: [] as number[], profile: [] as number[] };
  const loaded = { browse: [] as number[], profile: [] as number[] };
  const concurrentTimes: number[] = [];
  let nextConcurrent = 0;
  const pool = available.concurrent;
  const half = Math.max(2, seconds / 2);
  // The cached browse pages are asked once before, so that both halves see them cached.
  for (let i = 0; i < categories.length; i++) await probeOnce({ browse: [], profile: [] });
  for (let turn = 0; turn < 2; turn++) {
    let until = performance.now() + half * 1000;
    while (performance.now() < until) await probeOnce(alone);
    let stop = false;
    const clients = Array.from({ length: AVAILABLE_CLIENTS }, async () => {
      while (!stop) {
        const request = pool[nextConcurrent++];
        if (!request) return;
        concurrentTimes.push((await timedGet(`${url}${request.path}`)).ms);
      }
    });
    // The clients' first requests are under way before the probe counts.
    await new Promise((resolve) => setTimeout(resolve, 100));
    until = performance.now() + half * 1000;
    while (performance.now() < until && nextConcurrent < pool.length) await probeOnce(loaded);
    stop = true;
    await Promise.all(clients);
  }
  loads.starvation = load();
  const used = pool.slice(0, Math.min(nextConcurrent, pool.length));
  const concurrentAsked = vendorDaysOf([...available.sequential, ...used]);
  const probe = {
    browseAlone: spread(alone.browse),
    browseLoaded: spread(loaded.browse),
    profileAlone: spread(alone.profile),
    profileLoaded: spread(loaded.profile),
    availableConcurrent: spread(concurrentTimes),
  };
  console.log(
    `\nStarvation: a browse page (cached) and a vendor profile one after the other, alone and beside ${AVAILABLE_CLIENTS} "available on" clients, ${half} s × 2 each in turns (load average ${loads.starvation})`,
  );
  console.log(`  browse page, alone        ${spreadText(probe.browseAlone)}`);
  console.log(`  browse page, loaded       ${spreadText(probe.browseLoaded)}`);
  console.log(`  vendor profile, alone     ${spreadText(probe.profileAlone)}`);
  console.log(`  vendor profile, loaded    ${spreadText(probe.profileLoaded)}`);
  console.log(
    `  loaded / alone: browse p50 ${fmt(probe.browseLoaded.p50Ms / probe.browseAlone.p50Ms, 1)}× p99 ${fmt(probe.browseLoaded.p99Ms / probe.browseAlone.p99Ms, 1)}×; profile p50 ${fmt(probe.profileLoaded.p50Ms / probe.profileAlone.p50Ms, 1)}× p99 ${fmt(probe.profileLoaded.p99Ms / probe.profileAlone.p99Ms, 1)}×`,
  );
  console.log(
    `  the ${AVAILABLE_CLIENTS} clients' ${concurrentTimes.length} "available on" requests: ${spreadText(probe.availableConcurrent)}${nextConcurrent >= pool.length ? ' (ran out of distinct requests)' : ''}`,
  );
  console.log(
    `  vendor-days asked in the part: ${concurrentAsked.total}, ${concurrentAsked.repeated} of them asked before`,
  );
  return {
    sequential: s,
    direct: available.direct,
    oneCall: available.statements,
    failed,
    vendorDays: asked,
    goals: met,
    starvation: { clients: AVAILABLE_CLIENTS, ...probe, vendorDays: concurrentAsked },
  };
}

/**
 * What one "available on" call sends (every vendor-day asked: no answer is kept), counted by
 * the table each statement reads first, and its time in the driver's round trips.
 */
async function availableStatements(database: Database, request: AvailableRequest) {
  const explainer = explainerOf(database);
  const openOn = () => ({ now: new Date() });
  captured.length = 0;
  await listPublicVendors(explainer.capturing, request.query, openOn());
  const byTable: Record<string, number> = {};
  for (const { text } of captured.splice(0)) {
    const table = /\bfrom "(\w+)"/.exec(text)?.[1] ?? 'other';
    byTable[table] = (byTable[table] ?? 0) + 1;
  }
  const statements = Object.values(byTable).reduce((a, b) => a + b, 0);
  roundTrips.ms = 0;
  roundTrips.count = 0;
  // A 5 ms timer beside the call: how often the event loop got a turn meanwhile (what the
  // server's other requests need to be answered).
  let turns = 0;
  const timer = setInterval(() => turns++, 5);
  const started = performance.now();
  await listPublicVendors(explainer.timing, request.query, openOn());
  const callMs = performance.now() - started;
  clearInterval(timer);
  console.log(
    `  one call (${request.path}, ${request.vendorDays.length} vendor-days): ${statements} statements (${Object.entries(
      byTable,
    )
      .map(([table, n]) => `${n} from ${table}`)
      .join(
        ', ',
      )}); ${fmt(callMs)} ms, ${fmt(roundTrips.ms)} ms of it in the driver's ${roundTrips.count} round trips; a 5 ms timer fired ${turns} times meanwhile (${Math.floor(callMs / 5)} with the event loop free)`,
  );
  return {
    path: request.path,
    statements,
    byTable,
    callMs,
    driverMs: roundTrips.ms,
    roundTrips: roundTrips.count,
    timerTurns: turns,
  };
}

/** Part 5: the statements of EXPLAINED of the searches, explained, beside the whole call. */
async function whereTheTimeGoes(
  engine: Engine,
  database: Database,
  sequential: ListRequest[],
  loads: Record<string, string>,
) {
  const explainer = explainerOf(database);
  // One search of each of the first EXPLAINED queries met in the run's order: different words.
  const sample: ListRequest[] = [];
  const seenQ = new Set<string>();
  for (const request of sequential) {
    if (sample.length >= EXPLAINED) break;
    if (seenQ.has(request.params.q!)) continue;
    seenQ.add(request.params.q!);
    sample.push(request);
  }
  console.log(
    `\nWhere the time goes (${engine}): each statement EXPLAIN (ANALYZE, BUFFERS), median of ${EXPLAIN_RUNS}; the call in-process, median of ${CALL_RUNS}, and the driver's round trips within it`,
  );
  const rows: Record<string, unknown>[] = [];
  const plans: string[] = [];
  for (const request of sample) {
    captured.length = 0;
    await listPublicVendors(explainer.capturing, request.query);
    const statements = captured.splice(0);
    const seen = new Map<string, number>();
    const explained: Explained[] = [];
    for (const statement of statements) {
      const base = labelOf(statement.text);
      const n = (seen.get(base) ?? 0) + 1;
      seen.set(base, n);
      const label = n === 1 ? base : `${base} ${n}`;
      explained.push(await explainStatement(explainer, label, statement));
    }
    // The whole call, and the driver's round trips within it (one untimed call first: prepared
    // statements are made on a database's first call).
    await listPublicVendors(explainer.timing, request.query);
    const calls: { call: number; driver: number }[] = [];
    for (let i = 0; i < CALL_RUNS; i++) {
      roundTrips.ms = 0;
      const t = performance.now();
      await listPublicVendors(explainer.timing, request.query);
      calls.push({ call: performance.now() - t, driver: roundTrips.ms });
    }
    calls.sort((x, y) => x.call - y.call);
    const { call, driver } = calls[Math.floor(calls.length / 2)]!;
    const planning = explained.reduce((total, e) => total + e.planningMs, 0);
    const execution = explained.reduce((total, e) => total + e.executionMs, 0);
    const inDatabase = planning + execution;
    const share = (ms: number) => `${fmt(ms, 2)} ms (${fmt((ms / call) * 100, 0)}%)`;
    console.log(`  ${request.path}`);
    for (const e of explained)
      console.log(
        `    ${e.label.padEnd(18)} planning ${fmt(e.planningMs, 2).padStart(6)}  execution ${fmt(e.executionMs, 2).padStart(7)} ms  ${String(e.pages).padStart(6)} pages (${e.read} read)`,
      );
    console.log(
      `    ${`= ${explained.length} statements`.padEnd(18)} planning ${fmt(planning, 2).padStart(6)}  execution ${fmt(execution, 2).padStart(7)} ms`,
    );
    console.log(
      `    the call ${fmt(call, 2)} ms: planning + execution ${share(inDatabase)}; the driver's round trips beyond them ${share(driver - inDatabase)}; outside the driver (building the SQL, mapping) ${share(call - driver)}`,
    );
    rows.push({
      path: request.path,
      statements: explained.map(({ lines: _lines, ...e }) => e),
      planningMs: planning,
      executionMs: execution,
      callMs: call,
      driverMs: driver,
      protocolMs: driver - inDatabase,
      outsideDriverMs: call - driver,
    });
    for (const e of explained) plans.push(`— ${request.path}: ${e.label}\n${e.lines.join('\n')}`);
  }
  loads.where = load();
  if (args.plans) for (const plan of plans) console.log(`\n${plan}`);
  return rows;
}

for (const engine of engines) await benchEngine(engine as Engine);
