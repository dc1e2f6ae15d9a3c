import { readFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

// Tiny images made in the test, by sharp or by hand, for the photo uploads (decision 074).

/** A JPEG of `width`×`height` carrying EXIF with GPS coordinates and the given orientation. */
export async function jpegWithGps({
  width = 48,
  height = 24,
  orientation = 1,
}: {
  width?: number;
  height?: number;
  orientation?: number;
} = {}): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#b4532a' } })
    .withExif({
      IFD0: { Make: 'Barrio Test Phone' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '19/1 24/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '99/1 9/1 0/1',
      },
    })
    .withMetadata({ orientation })
    .jpeg()
    .toBuffer();
}

/** Whether EXIF (little-endian, as sharp writes it) points to a GPS IFD: tag 0x8825, GPSInfo. */
export const hasGpsIfd = (exif: Buffer | undefined) => exif?.includes(Buffer.from([0x25, 0x88])) ?? false;

export const pngOf = (width = 40, height = 40) =>
  sharp({ create: { width, height, channels: 4, background: { r: 20, g: 120, b: 90, alpha: 0.5 } } })
    .png()
    .toBuffer();

export const webpOf = (width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: '#225588' } })
    .webp()
    .toBuffer();

export const gifOf = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#000000' } })
    .gif()
    .toBuffer();

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb's header: a valid PNG that declares `width`×`height` pixels in a few dozen
 * bytes (its one row of data would not fill it; the header is what a decoder trusts first).
 */
export function pngDeclaring(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(width + 1))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A phone's HEIC (src/server/features/media/fixtures/README.md): HEVC, 64×32 stored and turned a
 * quarter right by its `irot` (shown 32×64, red on top, blue below), with EXIF naming the phone
 * "Barrio Test Phone", GPS coordinates, and the orientation 6 that says the same turn again.
 */
export const heicPhoto = () =>
  readFileSync(new URL('../features/media/fixtures/phone.heic', import.meta.url));

/**
 * A decompression bomb's header: the phone's HEIC with every `ispe` (the images' declared size)
 * saying `width`×`height`; its data still holds 64×32 pixels.
 */
export function heicDeclaring(width: number, height: number): Buffer {
  const bytes = heicPhoto();
  let patched = 0;
  for (let at = bytes.indexOf('ispe'); at >= 0; at = bytes.indexOf('ispe', at + 4)) {
    // The box's type, then version and flags (4 bytes), then the width and the height.
    bytes.writeUInt32BE(width, at + 8);
    bytes.writeUInt32BE(height, at + 12);
    patched++;
  }
  if (patched === 0) throw new Error('the fixture has no ispe box');
  return bytes;
}

/** The first bytes of an iPhone's HEIC: an ISO BMFF `ftyp` box of brand heic (nothing after it). */
export function heicHeader(): Buffer {
  const box = Buffer.alloc(24);
  box.writeUInt32BE(24, 0);
  box.write('ftypheic', 4, 'ascii');
  box.writeUInt32BE(0, 12);
  box.write('mif1heic', 16, 'ascii');
  return box;
}
