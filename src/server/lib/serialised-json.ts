import type { Context, TypedResponse } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { JSONParsed } from 'hono/utils/types';

// An answer that many requests share (the cached public lists, decision 026) is serialised once,
// when it is computed, instead of once per request: for a page of vendors JSON.stringify and the
// string's encoding were half of what a cached answer cost the server (decision 058).

declare const valueType: unique symbol;

/** `value`'s JSON, as c.json() sends it, in bytes. */
export interface SerialisedJson<T> {
  readonly bytes: Uint8Array<ArrayBuffer>;
  /** Only for the types: what the bytes hold. */
  readonly [valueType]?: T;
}

export function serialiseJson<T>(value: T): SerialisedJson<T> {
  return { bytes: new TextEncoder().encode(JSON.stringify(value)) };
}

/**
 * The same response as `c.json(value)`: the same bytes and Content-Type, and the same type, which
 * carries the answer's shape to the web client (hc<AppType>).
 */
export function sendJson<T>(
  c: Context,
  json: SerialisedJson<T>,
): Response & TypedResponse<JSONParsed<T>, ContentfulStatusCode, 'json'> {
  const response = c.body(json.bytes, 200, { 'Content-Type': 'application/json' });
  // Only the type changes: c.body() types its answer as having no body.
  return response as unknown as Response & TypedResponse<JSONParsed<T>, ContentfulStatusCode, 'json'>;
}
