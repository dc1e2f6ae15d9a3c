import type { Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';

let nextIp = 1;

/**
 * A browser-like client for app.request(): keeps cookies, sends our Origin on every request
 * (better-auth refuses POSTs without one, ARCHITECTURE §1) and comes from its own IP address, so each
 * test starts with fresh rate-limit buckets.
 */
export function createHttpClient(
  app: Hono<AppEnv>,
  {
    origin,
    ip = `10.0.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`,
  }: { origin: string; ip?: string },
) {
  const jar = new Map<string, string>();

  async function request(path: string, init: RequestInit & { json?: unknown } = {}) {
    const headers = new Headers(init.headers);
    if (!headers.has('origin')) headers.set('origin', origin);
    if (jar.size > 0) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    const { json: _json, ...rest } = init;
    const response = await app.request(
      path,
      { ...rest, headers, body },
      // what @hono/node-server passes: the TCP peer, read by mount-auth.ts for rate limits
      { incoming: { socket: { remoteAddress: ip } } },
    );
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /max-age=0/i.test(a.trim())) || value === '';
      if (expired) jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  }

  return {
    ip,
    cookies: jar,
    request,
    get: (path: string, init: RequestInit = {}) => request(path, { ...init, method: 'GET' }),
    post: (path: string, json?: unknown, init: RequestInit = {}) =>
      request(path, { ...init, method: 'POST', json: json ?? {} }),
    put: (path: string, json?: unknown, init: RequestInit = {}) =>
      request(path, { ...init, method: 'PUT', json: json ?? {} }),
    patch: (path: string, json?: unknown, init: RequestInit = {}) =>
      request(path, { ...init, method: 'PATCH', json: json ?? {} }),
    async signIn(email: string, password: string) {
      const response = await request('/api/auth/sign-in/email', {
        method: 'POST',
        json: { email, password },
      });
      if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
      return response;
    },
  };
}

export type HttpClient = ReturnType<typeof createHttpClient>;
