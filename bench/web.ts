import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import config from '../playwright.config.ts';
import { FIRST_SCREEN_DRAWN_ATTRIBUTE } from '../src/shared/first-screen.ts';
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
//
// It also measures the app's start on each page with the CPU 4× slower (appStartCosts), which
// Lighthouse does not see on a page the server drew (decision 031), and times the server's answer
// for each page: drawn on the server for a visitor (decision 029), as drawn before for the same
// address and answers and drawn afresh, against the same page for a request with a cookie, which
// the server leaves to the browser to draw (the median of 50 requests each, one at a time, in the
// same run).
//
// The baseline, measured in the same run: each route's first screen as the app drew it, saved as a
// static page with no script (dist/web/bench-static/), scored the same way. It is what this machine
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
const withBaseline = process.env.BENCH_BASELINE !== 'off';
const staticDir = join('dist', 'web', 'bench-static');
/** What any page costs this machine's browser: a title, a heading and a sentence. */
const floorPage = `<!doctype html>
<html lang="es-MX"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Barrio</title><meta name="description" content="Servicios locales en la Ciudad de México."></head>
<body><h1>Barrio</h1><p>Servicios locales en la Ciudad de México.</p></body></html>
`;
const budgetBytes = 90 * 1024;

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

function sparePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
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

console.log('Building the web app…');
run(join('node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn']);

