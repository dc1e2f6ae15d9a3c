import { Agent, request as httpRequest } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { OpenLoopFigures, OpenLoopOptions, OpenLoopRequest } from './open-loop.ts';

// The open-loop generator's own process (bench/open-loop.ts forks it): one run, its options and
// requests by IPC, its figures sent back the same way.

process.once('message', async (message) => {
  const figures = await run(message as OpenLoopOptions & { requests: OpenLoopRequest[] });
  process.send!(figures, () => process.exit(0));
});

async function run({
  url,
  rate,
  seconds,
  connections,
  requests,
}: OpenLoopOptions & { requests: OpenLoopRequest[] }): Promise<OpenLoopFigures> {
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
      const { method, path, headers, body } = requests[i]!;
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
