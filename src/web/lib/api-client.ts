import { type ClientResponse, hc } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
// The one import web takes from the server: a type, erased at build time (ARCHITECTURE.md).
import type { AppType } from '../../server/app.ts';

/**
 * An API client (ARCHITECTURE §6): paths, inputs and outputs typed by the server's routes. The
 * browser has one (`api`); the server render makes one per request, over the server's own API
 * in-process (web/ssr/render.tsx).
 */
export function createApiClient(base = '/api', fetch?: typeof globalThis.fetch) {
  return hc<AppType>(base, fetch ? { fetch } : {});
}
export type ApiClient = ReturnType<typeof createApiClient>;

/** The browser's API client. */
export const api: ApiClient = createApiClient();

/**
 * A failed API call, from the error shape `{ error: { code, reason?, params?, message } }`
 * (ARCHITECTURE §6). The message is the server's English, for the console: a screen words the
 * failure by its code and reason (lib/error-text.ts).
 */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly details?: unknown;
  readonly reason?: string;
  readonly params?: Record<string, string>;

  constructor(
    code: string,
    message: string,
    status: number,
    details?: unknown,
    why?: { reason?: string; params?: Record<string, string> },
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.details = details;
    if (why?.reason) this.reason = why.reason;
    if (why?.params) this.params = why.params;
  }
}

/** The `reason` and `params` of an error body, when they have their shapes. */
export function reasonOf(error: { reason?: unknown; params?: unknown }): {
  reason?: string;
  params?: Record<string, string>;
} {
  const params =
    typeof error.params === 'object' &&
    error.params !== null &&
    Object.values(error.params).every((v) => typeof v === 'string')
      ? (error.params as Record<string, string>)
      : undefined;
  return {
    ...(typeof error.reason === 'string' ? { reason: error.reason } : {}),
    ...(params ? { params } : {}),
  };
}

type SuccessBody<R> =
  R extends ClientResponse<infer T, infer S, 'json'> ? (S extends SuccessStatusCode ? T : never) : never;

/**
 * Awaits a client call and returns its JSON body, or throws an ApiError: for an error response, the
 * server's code and message; for a network failure, status 0.
 */
export async function unwrap<R extends ClientResponse<unknown, number, 'json'>>(
  call: Promise<R>,
): Promise<SuccessBody<R>> {
  let response: R;
  try {
    response = await call;
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError('network_error', 'The server could not be reached.', 0, err);
  }
  if (response.ok) return (await response.json()) as SuccessBody<R>;
  throw await toApiError(response);
}

async function toApiError(response: ClientResponse<unknown, number, 'json'>): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => undefined);
  if (isErrorBody(body)) {
    return new ApiError(
      body.error.code,
      body.error.message,
      response.status,
      body.error.details,
      reasonOf(body.error),
    );
  }
  return new ApiError('http_error', `Request failed with status ${response.status}.`, response.status);
}

function isErrorBody(body: unknown): body is {
  error: { code: string; message: string; details?: unknown; reason?: unknown; params?: unknown };
} {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false;
  const error = body.error;
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'string' &&
    'message' in error &&
    typeof error.message === 'string'
  );
}
