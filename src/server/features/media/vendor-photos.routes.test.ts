import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicVendorDetail } from '../../../shared/vendor.schemas.ts';
import {
  PHOTO_MAX_BYTES,
  type PhotoUploadResponse,
  PORTFOLIO_MAX_PHOTOS,
  type VendorPhoto,
} from '../../../shared/vendor-photos.ts';
import { mediaObjects, vendorPhotos } from '../../db/schema/media.ts';
import { outbox } from '../../db/schema/messaging.ts';
import { fixedClock } from '../../lib/clock.ts';
import { type FakeS3, startFakeS3 } from '../../test/fake-s3.ts';
import type { HttpClient } from '../../test/http-client.ts';
import { createSeededApp, type SeededApp, useSeededApp } from '../../test/seeded-app.ts';
import { testEngine } from '../../test/test-db.ts';
import {
  gifOf,
  hasGpsIfd,
  heicDeclaring,
  heicHeader,
  heicPhoto,
  jpegWithGps,
  pngDeclaring,
  pngOf,
  webpOf,
} from '../../test/test-images.ts';
import { APP_URL, NOW } from '../../test/test-week.ts';
import { signUpThroughWizard } from '../../test/vendor-signup.ts';
import { photoUploadRateLimit } from './vendor-photos.routes.ts';

// Decision 074 through the real app: uploads read by their bytes, refusals that store nothing, the
// variants stripped of metadata and served with an ETag, and an approved vendor's photo waiting for
// an admin before the public sees it.

type Client = HttpClient;

function upload(
  client: Client,
  bytes: Uint8Array,
  { kind = 'portfolio', name = 'foto.jpg', type = 'image/jpeg', ...fields }: Record<string, string> = {},
) {
  const form = new FormData();
  form.set('kind', kind);
  for (const [field, value] of Object.entries(fields)) form.set(field, value);
  form.set('file', new File([new Uint8Array(bytes)], name, { type }));
  return client.request('/api/vendor/photos', { method: 'POST', body: form });
}

async function uploaded(client: Client, bytes: Uint8Array, fields: Record<string, string> = {}) {
  const res = await upload(client, bytes, fields);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as PhotoUploadResponse;
}

const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; reason?: string } }).error;

function vendorWorld(world: SeededApp) {
  let n = 0;
  return async function vendor(status: 'approved' | 'submitted', admin: Client) {
    n++;
    return signUpThroughWizard(
      world.db,
      world.client,
      {
        business_name: `Fotos ${status} ${n}`,
        business_phone: `55 7300 00${String(n).padStart(2, '0')}`,
        business_email: `fotos.${status}.${n}.${testEngine}@example.test`,
        password: 'Fotografo#2026',
        bio: 'Fotos',
        service_category: 'repair',
      },
      status === 'approved' ? { approvedBy: admin } : {},
    );
  };
}

