import { Hono } from 'hono';
import { etag } from 'hono/etag';
import type { AppEnv } from '../../app-env.ts';
import { AppError } from '../../lib/app-error.ts';
import { renderVendorImage, renderVendorPreviewPng, type VendorImageKind } from './media.service.ts';

// Locally made vendor images (ARCHITECTURE §13): /media/vendors/<slug>.svg and /media/covers/<slug>.svg, and
// /media/previews/<slug>.png, the cover as PNG for link previews (chat apps show no SVG).

const isKind = (kind: string): kind is VendorImageKind => kind === 'vendors' || kind === 'covers';
/** Slugs are [a-z0-9-]; the length limit keeps a request from asking for a megabyte of name. */
const fileName = /^([a-z0-9-]{1,80})\.svg$/;
const previewName = /^([a-z0-9-]{1,80})\.png$/;

// A day fresh, then revalidated by ETag: a renamed vendor's picture catches up within a day.
const cacheControl = 'public, max-age=86400, stale-while-revalidate=604800';

export const mediaRoutes = new Hono<AppEnv>().use(etag()).get('/:kind/:file', async (c) => {
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
