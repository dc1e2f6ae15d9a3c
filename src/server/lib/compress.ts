import type { Context, MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';

/**
 * hono/compress as it is — gzip or deflate by Accept-Encoding, only compressible types (never
 * `text/event-stream`, nor images already compressed), not under 1 KB, not for HEAD, 206 or
 * `no-transform`, with `Vary: Accept-Encoding` and a weak ETag — with one change: the headers it sets
 * on the finished response are set on that response in place. hono sets `Vary` with `c.header()`,
 * which on a finished response rebuilds it around a stream of its body: a JSON answer that travels
 * uncompressed (no Accept-Encoding) was then turned into a string, encoded, streamed and read back in
 * chunks by @hono/node-server — a third of the CPU of a cached Browse Vendors answer (decision 058;
 * decision 039). Only while hono's middleware runs after the handler is `c.header` swapped.
 */
export function compressResponses(): MiddlewareHandler {
  const honoCompress = compress();
  return async (c, next) => {
    const header = c.header;
    try {
      await honoCompress(c, async () => {
        await next();
        c.header = inPlace(c);
      });
    } finally {
      c.header = header;
    }
  };
}

/** `c.header()` on the response as it is, without rebuilding it. */
function inPlace(c: Context): Context['header'] {
  return (name: string, value?: string, options?: { append?: boolean }) => {
    const headers = c.res.headers;
    if (value === undefined) headers.delete(name);
    else if (options?.append) headers.append(name, value);
    else headers.set(name, value);
  };
}
