import { Agent, request, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../app-env.ts';
import { createTestApp } from '../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-db.ts';
import { finishUnreadBodies, nodeServerOptions, UNREAD_BODY_DRAIN_BYTES } from './unread-body.ts';

// Keep-alive clients (Node's fetch, browsers) after an answer sent before the body was read: over
// a real listening server, as main.ts starts it.

interface Answer {
  status: number;
  connection: string | undefined;
  /** Whether the request went on a connection an earlier request had used. */
  reused: boolean;
  body: string;
}

async function listen(fetch: Parameters<typeof serve>[0]['fetch']) {
  const server = serve({ fetch, ...nodeServerOptions, port: 0, hostname: '127.0.0.1' }) as Server;
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const sockets: Socket[] = [];
  server.on('connection', (socket) => sockets.push(socket));
  return { server, port: (server.address() as AddressInfo).port, sockets };
}

/** One request over `agent`; `body` is sent with its Content-Length, or chunked with `chunked`. */
function send(
  port: number,
  agent: Agent,
  {
    method = 'GET',
    path,
    body,
    chunked = false,
  }: { method?: string; path: string; body?: Buffer; chunked?: boolean },
) {
  return new Promise<Answer>((resolve, reject) => {
    const headers: Record<string, string> = { origin: 'http://localhost:3000' };
    if (body) headers['content-type'] = 'application/json';
    if (body && !chunked) headers['content-length'] = String(body.length);
    const req = request({ host: '127.0.0.1', port, path, method, agent, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          connection: res.headers.connection,
          reused: req.reusedSocket,
          body: text,
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    if (body && chunked) {
      // In pieces, as a stream upload would send it.
      for (let at = 0; at < body.length; at += 16 * 1024) req.write(body.subarray(at, at + 16 * 1024));
    } else if (body) req.write(body);
    req.end();
  });
}

const kb = (n: number) => Buffer.alloc(n * 1024, 'a');

describe('answers sent before the body was read, over a keep-alive connection', () => {
  let database: TestDatabase;
  let server: Server;
  let port: number;
  let sockets: Socket[];

  beforeAll(async () => {
    database = await createTestDatabase();
    const { app } = createTestApp(database);
    ({ server, port, sockets } = await listen(app.fetch));
  });

  afterAll(async () => {
    server.closeAllConnections();
    server.close();
    await database.close();
  });

  // One socket at a time, so that "the next request" is on the same connection when it is kept.
  const newAgent = () => new Agent({ keepAlive: true, maxSockets: 1 });

  it('a 413 to a 300 KB body keeps the connection: the next GET on it answers 200', async () => {
    const agent = newAgent();
    expect(await send(port, agent, { path: '/api/health' })).toMatchObject({ status: 200, reused: false });
    const refused = await send(port, agent, { method: 'POST', path: '/api/bookings', body: kb(300) });
    expect(refused).toMatchObject({ status: 413, connection: 'keep-alive', reused: true });
    expect(JSON.parse(refused.body)).toMatchObject({ error: { code: 'payload_too_large' } });
    expect(await send(port, agent, { path: '/api/health' })).toMatchObject({ status: 200, reused: true });
    agent.destroy();
  });

  it("Node's fetch: 413, then a GET on the same connection answers 200", async () => {
    const before = sockets.length;
    const base = `http://127.0.0.1:${port}`;
    const refused = await fetch(`${base}/api/bookings`, {
      method: 'POST',
      headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' },
      body: kb(300),
    });
    expect(refused.status).toBe(413);
    await refused.arrayBuffer();
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
    await health.arrayBuffer();
    expect(sockets.length - before).toBe(1);
  });

  it('any answer before the body, not only 413: a 401 to a contacts upload keeps the connection', async () => {
    const agent = newAgent();
    expect(await send(port, agent, { path: '/api/health' })).toMatchObject({ status: 200 });
    // The contacts route takes up to 4 MB, so the body limit lets it through; the session guard
    // answers before anyone reads it.
    for (const size of [40, 300]) {
      const refused = await send(port, agent, { method: 'POST', path: '/api/me/contacts', body: kb(size) });
      expect(refused, `${size} KB`).toMatchObject({ status: 401, connection: 'keep-alive', reused: true });
      expect(await send(port, agent, { path: '/api/health' })).toMatchObject({ status: 200, reused: true });
    }
    agent.destroy();
  });

  it('a body larger than the drain is answered with Connection: close, and the next GET goes on a new connection', async () => {
    const agent = newAgent();
    const big = Buffer.alloc(UNREAD_BODY_DRAIN_BYTES + 1024 * 1024, 'a');
    const refused = await send(port, agent, { method: 'POST', path: '/api/bookings', body: big });
    expect(refused).toMatchObject({ status: 413, connection: 'close' });
    expect(await send(port, agent, { path: '/api/health' })).toMatchObject({ status: 200, reused: false });
    agent.destroy();
  });

  it('a chunked body over the limit (length unknown) is answered with Connection: close', async () => {
    const agent = newAgent();
    const refused = await send(port, agent, {
      method: 'POST',
      path: '/api/bookings',
      body: kb(300),
      chunked: true,
    });
    expect(refused).toMatchObject({ status: 413, connection: 'close' });
    expect(await send(port, agent, { path: '/api/health' })).toMatchObject({ status: 200, reused: false });
    agent.destroy();
  });
});

describe('a body whose rest never comes', () => {
  it('cuts the connection once the drain has waited its time', async () => {
    const app = new Hono<AppEnv>()
      .use(finishUnreadBodies({ drainMs: 50 }))
      .post('/early', (c) => c.text('early', 401));
    const { server, port, sockets } = await listen(app.fetch);
    try {
      const answered = new Promise<number>((resolve) => {
        const req = request(
          {
            host: '127.0.0.1',
            port,
            path: '/early',
            method: 'POST',
            headers: { 'content-length': String(100 * 1024) },
            agent: false,
          },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', () => {});
        // Half the body, and then nothing.
        req.write(kb(50));
      });
      expect(await answered).toBe(401);
      const [socket] = sockets;
      if (socket && !socket.destroyed) await new Promise((resolve) => socket.once('close', resolve));
      expect(socket?.destroyed).toBe(true);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