const port = await sparePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(join('node_modules', '.bin', 'tsx'), ['src/server/main.ts'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: base,
    PGLITE_DIR: 'memory://',
    DEMO_SEED: 'on',
    SEED_VENDORS: '60',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const stopServer = () => server.exitCode === null && server.kill('SIGTERM');
process.on('exit', stopServer);

type Row = {
  route: string;
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
  /** The server's answer (ms, median): the page drawn for a visitor, and left to the browser. */
  serving: { drawnMs: number; drawnAfreshMs: number; plainMs: number; drawn: boolean };
  /** The app's start at the first key on the drawn page, and drawing it afresh (with a cookie). */
  appStart: { takeOver: AppStart; afresh: AppStart };
};
/** The app's start, CPU 4× slower (medians): until it has drawn, its longest task, blocking time. */
type AppStart = { ms: number; longestMs: number; blockingMs: number };
const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 1));
const rows: Row[] = [];
/** The floor: a page of two lines, without styles, images or scripts, measured the same way. */
let floor: { perfRuns: number[]; performance: number; metrics: Record<string, number> } | undefined;
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  await waitForHealth(base, server);
  const featured = (await (await fetch(`${base}/api/vendors/featured`)).json()) as {
    items: { slug: string }[];
  };
  const allRoutes = ['/', '/vendors', '/public/all-vendors', `/public/vendor/${featured.items[0]?.slug}`];
  const only = process.env.BENCH_ROUTES?.split(',');
  const routes = only
    ? allRoutes.filter((route) =>
        only.some((prefix) => route === prefix || (prefix.length > 1 && route.startsWith(prefix))),
      )
    : allRoutes;
  chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
  const port = chrome.port;
  // Performance varies from run to run far more than between builds on a small machine: with
  // BENCH_RUNS=n each page is measured n times and the median run is reported.
  const measure = async (url: string, categories: string[]) => {
    const measured: LighthouseReport[] = [];
    for (let run = 0; run < runs; run++) {
      // A run whose trace Lighthouse could not record (NO_NAVSTART, "please run Lighthouse again")
      // has no score: it is run again, twice at most, rather than counted as a 0.
      for (let attempt = 1; ; attempt++) {
        const result = await lighthouse(url, {
          port,
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
  if (withBaseline) {
    mkdirSync(staticDir, { recursive: true });
    writeFileSync(join(staticDir, 'floor.html'), floorPage);
    const measuredFloor = await measure(`${base}/bench-static/floor.html`, ['performance']);
    floor = {
      perfRuns: measuredFloor.perfRuns,
      performance: Math.round((measuredFloor.lhr.categories.performance?.score ?? 0) * 100),
      metrics: metricsOf(measuredFloor.lhr),
    };
  }
  for (const route of routes) {
    const { perfRuns, lhr } = await measure(`${base}${route}`, [
      'performance',
      'accessibility',
      'best-practices',
      'seo',
    ]);
    if (process.env.BENCH_LHR_DIR) {
      mkdirSync(process.env.BENCH_LHR_DIR, { recursive: true });
      const name = route.replace(/\W+/g, '_').replace(/^_|_$/g, '') || 'home';
      writeFileSync(join(process.env.BENCH_LHR_DIR, `${name}.json`), JSON.stringify(lhr));
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
    const gzip = scripts.reduce((sum, r) => sum + gzipSize(new URL(r.url).pathname), 0);
    const wire = scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
    const metrics = metricsOf(lhr);
    let baseline: Row['baseline'];
    if (withBaseline) {
      const staticPath = await saveFirstScreen(`${base}${route}`);
      const measuredStatic = await measure(`${base}${staticPath}`, ['performance']);
      baseline = {
        perfRuns: measuredStatic.perfRuns,
        performance: Math.round((measuredStatic.lhr.categories.performance?.score ?? 0) * 100),
        metrics: metricsOf(measuredStatic.lhr),
      };
    }
    rows.push({
      route,
      serving: await servingTimes(`${base}${route}`),
      appStart: await appStartCosts(`${base}${route}`),
      scores,
      perfRuns,
      metrics,
      benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
      files: scripts.length,
      gzip,
      wire,
      baseline,
    });
    if (process.env.BENCH_VERBOSE)
      for (const r of scripts)
        console.log(`  ${route}: ${new URL(r.url).pathname} ${gzipSize(new URL(r.url).pathname)}`);
    for (const [id, audit] of Object.entries(lhr.audits)) {
      if (
        audit.score !== null &&
        audit.score < 0.9 &&
        audit.scoreDisplayMode !== 'informative' &&
        audit.scoreDisplayMode !== 'notApplicable'
      ) {
        console.log(`  ${route}: ${id} ${Math.round(audit.score * 100)} ${audit.displayValue ?? ''}`);
      }
    }
  }
} finally {
  await chrome?.kill();
  stopServer();
  // The snapshots are the bench's own: a build served afterwards must not carry them.
  rmSync(staticDir, { recursive: true, force: true });
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
 * included), saved without its scripts as dist/web/bench-static/<name>.html, which the server
 * serves as it serves any built file. Returns its path.
 */
async function saveFirstScreen(url: string): Promise<string> {
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
 * drawn on the server, and with a cookie, which leaves the drawing to the browser (decision 029).
 */
async function servingTimes(url: string): Promise<Row['serving']> {
  const median = async (headers: Record<string, string>, { afresh = false } = {}) => {
    const times: number[] = [];
    for (let i = 0; i < 50; i++) {
      // A query parameter no page reads makes each address new: the server draws it again instead
      // of giving the screen it drew for the same address and answers (link-previews/drawn-screens.ts).
      const address = afresh ? `${url}${url.includes('?') ? '&' : '?'}bench=${i}` : url;
      const started = performance.now();
      await (await fetch(address, { headers })).text();
      times.push(performance.now() - started);
    }
    return times.sort((a, b) => a - b)[25]!;
  };
  const drawn = (await (await fetch(url)).text()).includes(`${FIRST_SCREEN_DRAWN_ATTRIBUTE}=`);
  return {
    drawnMs: await median({}),
    drawnAfreshMs: await median({}, { afresh: true }),
    plainMs: await median({ cookie: 'bench=1' }),
    drawn,
  };
}

/**
 * What the app's start costs a slow phone (Chromium's CPU 4× slower, as Lighthouse simulates), the
 * median of 5 loads: on the page as a visitor gets it, the app taking the drawn markup over at the
 * first key press (decision 031), which Lighthouse never sees; and, as its baseline, the same page
 * for a request with a cookie, which the app draws afresh as soon as it has painted. From the
 * entry's `barrio:app-start` mark to the app's `barrio:app-drawn`; blocking time as Lighthouse
 * counts it (each long task's time over 50 ms).
 */
async function appStartCosts(url: string): Promise<Row['appStart']> {
  const browser = await chromium.launch({ executablePath: chromePath, args: [...playwrightFlags] });
  try {
    const measureOnce = async (withCookie: boolean): Promise<AppStart> => {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        serviceWorkers: 'block',
      });
      if (withCookie) await context.addCookies([{ name: 'bench', value: '1', url }]);
      const page = await context.newPage();
      await page.addInitScript(() => {
        const tasks: { start: number; duration: number }[] = [];
        (window as unknown as { benchTasks: typeof tasks }).benchTasks = tasks;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries())
            tasks.push({ start: entry.startTime, duration: entry.duration });
        }).observe({ type: 'longtask', buffered: true });
      });
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(url, { waitUntil: 'load' });
      await page.waitForTimeout(300);
      if (!withCookie) await page.keyboard.press('Shift');
      await page.waitForFunction(() => performance.getEntriesByName('barrio:app-drawn').length > 0, null, {
        timeout: 30_000,
      });
      await page.waitForTimeout(300); // long tasks are reported a moment after they end
      const result = await page.evaluate(() => {
        const start = performance.getEntriesByName('barrio:app-start')[0]!.startTime;
        const end = performance.getEntriesByName('barrio:app-drawn')[0]!.startTime;
        const tasks = (
          window as unknown as { benchTasks: { start: number; duration: number }[] }
        ).benchTasks.filter((task) => task.start + task.duration > start && task.start < end);
        return {
          ms: end - start,
          longestMs: Math.max(0, ...tasks.map((task) => task.duration)),
          blockingMs: tasks.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0),
        };
      });
      await context.close();
      return result;
    };
    const median = async (withCookie: boolean): Promise<AppStart> => {
      const all: AppStart[] = [];
      for (let i = 0; i < 5; i++) all.push(await measureOnce(withCookie));
      const mid = (pick: (cost: AppStart) => number) => all.map(pick).sort((a, b) => a - b)[2]!;
      return {
        ms: mid((c) => c.ms),
        longestMs: mid((c) => c.longestMs),
        blockingMs: mid((c) => c.blockingMs),
      };
    };
    return { takeOver: await median(false), afresh: await median(true) };
  } finally {
    await browser.close();
  }
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
  sessionTargetType?: string;
}

