import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import config from '../playwright.config.ts';
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

const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const chromeFlags = (config.use?.launchOptions?.args ?? []).map((flag) =>
  flag === '--headless' ? '--headless=new' : flag,
);
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
  files: number;
  gzip: number;
  wire: number;
};
const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 1));
const rows: Row[] = [];
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
  for (const route of routes) {
    // Performance varies from run to run far more than between builds on a small machine: with
    // BENCH_RUNS=n each route is measured n times and the median run is reported.
    const measured: Awaited<ReturnType<typeof lighthouse>>[] = [];
    for (let run = 0; run < runs; run++) {
      measured.push(
        await lighthouse(`${base}${route}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        }),
      );
    }
    if (measured.some((result) => !result)) throw new Error(`Lighthouse returned nothing for ${route}`);
    for (const { runtimeError } of measured.map((result) => result!.lhr))
      if (runtimeError)
        console.log(`  ${route}: Lighthouse runtime error ${runtimeError.code}: ${runtimeError.message}`);
    const byPerformance = measured
      .map((result) => result!.lhr)
      .sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
    const perfRuns = byPerformance.map((run) => Math.round((run.categories.performance?.score ?? 0) * 100));
    const lhr = byPerformance[Math.floor(byPerformance.length / 2)]!;
    if (process.env.BENCH_LHR_DIR)
      writeFileSync(
        join(process.env.BENCH_LHR_DIR, `${route.replace(/\W+/g, '_') || 'home'}.json`),
        JSON.stringify(lhr),
      );
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
    const metrics = Object.fromEntries(
      [
        'first-contentful-paint',
        'largest-contentful-paint',
        'total-blocking-time',
        'cumulative-layout-shift',
      ].map((id) => [id, lhr.audits[id]?.numericValue ?? 0]),
    );
    rows.push({ route, scores, perfRuns, metrics, files: scripts.length, gzip, wire });
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
console.log('\nLighthouse (mobile), scores out of 100; JavaScript loaded by each route');
console.log(
  `${'route'.padEnd(42)} perf  a11y  best  seo   scripts  gzip       on the wire (br)  budget ${kb(budgetBytes)}`,
);
for (const { route, scores, perfRuns, files, gzip, wire } of rows) {
  console.log(
    `${route.padEnd(42)} ${String(scores.performance).padEnd(5)} ${String(scores.accessibility).padEnd(5)} ${String(scores['best-practices']).padEnd(5)} ${String(scores.seo).padEnd(5)} ${String(files).padEnd(8)} ${kb(gzip).padEnd(10)} ${kb(wire).padEnd(17)} ${gzip <= budgetBytes ? 'ok' : `over by ${kb(gzip - budgetBytes)}`}${runs > 1 ? `   perf runs ${perfRuns.join(', ')} (median shown)` : ''}`,
  );
}
console.log(`\n${writeResult('web', { runs, budgetBytes, rows })}`);
process.exit(0);
