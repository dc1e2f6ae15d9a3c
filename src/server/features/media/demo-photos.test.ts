import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slugify } from '../../../shared/slug.ts';
import type { PublicVendorDetail, VendorItemsResponse } from '../../../shared/vendor.schemas.ts';
import { vendorPhotos } from '../../db/schema/media.ts';
import { seedDemoData } from '../../db/seed/seed.ts';
import { createDatabaseStorage } from '../../integrations/media-storage/database-storage.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestDatabase, type TestDatabase, testEngine } from '../../test/test-db.ts';
import { demoPhotoSets, renderDemoPicture, seedDemoPhotos } from './demo-photos.ts';
import { processPhoto } from './photo-processing.ts';

// The demo's photos: drawn illustrations put through the upload's own pipeline, approved, shown by
// the public answers and served at their /media/photos URLs like any vendor's.
const NOW = new Date('2026-11-25T18:00:00Z');

describe(`the demo's photos (${testEngine})`, () => {
  let database: TestDatabase;
  let app: ReturnType<typeof createTestApp>['app'];
  beforeAll(async () => {
    database = await createTestDatabase();
    expect(
      await seedDemoData(database.db, {
        vendors: 60,
        now: NOW,
        alsoSeed: (tx, now) => seedDemoPhotos(tx, { now, storage: createDatabaseStorage(tx) }),
      }),
    ).toBe(true);
    ({ app } = createTestApp(database));
  });
  afterAll(() => database.close());

  const profileOf = async (name: string) => {
    const res = await app.request(`/api/vendors/${slugify(name)}`);
    expect(res.status).toBe(200);
    return (await res.json()) as PublicVendorDetail;
  };

  it('gives each demo set its cover, profile photo and 3–6 portfolio photos, approved and public', async () => {
    for (const set of demoPhotoSets) {
      const vendor = await profileOf(set.businessName);
      expect(vendor.cover_photo?.variants.map((v) => v.width)).toEqual([480, 960]);
      expect(vendor.cover_photo?.preview).toMatchObject({ width: 1200, height: 630 });
      expect(vendor.cover_image_url).toBe(vendor.cover_photo?.variants.at(-1)?.url);
      expect(vendor.profile_photo?.variants.map((v) => [v.width, v.height])).toEqual([
        [96, 96],
        [192, 192],
      ]);
      expect(vendor.profile_image_url).toBe(vendor.profile_photo?.variants.at(-1)?.url);
      expect(vendor.portfolio.length).toBeGreaterThanOrEqual(3);
      expect(vendor.portfolio.length).toBeLessThanOrEqual(6);
      // In the set's order, described in Spanish as illustrations, each tied service the vendor's own.
      expect(vendor.portfolio.map((p) => p.alt)).toEqual(set.portfolio.map((p) => p.alt));
      for (const [i, photo] of vendor.portfolio.entries()) {
        expect(photo.alt).toMatch(/^Ilustración: /);
        expect(photo.variants.map((v) => [v.width, v.height])).toEqual([
          [240, 180],
          [480, 360],
          [960, 720],
        ]);
        const service = set.portfolio[i]!.service;
        expect(photo.service_id).toBe(service ? vendor.services.find((s) => s.name === service)?.id : null);
      }
    }
    // The cards' answers carry the profile photo too: Home's featured vendors and a similar vendor's.
    const featured = (await (await app.request('/api/vendors/featured')).json()) as VendorItemsResponse;
    const pictured = featured.items.filter((v) => v.profile_photo);
    expect(pictured.map((v) => v.business_name)).toEqual(['Casa Impecable CDMX', 'Entrena con Diego']);
    const similar = (await (
      await app.request(`/api/vendors/${slugify('Brillo Total Limpieza')}/similar`)
    ).json()) as VendorItemsResponse;
    expect(
      similar.items.find((v) => v.business_name === 'Casa Impecable CDMX')?.profile_photo?.variants,
    ).toHaveLength(2);
    const rows = await database.db.select({ status: vendorPhotos.status }).from(vendorPhotos);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['approved']));
  });

  it('serves the variants as WebP, without metadata, from the media storage', async () => {
    const vendor = await profileOf(demoPhotoSets[0]!.businessName);
    const url = vendor.portfolio[0]!.variants[1]!.url;
    expect(url).toMatch(/^\/media\/photos\/[0-9a-f-]{36}\/[\w-]{43}\.webp$/);
    const res = await app.request(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(new Uint8Array(await res.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 480, height: 360 });
    expect(meta.exif).toBeUndefined();
  });

  it('draws the same bytes every time, so a seed is the same everywhere', async () => {
    const [first, second] = await Promise.all([
      renderDemoPicture('portfolio', 'cleaningKitchen'),
      renderDemoPicture('portfolio', 'cleaningKitchen'),
    ]);
    expect(Buffer.compare(first, second)).toBe(0);
    const processed = await processPhoto(first, 'portfolio');
    const [photo] = await database.db
      .select({ variants: vendorPhotos.variants })
      .from(vendorPhotos)
      .where(eq(vendorPhotos.alt, demoPhotoSets[0]!.portfolio[1]!.alt));
    // The stored keys end in the bytes' hashes: the seed stored what the pipeline makes of the drawing.
    expect(photo!.variants.map((v) => v.key.split('/').at(-1))).toEqual(
      processed.variants.map((v) => `${v.hash}.webp`),
    );
  });
});
