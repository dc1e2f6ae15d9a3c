import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { describe, expect, it } from 'vitest';
import { compressResponses } from './compress.ts';

// compressResponses() stands in for hono/compress (it only sets Vary differently, in place): both
// must answer every request alike.

function appWith(middleware: ReturnType<typeof compress>) {
  const big = { items: Array.from({ length: 60 }, (_, i) => ({ id: i, name: `Vendor ${i}` })) };
  return new Hono()
    .use('*', middleware)
    .get('/big', (c) => c.json(big))
    .get('/small', (c) => c.json({ status: 'ok' }))
    .get('/no-transform', (c) => c.json(big, 200, { 'Cache-Control': 'no-transform' }))
    .get('/varied', (c) => c.json(big, 200, { Vary: 'Origin' }))
    .get('/sized', (c) =>
      c.body('x'.repeat(500), 200, { 'Content-Length': '500', 'Content-Type': 'text/plain' }),
    )
    .get('/events', (c) => c.body('data: x\n\n'.repeat(200), 200, { 'Content-Type': 'text/event-stream' }))
    .get('/image', (c) => c.body(new Uint8Array(4096), 200, { 'Content-Type': 'image/png' }))
    .get('/etag', (c) => c.json(big, 200, { ETag: '"abc"' }));
}

async function answer(app: Hono, path: string, init: RequestInit) {
  const res = await app.request(path, init);
  return { status: res.status, headers: [...res.headers], body: new Uint8Array(await res.arrayBuffer()) };
}

describe('compressResponses', () => {
  const ours = appWith(compressResponses());
  const hono = appWith(compress());
  const paths = ['/big', '/small', '/no-transform', '/varied', '/sized', '/events', '/image', '/etag'];
  const acceptEncodings = [
    undefined,
    'gzip',
    'deflate',
    'br',
    'gzip;q=0.5, deflate',
    '*',
    'identity',
    'gzip;q=0',
  ];

  it('answers every request as hono/compress does: status, headers and bytes', async () => {
    for (const path of paths)
      for (const method of ['GET', 'HEAD'])
        for (const encoding of acceptEncodings) {
          const headers: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
          const init = { method, headers };
          const label = `${method} ${path} (accept-encoding: ${encoding})`;
          expect(await answer(ours, path, init), label).toEqual(await answer(hono, path, init));
        }
  });
});
