import { grantAdminByEmail } from '../src/server/auth/roles.service.ts';
import { loadDotEnv, parseConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { AppError } from '../src/server/lib/app-error.ts';

// `npm run admin:grant -- <email>`: gives an existing account the admin role (product §6: a row in
// user_roles with role admin), on the database the server uses (DATABASE_URL or PGlite).
const email = process.argv[2];
if (!email || process.argv.length > 3) {
  console.error('Usage: npm run admin:grant -- <email>');
  process.exit(2);
}

loadDotEnv();
const config = parseConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
let exitCode = 0;
try {
  await database.migrate();
  const granted = await grantAdminByEmail(database.db, email);
  console.log(granted ? `${email} is now an administrator.` : `${email} was already an administrator.`);
} catch (err) {
  if (!(err instanceof AppError)) throw err;
  console.error(err.message);
  exitCode = 1;
} finally {
  await database.close();
}
process.exit(exitCode);
