import { createApp } from '../app.ts';
import { parseConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { type Clock, systemClock } from '../lib/clock.ts';
import { createLogger } from '../lib/logger.ts';

/** The real app over a test database, driven with app.request() (Hono's testing guide). */
export function createTestApp(
  database: Database,
  { clock = systemClock, env = {} }: { clock?: Clock; env?: Record<string, string> } = {},
) {
  const config = parseConfig({
    NODE_ENV: 'test',
    PGLITE_DIR: 'memory://',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    ...env,
  });
  const logger = createLogger('silent');
  const app = createApp({ config, database, db: database.db, logger, clock }, { serveWeb: false });
  return { app, config, db: database.db };
}
