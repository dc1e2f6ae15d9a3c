import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { and, eq, sql } from 'drizzle-orm';
import { checkDatabase, type Db, openDatabase } from '../src/server/db/client.ts';
import { services, vendorProfiles } from '../src/server/db/schema/vendors.ts';
import { seedDemoData } from '../src/server/db/seed/seed.ts';
import { computeAvailability } from '../src/server/features/availability/availability.service.ts';
import { manageLinkOf } from '../src/server/features/booking-lifecycle/manage-links.ts';
import { requestBooking } from '../src/server/features/booking-lifecycle/request-booking.ts';
import { getPublicVendor, listPublicVendors } from '../src/server/features/vendors/vendors.service.ts';
import { createBookingSchema } from '../src/shared/booking.schemas.ts';
import { vendorListQuerySchema } from '../src/shared/vendor.schemas.ts';
import { listQueries } from './list-queries.ts';
import { type OpenLoopFigures, type OpenLoopRequest, openLoop } from './open-loop.ts';
import { seedBenchReviews } from './seed-reviews.ts';
import { createScratchDatabase, startServer, writeResult } from './support.ts';

// API load: the real server (src/server/main.ts) on 100,000 seeded vendors. Each
// endpoint gets a fixed-rate run at the goal rate (p50/p99 at that load), sent open loop on a fixed
// schedule with latencies counted from each request's intended send time (bench/open-loop.ts), and
// a run at full speed with autocannon, whose req/s is divided by GET /api/health's (one `select 1`)
// measured the same way in the same run. Health's fixed-rate run is also sent the way it was before
// (autocannon `overallRate`), for comparison. Each endpoint's service call is also timed in-process, straight
// through the driver, before the server starts (PGlite's data directory has one owner at a time):
// the server's p50 over that time is what HTTP, JSON and the server's concurrency add.
//   npm run bench:api -- [--engine pglite|postgres|both] [--vendors 100000] [--reviews 1000000] [--seconds 8]
// PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) names the
// server; the bench creates and drops its own database there. PGlite: the seeded directory is kept
// in the temp directory and reused by the next run (BENCH_PGLITE_DIR to choose another). Both get
// the bench's reviews after the seed (bench/seed-reviews.ts; once per PGlite directory).

const { values: args } = parseArgs({
  options: {
    engine: { type: 'string', default: 'both' },
    vendors: { type: 'string', default: '100000' },
    reviews: { type: 'string', default: '1000000' },
    seconds: { type: 'string', default: '8' },
    port: { type: 'string', default: '3400' },
  },
});
const vendorCount = Number(args.vendors);
const seconds = Number(args.seconds);
const engines = args.engine === 'both' ? (['pglite', 'postgres'] as const) : [args.engine];
if (!engines.every((e) => e === 'pglite' || e === 'postgres'))
  throw new Error('--engine: pglite, postgres or both');

/**
 * The API's latency and throughput goals (two cores). The other reads are loaded at the same rate; bookings at a tenth,
 * since each one uses up an open slot read beforehand.
 */
const goals = {
  pglite: { rate: 300, p99Ms: 50, bookingRate: 30 },
  postgres: { rate: 1000, p99Ms: 25, bookingRate: 100 },
} as const;
const throughputGoals: Record<string, number> = { browse: 0.5, search: 0.3 };
const CONNECTIONS = { fixed: 50, max: 20 };
/** In-process bookings, each on a slot of its own (plus three warm-up calls). */
const DIRECT_BOOKINGS = 50;
const MAX_RUN_SECONDS = Math.max(3, Math.round(seconds / 2));

type Engine = keyof typeof goals;

interface Fixtures {
  /** Approved vendors with an active service: profile and availability requests rotate over them. */
  vendors: { id: string; slug: string; serviceId: string; colonia: string }[];
  /** Open slots, far enough apart that no two bookings collide. */
  slots: {
    vendorId: string;
    serviceId: string;
    startTime: string;
    /** For a service done at the customer's place; ignored otherwise. */
    address: { street: string; colonia: string; postalCode: string };
  }[];
}

interface Scenario {
  name: string;
  /** browse or search: the throughput goals apply. */
  kind: 'health' | 'browse' | 'search' | 'read' | 'write';
  rate: (engine: Engine) => number;
  /** The i-th HTTP request (called once per request sent). */
  request: (i: number, url: string) => OpenLoopRequest;
  /** The same work in-process, through the driver. */
  direct: (db: Db, i: number) => Promise<unknown>;
  /** A bound on the in-process calls, for work that uses something up (a booking takes its slot). */
  maxDirectCalls?: number;
}

