import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import { checkDatabase } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';

export const healthRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const { db, database, logger, draining } = c.var.deps;
  // Decision 023: a draining instance reports itself unhealthy so that balancers stop sending to it.
  if (draining?.()) throw new AppError('unavailable', 'The server is shutting down.');
  try {
    await checkDatabase(db);
  } catch (err) {
    logger.error({ err }, 'health check: database unreachable');
    throw new AppError('unavailable', 'The database is not reachable.');
  }
  return c.json({ status: 'ok' as const, database: database.kind });
});
