import { IncomingMessage, ServerResponse } from 'node:http';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env.ts';

/**
 * The most of a request body the server reads and drops after answering without it, so that the
 * connection stays open for the client's next request. A larger body (or one of unknown length) is
 * answered with `Connection: close` instead: reading megabytes nobody wants costs more than a new
 * connection.
 */
export const UNREAD_BODY_DRAIN_BYTES = 1024 * 1024;
/** How long the rest of such a body may take to arrive before the connection is cut. */
export const UNREAD_BODY_DRAIN_MS = 30_000;

/** For serve() of @hono/node-server: finishUnreadBodies below does its clean-up of unread bodies. */
export const nodeServerOptions = { autoCleanupIncoming: false } as const;

/**
 * Keep-alive after an answer sent before the request's body was read (a 413 on its Content-Length,
 * a 401 or 404 to a POST). HTTP/1.1 carries the next request on the same connection only after the
 * rest of this body: until the server has read it, it cannot read the next request, and a client
 * that has written its whole body (into its socket) already counts the connection as free.
 * @hono/node-server's own clean-up does not do it: the web stream wrapping the body stops the flow
 * once its queue is full, and its clean-up cuts the socket after 500 ms, which the client sees as
 * "other side closed" on its next request. So, for an answer whose body is still unread:
 *   - at most UNREAD_BODY_DRAIN_BYTES still to come: read and drop it, and keep the connection;
 *   - more, or an unknown length (chunked): say `Connection: close`, and Node closes it after the
 *     answer, so that the client opens a new one.
 * Needs `nodeServerOptions` on serve() (main.ts): the two clean-ups must not race.
 */
export function finishUnreadBodies({
  drainBytes = UNREAD_BODY_DRAIN_BYTES,
  drainMs = UNREAD_BODY_DRAIN_MS,
}: {
  drainBytes?: number;
  drainMs?: number;
} = {}) {
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    const { incoming, outgoing } = (c.env ?? {}) as { incoming?: unknown; outgoing?: unknown };
    // app.request() in tests hands over no Node request.
    if (!(incoming instanceof IncomingMessage) || !(outgoing instanceof ServerResponse)) return;
    // All of it read, or all of it received with nothing left waiting (a GET): the socket reads on.
    if (incoming.readableEnded || (incoming.complete && incoming.readableLength === 0)) return;
    if (!incoming.complete && !(declaredLength(incoming) <= drainBytes)) {
      closeAfterAnswer(c);
      return;
    }
    outgoing.once('finish', () => drainBody(incoming, drainBytes, drainMs));
  });
}

/** The body's Content-Length; unknown (infinite) when chunked or not said. */
function declaredLength(incoming: IncomingMessage) {
  const length = incoming.headers['content-length'];
  if (incoming.headers['transfer-encoding'] !== undefined || length === undefined) return Infinity;
  return /^\d+$/.test(length) ? Number(length) : Infinity;
}

function closeAfterAnswer(c: Context<AppEnv>) {
  try {
    c.res.headers.set('connection', 'close');
  } catch {
    // A response with immutable headers (one fetched, say): copied with the header.
    const headers = new Headers(c.res.headers);
    headers.set('connection', 'close');
    c.res = new Response(c.res.body, { status: c.res.status, statusText: c.res.statusText, headers });
  }
}

/** Reads and drops the rest of a body, at most `maxBytes` and for at most `ms`; else cuts the socket. */
function drainBody(incoming: IncomingMessage, maxBytes: number, ms: number) {
  if (incoming.readableEnded || incoming.destroyed) return;
  let read = 0;
  const stop = () => {
    clearTimeout(timer);
    incoming.off('data', onData);
    incoming.off('end', stop);
    incoming.off('error', stop);
  };
  const cut = () => {
    stop();
    incoming.socket.destroy();
  };
  const onData = (chunk: Buffer) => {
    read += chunk.length;
    if (read > maxBytes) cut();
  };
  const timer = setTimeout(cut, ms);
  timer.unref();
  // The web stream that wrapped the body listens for data and pauses the flow when nobody reads
  // it; nobody will now. Node drops a body nobody asked for the same way (IncomingMessage._dump).
  incoming.removeAllListeners('data');
  incoming.on('data', onData);
  incoming.on('end', stop);
  incoming.on('error', stop);
  incoming.resume();
}
