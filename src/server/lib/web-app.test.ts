import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { createTestApp } from '../test/test-app.ts';
import { createTestDatabase } from '../test/test-db.ts';

// The build's source maps (vite.config.ts) are read on a developer's machine, never served in production.

describe('source maps of the built web app', () => {
  let database: Database;
  const webRoot = mkdtempSync(join(tmpdir(), 'barrio-maps-'));
  const map = '{"version":3,"sources":["../../src/web/main.tsx"],"mappings":""}';

  beforeAll(async () => {
    database = await createTestDatabase();
    mkdirSync(join(webRoot, 'assets'));
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Barrio</title><div id="root"></div>');
    writeFileSync(
      join(webRoot, 'assets', 'index-abc123.js'),
      'console.log(1)\n//# sourceMappingURL=index-abc123.js.map',
    );
    writeFileSync(join(webRoot, 'assets', 'index-abc123.js.map'), map);
    writeFileSync(join(webRoot, 'assets', 'index-abc123.js.map.gz'), map);
  });
  afterAll(async () => {
    await database.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const appIn = (production: boolean) =>
    createTestApp(database, {
      env: production
        ? { APP_URL: 'https://barrio.example', NODE_ENV: 'production', AUTH_SECRET: 'p'.repeat(40) }
        : { APP_URL: 'http://localhost:3000' },
      webRoot,
    }).app;

  it('are not served in production, in any encoding, while the scripts are', async () => {
    const app = appIn(true);
    expect((await app.request('/assets/index-abc123.js')).status).toBe(200);
    for (const path of ['/assets/index-abc123.js.map', '/assets/index-abc123.js.map.gz']) {
      const response = await app.request(path, { headers: { 'accept-encoding': 'gzip, br' } });
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).not.toContain('"sources"');
    }
  });

  it('are served outside production, for the browser’s developer tools', async () => {
    const response = await appIn(false).request('/assets/index-abc123.js.map');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('"sources"');
  });
});
