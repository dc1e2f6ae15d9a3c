import { describe, expect, it } from 'vitest';
import { ApiError, api, unwrap } from './api-client.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const call = (response: Response | Error) =>
  api.vendors.$get(
    { query: { offset: '0', limit: '6' } },
    { fetch: async () => (response instanceof Error ? Promise.reject(response) : response) },
  );

describe('unwrap', () => {
  it('returns the body of a successful answer', async () => {
    await expect(unwrap(call(json(200, { items: [], hasMore: false, total: 0 })))).resolves.toEqual({
      items: [],
      hasMore: false,
      total: 0,
    });
  });

  it("throws the server's code and message from the error shape", async () => {
    const error = await unwrap(
      call(json(400, { error: { code: 'validation_failed', message: 'Unknown category' } })),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'validation_failed', message: 'Unknown category', status: 400 });
  });

  it('still throws an ApiError when the error body is not ours', async () => {
    const error = await unwrap(call(new Response('<html>Bad gateway</html>', { status: 502 }))).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ name: 'ApiError', code: 'http_error', status: 502 });
  });

  it('reports an unreachable server as status 0', async () => {
    const error = await unwrap(call(new TypeError('Failed to fetch'))).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ApiError', code: 'network_error', status: 0 });
  });
});
