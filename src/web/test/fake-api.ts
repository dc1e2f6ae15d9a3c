import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import type { MeResponse } from '../../shared/profile.schemas.ts';
import { i18n } from '../i18n/i18n.ts';

// The API as the web tests of signed-in screens fake it, at fetch: answers by "METHOD /path", the
// bodies POSTed by the same key, and the session the app asks for first.

export interface FakeAnswer {
  status: number;
  body: unknown;
}
export type FakeHandler = (body: unknown) => FakeAnswer;

export const json = (status: number, body: unknown): FakeAnswer => ({ status, body });

/** A signed-in customer as GET /api/me answers, with any field replaced. */
export function signedInMe(overrides: Partial<MeResponse> = {}): MeResponse {
  return {
    user: {
      id: 'u1',
      name: 'Sofía',
      email: 'sofia@example.test',
      email_verified: true,
      image: null,
      has_password: false,
    },
    session: { expires_at: new Date(Date.now() + 86_400_000).toISOString() },
    profile: null,
    isAdmin: false,
    vendorProfileId: null,
    ...overrides,
  };
}

/** What every screen asks before its own calls: the session, the account, the sign-in options. */
export function sessionHandlers(me: () => MeResponse | null): Record<string, FakeHandler> {
  return {
    'GET /api/auth/get-session': () => json(200, me() ? { session: {}, user: {} } : null),
    'GET /api/me': () => {
      const account = me();
      return account ? json(200, account) : json(401, { error: { code: 'unauthorized', message: 'x' } });
    },
    'GET /api/auth-config': () => json(200, { google: false, devMailbox: true }),
    'GET /api/vendors/featured': () => json(200, { items: [] }),
  };
}

/**
 * Stubs fetch: each request is answered by `handlers` (read at the request, so a test may add one
 * later), else 404. Returns the JSON bodies POSTed, by "POST /path".
 */
export function stubApi(handlers: Record<string, FakeHandler>): Record<string, unknown[]> {
  const posted: Record<string, unknown[]> = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const request = input instanceof Request ? input : undefined;
      const url = new URL(request ? request.url : String(input), 'http://localhost');
      const method = (request?.method ?? init?.method ?? 'GET').toUpperCase();
      const key = `${method} ${url.pathname}`;
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      if (method === 'POST') posted[key] = [...(posted[key] ?? []), body];
      const handler = handlers[key];
      const { status, body: answer } = handler
        ? handler(body)
        : json(404, { error: { code: 'not_found', message: 'x' } });
      return new Response(JSON.stringify(answer), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return posted;
}

/**
 * A test file's fake API, fresh before each test: nobody signed in (`api.me`), `sessionHandlers`
 * and `extra` in `api.handlers` (a test adds its own), the bodies POSTed in `api.posted`, the app in
 * English. After each test the screen is unmounted and fetch restored.
 */
export function fakeApiEachTest(extra: Record<string, FakeHandler> = {}) {
  const api = {
    me: null as MeResponse | null,
    handlers: {} as Record<string, FakeHandler>,
    posted: {} as Record<string, unknown[]>,
  };
  beforeEach(async () => {
    api.me = null;
    api.handlers = { ...sessionHandlers(() => api.me), ...extra };
    api.posted = stubApi(api.handlers);
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
  return api;
}
