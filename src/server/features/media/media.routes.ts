import { Hono } from 'hono';
import { etag } from 'hono/etag';
import type { AppEnv } from '../../app-env.ts';
import { AppError } from '../../lib/app-error.ts';
import { renderVendorImage, type VendorImageKind } from './media.service.ts';

// Locally made vendor images (DESIGN §13): /media/vendors/<slug>.svg and /media/covers/<slug>.svg.

const isKind = (kind: string): kind is VendorImageKind => kind === 'vendors' || kind === 'covers';
/** Slugs are [a-z0-9-]; the length limit keeps a request from asking for a megabyte of name. */
const fileName = /^([a-z0-9-]{1,80})\.svg$/;

export const mediaRoutes = new Hono<AppEnv>().use(etag()).get('/:kind/:file', async (c) => {
  const kind = c.req.param('kind');
  const slug = fileName.exec(c.req.param('file'))?.[1];
  if (!isKind(kind) || !slug) throw new AppError('not_found', 'No such image.');
  const svg = await renderVendorImage(c.var.deps.db, kind, slug);
  return c.body(svg, 200, {
    'Content-Type': 'image/svg+xml; charset=utf-8',
    // A day fresh, then revalidated by ETag: a renamed vendor's initials catch up within a day.
    'Cache-Control': 'public, max-age=86400, stale-while-revalidate=604800',
  });
});
