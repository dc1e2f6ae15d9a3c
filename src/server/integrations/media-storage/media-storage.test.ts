import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../config.ts';
import { type FakeS3, startFakeS3 } from '../../test/fake-s3.ts';
import { createTestDatabase, type TestDatabase, testEngine } from '../../test/test-db.ts';
import { createMediaStorage } from './create-media-storage.ts';
import type { MediaStorage } from './media-storage.ts';
import { createS3Storage } from './s3-storage.ts';

// One contract for every adapter of the media storage (decision 075): what is put comes back byte for
// byte with its type and a strong ETag, a missing key is undefined, a delete of a missing key is no
// error. The S3 adapter runs through the real AWS SDK against a local S3-compatible fake.

let database: TestDatabase;
let s3: FakeS3;
beforeAll(async () => {
  database = await createTestDatabase();
  s3 = await startFakeS3();
});
afterAll(async () => {
  await s3?.close();
  await database?.close();
});

const configOf = (env: Record<string, string>) =>
  parseConfig({ NODE_ENV: 'test', PGLITE_DIR: 'memory://', AUTH_SECRET: 'x'.repeat(32), ...env });

const adapters: [string, () => MediaStorage][] = [
  [`database (${testEngine})`, () => createMediaStorage({ config: configOf({}), db: database.db })],
  ['s3 (local fake)', () => createMediaStorage({ config: configOf(s3.env), db: database.db })],
];

describe.each(adapters)('media storage: %s', (name, make) => {
  const bytes = new Uint8Array([0x52, 0x49, 0x46, 0x46, 0, 1, 2, 3, 255, 254]);
  const key = `photos/contract-${name.split(' ')[0]}/abc.webp`;

  it('is the adapter the configuration names', () => {
    expect(make().kind).toBe(name.startsWith('s3') ? 's3' : 'database');
  });

  it('gives back what was put, with its type, size and an ETag', async () => {
    const storage = make();
    await storage.put(key, { bytes, contentType: 'image/webp' });
    const object = await storage.get(key);
    expect(object).toBeDefined();
    expect([...object!.bytes]).toEqual([...bytes]);
    // Its own buffer: what a response body made of `.buffer` sends is these bytes and no more.
    expect(object!.bytes.buffer.byteLength).toBe(bytes.byteLength);
    expect(object).toMatchObject({ contentType: 'image/webp', size: bytes.byteLength });
    expect(object!.etag).toMatch(/^"[^"]+"$/);
  });

  it('answers undefined for a missing key, and deletes (a missing key too) without error', async () => {
    const storage = make();
    expect(await storage.get(`${key}.missing`)).toBeUndefined();
    await storage.delete([key, `${key}.missing`]);
    expect(await storage.get(key)).toBeUndefined();
  });
});

describe('the S3 adapter against the fake', () => {
  it('signs every request with SigV4 and the configured key, and sends the type', async () => {
    const storage = createMediaStorage({ config: configOf(s3.env), db: database.db });
    const before = s3.requests.length;
    await storage.put('photos/signed/x.webp', {
      bytes: new Uint8Array([1, 2, 3]),
      contentType: 'image/webp',
    });
    await storage.get('photos/signed/x.webp');
    await storage.delete(['photos/signed/x.webp']);
    const made = s3.requests.slice(before);
    expect(made.map((r) => [r.method, r.key])).toEqual([
      ['PUT', 'photos/signed/x.webp'],
      ['GET', 'photos/signed/x.webp'],
      ['DELETE', 'photos/signed/x.webp'],
    ]);
    for (const request of made)
      expect(request.authorization).toMatch(new RegExp(`^AWS4-HMAC-SHA256 Credential=${s3.accessKeyId}/`));
    expect(made[0]).toMatchObject({ contentType: 'image/webp', size: 3 });
    expect(s3.refused).toEqual([]);
  });

  it('fails when the secret is wrong: the fake recomputes the signature', async () => {
    const storage = createS3Storage({
      bucket: s3.bucket,
      region: s3.region,
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: 'not-the-secret' },
    });
    await expect(
      storage.put('photos/wrong/x.webp', { bytes: new Uint8Array([1]), contentType: 'image/webp' }),
    ).rejects.toThrow();
    expect(s3.refused.at(-1)).toMatchObject({ method: 'PUT', code: 'SignatureDoesNotMatch' });
    expect(s3.objects.has('photos/wrong/x.webp')).toBe(false);
  });
});
