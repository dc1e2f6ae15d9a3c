import { Hono } from 'hono';
import { etag } from 'hono/etag';
import type { AppEnv } from '../../app-env.ts';
import { AppError } from '../../lib/app-error.ts';
import { renderVendorImage, renderVendorPreviewPng, type VendorImageKind } from './media.service.ts';
import { photoVariantOf } from './vendor-photos.service.ts';

// Vendors' photos (decision 074): /media/photos/<photo id>/<hash>.webp, served from the media storage.
// Locally made vendor images (ARCHITECTURE §13): /media/vendors/<slug>.svg and /media/covers/<slug>.svg, and
// /media/previews/<slug>.png, the cover as PNG for link previews (chat apps show no SVG).

const isKind = (kind: string): kind is VendorImageKind => kind === 'vendors' || kind === 'covers';
/** Slugs are [a-z0-9-]; the length limit keeps a request from asking for a megabyte of name. */
const fileName = /^([a-z0-9-]{1,80})\.svg$/;
const previewName = /^([a-z0-9-]{1,80})\.png$/;

// A day fresh, then revalidated by ETag: a renamed vendor's picture catches up within a day.
const cacheControl = 'public, max-age=86400, stale-while-revalidate=604800';

/** A photo variant's name: its bytes' SHA-256 (base64url) and its format (decision 074). */
const variantName = /^([A-Za-z0-9_-]{43})\.(webp|jpg)$/;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** The name changes with the bytes: a year, and never revalidated. */
const immutable = 'public, max-age=31536000, immutable';

export const mediaRoutes = new Hono<AppEnv>()
  .get('/photos/:id/:file', async (c) => {
    const id = c.req.param('id');
    const file = c.req.param('file');
    const hash = variantName.exec(file)?.[1];
    if (!hash || !uuidPattern.test(id)) throw new AppError('not_found', 'No such image.');
    const key = `photos/${id}/${file}`;
    // Only an approved photo is public; one waiting or removed is its owner's and the admins' (/api).
    const found = await photoVariantOf(c.var.deps.db, { photoId: id, key });
    if (!found?.approved) throw new AppError('not_found', 'No such image.');
    const etag = `"${hash}"`;
    const headers = { ETag: etag, 'Cache-Control': immutable };
    if (
      c.req
        .header('if-none-match')
        ?.split(/\s*,\s*/)
        .some((tag) => tag.replace(/^W\//, '') === etag)
    )
      return c.body(null, 304, headers);
    const object = await c.var.media.get(key);
    if (!object) throw new AppError('not_found', 'No such image.');
    return c.body(object.bytes.slice().buffer, 200, { ...headers, 'Content-Type': object.contentType });
  })
  .use(etag())
  .get('/:kind/:file', async (c) => {
    const kind = c.req.param('kind');
    if (kind === 'previews') {
      const slug = previewName.exec(c.req.param('file'))?.[1];
      if (!slug) throw new AppError('not_found', 'No such image.');
      const png = await renderVendorPreviewPng(c.var.deps.db, slug);
      if (!png) throw new AppError('not_found', 'No such image.');
      return c.body(png.slice().buffer, 200, { 'Content-Type': 'image/png', 'Cache-Control': cacheControl });
    }
    const slug = fileName.exec(c.req.param('file'))?.[1];
    if (!isKind(kind) || !slug) throw new AppError('not_found', 'No such image.');
    const svg = await renderVendorImage(c.var.deps.db, kind, slug);
    return c.body(svg, 200, {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Cache-Control': cacheControl,
    });
  });
