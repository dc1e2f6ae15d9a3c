import { createHash } from 'node:crypto';
import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp';
import {
  PHOTO_MAX_PIXELS,
  type PhotoKind,
  photoFormats,
  photoVariantWidths,
} from '../../../shared/vendor-photos.ts';
import { AppError } from '../../lib/app-error.ts';
import { createHeicDecoder, HeicDecodeError, type HeicDecoder } from './heic-decoder.ts';

// Decision 074: an upload is read by its bytes, never its name or Content-Type; decoded once under a
// pixel limit; oriented; stripped of every metadata (EXIF, GPS, XMP, ICC: sharp keeps none unless asked);
// and written as WebP variants of the widths the pages use, plus a JPEG link preview for a cover.
// Decision 082: a HEIC is decoded in a worker thread (heic-decoder.ts) and its pixels, already
// oriented and without any of the file's metadata, go through the same sharp pipeline.

/** What the first bytes say a file is; undefined for anything that is not one of these images. */
export type SniffedType = 'jpeg' | 'png' | 'webp' | 'heic';

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) =>
  signature.every((byte, i) => bytes[at + i] === byte);
const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

/** The HEIF brands of HEVC-coded images (a phone's HEIC). */
const heicBrands = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs']);
/** HEIF without naming its codec; with an AVIF brand it is AVIF, which we do not take. */
const heifBrands = new Set(['mif1', 'msf1']);
const avifBrands = new Set(['avif', 'avis']);

export function sniffImageType(bytes: Uint8Array): SniffedType | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  // ISO BMFF: a box size, then `ftyp`, the major brand and the compatible brands.
  if (bytes.length >= 16 && ascii(bytes, 4, 8) === 'ftyp') {
    const boxEnd = Math.min(bytes.length, new DataView(bytes.buffer, bytes.byteOffset).getUint32(0));
    const brands = [ascii(bytes, 8, 12)];
    for (let at = 16; at + 4 <= boxEnd; at += 4) brands.push(ascii(bytes, at, at + 4));
    if (brands.some((brand) => heicBrands.has(brand))) return 'heic';
    // libheif decides what is inside: HEVC it decodes, anything else is refused as unreadable.
    if (brands.some((brand) => heifBrands.has(brand)) && !brands.some((brand) => avifBrands.has(brand)))
      return 'heic';
  }
  return undefined;
}

export interface ProcessedVariant {
  width: number;
  height: number;
  format: 'webp' | 'jpeg';
  bytes: Uint8Array;
  /** The bytes' SHA-256, base64url: the variant's name (content-addressed) and its ETag. */
  hash: string;
}

export interface ProcessedPhoto {
  /** The oriented original's size. */
  width: number;
  height: number;
  /** The WebP variants, narrowest first. */
  variants: ProcessedVariant[];
  /** A cover's link preview, 1200×630 JPEG (chat apps do not all show WebP). */
  preview?: ProcessedVariant;
}

/** The link preview's size (the Open Graph 1.91:1), as the initials art's (media.service.ts). */
export const PREVIEW_SIZE = { width: 1200, height: 630 } as const;
/** The one decode is made this small before the variants are cut from it. */
const WORKING_SIZE = 1600;
const WEBP_QUALITY = 80;

export const hashOf = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('base64url');

const notAnImage = () =>
  new AppError(
    'unsupported_media_type',
    'This file is not a photo we can take: send a JPEG, PNG, WebP or HEIC image.',
  ).because('photo_not_image');
const busy = () =>
  new AppError(
    'unavailable',
    'Many photos are being processed right now: try this one again in a minute.',
  ).because('photo_busy');
const corrupt = () =>
  new AppError('unprocessable', 'The image is damaged and cannot be read.').because('photo_corrupt');
const tooManyPixels = () =>
  new AppError(
    'unprocessable',
    `The image has too many pixels (at most ${PHOTO_MAX_PIXELS / 1_000_000} million).`,
  ).because('photo_too_many_pixels');

/**
 * The photo's variants for its kind, or an AppError: 415 for what is not a JPEG, PNG, WebP or HEIC, 422
 * for a damaged image or one of more than PHOTO_MAX_PIXELS, 503 when the HEIC decoder is busy.
 */
