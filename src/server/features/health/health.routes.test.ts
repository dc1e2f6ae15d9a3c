import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { systemClock } from '../../lib/clock.ts';
import { createLogger } from '../../lib/logger.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestDatabase, testEngine } from '../../test/test-db.ts';

// Decision 023: a draining instance answers 503 on health, so a balancer stops sending to it,
// while the requests it still receives are served as usual.

describe(`GET /api/health while draining (${testEngine})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('answers 503 once draining starts, and other routes still answer', async () => {
    const { config, payments } = createTestApp(database);
    let draining = false;
    const app = createApp(
      {
        config,
        database,
        db: database.db,
        logger: createLogger('silent'),
        clock: systemClock,
        payments,
        draining: () => draining,
      },
      { serveWeb: false },
    );
    expect((await app.request('/api/health')).status).toBe(200);
    draining = true;
    const health = await app.request('/api/health');
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({
      error: { code: 'unavailable', message: 'The server is shutting down.' },
    });
    expect((await app.request('/api/vendors/featured')).status).toBe(200);
  });
});
