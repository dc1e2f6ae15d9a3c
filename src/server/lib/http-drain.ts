import type { IncomingMessage, Server, ServerResponse } from 'node:http';

// Graceful HTTP shutdown (decision 023). Closing the listener alone is not enough: Node keeps
// keep-alive sockets open, so a load balancer would go on sending requests to an instance that
// is about to exit, and those requests would be reset mid-flight. Draining therefore
//   - refuses new connections (server.close), which a balancer retries on another instance;
//   - closes idle keep-alive sockets now, and each busy one as soon as its response is done
//     (`Connection: close` on responses not yet started, so the client knows not to reuse it);
//   - ends Server-Sent Events streams at once: they never finish on their own, and EventSource
//     reconnects by itself (to another instance);
//   - cuts whatever is still open when the grace period ends.

export interface HttpDrain {
  /** True from the moment draining starts: GET /api/health answers 503 so balancers stop sending. */
  readonly draining: boolean;
  /** Resolves once every connection is closed; `cut` counts requests cut at the end of the grace. */
  drain(graceMs: number): Promise<{ cut: number }>;
}

const isEventStream = (req: IncomingMessage) => (req.headers.accept ?? '').includes('text/event-stream');

export function trackHttpDrain(server: Server): HttpDrain {
  const open = new Map<ServerResponse, IncomingMessage>();
  let draining = false;

  // Prepended: runs before the app's listener, so no header has been written yet.
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    if (draining) {
      res.setHeader('connection', 'close');
      if (isEventStream(req)) req.socket.destroy();
    }
    open.set(res, req);
    res.once('close', () => {
      open.delete(res);
      // A response that was already under way when draining began left its socket keep-alive:
      // close that socket as soon as it is idle.
      if (draining) setImmediate(() => server.closeIdleConnections());
    });
  });

  return {
    get draining() {
      return draining;
    },
    drain(graceMs) {
      draining = true;
      for (const [res, req] of open) {
        if (isEventStream(req)) req.socket.destroy();
        else if (!res.headersSent) res.setHeader('connection', 'close');
      }
      return new Promise((resolve) => {
        let cut = 0;
        const deadline = setTimeout(() => {
          cut = open.size;
          server.closeAllConnections();
        }, graceMs);
        deadline.unref();
        // Node ≥ 19 also closes the idle keep-alive sockets here.
        server.close(() => {
          clearTimeout(deadline);
          resolve({ cut });
        });
      });
    },
  };
}

export interface HandlerTracker {
  /** Handlers still running. */
  readonly running: number;
  /** Counts `work` (a request's handler) as running until it settles. */
  track<T>(work: T | Promise<T>): Promise<T>;
  /** Resolves when no handler runs, or after `timeoutMs` with how many still do. */
  settled(timeoutMs: number): Promise<{ running: number }>;
}

/**
 * The requests' handlers, as opposed to their connections: a client that hangs up closes its
 * connection (so the drain above is done with it), but the work its request started goes on — a
 * booking half-way through its transaction. The database may close only once that work is over
 * (found by the API benchmark: its client stops mid-request, and closing the pool under a running
 * booking made it fail).
 */
export function trackHandlers(): HandlerTracker {
  let running = 0;
  const idle: (() => void)[] = [];
  return {
    get running() {
      return running;
    },
    track(work) {
      running++;
      return Promise.resolve(work).finally(() => {
        running--;
        if (running === 0) for (const wake of idle.splice(0)) wake();
      });
    },
    settled(timeoutMs) {
      if (running === 0) return Promise.resolve({ running: 0 });
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve({ running }), timeoutMs);
        timer.unref();
        idle.push(() => {
          clearTimeout(timer);
          resolve({ running: 0 });
        });
      });
    },
  };
}