export async function processPhoto(
  bytes: Uint8Array,
  kind: PhotoKind,
  { heic = heicDecoder }: { heic?: HeicDecoder } = {},
): Promise<ProcessedPhoto> {
  const sniffed = sniffImageType(bytes);
  if (!sniffed) throw notAnImage();
  const { width, height, working } =
    sniffed === 'heic' ? await workingFromHeic(bytes, heic) : await workingFromSharp(bytes, sniffed);
  const raw = { raw: { width: working.info.width, height: working.info.height, channels: 4 as const } };
  const from = () => sharp(working.data, raw);

  const variants: ProcessedVariant[] = [];
  for (const target of photoVariantWidths[kind]) {
    const image =
      kind === 'profile'
        ? from().resize({ width: target, height: target, fit: 'cover', withoutEnlargement: true })
        : from().resize({ width: target, withoutEnlargement: true });
    const out = await image.webp({ quality: WEBP_QUALITY }).toBuffer({ resolveWithObject: true });
    // A small original makes the wider variants the same size as a narrower one: kept once.
    if (variants.some((v) => v.width === out.info.width)) continue;
    variants.push(variant(out, 'webp'));
  }
  const preview =
    kind === 'cover'
      ? variant(
          await from()
            .resize({ ...PREVIEW_SIZE, fit: 'cover' })
            .flatten({ background: '#ffffff' })
            .jpeg({ quality: 82, mozjpeg: true })
            .toBuffer({ resolveWithObject: true }),
          'jpeg',
        )
      : undefined;
  return { width, height, variants, ...(preview ? { preview } : {}) };
}

/** The one decode (sharp's): oriented by EXIF, limited to PHOTO_MAX_PIXELS, made WORKING_SIZE at most. */
async function workingFromSharp(bytes: Uint8Array, sniffed: Exclude<SniffedType, 'heic'>): Promise<Working> {
  // failOn 'error': a truncated or broken image fails; a harmless warning (some phones' JPEGs) does not.
  const options = { failOn: 'error', limitInputPixels: PHOTO_MAX_PIXELS, autoOrient: true } as const;
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw corrupt();
  }
  // The decoder must agree with the signature: a PNG header on something else is no PNG.
  if (metadata.format !== sniffed || !(photoFormats as readonly string[]).includes(metadata.format))
    throw corrupt();
  if (!metadata.width || !metadata.height) throw corrupt();
  // Before any pixel is decoded: a small file may declare a canvas of gigabytes.
  if (metadata.width * metadata.height > PHOTO_MAX_PIXELS) throw tooManyPixels();
  let working: Working['working'];
  try {
    working = await shrink(sharp(bytes, options));
  } catch {
    throw corrupt();
  }
  const { width, height } = metadata.autoOrient ?? { width: metadata.width, height: metadata.height };
  return { width, height, working };
}

/** The one decode of a HEIC: in a worker (its header's pixel count first), then the same shrinking. */
async function workingFromHeic(bytes: Uint8Array, heic: HeicDecoder): Promise<Working> {
  let decoded: Awaited<ReturnType<HeicDecoder['decode']>>;
  try {
    decoded = await heic.decode(bytes);
  } catch (error) {
    if (!(error instanceof HeicDecodeError)) throw error;
    if (error.refusal === 'too_many_pixels') throw tooManyPixels();
    if (error.refusal === 'corrupt') throw corrupt();
    throw busy();
  }
  const { width, height, data } = decoded;
  // Raw pixels carry no metadata: the file's EXIF (GPS included) never left the worker, and its
  // orientation was applied there from the HEIF properties.
  const working = await shrink(sharp(data, { raw: { width, height, channels: 4 } }));
  return { width, height, working };
}

interface Working {
  /** The oriented original's size. */
  width: number;
  height: number;
  /** RGBA at most WORKING_SIZE on a side, the variants' one source. */
  working: { data: Buffer; info: OutputInfo };
}

const shrink = (image: Sharp) =>
  image
    .resize({ width: WORKING_SIZE, height: WORKING_SIZE, fit: 'inside', withoutEnlargement: true })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });

/** One decoder for the process: its limits are the machine's (heic-decoder.ts). */
const heicDecoder = createHeicDecoder();

function variant(out: { data: Buffer; info: OutputInfo }, format: 'webp' | 'jpeg'): ProcessedVariant {
  const bytes = new Uint8Array(out.data.buffer, out.data.byteOffset, out.data.byteLength);
  return { width: out.info.width, height: out.info.height, format, bytes, hash: hashOf(bytes) };
}
