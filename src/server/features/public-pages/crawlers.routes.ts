import { asc } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import type { Db } from '../../db/client.ts';
import { vendorProfiles } from '../../db/schema/vendors.ts';
import { publiclyListed } from '../vendors/vendors.service.ts';

// What crawlers read beside the pages: robots.txt naming the sitemap, the sitemap of the public
// pages, and the short vendor address answered with a redirect the server gives (a crawler runs no
// client router). Every URL is built from APP_URL, never from the Host header.

/** The sitemap protocol's limit for one file (sitemaps.org); past it, the newest are left out. */
const SITEMAP_MAX_URLS = 50_000;

/** The public pages every visitor can reach, besides each approved vendor's profile. */
const sitePages = [
  '/',
  '/vendors',
  '/public/all-vendors',
  '/vendor-signup',
  '/policies/cancellation',
  '/policies/terms',
  '/policies/privacy',
];

const xmlText = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

/** sitemaps.org XML: the site's pages, then every approved vendor's public profile. */
export async function sitemapXml(db: Db, appUrl: string): Promise<string> {
  const vendors = await db
    .select({ slug: vendorProfiles.slug, updatedAt: vendorProfiles.updatedAt })
    .from(vendorProfiles)
    .where(publiclyListed)
    .orderBy(asc(vendorProfiles.createdAt), asc(vendorProfiles.id))
    .limit(SITEMAP_MAX_URLS - sitePages.length);
  const absolute = (path: string) => new URL(path, `${appUrl}/`).toString();
  const entry = (loc: string, lastmod?: Date) =>
    `  <url><loc>${xmlText(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...sitePages.map((path) => entry(absolute(path))),
    ...vendors.map((v) => entry(absolute(`/public/vendor/${encodeURIComponent(v.slug)}`), v.updatedAt)),
    '</urlset>',
    '',
  ].join('\n');
}

export function robotsTxt(appUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    '',
    `Sitemap: ${new URL('/sitemap.xml', `${appUrl}/`)}`,
    '',
  ].join('\n');
}

/** The addresses under /vendor/ that are the vendor's own screens, not a vendor's name. */
const vendorScreens = new Set(['auth', 'dashboard']);

export const crawlerRoutes = new Hono<AppEnv>()
  .get('/robots.txt', (c) =>
    c.text(robotsTxt(c.var.deps.config.appUrl), 200, { 'Cache-Control': 'public, max-age=3600' }),
  )
  .get('/sitemap.xml', async (c) =>
    c.body(await sitemapXml(c.var.deps.db, c.var.deps.config.appUrl), 200, {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    }),
  )
  // /vendor/{idOrSlug}: the page about a vendor is its public profile (product §2), here by a
  // permanent redirect, so that a shared link and a crawler land on the one canonical address.
  .get('/vendor/:idOrSlug', async (c, next) => {
    const idOrSlug = c.req.param('idOrSlug');
    if (vendorScreens.has(idOrSlug)) return next();
    const url = new URL(c.req.url);
    const target = new URL(
      `/public/vendor/${encodeURIComponent(idOrSlug)}${url.search}`,
      `${c.var.deps.config.appUrl}/`,
    );
    // A path, not the absolute URL: the visitor stays on the origin it came by.
    return c.redirect(`${target.pathname}${target.search}`, 301);
  });
