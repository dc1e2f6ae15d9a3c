import {
  Agent,
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  request,
  type Server,
} from 'node:http';

// A tiny load balancer for the rolling-restart test: round robin over the instances, keep-alive
// connections to them (as nginx's `keepalive`), and a retry on the next instance only when the
// request got no answer because the connection was refused or reset before any response — as
// nginx's `proxy_next_upstream error` does. Anything else, including a 5xx, is passed on as is.

const RETRYABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE']);

export interface ProxyStats {
  /** Requests forwarded, by upstream index. */
  forwarded: number[];
  /** Attempts that failed before any response and were tried on another instance, by error code. */
  retried: Record<string, number>;
  /** Requests answered 502 because every attempt failed before any response. */
  failed: number;
}

export interface RoundRobinProxy {
  url: string;
  stats: ProxyStats;
  close(): Promise<void>;
}

interface Upstream {
  port: number;
  agent: Agent;
}

export async function startRoundRobinProxy({
  port,
  upstreamPorts,
  maxAttempts = 6,
}: {
  port: number;
  upstreamPorts: number[];
  maxAttempts?: number;
}): Promise<RoundRobinProxy> {
  const upstreams: Upstream[] = upstreamPorts.map((p) => ({
    port: p,
    agent: new Agent({ keepAlive: true, maxSockets: 16 }),
  }));
  const stats: ProxyStats = { forwarded: upstreams.map(() => 0), retried: {}, failed: 0 };
  let turn = 0;

  const forward = (index: number, req: IncomingMessage, headers: IncomingHttpHeaders, body: Buffer) =>
    new Promise<IncomingMessage>((resolve, reject) => {
      const upstream = upstreams[index]!;
      const out = request(
        {
          host: '127.0.0.1',
          port: upstream.port,
          method: req.method,
          path: req.url,
          headers: { ...headers, host: `127.0.0.1:${upstream.port}` },
          agent: upstream.agent,
        },
        resolve,
      );
      out.on('error', reject);
      out.end(body);
    });

  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    // Hop-by-hop headers stay on this side of the proxy.
    const { connection: _connection, 'keep-alive': _keepAlive, ...headers } = req.headers;
    let index = turn++ % upstreams.length;
    let answer: IncomingMessage;
    for (let attempt = 1; ; attempt++) {
      try {
        answer = await forward(index, req, headers, body);
        break;
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code ?? '';
        if (!RETRYABLE.has(code) || attempt >= maxAttempts) {
          stats.failed++;
          res.writeHead(502, { 'content-type': 'text/plain' });
          res.end(`proxy: no answer from upstream (${code || String(err)})`);
          return;
        }
        stats.retried[code] = (stats.retried[code] ?? 0) + 1;
        index = (index + 1) % upstreams.length;
        // Both instances may be briefly unreachable (one restarting, one closing an idle socket).
        if (attempt >= upstreams.length) await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    stats.forwarded[index]!++;
    // An answer has begun: from here a broken connection is the client's failure, never retried.
    try {
      const payload: Buffer[] = [];
      for await (const chunk of answer) payload.push(chunk as Buffer);
      const { connection: _c, 'keep-alive': _k, 'transfer-encoding': _t, ...answerHeaders } = answer.headers;
      res.writeHead(answer.statusCode ?? 502, answerHeaders);
      res.end(Buffer.concat(payload));
    } catch (err) {
      stats.failed++;
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`proxy: the answer broke off (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    stats,
    close: () =>
      new Promise<void>((resolve) => {
        for (const upstream of upstreams) upstream.agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
