import { gunzipSync, inflateSync } from 'node:zlib';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { describe, expect, it } from 'vitest';
import { compressResponses } from './compress.ts';

// compressResponses() is hono/compress with its headers set in place (decision 039): it must answer
// every request as hono's does, and leave an answer it does not compress as the handler made it.

const big = { items: Array.from({ length: 60 }, (_, i) => ({ id: i, name: `Vendor ${i}` })) };
const page = `<!doctype html><title>Barrio</title>${'<p>Vendors near you</p>'.repeat(80)}`;

function appWith(middleware: ReturnType<typeof compress>, made?: Response[]) {
  const keep = (res: Response) => {
    made?.push(res);
    return res;
  };
  return new Hono()
    .use('*', middleware)
    .get('/big', (c) => keep(c.json(big)))
    .get('/page', (c) => keep(c.html(page)))
    .get('/small', (c) => keep(c.json({ status: 'ok' })))
    .get('/no-transform', (c) => keep(c.json(big, 200, { 'Cache-Control': 'no-transform' })))
    .get('/varied', (c) => keep(c.json(big, 200, { Vary: 'Origin' })))
    .get('/sized', (c) =>
      keep(c.body('x'.repeat(500), 200, { 'Content-Length': '500', 'Content-Type': 'text/plain' })),
    )
    .get('/events', (c) =>
      keep(c.body('data: x\n\n'.repeat(200), 200, { 'Content-Type': 'text/event-stream' })),
    )
    .get('/image', (c) => keep(c.body(new Uint8Array(4096), 200, { 'Content-Type': 'image/png' })))
    .get('/etag', (c) => keep(c.json(big, 200, { ETag: '"abc"' })));
}

async function answer(app: Hono, path: string, init: RequestInit) {
  const res = await app.request(path, init);
  return { status: res.status, headers: [...res.headers], body: new Uint8Array(await res.arrayBuffer()) };
}

const accepting = (encoding: string) => ({ headers: { 'accept-encoding': encoding } });

describe('compressResponses', () => {
  const ours = appWith(compressResponses());

  it('gzips JSON and HTML for a client that accepts gzip, with Vary and a weak ETag', async () => {
    const json = await ours.request('/big', accepting('gzip, deflate, br'));
    expect(json.headers.get('content-encoding')).toBe('gzip');
    expect(json.headers.get('content-length')).toBeNull();
    expect(json.headers.get('vary')).toBe('Accept-Encoding');
    expect(JSON.parse(gunzipSync(Buffer.from(await json.arrayBuffer())).toString())).toEqual(big);

    const html = await ours.request('/page', accepting('gzip'));
    expect(html.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await html.arrayBuffer())).toString()).toBe(page);

    const deflated = await ours.request('/big', accepting('deflate'));
    expect(deflated.headers.get('content-encoding')).toBe('deflate');
    expect(JSON.parse(inflateSync(Buffer.from(await deflated.arrayBuffer())).toString())).toEqual(big);

    const tagged = await ours.request('/etag', accepting('gzip'));
    expect(tagged.headers.get('etag')).toBe('W/"abc"');
    const varied = await ours.request('/varied', accepting('gzip'));
    expect(varied.headers.get('vary')).toBe('Origin, Accept-Encoding');
  });

  it('leaves event streams, images, small bodies, HEAD and no-transform uncompressed', async () => {
    // A body is known to be small by its Content-Length (c.json() sets none: /small is compressed).
    for (const path of ['/events', '/image', '/sized', '/no-transform']) {
      const res = await ours.request(path, accepting('gzip'));
      expect(res.headers.get('content-encoding'), path).toBeNull();
      expect(res.headers.get('vary'), path).toBeNull();
    }
    const events = await ours.request('/events', accepting('gzip'));
    expect(await events.text()).toBe('data: x\n\n'.repeat(200));
    const head = await ours.request('/big', { method: 'HEAD', ...accepting('gzip') });
    expect(head.headers.get('content-encoding')).toBeNull();
  });

  it('answers a client without Accept-Encoding as the handler did, with Vary, on the same response', async () => {
    const made: Response[] = [];
    let answered: Response | undefined;
    const app = new Hono()
      .use('*', async (c, next) => {
        await next();
        answered = c.res;
      })
      .route('/', appWith(compressResponses(), made));
    const res = await app.request('/big');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(await res.json()).toEqual(big);
    // Not rebuilt around a stream of its body (what c.header() does to a finished response).
    expect(answered).toBe(made[0]);
  });

  it('answers every request as hono/compress does: status, headers and bytes', async () => {
    const hono = appWith(compress());
    const paths = [
      '/big',
      '/page',
      '/small',
      '/no-transform',
      '/varied',
      '/sized',
      '/events',
      '/image',
      '/etag',
    ];
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
