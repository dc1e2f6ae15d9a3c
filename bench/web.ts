import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import config from '../playwright.config.ts';
import { sparePort } from '../src/server/test/spare-port.ts';
import {
  cpuSlowdown,
  formatMs,
  formatRun,
  measureFirstInteraction,
  slow4G,
  type TapSummary,
} from './first-interaction.ts';
import { writeResult } from './support.ts';

// `npm run bench:web`: Lighthouse (mobile, its default: a mid-range phone on a slow 4G network,
// simulated) on the public routes of a fresh build served by the real server (in-memory PGlite,
// demo data), and the JavaScript each route loads. Goal: 100 in all four categories, and at most
// 90 KB gzip of JavaScript to show a public route.
//   CHROME_PATH=/usr/bin/chromium (default) — Debian's Chromium, never a downloaded browser.
//   BENCH_VERBOSE=1 — also list each script a route loaded, with its gzip size.
//   BENCH_RUNS=3 — measure each route 3 times and report the median run (performance varies).
//   BENCH_ROUTES=/,/vendors — only these routes (a prefix picks the vendor profile: /public/vendor).
//   BENCH_LHR_DIR=<dir> — also write each route's full Lighthouse report (JSON) there.
//   BENCH_BASELINE=off — skip the baseline below (half the time).
//   BENCH_SKIP_LIGHTHOUSE=1 — only the first interaction and the serving times (a few minutes).
//   BENCH_TAP_RUNS=0 — no first interaction (5 loads per page and tap time by default).
//   BENCH_BEFORE=<dir> — also measure another checkout of this repository (an earlier commit, with
//     its node_modules and its own build in <dir>/dist/web, built beforehand), served by its own
//     server in the same run, and print every table before / after.
//   WEB_DIST_DIR=<dir> — build into, serve and measure <dir> instead of dist/web (as the server).
//   BENCH_SERVER_LOG=info — the servers' log level (default warn).
//
// It also times the first interaction on each page (bench/first-interaction.ts): cold loads with
// the CPU 4× slower and Lighthouse's slow 4G applied to the browser, a tap at 1 s and at 3 s, and
// the time until the changed screen is painted — what the app's start costs a visitor who taps
// before it has run, which Lighthouse does not see. Goal: p75 ≤ 300 ms at 3 s. And it times the
// server's answer for each page: rendered on the server for a visitor (decision 042), for an address
// asked before and for a new one, against the same page for a request with a
// cookie, which the server leaves to the browser to draw (the median of 50 requests each, one at a
// time, in the same run).
//
// The baseline, measured in the same run: each route's first screen as the app drew it, saved as a
// static page with no script (<dist>/bench-static/), scored the same way. It is what this machine
// gives the same page, styles, images and markup without any JavaScript: the ceiling for a page
// rendered on the server. Scores differ a lot between machines of one kind (fonts, layout and
// script run several times slower on some), so the app's score means little without it.