const get = (path: string): OpenLoopRequest => ({ method: 'GET', path });

function listScenario(name: string, kind: Scenario['kind'], query: Record<string, string>): Scenario {
  const parsed = vendorListQuerySchema.parse(query);
  return {
    name,
    kind,
    rate: (engine) => goals[engine].rate,
    request: () => get(`/api/vendors?${new URLSearchParams(query)}`),
    direct: (db) => listPublicVendors(db, parsed),
  };
}

function scenarios(fixtures: Fixtures, directSlots: Fixtures['slots'], runId: string): Scenario[] {
  const vendor = (i: number) => fixtures.vendors[i % fixtures.vendors.length]!;
  const bookingBody = (slot: Fixtures['slots'][number], i: number) => ({
    ...slot,
    customerName: 'Bench Customer',
    customerEmail: `bench-${runId}-${i}@barrio.test`,
  });
  return [
    {
      name: 'health (select 1)',
      kind: 'health',
      rate: (engine) => goals[engine].rate,
      request: () => get('/api/health'),
      direct: (db) => checkDatabase(db),
    },
    ...listQueries.map(({ name, kind, query }) => listScenario(name, kind, query)),
    {
      name: 'vendor profile',
      kind: 'read',
      rate: (engine) => goals[engine].rate,
      request: (i) => get(`/api/vendors/${vendor(i).slug}`),
      direct: (db, i) => getPublicVendor(db, { idOrSlug: vendor(i).slug }),
    },
    {
      name: 'availability (14 days)',
      kind: 'read',
      rate: (engine) => goals[engine].rate,
      request: (i) => get(`/api/vendors/${vendor(i).id}/availability?serviceId=${vendor(i).serviceId}`),
      direct: (db, i) =>
        computeAvailability({ db, idOrSlug: vendor(i).id, serviceId: vendor(i).serviceId, now: new Date() }),
    },
    {
      name: 'booking creation',
      kind: 'write',
      rate: (engine) => goals[engine].bookingRate,
      maxDirectCalls: DIRECT_BOOKINGS,
      request: (i, url) => ({
        method: 'POST',
        path: '/api/bookings',
        headers: { 'content-type': 'application/json', origin: url },
        // Past the end of the pool the requests repeat taken slots and count as non-2xx.
        body: JSON.stringify(bookingBody(fixtures.slots[i % fixtures.slots.length]!, i)),
      }),
      direct: (db, i) =>
        requestBooking({
          db,
          input: createBookingSchema.parse(bookingBody(directSlots[i % directSlots.length]!, -1 - i)),
          user: null,
          now: new Date(),
          appUrl: 'http://127.0.0.1',
          manageLink: manageLinkOf({ appUrl: 'http://127.0.0.1', secret: 'bench-secret' }),
        }),
    },
  ];
}

const DAY_MS = 24 * 60 * 60_000;

async function loadFixtures(db: Db, slotsWanted: number): Promise<Fixtures> {
  const vendors = await db
    .selectDistinctOn([vendorProfiles.id], {
      id: vendorProfiles.id,
      slug: vendorProfiles.slug,
      serviceId: services.id,
      colonia: sql<string>`coalesce(${vendorProfiles.serviceAreas}[1], 'Roma Norte')`,
    })
    .from(vendorProfiles)
    .innerJoin(services, eq(services.vendorProfileId, vendorProfiles.id))
    .where(and(eq(vendorProfiles.applicationStatus, 'approved'), eq(services.isActive, true)))
    .orderBy(vendorProfiles.id, services.id)
    .limit(2000);
  const slots: Fixtures['slots'] = [];
  const now = new Date();
  for (const v of vendors) {
    if (slots.length >= slotsWanted) break;
    const result = await computeAvailability({ db, idOrSlug: v.id, serviceId: v.serviceId, now });
    // Not the first day's slots: the lead time moves past them while the bench runs. Twelve hours
    // apart, so that no booking's duration and buffer reach another's.
    let next = now.getTime() + DAY_MS;
    for (const startTime of result.slots) {
      const start = Date.parse(startTime);
      if (start < next) continue;
      slots.push({
        vendorId: v.id,
        serviceId: v.serviceId,
        startTime,
        address: { street: 'Calle Durango 120', colonia: v.colonia, postalCode: '06700' },
      });
      next = start + DAY_MS / 2;
    }
  }
  return { vendors, slots };
}

