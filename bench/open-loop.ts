import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// A constant-throughput (open-loop) load generator for the fixed-rate runs, after wrk2: request i
// is due at start + i / rate whatever happened to the ones before it, and its latency is counted
// from that intended time, not from when it could be sent. A server that stalls for 50 ms shows
// every request due in those 50 ms as late (coordinated omission corrected), and the generator
// sends no bursts of its own. autocannon's `overallRate` paces each of its connections instead:
// a connection waits for its answer before the next request, and the time a request spent waiting
// to be sent counts nowhere, while the connections' timers line up into bursts.
//
// The generator runs in a process of its own (bench/open-loop-process.ts) with nothing else in its
// heap: in the bench's own process, beside the seed's and the fixtures' tens of megabytes, V8's
// full collections paused it up to 20 ms every second at 1,000 req/s, and every request due
// meanwhile counted those milliseconds as the server's.

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

export interface OpenLoopOptions {
  url: string;
  rate: number;
  seconds: number;
  connections: number;
}

/**
 * Sends `rate` requests a second for `seconds` over at most `connections` keep-alive connections
 * (a request due while all of them are busy waits for one, and that wait counts in its latency).
 * The requests are built here, in order, before the run starts.
 */
export async function openLoop({
  request,
  ...options
}: OpenLoopOptions & {
  /** The i-th request. */
  request: (i: number) => OpenLoopRequest;
}): Promise<OpenLoopFigures> {
  const requests = Array.from({ length: Math.round(options.rate * options.seconds) }, (_, i) => request(i));
  const child = fork(fileURLToPath(new URL('./open-loop-process.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
  });
  try {
    return await new Promise<OpenLoopFigures>((resolve, reject) => {
      child.once('message', (figures) => resolve(figures as OpenLoopFigures));
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`the open-loop generator exited with ${code}`)));
      child.send({ ...options, requests });
    });
  } finally {
    child.kill();
  }
}