const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const playwrightFlags = config.use?.launchOptions?.args ?? [];
// Chromium 156 starts its omnibox popup's web UI (two renderers running their own scripts) even
// headless: not part of any page, and competing with the page for two cores. chrome-launcher's own
// --disable-features list is kept (a second flag would replace it).
const defaultDisabledFeatures = chromeLauncher.Launcher.defaultFlags().find((flag) =>
  flag.startsWith('--disable-features='),
);
const chromeFlags = [
  ...playwrightFlags.map((flag) => (flag === '--headless' ? '--headless=new' : flag)),
  `${defaultDisabledFeatures ?? '--disable-features=Translate'},WebUIOmniboxPopup,WebUIOmniboxAimPopup`,
];
const withLighthouse = !process.env.BENCH_SKIP_LIGHTHOUSE || process.env.BENCH_SKIP_LIGHTHOUSE === '0';
const withBaseline = withLighthouse && process.env.BENCH_BASELINE !== 'off';
/** The build measured: WEB_DIST_DIR, as vite.config.ts and the server read it, else dist/web. */
const distDir = process.env.WEB_DIST_DIR ? resolve(process.env.WEB_DIST_DIR) : resolve('dist', 'web');
const beforeDir = process.env.BENCH_BEFORE ? resolve(process.env.BENCH_BEFORE) : undefined;
/** What any page costs this machine's browser: a title, a heading and a sentence. */
const floorPage = `<!doctype html>
<html lang="es-MX"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Barrio</title><meta name="description" content="Servicios locales en la Ciudad de México."></head>
<body><h1>Barrio</h1><p>Servicios locales en la Ciudad de México.</p></body></html>
`;
const budgetBytes = 90 * 1024;
/** First interaction: cold loads per page and tap time, the tap times, and each wait's limit. */
/** BENCH_TAP_RUNS=0: no first-interaction loads (Lighthouse and the serving times only). */
const tapRuns = Math.max(0, Number(process.env.BENCH_TAP_RUNS ?? 5));
const tapOffsets = [1_000, 3_000];
const tapDeadlineMs = 20_000;
const tapGoalMs = 300;
/**
 * `#root`'s attribute on a page the server drew: `data-first-screen` (the first-screen drawing that
 * server rendering replaced), or `data-ssr` (server rendering with hydration). Inlined: src/shared/first-screen.ts is going away.
 */
const drawnAttributes = ['data-first-screen', 'data-ssr'];

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

