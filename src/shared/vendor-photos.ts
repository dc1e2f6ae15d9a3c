import { z } from 'zod';
import { updateSchemaOf } from './update-schema.ts';

// A vendor's photos (decision 074): a profile photo, a cover and up to 12 portfolio photos, each
// stored as resized WebP variants under content-addressed /media/photos/ URLs.

export const photoKinds = ['profile', 'cover', 'portfolio'] as const;
export type PhotoKind = (typeof photoKinds)[number];

/** pending: waits for an admin (an approved vendor's new photo); removed: an admin took it down. */
export const photoStatuses = ['pending', 'approved', 'removed'] as const;
export type PhotoStatus = (typeof photoStatuses)[number];

/** The largest upload, in bytes, counted as the body is read (decision 074). */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** The most pixels a photo may have: a 48-megapixel phone photo passes, a decompression bomb not. */
export const PHOTO_MAX_PIXELS = 50_000_000;
export const PORTFOLIO_MAX_PHOTOS = 12;
export const PHOTO_ALT_MAX = 200;
/** The formats taken, as the decoder names them; anything else is 415. */
export const photoFormats = ['jpeg', 'png', 'webp'] as const;

/**
 * The widths of each kind's variants (decision 074), from the pages that show them at 1x and 2x: the
 * avatar is 56–96 CSS px square, the cover and the gallery at most 448 CSS px wide (the layout's
 * max-w-md), the dashboard's grid thumbnails about 120.
 */
export const photoVariantWidths = {
  profile: [96, 192],
  cover: [480, 960],
  portfolio: [240, 480, 960],
} as const satisfies Record<PhotoKind, readonly number[]>;

/** One stored variant of a photo, as the API answers it: its URL and its size in pixels. */
export interface PhotoVariant {
  url: string;
  width: number;
  height: number;
}

/** A vendor's photo as its owner and admins see it. */
export interface VendorPhoto {
  id: string;
  kind: PhotoKind;
  status: PhotoStatus;
  service_id: string | null;
  alt: string | null;
  position: number;
  /** The variants, narrowest first (for srcset). */
  variants: PhotoVariant[];
  /** Why an admin removed it (the vendor reads it), else null. */
  removal_reason: string | null;
  created_at: string;
}

/** What POST /api/vendor/photos answers: the new photo's id, status and variant URLs by width. */
export interface PhotoUploadResponse {
  id: string;
  status: PhotoStatus;
  urls: Record<string, string>;
}

/** A photo as the public sees it: approved only, with what srcset and the img's size need. */
export interface PublicPhoto {
  id: string;
  alt: string | null;
  service_id: string | null;
  width: number;
  height: number;
  variants: PhotoVariant[];
  /** A cover's link preview, 1200×630 JPEG; null for the other kinds. */
  preview: PhotoVariant | null;
}

export interface PublicPhotos {
  profile: PublicPhoto | null;
  cover: PublicPhoto | null;
  portfolio: PublicPhoto[];
}

/** A multipart form's text fields arrive as strings; an empty one counts as not given. */
const formText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const altSchema = z.string().trim().max(PHOTO_ALT_MAX);

/** POST /api/vendor/photos's fields besides `file` (read from the multipart form). */
export const photoUploadFieldsSchema = z.object({
  kind: z.enum(photoKinds),
  service_id: formText(z.uuid()),
  alt: formText(altSchema),
});

const photoPatchFields = z.object({
  alt: altSchema.nullable().optional(),
  service_id: z.uuid().nullable().optional(),
});
export const photoPatchSchema = updateSchemaOf(photoPatchFields).strict();
export type PhotoPatchInput = z.input<typeof photoPatchSchema>;

export const photoIdParamSchema = z.object({ id: z.uuid() });

/** PUT /api/vendor/photos/order: every portfolio photo of the vendor, in the new order. */
export const photoOrderSchema = z
  .object({ ids: z.array(z.uuid()).max(PORTFOLIO_MAX_PHOTOS) })
  .strict()
  .refine(({ ids }) => new Set(ids).size === ids.length, { message: 'Each photo once.', path: ['ids'] });

/** An admin's word on a photo: approve it, or remove it with the reason the vendor reads. */
export const photoReviewSchema = z
  .object({
    decision: z.enum(['approve', 'remove']),
    message: z.string().trim().min(1, 'Write the reason for the vendor.').max(1000).optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.decision === 'remove' && value.message === undefined)
      ctx.addIssue({ code: 'custom', path: ['message'], message: 'Write the reason for the vendor.' });
    if (value.decision === 'approve' && value.message !== undefined)
      ctx.addIssue({ code: 'custom', path: ['message'], message: 'An approval takes no message.' });
  });
export type PhotoReviewInput = z.output<typeof photoReviewSchema>;
