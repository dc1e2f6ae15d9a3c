import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../src/server/db/client.ts';
import { seedDemoData } from '../src/server/db/seed/seed.ts';

// ARCHITECTURE §13: `SEED_VENDORS=100000 npm start` must be ready in under 2 minutes. This times the
// seed alone on PGlite in a fresh temporary directory (on disk, as `npm start` uses it), or on
// the PostgreSQL database named by BENCH_DATABASE_URL, which must be empty.
//   npx tsx bench/seed-demo.ts [vendors]

const BUDGET_MS = 120_000;
const vendors = Number(process.argv[2] ?? 100_000);
const databaseUrl = process.env.BENCH_DATABASE_URL;
const dir = databaseUrl ? undefined : mkdtempSync(join(tmpdir(), 'barrio-seed-bench-'));

try {
  const database = await openDatabase({ databaseUrl, pgliteDir: dir ? join(dir, 'pglite') : undefined });
  await database.migrate();
  const started = performance.now();
  const seeded = await seedDemoData(database.db, { vendors });
  const ms = performance.now() - started;
  await database.close();
  if (!seeded) throw new Error('The database already held data: give the benchmark an empty one.');
  const engine = databaseUrl ? 'PostgreSQL' : 'PGlite (directory)';
  console.log(
    `seed ${vendors} vendors on ${engine}: ${(ms / 1000).toFixed(1)} s — ${(ms / BUDGET_MS).toFixed(2)} of the 120 s budget`,
  );
} finally {
  if (dir) rmSync(dir, { recursive: true, force: true });
}