function gzipSize(path: string): number {
  return gzipSync(readFileSync(join('dist', 'web', path)), { level: 9 }).length;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number | undefined) => `${Math.round(value ?? 0)}`;
console.log('\nLighthouse (mobile), scores out of 100; JavaScript loaded by each route');
console.log(
  `${'route'.padEnd(42)} perf  a11y  best  seo   scripts  gzip       on the wire (br)  budget ${kb(budgetBytes)}`,
);
for (const { route, scores, perfRuns, files, gzip, wire } of rows) {
  console.log(
    `${route.padEnd(42)} ${String(scores.performance).padEnd(5)} ${String(scores.accessibility).padEnd(5)} ${String(scores['best-practices']).padEnd(5)} ${String(scores.seo).padEnd(5)} ${String(files).padEnd(8)} ${kb(gzip).padEnd(10)} ${kb(wire).padEnd(17)} ${gzip <= budgetBytes ? 'ok' : `over by ${kb(gzip - budgetBytes)}`}${runs > 1 ? `   perf runs ${perfRuns.join(', ')} (median shown)` : ''}`,
  );
}
console.log(
  '\nThe app against its baseline (the same first screen as a static page, no script), median runs',
);
console.log(
  `${'route'.padEnd(42)} ${'perf app / static'.padEnd(19)} ${'FCP ms'.padEnd(13)} ${'LCP ms'.padEnd(13)} ${'TBT ms'.padEnd(13)} benchmarkIndex`,
);
for (const { route, scores, metrics, baseline, benchmarkIndex } of rows) {
  const pair = (id: string) => `${ms(metrics[id])} / ${baseline ? ms(baseline.metrics[id]) : '–'}`.padEnd(13);
  console.log(
    `${route.padEnd(42)} ${`${scores.performance} / ${baseline?.performance ?? '–'}`.padEnd(19)} ${pair('first-contentful-paint')} ${pair('largest-contentful-paint')} ${pair('total-blocking-time')} ${benchmarkIndex}`,
  );
}
if (floor)
  console.log(
    `${'floor (2 lines; no style, image, script)'.padEnd(42)} ${`${floor.performance}${runs > 1 ? ` (runs ${floor.perfRuns.join(', ')})` : ''}`.padEnd(19)} ${ms(floor.metrics['first-contentful-paint']).padEnd(13)} ${ms(floor.metrics['largest-contentful-paint']).padEnd(13)} ${ms(floor.metrics['total-blocking-time']).padEnd(13)}`,
  );
console.log(
  '\nServing the page (ms, median of 50): drawn on the server for a visitor (drawn before / drawn afresh) / left to the browser',
);
for (const { route, serving } of rows)
  console.log(
    `${route.padEnd(42)} ${`${serving.drawnMs.toFixed(1)} / ${serving.drawnAfreshMs.toFixed(1)} / ${serving.plainMs.toFixed(1)}`.padEnd(26)} ratio ${(serving.drawnMs / serving.plainMs).toFixed(2)} / ${(serving.drawnAfreshMs / serving.plainMs).toFixed(2)}${serving.drawn ? '' : '  (not drawn: no render built?)'}`,
  );
console.log(
  "\nThe app's start, CPU 4× slower (median of 5): taking the drawn page over at the first key / drawing it afresh (with a cookie)",
);
console.log(
  `${'route'.padEnd(42)} ${'until drawn ms'.padEnd(19)} ${'longest task ms'.padEnd(19)} blocking ms`,
);
for (const { route, appStart } of rows) {
  const pair = (pick: (cost: AppStart) => number) =>
    `${ms(pick(appStart.takeOver))} / ${ms(pick(appStart.afresh))}`.padEnd(19);
  console.log(
    `${route.padEnd(42)} ${pair((c) => c.ms)} ${pair((c) => c.longestMs)} ${pair((c) => c.blockingMs)} ratio ${(appStart.takeOver.blockingMs / Math.max(1, appStart.afresh.blockingMs)).toFixed(2)}`,
  );
}
console.log(`\n${writeResult('web', { runs, budgetBytes, floor, rows })}`);
process.exit(0);
