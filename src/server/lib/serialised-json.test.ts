import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { sendJson, serialiseJson } from './serialised-json.ts';

describe('sendJson', () => {
  it('answers the same bytes and headers as c.json()', async () => {
    const value = { items: [{ name: 'Limpieza Ñandú', note: 'café “ok” ✓', price: null }], total: 1 };
    const json = serialiseJson(value);
    const app = new Hono().get('/json', (c) => c.json(value)).get('/serialised', (c) => sendJson(c, json));
    const expected = await app.request('/json');
    for (let i = 0; i < 2; i++) {
      const res = await app.request('/serialised');
      expect(res.status).toBe(200);
      expect([...res.headers]).toEqual([...expected.headers]);
      expect(await res.text()).toBe(await (await app.request('/json')).text());
    }
    expect(await expected.json()).toEqual(value);
  });
});
