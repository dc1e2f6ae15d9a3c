import { loadDotEnv, parseConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { checkLedger } from '../src/server/features/ledger/ledger-check.ts';

// `npm run ledger:check`: the ledger's consistency check (decision 064) on the database the server
// uses (DATABASE_URL or PGlite), the same as GET /api/admin/ledger/check. Prints each problem and
// exits 1 when there is one, so that it can run from cron or a deploy step.
loadDotEnv();
const config = parseConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
let exitCode = 0;
try {
  await database.migrate();
  const { ok, problems } = await checkLedger(database.db);
  if (ok) console.log('ledger check: the entries agree with every booking, refund and payout.');
  for (const problem of problems) console.error(`ledger check: ${problem}`);
  exitCode = ok ? 0 : 1;
} finally {
  await database.close();
}
process.exit(exitCode);
