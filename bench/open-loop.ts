import { Agent, request as httpRequest } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';

// A constant-throughput (open-loop) load generator for the fixed-rate runs, after wrk2: request i
// is due at start + i / rate whatever happened to the ones before it, and its latency is counted
// from that intended time, not from when it could be sent. A server that stalls for 50 ms shows
// every request due in those 50 ms as late (coordinated omission corrected), and the generator
// sends no bursts of its own. autocannon's `overallRate` paces each of its connections instead:
// a connection waits for its answer before the next request, and the time a request spent waiting
// to be sent counts nowhere, while the connections' timers line up into bursts.

export interface OpenLoopRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface OpenLoopFigures {
  /** Answers received per second over the run (from the first request due to the last answer). */
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  non2xx: number;
  errors: number;
  /**
   * The generator's own longest event-loop delay: a request due meanwhile is sent and read that
   * much late, and the delay counts in its latency as if the server had caused it.
   */
  generatorLagMs: number;
}

/**
 * Sends `rate` requests a second for `seconds` over at most `connections` keep-alive connections
 * (a request due while all of them are busy waits for one, and that wait counts in its latency).
 */
export async function openLoop({
  url,
  rate,
  seconds,
  connections,
  request,
}: {
  url: string;
  rate: number;
  seconds: number;
  connections: number;
  /** The i-th request. */
  request: (i: number) => OpenLoopRequest;
}): Promise<OpenLoopFigures> {
  const { hostname, port } = new URL(url);
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const total = Math.round(rate * seconds);
  const latencies = new Float64Array(total);
  let answered = 0;
  let non2xx = 0;
  let errors = 0;
  let lastAnswer = 0;
  const lag = monitorEventLoopDelay({ resolution: 5 });
  lag.enable();
  const start = performance.now() + 10;
  const dueAt = (i: number) => start + (i * 1000) / rate;

  const finished = new Promise<void>((resolve) => {
    const settle = (i: number, failed: boolean, status = 0) => {
      const now = performance.now();
      latencies[i] = now - dueAt(i);
      lastAnswer = now;
      if (failed) errors++;
      else if (status < 200 || status > 299) non2xx++;
      if (++answered === total) resolve();
    };
    const send = (i: number) => {
      const { method, path, headers, body } = request(i);
      const req = httpRequest({ agent, hostname, port, method, path, headers }, (res) => {
        res.on('end', () => settle(i, false, res.statusCode)).resume();
      });
      // A request unanswered for 30 s counts as an error rather than holding the run forever.
      req.setTimeout(30_000, () => req.destroy());
      req.on('error', () => settle(i, true));
      req.end(body);
    };
    let next = 0;
    // Every tick sends the requests that have come due since the last one (a late tick sends
    // them together; each still counts from its own due time).
    const tick = () => {
      const now = performance.now();
      while (next < total && dueAt(next) <= now) send(next++);
      if (next < total) setTimeout(tick, Math.max(0, Math.min(1, dueAt(next) - now)));
    };
    setTimeout(tick, 10);
  });
  await finished;
  lag.disable();
  agent.destroy();

  const sorted = latencies.sort();
  const at = (q: number) => sorted[Math.min(total - 1, Math.ceil(q * total) - 1)]!;
  return {
    reqPerSec: (answered * 1000) / (lastAnswer - start),
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    maxMs: sorted[total - 1]!,
    non2xx,
    errors,
    generatorLagMs: lag.max / 1e6,
  };
}
