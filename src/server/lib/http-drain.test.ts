import { Agent, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { afterEach, describe, expect, it } from 'vitest';
import { type HttpDrain, trackHandlers, trackHttpDrain } from './http-drain.ts';

// Decision 023: what a load balancer sees while an instance drains.

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
}

describe('HTTP drain', () => {
  let server: Server;
  let drain: HttpDrain;
  let port: number;
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  let release: () => void = () => {};
  const slow = new Promise<void>((resolve) => {
    release = resolve;
  });

  async function start() {
    const app = new Hono()
      .get('/fast', (c) => c.text('fast'))
      .get('/slow', async (c) => {
        await slow;
        return c.text('slow');
      })
      .get('/hang', () => new Promise<Response>(() => {}))
      .get('/events', (c) =>
        streamSSE(c, async (stream) => {
          await stream.writeSSE({ data: 'ready' });
          while (!stream.aborted) await stream.sleep(20);
        }),
      );
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
    await new Promise<void>((resolve) => server.once('listening', resolve));
    drain = trackHttpDrain(server);
    port = (server.address() as AddressInfo).port;
  }

  /** GET over the keep-alive agent, or over a new connection with `fresh`. */
  const get = (path: string, { fresh = false } = {}) =>
    new Promise<Answer>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, agent: fresh ? false : agent }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }),
        );
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });

  /** Resolves when the server receives its next request (after the drain's own listener). */
  const nextRequest = () => new Promise<void>((resolve) => server.once('request', () => resolve()));

  afterEach(() => {
    server.closeAllConnections();
    server.close();
  });

  it('finishes a request in flight with Connection: close, closes idle sockets and refuses new ones', async () => {
    await start();
    // Two keep-alive sockets, one of which stays idle: drain must close it rather than wait for its
    // timeout (made longer than the test's so that waiting fails the test).
    server.keepAliveTimeout = 120_000;
    const warm = await Promise.all([get('/fast'), get('/fast')]);
    expect(warm.map((a) => a.connection)).toEqual(['keep-alive', 'keep-alive']);
    const arrived = nextRequest();
    const inFlight = get('/slow');
    await arrived; // the server holds the request: it is in flight when draining starts
    const drained = drain.drain(60_000);
    expect(drain.draining).toBe(true);
    await expect(get('/fast', { fresh: true })).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    release();
    expect(await inFlight).toEqual({ status: 200, connection: 'close', body: 'slow' });
    expect(await drained).toEqual({ cut: 0 });
  });

  it('ends event streams at once and cuts what is still open when the grace ends', async () => {
    await start();
    const events = new Promise<string>((resolve) => {
      request(
        { host: '127.0.0.1', port, path: '/events', headers: { accept: 'text/event-stream' } },
        (res) => {
          res.once('data', () => resolve('streaming'));
        },
      ).end();
    });
    expect(await events).toBe('streaming');
    const arrived = nextRequest();
    const hung = get('/hang').catch((err: NodeJS.ErrnoException) => err.code);
    await arrived;
    expect(await drain.drain(200)).toEqual({ cut: 1 });
    expect(await hung).toBe('ECONNRESET');
  });
});

describe('handler tracking', () => {
  it("waits for a handler whose client hung up: the connection is gone, the request's work is not", async () => {
    const handlers = trackHandlers();
    let finish: () => void = () => {};
    let finished = false;
    const app = new Hono().get('/work', async (c) => {
      await new Promise<void>((resolve) => {
        finish = resolve;
      });
      finished = true;
      return c.text('done');
    });
    const server = serve({
      fetch: (request, env) => handlers.track(app.fetch(request, env)),
      port: 0,
      hostname: '127.0.0.1',
    }) as Server;
    await new Promise<void>((resolve) => server.once('listening', resolve));
    const drain = trackHttpDrain(server);
    const { port } = server.address() as AddressInfo;

    // The client sends the request and hangs up before the answer.
    const started = new Promise<void>((resolve) => server.once('request', () => resolve()));
    const req = request({ host: '127.0.0.1', port, path: '/work', agent: false });
    req.on('error', () => {});
    req.end();
    await started;
    req.destroy();

    // The connection is closed, so the HTTP drain is done; the handler still runs.
    expect(await drain.drain(1_000)).toEqual({ cut: 0 });
    expect(handlers.running).toBe(1);
    expect(await handlers.settled(50)).toEqual({ running: 1 });

    const settled = handlers.settled(5_000);
    finish();
    expect(await settled).toEqual({ running: 0 });
    expect(finished).toBe(true);
    expect(handlers.running).toBe(0);
  });
});
