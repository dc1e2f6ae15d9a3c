import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import {
  PHOTO_MAX_BYTES,
  photoIdParamSchema,
  photoOrderSchema,
  photoPatchSchema,
  photoReviewSchema,
  photoUploadFieldsSchema,
} from '../../../shared/vendor-photos.ts';
import type { AppEnv } from '../../app-env.ts';
import { requireAdmin, requireVendor } from '../../auth/guards.ts';
import { requireMultipart } from '../../auth/json-bodies.ts';
import { requireSameOrigin } from '../../auth/same-origin.ts';
import type { Db } from '../../db/client.ts';
import type { MediaStorage } from '../../integrations/media-storage/media-storage.ts';
import { AppError } from '../../lib/app-error.ts';
import { consumeRateLimit } from '../../lib/rate-limit.ts';
import { validate } from '../../lib/validate.ts';
import {
  deletePhoto,
  listOwnPhotos,
  listPendingPhotos,
  photoVariantOf,
  reorderPhotos,
  reviewPhoto,
  updatePhoto,
  uploadPhoto,
} from './vendor-photos.service.ts';

/** The upload's body limit: the photo and the few form fields around it (app.ts counts it as read). */
export const PHOTO_BODY_LIMIT_BYTES = PHOTO_MAX_BYTES + 64 * 1024;

/** Uploads per account (ARCHITECTURE §10): each one is decoded and encoded several times. */
export const photoUploadRateLimit = { max: 30, windowMs: 60 * 60_000 } as const;

const limitUploads = createMiddleware<AppEnv>(async (c, next) => {
  const { db, clock, config } = c.var.deps;
  const user = c.var.user;
  if (config.rateLimits && user)
    await consumeRateLimit({
      db,
      key: `vendor.photos:${user.id}`,
      max: photoUploadRateLimit.max,
      windowMs: photoUploadRateLimit.windowMs,
      now: clock.now(),
      message: 'Too many photo uploads. Please wait an hour and try again.',
      details: { per: 'account', retryAfterMinutes: photoUploadRateLimit.windowMs / 60_000 },
    });
  await next();
});

const uploadFormSchema = photoUploadFieldsSchema.extend({
  file: z.instanceof(File, { message: 'Attach the photo as `file`.' }),
});

const variantParamSchema = photoIdParamSchema.extend({
  file: z.string().regex(/^[A-Za-z0-9_-]{43}\.(webp|jpg)$/),
});

/**
 * A variant's bytes for its owner (`owner`, the vendor's id) or an admin (undefined), whatever its
 * status: the dashboard shows a photo waiting for review. Never cached on the way (/api is no-store).
 */
async function privateVariant(
  db: Db,
  media: MediaStorage,
  { id, file }: { id: string; file: string },
  owner: string | undefined,
) {
  const key = `photos/${id}/${file}`;
  const found = await photoVariantOf(db, { photoId: id, key });
  const object =
    found && (owner === undefined || found.vendorProfileId === owner) ? await media.get(key) : undefined;
  if (!object) throw new AppError('not_found', 'No such photo.');
  return { body: object.bytes.slice().buffer, headers: { 'Content-Type': object.contentType } };
}

// ARCHITECTURE §6: /api/vendor/photos — a vendor's own photos (decision 074).
export const vendorPhotosRoutes = new Hono<AppEnv>()
  .get('/', requireVendor, async (c) => {
    return c.json({ items: await listOwnPhotos(c.var.deps.db, c.var.vendorProfileId) });
  })
  .post(
    '/',
    requireVendor,
    requireSameOrigin,
    requireMultipart,
    limitUploads,
    validate('form', uploadFormSchema),
    async (c) => {
      const { file, kind, service_id, alt } = c.req.valid('form');
      // The body limit has counted the whole form already; this is the photo's own size.
      if (file.size > PHOTO_MAX_BYTES)
        throw new AppError('payload_too_large', 'The photo is larger than 10 MB.').because('photo_too_large');
      const { db, clock, logger } = c.var.deps;
      const result = await uploadPhoto(db, {
        storage: c.var.media,
        logger,
        vendorProfileId: c.var.vendorProfileId,
        kind,
        serviceId: service_id,
        alt,
        bytes: new Uint8Array(await file.arrayBuffer()),
        now: clock.now(),
      });
      return c.json(result, 201);
    },
  )
  .put('/order', requireVendor, requireSameOrigin, validate('json', photoOrderSchema), async (c) => {
    const { ids } = c.req.valid('json');
    const items = await reorderPhotos(c.var.deps.db, {
      vendorProfileId: c.var.vendorProfileId,
      ids,
      now: c.var.deps.clock.now(),
    });
    return c.json({ items });
  })
  .patch(
    '/:id',
    requireVendor,
    requireSameOrigin,
    validate('param', photoIdParamSchema),
    validate('json', photoPatchSchema),
    async (c) => {
      return c.json(
        await updatePhoto(c.var.deps.db, {
          vendorProfileId: c.var.vendorProfileId,
          id: c.req.valid('param').id,
          input: c.req.valid('json'),
          now: c.var.deps.clock.now(),
        }),
      );
    },
  )
  .delete('/:id', requireVendor, requireSameOrigin, validate('param', photoIdParamSchema), async (c) => {
    return c.json(
      await deletePhoto(c.var.deps.db, {
        storage: c.var.media,
        logger: c.var.deps.logger,
        vendorProfileId: c.var.vendorProfileId,
        id: c.req.valid('param').id,
      }),
    );
  })
  .get('/:id/:file', requireVendor, validate('param', variantParamSchema), async (c) => {
    const { body, headers } = await privateVariant(
      c.var.deps.db,
      c.var.media,
      c.req.valid('param'),
      c.var.vendorProfileId,
    );
    return c.body(body, 200, headers);
  });

// ARCHITECTURE §6: /api/admin/photos — the photos waiting for review, and an admin's decision.
export const adminPhotosRoutes = new Hono<AppEnv>()
  .get('/photos/pending', requireAdmin, async (c) => {
    return c.json(await listPendingPhotos(c.var.deps.db));
  })
  .post(
    '/photos/:id/review',
    requireAdmin,
    requireSameOrigin,
    validate('param', photoIdParamSchema),
    validate('json', photoReviewSchema),
    async (c) => {
      const { db, clock, logger, config } = c.var.deps;
      return c.json(
        await reviewPhoto(db, {
          storage: c.var.media,
          logger,
          id: c.req.valid('param').id,
          input: c.req.valid('json'),
          now: clock.now(),
          appUrl: config.appUrl,
        }),
      );
    },
  )
  .get('/photos/:id/:file', requireAdmin, validate('param', variantParamSchema), async (c) => {
    const { body, headers } = await privateVariant(
      c.var.deps.db,
      c.var.media,
      c.req.valid('param'),
      undefined,
    );
    return c.body(body, 200, headers);
  });
