import { spawnSync } from 'node:child_process';
import { repoRoot } from './support.ts';

// `npm run bench`: every benchmark, one after the other, each in its own process (a
// benchmark's servers, databases and JIT state never leak into the next). Name parts to run only
// those, or `--skip` parts; figures are printed and written to bench/results/*.json, and
// BENCHMARKS.md summarises them.
//   npm run bench                      all parts (about 10 minutes, plus the first 100,000-vendor seed)
//   npm run bench -- api-pglite browse only these
//   npm run bench -- --skip web        all but these

// `reviews` comes first: on a directory without them it measures Browse Vendors before and after
// adding the 1,000,000 reviews, and every later part then runs with them.
const parts = {
  reviews: ['bench/reviews.ts'],
  plans: ['bench/query-plans.ts'],
  'api-pglite': ['bench/api.ts', '--engine', 'pglite'],
  'api-postgres': ['bench/api.ts', '--engine', 'postgres'],
  'search-uncached': ['bench/search-uncached.ts'],
  availability: ['bench/availability.ts'],
  browse: ['bench/browse-vendors.ts'],
  web: ['bench/web.ts'],
} satisfies Record<string, string[]>;
type Part = keyof typeof parts;
const isPart = (name: string): name is Part => Object.hasOwn(parts, name);

const args = process.argv.slice(2);
const skipAt = args.indexOf('--skip');
const named = skipAt === -1 ? args : args.slice(0, skipAt);
const skipped = skipAt === -1 ? [] : args.slice(skipAt + 1);
const unknown = [...named, ...skipped].filter((name) => !isPart(name));
if (unknown.length > 0) {
  console.error(`Unknown part(s): ${unknown.join(', ')}. Parts: ${Object.keys(parts).join(', ')}`);
  process.exit(2);
}
const chosen = (named.length > 0 ? named.filter(isPart) : (Object.keys(parts) as Part[])).filter(
  (part) => !skipped.includes(part),
);

const failed: Part[] = [];
for (const part of chosen) {
  console.log(`\n=== ${part} ===`);
  const started = performance.now();
  const result = spawnSync(process.execPath, ['--import', 'tsx', ...parts[part]], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (result.status !== 0) failed.push(part);
  console.log(
    `=== ${part}: ${result.status === 0 ? 'done' : 'FAILED'} in ${Math.round((performance.now() - started) / 1000)} s`,
  );
}
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.join(', ')}`);
  process.exitCode = 1;
}
