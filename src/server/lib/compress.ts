import type { MiddlewareHandler } from 'hono';
import { parseAccept } from 'hono/utils/accept';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';

const ENCODINGS = ['gzip', 'deflate'] as const;
const THRESHOLD = 1024;
const NO_TRANSFORM = /(?:^|,)\s*?no-transform\s*?(?:,|$)/i;
const VARY_ACCEPT_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

/**
 * hono/compress, answering the same bytes and headers, but adding `Vary: Accept-Encoding` to the
 * response's headers in place. hono's sets it with `c.header()`, which on a finished response
 * rebuilds it around a stream of its body: a JSON answer that travels uncompressed (no
 * Accept-Encoding) was then turned into a string, encoded, streamed and read back in chunks — a
 * third of the CPU of a cached Browse Vendors answer (decision 024, addendum).
 */
export function compressResponses(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    const contentLength = headers.get('Content-Length');
    const type = headers.get('Content-Type');
    if (
      c.res.status === 206 ||
      headers.has('Content-Encoding') ||
      headers.has('Transfer-Encoding') ||
      c.req.method === 'HEAD' ||
      (contentLength && Number(contentLength) < THRESHOLD) ||
      !type ||
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) ||
      NO_TRANSFORM.test(headers.get('Cache-Control') ?? '')
    )
      return;
    const vary = headers.get('Vary');
    if (vary !== '*' && !(vary && VARY_ACCEPT_ENCODING.test(vary)))
      headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    const encoding = selectEncoding(c.req.header('Accept-Encoding'));
    if (!encoding || !c.res.body) return;
    c.res = new Response(c.res.body.pipeThrough(new CompressionStream(encoding)), c.res);
    c.res.headers.delete('Content-Length');
    c.res.headers.set('Content-Encoding', encoding);
    const etag = c.res.headers.get('ETag');
    if (etag && !etag.startsWith('W/')) c.res.headers.set('ETag', `W/${etag}`);
  };
}

/** The accepted encoding with the highest q, gzip first on a tie (hono/compress's choice). */
function selectEncoding(header: string | undefined): (typeof ENCODINGS)[number] | undefined {
  if (header === undefined) return undefined;
  const accepts = parseAccept(header);
  const wildcard = accepts.find((a) => a.type === '*')?.q;
  let best: { encoding: (typeof ENCODINGS)[number]; q: number } | undefined;
  for (const encoding of ENCODINGS) {
    const explicit = accepts.find((a) => a.type.toLowerCase() === encoding);
    const q = explicit ? explicit.q : (wildcard ?? 0);
    if (q === 1) return encoding;
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding;
}
