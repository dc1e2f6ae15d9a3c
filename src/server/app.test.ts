import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from './app-env.ts';
import type { Database } from './db/client.ts';
import { mountWebApp } from './lib/web-app.ts';
import { createTestApp } from './test/test-app.ts';
import { createTestDatabase, testEngine } from './test/test-db.ts';

describe(`app (${testEngine})`, () => {
  let database: Database;
  let app: ReturnType<typeof createTestApp>['app'];

  beforeAll(async () => {
    database = await createTestDatabase();
    app = createTestApp(database).app;
  });
  afterAll(() => database.close());

  it('GET /api/health answers 200 when the database is reachable', async () => {
    const res = await app.request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: testEngine });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('compresses answers for clients that accept gzip, and only those', async () => {
    const path = '/media/vendors/tacos-mas.svg'; // an SVG drawn by the server (features/media)
    const plain = await app.request(path);
    const svg = await plain.text();
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(svg.length).toBeGreaterThan(1024);
    const gzip = await app.request(path, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gzip.headers.get('vary')).toContain('Accept-Encoding');
    const bytes = new Uint8Array(await gzip.arrayBuffer());
    expect(bytes.length).toBeLessThan(svg.length);
    expect(gunzipSync(bytes).toString()).toBe(svg);
  });

  it('answers an unknown API path with 404 in the error shape', async () => {
    const res = await app.request('/api/nope');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'No such API endpoint.' } });
  });
});

describe('app when the database fails', () => {
  it('answers 503 on health and a 500 without internals elsewhere', async () => {
    const database = await createTestDatabase();
    const { app } = createTestApp(database);
    await database.close();
    const health = await app.request('/api/health');
    expect(health.status).toBe(503);
    expect(((await health.json()) as { error: { code: string } }).error.code).toBe('unavailable');
    const res = await app.request('/api/vendors');
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' },
    });
    expect(text).not.toMatch(/select|vendor_profiles|stack|closed/i);
  });
});

describe('serving the built web app', () => {
  const root = mkdtempSync(join(tmpdir(), 'barrio-web-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Barrio</title><div id="root"></div>');
  writeFileSync(join(root, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const web = new Hono<AppEnv>();
  web.get('/api/x', (c) => c.json({ api: true }));
  mountWebApp(web, root);

  it('caches hashed assets for a year', async () => {
    const res = await web.request('/assets/index-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it.each(['/', '/public/all-vendors', '/vendors?category=cleaning', '/some/unknown/page'])(
    'answers the deep link %s with index.html, never cached',
    async (path) => {
      const res = await web.request(path);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<div id="root">');
      expect(res.headers.get('cache-control')).toBe('no-cache');
    },
  );

  it('serves other public files with a short cache', async () => {
    const res = await web.request('/favicon.svg');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('leaves API routes to the API', async () => {
    expect(await (await web.request('/api/x')).json()).toEqual({ api: true });
  });
});
