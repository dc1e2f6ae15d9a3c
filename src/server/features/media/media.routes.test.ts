import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultWeeklyAvailability } from '../../../shared/weekly-availability.ts';
import type { Database } from '../../db/client.ts';
import { vendorProfiles } from '../../db/schema/vendors.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestDatabase } from '../../test/test-db.ts';
import { expectWellFormedSvg } from './svg.test-utils.ts';

let database: Database;
let app: ReturnType<typeof createTestApp>['app'];

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app } = createTestApp(database));
  await database.db.insert(vendorProfiles).values({
    slug: 'tacos-mas',
    businessName: 'Tacos & "Más" <Doña Ñeca>',
    serviceCategory: 'pets',
    availability: defaultWeeklyAvailability(),
    // Public, so that its link preview is drawn (decision 048).
    applicationStatus: 'approved',
  });
});

afterAll(async () => {
  await database?.close();
});

describe('GET /media/:kind/:slug.svg', () => {
  it('draws a vendor avatar from its row, as cacheable SVG', async () => {
    const res = await app.request('/media/vendors/tacos-mas.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get('cache-control')).toMatch(/public, max-age=\d{5,}/);
    const svg = await res.text();
    expectWellFormedSvg(svg);
    expect(svg).toContain('<title id="title">Tacos &#38; &#34;Más&#34; &#60;Doña Ñeca&#62;</title>');
    expect(svg).toContain('>TM</text>');
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await app.request('/media/vendors/tacos-mas.svg');
    const tag = first.headers.get('etag');
    expect(tag).toBeTruthy();
    const again = await app.request('/media/vendors/tacos-mas.svg', { headers: { 'If-None-Match': tag! } });
    expect(again.status).toBe(304);
  });

  it('draws a wide cover', async () => {
    const res = await app.request('/media/covers/tacos-mas.svg');
    expect(res.status).toBe(200);
    const svg = await res.text();
    expectWellFormedSvg(svg);
    expect(svg).toContain('viewBox="0 0 600 200"');
  });

  it('still draws a picture for a slug no vendor has', async () => {
    const res = await app.request('/media/vendors/estetica-luz-2.svg');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<title id="title">Estetica Luz 2</title>');
  });

  it('draws the link-preview picture as a 1200×630 PNG', async () => {
    const res = await app.request('/media/previews/tacos-mas.png');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toMatch(/public, max-age=\d{5,}/);
    const png = new Uint8Array(await res.arrayBuffer());
    // The PNG signature, then the IHDR chunk: width and height as big-endian 32-bit integers.
    expect(Array.from(png.slice(0, 8))).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const header = new DataView(png.buffer, png.byteOffset + 16, 8);
    expect([header.getUint32(0), header.getUint32(4)]).toEqual([1200, 630]);
    // Drawn, not blank: a gradient compresses, but not to nothing.
    expect(png.length).toBeGreaterThan(5_000);
    const again = await app.request('/media/previews/tacos-mas.png');
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(png);
  });

  it('draws no link-preview PNG for a slug that names no public vendor', async () => {
    await database.db.insert(vendorProfiles).values({
      slug: 'turned-down',
      businessName: 'Turned Down',
      serviceCategory: 'cleaning',
      applicationStatus: 'rejected',
      availability: defaultWeeklyAvailability(),
    });
    for (const path of ['/media/previews/no-such-vendor.png', '/media/previews/turned-down.png']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'No such image.' } });
    }
  });

  it.each([
    '/media/previews/tacos-mas.svg',
    '/media/previews/Tacos.png',
    '/media/vendors/Tacos.svg',
    '/media/vendors/tacos_mas.svg',
    '/media/vendors/tacos-mas.png',
    '/media/vendors/.svg',
    `/media/vendors/${'a'.repeat(81)}.svg`,
    '/media/vendors/%2e%2e%2fsecret.svg',
    '/media/avatars/tacos-mas.svg',
    '/media/vendors/tacos-mas.svg/extra',
  ])('answers 404 for %s', async (path) => {
    const res = await app.request(path);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/json/);
    expect((await res.json()) as unknown).toMatchObject({ error: { code: 'not_found' } });
  });
});