interface DirectFigures {
  calls: number;
  meanMs: number;
  maxMs: number;
}

/** Sequential calls for about a second (at least 20, at most 500) after a few warm-up calls. */
async function timeDirect(db: Db, scenario: Scenario, calls: { next: number }): Promise<DirectFigures> {
  for (let i = 0; i < 3; i++) await scenario.direct(db, calls.next++);
  const times: number[] = [];
  const started = performance.now();
  const max = scenario.maxDirectCalls ?? 500;
  while (times.length < Math.min(20, max) || (times.length < max && performance.now() - started < 1000)) {
    const t = performance.now();
    await scenario.direct(db, calls.next++);
    times.push(performance.now() - t);
  }
  const total = times.reduce((a, b) => a + b, 0);
  return { calls: times.length, meanMs: total / times.length, maxMs: Math.max(...times) };
}

/** What an autocannon run measures: the open-loop figures less the generator's own lag. */
type LoadFigures = Omit<OpenLoopFigures, 'generatorLagMs'>;

/** autocannon: as fast as `connections` go, or at `rate` spread over them (`overallRate`). */
async function load(
  url: string,
  scenario: Scenario,
  counter: { next: number },
  options: { rate?: number; connections: number; seconds: number },
): Promise<LoadFigures> {
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.seconds,
    ...(options.rate ? { overallRate: options.rate } : {}),
    requests: [{ setupRequest: (request) => ({ ...request, ...scenario.request(counter.next++, url) }) }],
  });
  return {
    reqPerSec: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

const fmt = (n: number, digits = 1) => n.toFixed(digits);

async function benchEngine(engine: Engine) {
  const goal = goals[engine];
  const port = Number(args.port) + (engine === 'postgres' ? 1 : 0);
  const pgliteDir = process.env.BENCH_PGLITE_DIR ?? join(tmpdir(), `barrio-bench-pglite-${vendorCount}`);
  const scratch =
    engine === 'postgres'
      ? await createScratchDatabase(
          process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
          `barrio_bench_${process.pid}`,
        )
      : undefined;
  try {
    // Seed (PGlite: once; the directory is reused), gather fixtures and time the direct calls.
    const database = await openDatabase({ databaseUrl: scratch?.url, pgliteDir });
    await database.migrate();
    const seedStarted = performance.now();
    const seeded = await seedDemoData(database.db, { vendors: vendorCount });
    console.log(
      seeded
        ? `${engine}: seeded ${vendorCount} vendors in ${fmt((performance.now() - seedStarted) / 1000)} s`
        : `${engine}: reusing the seeded directory ${pgliteDir}`,
    );
    const reviewsStarted = performance.now();
    if (await seedBenchReviews(database.db, { reviews: Number(args.reviews) }))
      console.log(
        `${engine}: added ${args.reviews} reviews in ${fmt((performance.now() - reviewsStarted) / 1000)} s`,
      );
    // The warm-up and the full-speed run are assumed to manage at most 10× the fixed rate.
    const bookingsNeeded = goal.bookingRate * seconds + goal.bookingRate * 10 * (MAX_RUN_SECONDS + 1);
    const fixtures = await loadFixtures(database.db, bookingsNeeded + DIRECT_BOOKINGS + 3);
    const directSlots = fixtures.slots.splice(0, DIRECT_BOOKINGS + 3);
    const runId = Date.now().toString(36);
    const list = scenarios(fixtures, directSlots, runId);
    const direct: Record<string, DirectFigures> = {};
    for (const scenario of list) direct[scenario.name] = await timeDirect(database.db, scenario, { next: 0 });
    await database.close();

    const server = await startServer({
      port,
      // An empty DATABASE_URL counts as unset (config.ts), whatever the environment or .env says.
      env: scratch ? { DATABASE_URL: scratch.url } : { DATABASE_URL: '', PGLITE_DIR: pgliteDir },
    });
    const rows: Record<string, unknown>[] = [];
    try {
      const figures: Record<string, { fixed: LoadFigures; max: LoadFigures }> = {};
      console.log(
        `\nAPI on ${engine}, ${vendorCount} vendors; fixed rate ${seconds} s, full speed ${MAX_RUN_SECONDS} s (${CONNECTIONS.max} connections)`,
      );
      for (const scenario of list) {
        const counter = { next: 0 };
        // Warm the server's JIT and caches for this route before measuring.
        await load(server.url, scenario, counter, { connections: 4, seconds: 1 });
        const rate = scenario.rate(engine);
        const fixed = await openLoop({
          url: server.url,
          rate,
          seconds,
          connections: CONNECTIONS.fixed,
          request: () => scenario.request(counter.next++, server.url),
        });
        // The former measure (before decision 058), for comparison: the same rate over
        // autocannon's paced connections, which send in bursts and count no time spent waiting.
        const fixedAutocannon =
          scenario.kind === 'health'
            ? await load(server.url, scenario, counter, { rate, connections: CONNECTIONS.fixed, seconds })
            : undefined;
        const max = await load(server.url, scenario, counter, {
          connections: CONNECTIONS.max,
          seconds: MAX_RUN_SECONDS,
        });
        figures[scenario.name] = { fixed, max };
        const health = figures['health (select 1)']!.max.reqPerSec;
        const d = direct[scenario.name]!;
        const row = {
          endpoint: scenario.name,
          kind: scenario.kind,
          rate,
          fixed,
          ...(fixedAutocannon ? { fixedAutocannon } : {}),
          max,
          direct: d,
          throughputVsHealth: max.reqPerSec / health,
          p50VsDirect: fixed.p50Ms / d.meanMs,
          goals: goalsOf(engine, scenario, fixed, max.reqPerSec / health, d),
        };
        rows.push(row);
        const missed = Object.entries(row.goals).filter(([, g]) => !g.met);
        console.log(
          `  ${scenario.name.padEnd(34)} @${String(rate).padStart(4)}/s: ${fmt(fixed.reqPerSec, 0).padStart(5)} req/s p50 ${fmt(fixed.p50Ms)} p99 ${fmt(fixed.p99Ms)} ms` +
            `${fixed.non2xx + fixed.errors ? ` (${fixed.non2xx} non-2xx, ${fixed.errors} errors)` : ''}` +
            // Past a few ms, the generator's own pauses are part of the p99 (bench/open-loop.ts).
            `${fixed.generatorLagMs > 10 ? ` (generator lag up to ${fmt(fixed.generatorLagMs, 0)} ms)` : ''}` +
            ` | full speed ${fmt(max.reqPerSec, 0)} req/s = ${fmt(row.throughputVsHealth, 2)} of health` +
            ` | direct ${fmt(d.meanMs, 2)} ms (max ${fmt(d.maxMs, 1)}), p50 ${fmt(row.p50VsDirect, 1)}× direct` +
            (missed.length ? `  MISSED: ${missed.map(([k]) => k).join(', ')}` : ''),
        );
        if (fixedAutocannon)
          console.log(
            `  ${'  (autocannon overallRate)'.padEnd(34)} @${String(rate).padStart(4)}/s: ${fmt(fixedAutocannon.reqPerSec, 0).padStart(5)} req/s p50 ${fmt(fixedAutocannon.p50Ms)} p99 ${fmt(fixedAutocannon.p99Ms)} ms`,
          );
      }
    } finally {
      await server.stop();
    }
    writeResult(`api-${engine}`, {
      engine,
      vendors: vendorCount,
      seconds,
      connections: CONNECTIONS,
      fixedRate: 'open loop, latency from the intended send time (bench/open-loop.ts)',
      rows,
    });
  } finally {
    await scratch?.drop();
  }
}

/** Which of the goals apply to this endpoint, and whether this run met them. */
function goalsOf(
  engine: Engine,
  scenario: Scenario,
  fixed: LoadFigures,
  vsHealth: number,
  direct: DirectFigures,
): Record<string, { target: number; value: number; met: boolean }> {
  const result: Record<string, { target: number; value: number; met: boolean }> = {};
  if (scenario.kind !== 'browse' && scenario.kind !== 'search') return result;
  const { rate, p99Ms } = goals[engine];
  // The rate counts as held when the server kept up with the offered load.
  result[`p99 ≤ ${p99Ms} ms`] = { target: p99Ms, value: fixed.p99Ms, met: fixed.p99Ms <= p99Ms };
  result[`${rate} req/s held`] = {
    target: rate,
    value: fixed.reqPerSec,
    met: fixed.reqPerSec >= rate * 0.97,
  };
  const share = throughputGoals[scenario.kind]!;
  result[`≥ ${share} of health`] = { target: share, value: vsHealth, met: vsHealth >= share };
  if (engine === 'pglite')
    result['query ≤ 20 ms'] = { target: 20, value: direct.maxMs, met: direct.maxMs <= 20 };
  return result;
}

for (const engine of engines) await benchEngine(engine as Engine);