describe(`vendor photos (${testEngine})`, () => {
  const world = useSeededApp({ vendors: 1, clock: fixedClock(NOW), env: { APP_URL, RATE_LIMITS: 'off' } });
  let admin: Client;
  let anonymous: Client;
  let newVendor: ReturnType<typeof vendorWorld>;
  beforeAll(async () => {
    admin = await world.signedIn('admin');
    anonymous = world.client();
    newVendor = vendorWorld(world);
  });

  const stored = async () => {
    const [photos] = await world.db.select({ n: sql<number>`count(*)::int` }).from(vendorPhotos);
    const [objects] = await world.db.select({ n: sql<number>`count(*)::int` }).from(mediaObjects);
    return { photos: photos!.n, objects: objects!.n };
  };

  it('strips the metadata (GPS included), applies the orientation and serves WebP with an ETag and 304', async () => {
    const vendor = await newVendor('submitted', admin);
    // Stored 48×24 with orientation 6 (turn right): shown 24 wide and 48 high.
    const original = await jpegWithGps({ width: 48, height: 24, orientation: 6 });
    const before = await sharp(original).metadata();
    expect(before.exif?.toString('latin1')).toContain('Barrio Test Phone');
    expect(hasGpsIfd(before.exif)).toBe(true);
    expect(before.orientation).toBe(6);

    const photo = await uploaded(vendor.owner, original, { alt: 'Una fuga reparada' });
    // A vendor under review changes its profile in place (decision 048): nothing waits.
    expect(photo.status).toBe('approved');
    const url = Object.values(photo.urls)[0]!;
    expect(url).toMatch(new RegExp(`^/media/photos/${photo.id}/[A-Za-z0-9_-]{43}\\.webp$`));

    const res = await anonymous.get(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    const served = Buffer.from(await res.arrayBuffer());
    const after = await sharp(served).metadata();
    expect(after.format).toBe('webp');
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(served.toString('latin1')).not.toContain('Barrio Test Phone');
    expect([after.width, after.height]).toEqual([24, 48]);

    const again = await anonymous.get(url, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');
  });

  it('refuses by content, size, damage and pixel count, and stores nothing', async () => {
    const vendor = await newVendor('submitted', admin);
    const before = await stored();
    const jpeg = await jpegWithGps({ width: 64, height: 64 });
    const refusals: [string, Promise<Response>, number, string][] = [
      // Named and typed as a JPEG, but text.
      ['text named .jpg', upload(vendor.owner, Buffer.from('<?php echo 1; ?>')), 415, 'photo_not_image'],
      [
        'a GIF',
        upload(vendor.owner, await gifOf(), { name: 'x.png', type: 'image/png' }),
        415,
        'photo_not_image',
      ],
      // HEIC is read by libheif in a worker (decision 082), and refused as the others are.
      [
        "a HEIC's first bytes alone",
        upload(vendor.owner, heicHeader(), { name: 'IMG_0001.HEIC', type: 'image/heic' }),
        422,
        'photo_corrupt',
      ],
      ['a truncated HEIC', upload(vendor.owner, heicPhoto().subarray(0, 1400)), 422, 'photo_corrupt'],
      [
        'a HEIC declaring 64 million pixels',
        upload(vendor.owner, heicDeclaring(8000, 8000), { name: 'IMG_0002.HEIC', type: 'image/heic' }),
        422,
        'photo_too_many_pixels',
      ],
      [
        'a truncated JPEG',
        upload(vendor.owner, jpeg.subarray(0, Math.floor(jpeg.length / 2))),
        422,
        'photo_corrupt',
      ],
      [
        'a PNG of 400 million pixels',
        upload(vendor.owner, pngDeclaring(20_000, 20_000)),
        422,
        'photo_too_many_pixels',
      ],
      // One byte over, within the form's allowance: the photo's own size.
      ['10 MB and a byte', upload(vendor.owner, new Uint8Array(PHOTO_MAX_BYTES + 1)), 413, 'photo_too_large'],
      // Past the form's allowance: the body limit stops reading it.
      ['11 MB', upload(vendor.owner, new Uint8Array(11 * 1024 * 1024)), 413, 'photo_too_large'],
    ];
    for (const [label, pending, status, reason] of refusals) {
      const res = await pending;
      expect([label, res.status]).toEqual([label, status]);
      expect([label, (await errorOf(res)).reason]).toEqual([label, reason]);
    }
    expect(await stored()).toEqual(before);
  });

  it("takes a phone's HEIC: WebP variants turned by its irot, without its EXIF, GPS or orientation", async () => {
    const vendor = await newVendor('submitted', admin);
    const original = heicPhoto();
    // sharp's own libvips reads the header but has no HEVC decoder: what decision 082 adds.
    expect((await sharp(original).metadata()).compression).toBe('hevc');
    await expect(sharp(original).raw().toBuffer()).rejects.toThrow(/HEVC/);
    expect(original.toString('latin1')).toContain('Barrio Test Phone');

    const photo = await uploaded(vendor.owner, original, {
      kind: 'cover',
      name: 'IMG_0001.HEIC',
      type: 'image/heic',
    });
    expect(photo.status).toBe('approved');
    // No wider than the original (32 px), and the cover's link preview beside it.
    expect(Object.keys(photo.urls)).toEqual(['32w']);
    const res = await anonymous.get(photo.urls['32w']!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    const served = Buffer.from(await res.arrayBuffer());
    const after = await sharp(served).metadata();
    expect(after.format).toBe('webp');
    expect([after.exif, after.xmp, after.icc, after.orientation]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(served.toString('latin1')).not.toContain('Barrio Test Phone');
    // Turned once, by the irot (stored 64×32, left red): not again by the EXIF's orientation 6.
    expect([after.width, after.height]).toEqual([32, 64]);
    const { data } = await sharp(served).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * 32 + x) * 3, (y * 32 + x) * 3 + 3)];
    const [top, bottom] = [pixel(16, 8), pixel(16, 56)];
    expect(top[0]).toBeGreaterThan(150);
    expect(top[2]).toBeLessThan(100);
    expect(bottom[2]).toBeGreaterThan(150);
    expect(bottom[0]).toBeLessThan(100);

    const own = (await (await vendor.owner.get('/api/vendor/photos')).json()) as { items: VendorPhoto[] };
    const stored = own.items.find((p) => p.id === photo.id)!;
    expect(stored.variants.map((v) => [v.width, v.height])).toEqual([[32, 64]]);
  });

  it('takes PNG and WebP, each as WebP variants no wider than the original', async () => {
    const vendor = await newVendor('submitted', admin);
    const png = await uploaded(vendor.owner, await pngOf(40, 40), {
      kind: 'profile',
      name: 'a.png',
      type: 'image/png',
    });
    const webp = await uploaded(vendor.owner, await webpOf(40, 30), { kind: 'cover', name: 'b', type: '' });
    expect(Object.keys(png.urls)).toEqual(['40w']);
    expect(Object.keys(webp.urls)).toEqual(['40w']);
  });

  it("an approved vendor's photo waits for an admin; approved, it replaces the public one", async () => {
    const vendor = await newVendor('approved', admin);
    const profileOf = async () =>
      (await (await anonymous.get(`/api/vendors/${vendor.slug}`)).json()) as PublicVendorDetail;
    const initials = (await profileOf()).profile_image_url;

    const first = await uploaded(vendor.owner, await pngOf(300, 200), { kind: 'profile', name: 'p.png' });
    expect(first.status).toBe('pending');
    const firstUrl = first.urls['192w']!;
    expect((await anonymous.get(firstUrl)).status).toBe(404);
    expect(await profileOf()).toMatchObject({ profile_photo: null, profile_image_url: initials });
    // Its owner sees it waiting, through the API.
    const own = (await (await vendor.owner.get('/api/vendor/photos')).json()) as { items: VendorPhoto[] };
    const waiting = own.items.find((p) => p.id === first.id)!;
    expect(waiting.status).toBe('pending');
    const privateUrl = `/api/vendor/photos/${first.id}/${firstUrl.split('/').at(-1)}`;
    expect((await vendor.owner.get(privateUrl)).status).toBe(200);
    expect((await anonymous.get(privateUrl)).status).toBe(401);

    const queue = (await (await admin.get('/api/admin/photos/pending')).json()) as {
      items: { id: string }[];
    };
    expect(queue.items.map((p) => p.id)).toContain(first.id);
    expect((await admin.post(`/api/admin/photos/${first.id}/review`, { decision: 'approve' })).status).toBe(
      200,
    );
    expect((await anonymous.get(firstUrl)).status).toBe(200);
    const approved = await profileOf();
    expect(approved.profile_photo?.variants.map((v) => v.width)).toEqual([96, 192]);
    expect(approved.profile_photo).toMatchObject({ width: 300, height: 200 });
    expect(approved.profile_image_url).toBe(firstUrl);
    // Deciding twice is a conflict.
    const twice = await admin.post(`/api/admin/photos/${first.id}/review`, { decision: 'approve' });
    expect([twice.status, (await errorOf(twice)).reason]).toEqual([409, 'photo_decided_by_other']);

    const second = await uploaded(vendor.owner, await pngOf(200, 200), { kind: 'profile', name: 'q.png' });
    expect((await profileOf()).profile_image_url).toBe(firstUrl);
    expect((await admin.post(`/api/admin/photos/${second.id}/review`, { decision: 'approve' })).status).toBe(
      200,
    );
    expect((await profileOf()).profile_image_url).toBe(second.urls['192w']);
    expect((await anonymous.get(firstUrl)).status).toBe(404);
    const left = await world.db
      .select({ id: vendorPhotos.id })
      .from(vendorPhotos)
      .where(eq(vendorPhotos.id, first.id));
    expect(left).toEqual([]);
  });

  it('an admin removes a photo with a reason: gone from the public, the vendor told by mail', async () => {
    const vendor = await newVendor('submitted', admin);
    const photo = await uploaded(vendor.owner, await pngOf(64, 64), { name: 'r.png' });
    const url = Object.values(photo.urls)[0]!;
    expect((await anonymous.get(url)).status).toBe(200);
    const missingReason = await admin.post(`/api/admin/photos/${photo.id}/review`, { decision: 'remove' });
    expect(missingReason.status).toBe(400);
    const res = await admin.post(`/api/admin/photos/${photo.id}/review`, {
      decision: 'remove',
      message: 'La foto muestra datos de un cliente.',
    });
    expect(res.status).toBe(200);
    expect((await anonymous.get(url)).status).toBe(404);
    const own = (await (await vendor.owner.get('/api/vendor/photos')).json()) as { items: VendorPhoto[] };
    expect(own.items.find((p) => p.id === photo.id)).toMatchObject({
      status: 'removed',
      removal_reason: 'La foto muestra datos de un cliente.',
      variants: [],
    });
    const mails = await world.db
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(eq(outbox.kind, 'mail'));
    expect(mails.map((m) => m.payload)).toContainEqual(
      expect.objectContaining({
        to: vendor.email,
        text: expect.stringContaining('La foto muestra datos de un cliente.'),
      }),
    );
  });

  it('keeps at most 12 portfolio photos; edits, orders and deletes only its own', async () => {
    const vendor = await newVendor('submitted', admin);
    const other = await newVendor('submitted', admin);
    const small = await pngOf(8, 8);
    const ids: string[] = [];
    for (let i = 0; i < PORTFOLIO_MAX_PHOTOS; i++) ids.push((await uploaded(vendor.owner, small)).id);
    const full = await upload(vendor.owner, small);
    expect([full.status, (await errorOf(full)).reason]).toEqual([409, 'portfolio_full']);

    // PATCH: exactly the fields named; a service of another vendor is unknown.
    const patched = await vendor.owner.patch(`/api/vendor/photos/${ids[0]}`, { alt: 'Antes y después' });
    expect(await patched.json()).toMatchObject({ alt: 'Antes y después', service_id: null });
    const tied = await vendor.owner.patch(`/api/vendor/photos/${ids[0]}`, { service_id: vendor.service.id });
    expect(await tied.json()).toMatchObject({ alt: 'Antes y después', service_id: vendor.service.id });
    const foreign = await vendor.owner.patch(`/api/vendor/photos/${ids[0]}`, {
      service_id: other.service.id,
    });
    expect([foreign.status, (await errorOf(foreign)).reason]).toEqual([404, 'photo_service_unknown']);
    expect((await other.owner.patch(`/api/vendor/photos/${ids[0]}`, { alt: 'mía' })).status).toBe(404);
    expect((await other.owner.request(`/api/vendor/photos/${ids[0]}`, { method: 'DELETE' })).status).toBe(
      404,
    );

    // PUT order: all of them, each once.
    const reversed = ids.toReversed();
    const ordered = await vendor.owner.put('/api/vendor/photos/order', { ids: reversed });
    expect(ordered.status).toBe(200);
    const items = ((await ordered.json()) as { items: VendorPhoto[] }).items;
    expect(items.map((p) => p.id)).toEqual(reversed);
    const partial = await vendor.owner.put('/api/vendor/photos/order', { ids: reversed.slice(1) });
    expect([partial.status, (await errorOf(partial)).reason]).toEqual([400, 'photo_order_incomplete']);

    const gone = await vendor.owner.request(`/api/vendor/photos/${ids[0]}`, { method: 'DELETE' });
    expect(gone.status).toBe(200);
    expect((await upload(vendor.owner, small)).status).toBe(201);
  });
});

describe(`vendor photos in S3-compatible storage (${testEngine})`, () => {
  let s3: FakeS3;
  let world: SeededApp;
  let newVendor: ReturnType<typeof vendorWorld>;
  beforeAll(async () => {
    s3 = await startFakeS3();
    world = await createSeededApp({
      vendors: 1,
      clock: fixedClock(NOW),
      // Rate limits on here (the default): the upload limit has its own test below.
      env: { APP_URL, ...s3.env },
    });
    newVendor = vendorWorld(world);
  });
  afterAll(async () => {
    await world?.close();
    await s3?.close();
  });

  it('puts the variants in the bucket, serves them from it, and deletes them with the photo', async () => {
    const admin = await world.signedIn('admin');
    const vendor = await newVendor('submitted', admin);
    const photo = await uploaded(vendor.owner, await pngOf(600, 200), { kind: 'cover', name: 'c.png' });
    const keys = [...s3.objects.keys()].filter((key) => key.startsWith(`photos/${photo.id}/`));
    // Two WebP widths (480, and 600: no wider than the original) and the link preview's JPEG.
    expect(keys).toHaveLength(3);
    expect((await world.db.select().from(mediaObjects)).length).toBe(0);

    const res = await world.client().get(photo.urls['480w']!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(480);
    expect(Object.keys(photo.urls)).toEqual(['480w', '600w']);

    expect((await vendor.owner.request(`/api/vendor/photos/${photo.id}`, { method: 'DELETE' })).status).toBe(
      200,
    );
    expect([...s3.objects.keys()].filter((key) => key.startsWith(`photos/${photo.id}/`))).toEqual([]);
    expect(s3.refused).toEqual([]);
  });

  it("limits uploads per account: past the hour's budget, 429 before the bytes are read", async () => {
    const admin = await world.signedIn('admin');
    const vendor = await newVendor('submitted', admin);
    const text = Buffer.from('not a photo');
    for (let i = 0; i < photoUploadRateLimit.max; i++)
      expect((await upload(vendor.owner, text)).status).toBe(415);
    const refused = await upload(vendor.owner, await pngOf(8, 8));
    expect([refused.status, (await errorOf(refused)).code]).toEqual([429, 'rate_limited']);
    const own = (await (await vendor.owner.get('/api/vendor/photos')).json()) as { items: VendorPhoto[] };
    expect(own.items).toEqual([]);
  });
});
