import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sparePort } from '../test/spare-port.ts';
import { testEngine } from '../test/test-db.ts';

// `npm run dev` (scripts/dev.ts starts the server with WEB_DEV=on): the real server as its own
// process, with Vite's dev server in front of it. The public pages must come rendered by the
// server, as in production, and the web app's modules from Vite. Once, on the embedded database.

describe.skipIf(testEngine === 'postgres')('npm run dev', () => {
  let server: ChildProcess;
  let base = '';
  let output = '';

  beforeAll(async () => {
    const port = await sparePort();
    base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'development',
        WEB_DEV: 'on',
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: base,
        PGLITE_DIR: 'memory://',
        DATABASE_URL: '',
        DEMO_SEED: 'on',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Started when it logs that it is ready (migrations and the demo seed come first), or failed
    // when it exits first.
    await new Promise<void>((resolve, reject) => {
      const read = (chunk: Buffer) => {
        output += chunk;
        if (output.includes('Barrio is ready')) resolve();
      };
      server.stdout?.on('data', read);
      server.stderr?.on('data', read);
      server.once('exit', () => reject(new Error(`the dev server exited:\n${output}`)));
    });
  }, 150_000);

  afterAll(async () => {
    if (server?.exitCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  });

  it('serves the public pages rendered by the server, with Vite’s client for hot reload', async () => {
    const res = await fetch(`${base}/vendors?category=cleaning`, {
      headers: { accept: 'text/html', 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(res.status, output).toBe(200);
    const html = await res.text();
    expect(html, output).toMatch(/<div id="root" data-ssr="en">/);
    expect(html).toContain('<script type="application/json" id="barrio-ssr-state">');
    expect(html).toMatch(/<h1[^>]*>Browse Vendors<\/h1>/);
    expect(html).toMatch(/aria-pressed="true"[^>]*>Cleaning</);
    expect(html).toContain('<article');
    expect(html).toContain('/@vite/client');
    // The entry is Vite's to serve, compiled on request.
    const entry = await fetch(`${base}/main.tsx`);
    expect(entry.headers.get('content-type')).toContain('javascript');
  }, 120_000);

  it('leaves a signed-in screen to the browser, and answers the API as usual', async () => {
    const html = await (await fetch(`${base}/jobs`, { headers: { accept: 'text/html' } })).text();
    expect(html).toContain('<div id="root">');
    expect(html).not.toContain('data-ssr');
    const featured = (await (await fetch(`${base}/api/vendors/featured`)).json()) as { items: unknown[] };
    expect(featured.items.length).toBeGreaterThan(0);
  }, 60_000);
});