async function waitForHealth(base: string, server: ChildProcess) {
  for (let i = 0; i < 240; i++) {
    if (server.exitCode !== null) throw new Error('the server exited before it was ready');
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not become ready within 2 minutes');
}

if (!existsSync(chromePath)) {
  console.error(`No Chromium at ${chromePath}: install it (apt-get install -y chromium) or set CHROME_PATH.`);
  process.exit(1);
}
if (beforeDir) {
  const missing = [
    [join(beforeDir, 'node_modules', '.bin', 'tsx'), `cd ${beforeDir} && npm ci`],
    [join(beforeDir, 'dist', 'web', 'index.html'), `cd ${beforeDir} && npx vite build`],
  ].filter(([path]) => !existsSync(path!));
  if (missing.length > 0) {
    console.error(
      `BENCH_BEFORE=${beforeDir} is not ready: it needs its node_modules and its own build in dist/web. Run:`,
    );
    for (const [, command] of missing) console.error(`  ${command}`);
    process.exit(1);
  }
}

/** The machine's load at the start and the end: other work on two cores moves every figure. */
const load = { start: loadavg().map((value) => Math.round(value * 100) / 100), end: [] as number[] };
console.log(`Building the web app into ${distDir}…`);
run(join('node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn']);

/** A build served by its own server: this checkout's ("after"), and BENCH_BEFORE's. */
interface Target {
  name: 'before' | 'after';
  base: string;
  distDir: string;
  staticDir: string;
  server: ChildProcess;
  routes: string[];
}

/** `tsx src/server/main.ts` of the checkout in `cwd`, on in-memory PGlite with the demo data. */
async function startTarget(
  name: Target['name'],
  cwd: string,
  dist: string,
  taken: readonly Target[],
): Promise<Target> {
  let port = await sparePort();
  // A port just freed may be handed out again before the other server has bound it.
  while (taken.some((target) => target.base.endsWith(`:${port}`))) port = await sparePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(join(cwd, 'node_modules', '.bin', 'tsx'), ['src/server/main.ts'], {
    cwd,
    env: {
      ...process.env,
      WEB_DIST_DIR: dist,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: base,
      PGLITE_DIR: 'memory://',
      DEMO_SEED: 'on',
      SEED_VENDORS: '60',
      LOG_LEVEL: process.env.BENCH_SERVER_LOG ?? 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  process.on('exit', () => server.exitCode === null && server.kill('SIGTERM'));
  server.on('exit', (code, signal) => {
    if (!stopping) console.error(`The ${name} server (${base}) exited: ${signal ?? `code ${code}`}`);
  });
  return { name, base, distDir: dist, staticDir: join(dist, 'bench-static'), server, routes: [] };
}

type Row = {
  route: string;
  /** Absent with BENCH_SKIP_LIGHTHOUSE. */
  lighthouse?: {
    scores: Record<string, number>;
    perfRuns: number[];
    metrics: Record<string, number>;
    /** Lighthouse's measure of this machine's speed in the median run (higher is faster). */
    benchmarkIndex: number;
    files: number;
    gzip: number;
    wire: number;
    /** The same first screen as a static page without scripts, measured the same way. */
    baseline?: { perfRuns: number[]; performance: number; metrics: Record<string, number> };
  };
  /** The server's answer (ms, median): the page drawn for a visitor, and left to the browser. */
  serving: { drawnMs: number; drawnAfreshMs: number; plainMs: number; drawn: boolean };
  /** A tap at 1 s and at 3 s on a cold load, until the changed screen is painted. */
  firstInteraction: TapSummary[];
};
const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 1));
const results: Record<Target['name'], Row[]> = { before: [], after: [] };
const targets: Target[] = [];
/** The floor: a page of two lines, without styles, images or scripts, measured the same way. */
let floor: { perfRuns: number[]; performance: number; metrics: Record<string, number> } | undefined;
let chrome: chromeLauncher.LaunchedChrome | undefined;
let tapBrowser: Browser | undefined;
let stopping = false;
try {
  // The earlier checkout first: each route is then measured before, then after.
  if (beforeDir)
    targets.push(await startTarget('before', beforeDir, join(beforeDir, 'dist', 'web'), targets));
  targets.push(await startTarget('after', process.cwd(), distDir, targets));
  const only = process.env.BENCH_ROUTES?.split(',');
  for (const target of targets) {
    await waitForHealth(target.base, target.server);
    const featured = (await (await fetch(`${target.base}/api/vendors/featured`)).json()) as {
      items: { slug: string }[];
    };
    const allRoutes = ['/', '/vendors', '/public/all-vendors', `/public/vendor/${featured.items[0]?.slug}`];
    target.routes = only
      ? allRoutes.filter((route) =>
          only.some((prefix) => route === prefix || (prefix.length > 1 && route.startsWith(prefix))),
        )
      : allRoutes;
  }
  if (withLighthouse) chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
  tapBrowser = await chromium.launch({ executablePath: chromePath, args: [...playwrightFlags] });
  // Performance varies from run to run far more than between builds on a small machine: with
  // BENCH_RUNS=n each page is measured n times and the median run is reported.
  const measure = async (url: string, categories: string[]) => {
    const measured: LighthouseReport[] = [];
    for (let run = 0; run < runs; run++) {
      // A run whose trace Lighthouse could not record (NO_NAVSTART, "please run Lighthouse again")
      // has no score: it is run again, twice at most, rather than counted as a 0.
      for (let attempt = 1; ; attempt++) {
        const result = await lighthouse(url, {
          port: chrome!.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: categories,
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
        const error = result.lhr.runtimeError;
        if (error) console.log(`  ${url}: Lighthouse runtime error ${error.code}: ${error.message}`);
        if (!error || attempt === 3) {
          measured.push(result.lhr);
          break;
        }
      }
    }
    const byPerformance = measured.sort(
      (a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0),
    );
    return {
      perfRuns: byPerformance.map((run) => Math.round((run.categories.performance?.score ?? 0) * 100)),
      lhr: byPerformance[Math.floor(byPerformance.length / 2)]!,
    };
  };
  const after = targets.at(-1)!;
  if (withBaseline) {
    mkdirSync(after.staticDir, { recursive: true });
    writeFileSync(join(after.staticDir, 'floor.html'), floorPage);
    const measuredFloor = await measure(`${after.base}/bench-static/floor.html`, ['performance']);
    floor = {
      perfRuns: measuredFloor.perfRuns,
      performance: Math.round((measuredFloor.lhr.categories.performance?.score ?? 0) * 100),
      metrics: metricsOf(measuredFloor.lhr),
    };
  }
  const lighthouseOf = async (target: Target, route: string): Promise<Row['lighthouse']> => {
    const { base } = target;
    const { perfRuns, lhr } = await measure(`${base}${route}`, [
      'performance',
      'accessibility',
      'best-practices',
      'seo',
    ]);
    if (process.env.BENCH_LHR_DIR) {
      mkdirSync(process.env.BENCH_LHR_DIR, { recursive: true });
      const name = route.replace(/\W+/g, '_').replace(/^_|_$/g, '') || 'home';
      const file = targets.length > 1 ? `${name}.${target.name}.json` : `${name}.json`;
      writeFileSync(join(process.env.BENCH_LHR_DIR, file), JSON.stringify(lhr));
    }
    const scores = Object.fromEntries(
      Object.entries(lhr.categories).map(([id, category]) => [id, Math.round((category.score ?? 0) * 100)]),
    );
    // The scripts the page loaded (the service worker's own fetches run in the worker, not here).
    const requests =
      (lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? [];
    const scripts = requests.filter(
      (r) =>
        r.resourceType === 'Script' &&
        r.url.startsWith(`${base}/assets/`) &&
        !r.sessionTargetType?.includes('worker'),
    );
    const gzipOf = (url: string) => gzipSize(target.distDir, new URL(url).pathname);
    const gzip = scripts.reduce((sum, r) => sum + gzipOf(r.url), 0);
    const wire = scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
    let baseline: NonNullable<Row['lighthouse']>['baseline'];
    if (withBaseline) {
      const staticPath = await saveFirstScreen(`${base}${route}`, target.staticDir);
      const measuredStatic = await measure(`${base}${staticPath}`, ['performance']);
      baseline = {
        perfRuns: measuredStatic.perfRuns,
        performance: Math.round((measuredStatic.lhr.categories.performance?.score ?? 0) * 100),
        metrics: metricsOf(measuredStatic.lhr),
      };
    }
    const prefix = targets.length > 1 ? `${target.name} ` : '';
    if (process.env.BENCH_VERBOSE)
      for (const r of scripts)
        console.log(`  ${prefix}${route}: ${new URL(r.url).pathname} ${gzipOf(r.url)}`);
    for (const [id, audit] of Object.entries(lhr.audits)) {
      if (
        audit.score !== null &&
        audit.score < 0.9 &&
        audit.scoreDisplayMode !== 'informative' &&
        audit.scoreDisplayMode !== 'notApplicable'
      ) {
        console.log(
          `  ${prefix}${route}: ${id} ${Math.round(audit.score * 100)} ${audit.displayValue ?? ''}`,
        );
      }
    }
    return {
      scores,
      perfRuns,
      metrics: metricsOf(lhr),
      benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
      files: scripts.length,
      gzip,
      wire,
      baseline,
    };
  };
  for (let index = 0; index < after.routes.length; index++) {
    for (const target of targets) {
      const route = target.routes[index]!;
      if (target.server.exitCode !== null) throw new Error(`the ${target.name} server has exited`);
      console.log(`Measuring ${targets.length > 1 ? `${target.name} ` : ''}${route}…`);
      const lighthouseRow = withLighthouse ? await lighthouseOf(target, route) : undefined;
      // After Lighthouse and the 150 requests of servingTimes, the server has drawn the page
      // before: the first interaction's loads are not its first draw.
      const serving = await servingTimes(`${target.base}${route}`);
      const firstInteraction =
        tapRuns > 0
          ? await measureFirstInteraction(tapBrowser, `${target.base}${route}`, {
              offsets: tapOffsets,
              runs: tapRuns,
              deadlineMs: tapDeadlineMs,
            })
          : [];
      results[target.name].push({ route, lighthouse: lighthouseRow, serving, firstInteraction });
    }
  }
} finally {
  stopping = true;
  await chrome?.kill();
  await tapBrowser?.close().catch(() => undefined);
  for (const target of targets) {
    if (target.server.exitCode === null) target.server.kill('SIGTERM');
    // The snapshots are the bench's own: a build served afterwards must not carry them.
    rmSync(target.staticDir, { recursive: true, force: true });
  }
}

type LighthouseReport = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

function metricsOf(lhr: LighthouseReport): Record<string, number> {
  return Object.fromEntries(
    [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
    ].map((id) => [id, lhr.audits[id]?.numericValue ?? 0]),
  );
}

/**
 * The page at `url` once the app has drawn it (on a phone-sized screen, everything below the fold
 * included), saved without its scripts as <dist>/bench-static/<name>.html, which the server
 * serves as it serves any built file. Returns its path.
 */
async function saveFirstScreen(url: string, staticDir: string): Promise<string> {
  const browser = await chromium.launch({ executablePath: chromePath, args: [...playwrightFlags] });
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500); // the parts drawn a task later (<Later>)
    const html = (await page.content())
      .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
      .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/g, '');
    const name = new URL(url).pathname.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home';
    mkdirSync(staticDir, { recursive: true });
    writeFileSync(join(staticDir, `${name}.html`), html);
    return `/bench-static/${name}.html`;
  } finally {
    await browser.close();
  }
}

/**
 * How long the server takes to answer the page (median of 50, one at a time): as a visitor gets it,
 * drawn on the server, and with a cookie, (decision 042).
 */
async function servingTimes(url: string): Promise<Row['serving']> {
  const median = async (headers: Record<string, string>, { afresh = false } = {}) => {
    const times: number[] = [];
    for (let i = 0; i < 50; i++) {
      // A query parameter no page reads makes each address new: nothing on the way can answer it from
      // an earlier render.
      const address = afresh ? `${url}${url.includes('?') ? '&' : '?'}bench=${i}` : url;
      const started = performance.now();
      await (await fetch(address, { headers })).text();
      times.push(performance.now() - started);
    }
    return times.sort((a, b) => a - b)[25]!;
  };
  const root = /<[a-z]+\b[^>]*\bid="root"[^>]*>/.exec(await (await fetch(url)).text())?.[0] ?? '';
  const drawn = drawnAttributes.some((attribute) => root.includes(` ${attribute}=`));
  return {
    drawnMs: await median({}),
    drawnAfreshMs: await median({}, { afresh: true }),
    plainMs: await median({ cookie: 'bench=1' }),
    drawn,
  };
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
  sessionTargetType?: string;
}

function gzipSize(dist: string, path: string): number {
  return gzipSync(readFileSync(join(dist, path)), { level: 9 }).length;
}

/** Columns padded to their widest cell; the first column left-aligned, the others too. */
function printTable(header: string[], lines: string[][]) {
  const widths = header.map((cell, column) =>
    Math.max(cell.length, ...lines.map((line) => (line[column] ?? '').length)),
  );
  for (const line of [header, ...lines])
    console.log(
      line
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    );
}

const compared = targets.length > 1;
const afterRows = results.after;
/** The before row beside each after row (same position: the routes are the same four). */
const beforeRow = (index: number) => (compared ? results.before[index] : undefined);
/** One cell: the after figure, or "before / after" ("before | after" for a cell of several figures). */
const both = (index: number, pick: (row: Row) => string, separator = ' / ') => {
  const earlier = beforeRow(index);
  const now = pick(afterRows[index]!);
  return earlier ? `${pick(earlier)}${separator}${now}` : now;
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number | undefined) => `${Math.round(value ?? 0)}`;
const which = compared ? ' (before / after)' : '';
const whichOfSeveral = compared
  ? ' (before | after where a cell holds several figures, else before / after)'
  : '';

if (withLighthouse) {
  console.log(`\nLighthouse (mobile), scores out of 100; JavaScript loaded by each route${which}`);
  const lh = (row: Row) => row.lighthouse!;
  printTable(
    [
      'route',
      'perf',
      'a11y',
      'best',
      'seo',
      'scripts',
      'gzip',
      'on the wire (br)',
      `budget ${kb(budgetBytes)}`,
    ],
    afterRows.map((row, i) => [
      row.route,
      both(i, (r) => `${lh(r).scores.performance}${runs > 1 ? ` (${lh(r).perfRuns.join(', ')})` : ''}`),
      both(i, (r) => `${lh(r).scores.accessibility}`),
      both(i, (r) => `${lh(r).scores['best-practices']}`),
      both(i, (r) => `${lh(r).scores.seo}`),
      both(i, (r) => `${lh(r).files}`),
      both(i, (r) => kb(lh(r).gzip)),
      both(i, (r) => kb(lh(r).wire)),
      both(i, (r) => (lh(r).gzip <= budgetBytes ? 'ok' : `over by ${kb(lh(r).gzip - budgetBytes)}`)),
    ]),
  );
  if (runs > 1) console.log(`(perf: the median run of ${runs}, each run's score in brackets)`);

  console.log(
    `\nThe app against its baseline (the same first screen as a static page, no script), median runs${which}`,
  );
  const pair = (r: Row, id: string) =>
    `${ms(lh(r).metrics[id])}/${lh(r).baseline ? ms(lh(r).baseline!.metrics[id]) : '–'}`;
  printTable(
    [
      'route',
      'perf app/static',
      'ratio',
      'FCP ms app/static',
      'LCP ms app/static',
      'TBT ms app/static',
      'benchmarkIndex',
    ],
    afterRows.map((row, i) => [
      row.route,
      both(i, (r) => `${lh(r).scores.performance}/${lh(r).baseline?.performance ?? '–'}`),
      both(i, (r) =>
        lh(r).baseline?.performance
          ? (lh(r).scores.performance! / lh(r).baseline!.performance).toFixed(2)
          : '–',
      ),
      both(i, (r) => pair(r, 'first-contentful-paint')),
      both(i, (r) => pair(r, 'largest-contentful-paint')),
      both(i, (r) => pair(r, 'total-blocking-time')),
      both(i, (r) => `${lh(r).benchmarkIndex}`),
    ]),
  );
  if (floor)
    console.log(
      `floor (2 lines; no style, image, script): perf ${floor.performance}${runs > 1 ? ` (runs ${floor.perfRuns.join(', ')})` : ''}, FCP ${ms(floor.metrics['first-contentful-paint'])} ms, LCP ${ms(floor.metrics['largest-contentful-paint'])} ms, TBT ${ms(floor.metrics['total-blocking-time'])} ms`,
    );
}

console.log(
  `\nServing the page (ms, median of 50): drawn on the server for a visitor (drawn before / drawn afresh) / left to the browser, and the ratios${whichOfSeveral}`,
);
printTable(
  ['route', 'drawn / afresh / left to the browser', 'ratio drawn / afresh'],
  afterRows.map((row, i) => [
    row.route,
    both(
      i,
      ({ serving }) =>
        `${serving.drawnMs.toFixed(1)} / ${serving.drawnAfreshMs.toFixed(1)} / ${serving.plainMs.toFixed(1)}${serving.drawn ? '' : ' (not drawn)'}`,
      ' | ',
    ),
    both(
      i,
      ({ serving }) =>
        `${(serving.drawnMs / serving.plainMs).toFixed(2)} / ${(serving.drawnAfreshMs / serving.plainMs).toFixed(2)}`,
      ' | ',
    ),
  ]),
);
if ([...afterRows, ...results.before].some((row) => !row.serving.drawn))
  console.log('(not drawn: #root has no data-first-screen or data-ssr attribute: no server render built?)');

console.log(
  `\nFirst interaction: cold load, CPU ${cpuSlowdown}× slower, slow 4G (${slow4G.latencyMs} ms, ${slow4G.downloadKbps} / ${slow4G.uploadKbps} kbps), a tap at 1 s and at 3 s after the navigation started; ms from the tap to the changed screen painted, ${tapRuns} loads each${whichOfSeveral}`,
);
const tapLines: string[][] = [];
/** Why runs timed out, with how many runs each. */
const tapNotes = new Map<string, number>();
for (const [i, row] of afterRows.entries()) {
  for (const [j, summary] of row.firstInteraction.entries()) {
    const withList = 'listP50' in summary;
    const runsOf = (r: Row) =>
      r.firstInteraction[j]!.runs.map((run) => formatRun(run, tapDeadlineMs)).join(', ');
    tapLines.push([
      j === 0 ? row.route : '',
      `${summary.atMs / 1000} s`,
      both(i, (r) => formatMs(r.firstInteraction[j]!.p50, tapDeadlineMs)),
      both(i, (r) => formatMs(r.firstInteraction[j]!.p75, tapDeadlineMs)),
      withList
        ? both(
            i,
            (r) =>
              `${formatMs(r.firstInteraction[j]!.listP50, tapDeadlineMs)} / ${formatMs(r.firstInteraction[j]!.listP75, tapDeadlineMs)}`,
            ' | ',
          )
        : '',
      compared ? `before: ${runsOf(beforeRow(i)!)}; after: ${runsOf(row)}` : runsOf(row),
    ]);
    for (const target of targets) {
      const r = target.name === 'after' ? row : beforeRow(i)!;
      const { missed } = r.firstInteraction[j]!;
      if (missed)
        tapNotes.set(
          `${compared ? `${target.name} ` : ''}${r.route} at ${summary.atMs / 1000} s: ${missed} tap(s) missed the control (the page moved under it) and were made again on a fresh load`,
          0,
        );
      for (const run of r.firstInteraction[j]!.runs)
        if (run.error) {
          const note = `${compared ? `${target.name} ` : ''}${r.route} at ${summary.atMs / 1000} s: ${run.error}`;
          tapNotes.set(note, (tapNotes.get(note) ?? 0) + 1);
        }
    }
  }
}
printTable(['route', 'tap at', 'p50 ms', 'p75 ms', 'list updated p50 / p75', 'each run'], tapLines);
console.log(
  '(each run: ms from the tap, then when the tap was made; * the change came with a page load; ! see below)',
);
for (const [note, count] of tapNotes) console.log(`  ! ${note}${count ? ` (${count} of ${tapRuns})` : ''}`);
const atGoal = (rows: Row[]) =>
  rows.filter((row) => {
    const p75 = row.firstInteraction.find((summary) => summary.atMs === 3_000)?.p75;
    return p75 !== undefined && p75 <= tapGoalMs;
  }).length;
console.log(
  `Goal: p75 ≤ ${tapGoalMs} ms at 3 s — met on ${compared ? `${atGoal(results.before)} / ` : ''}${atGoal(afterRows)} of ${afterRows.length} pages${which}`,
);

load.end = loadavg().map((value) => Math.round(value * 100) / 100);
console.log(
  `\nLoad average (1, 5, 15 min): ${load.start.join(', ')} at the start, ${load.end.join(', ')} at the end`,
);
console.log(
  `\n${writeResult('web', {
    load,
    runs,
    lighthouse: withLighthouse,
    budgetBytes,
    floor,
    firstInteraction: {
      cpuSlowdown,
      network: slow4G,
      runs: tapRuns,
      offsetsMs: tapOffsets,
      deadlineMs: tapDeadlineMs,
      goal: `p75 ≤ ${tapGoalMs} ms at 3 s`,
    },
    rows: afterRows,
    ...(compared ? { before: { dir: beforeDir, rows: results.before } } : {}),
  })}`,
);
process.exit(0);
