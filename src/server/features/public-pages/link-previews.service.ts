import { categoryLabel, isCategoryKey } from '../../../shared/categories.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { previewSize } from '../media/media.service.ts';
import { getPublicVendor } from '../vendors/vendors.service.ts';

/** What a shared link shows in a chat or a feed (Open Graph / Twitter card), before any escaping. */
export interface LinkPreview {
  title: string;
  description: string;
  /** Absolute, from APP_URL (never from the Host header). */
  url: string;
  image?: { url: string; alt: string; type?: string; width?: number; height?: number };
  /** The profile's cover, its largest picture: fetched with the page rather than after the code. */
  preloadImage?: string;
  type: 'website' | 'profile';
  /** 404 for a vendor that does not exist: crawlers should not index the not-found screen. */
  status: 200 | 404;
}

const siteName = 'Barrio';
const directoryDescription =
  'Browse trusted local services in Mexico City: cleaning, fitness, wellness, beauty, tutoring, pets and cooking.';
const maxDescription = 200;

/** Long bios make poor previews: the first ~200 characters, cut at a word. */
function shorten(text: string, max = maxDescription): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s.,;:]+$/, '')}…`;
}

/**
 * The preview for a public page the server can describe: /public/vendor/{idOrSlug} and
 * /public/all-vendors (link previews are read by crawlers that run no JavaScript). Undefined for
 * any other path, which keeps the plain index.html.
 */
export async function findLinkPreview(
  db: Db,
  { pathname, searchParams, appUrl }: { pathname: string; searchParams: URLSearchParams; appUrl: string },
): Promise<LinkPreview | undefined> {
  const absolute = (path: string) => new URL(path, `${appUrl}/`).toString();

  if (pathname === '/public/all-vendors' || pathname === '/public/all-vendors/') {
    const category = searchParams.get('category')?.toLowerCase() ?? '';
    const known = isCategoryKey(category);
    return {
      title: known ? `${categoryLabel(category, 'en')} vendors · ${siteName}` : `All Vendors · ${siteName}`,
      description: directoryDescription,
      url: absolute(known ? `/public/all-vendors?category=${category}` : '/public/all-vendors'),
      type: 'website',
      status: 200,
    };
  }

  const match = /^\/public\/vendor\/([^/]+)\/?$/.exec(pathname);
  if (!match) return undefined;
  let idOrSlug: string;
  try {
    idOrSlug = decodeURIComponent(match[1]!).trim().toLowerCase();
  } catch {
    idOrSlug = '';
  }
  try {
    if (!idOrSlug || idOrSlug.length > 200) throw new AppError('not_found', 'Vendor not found.');
    const vendor = await getPublicVendor(db, { idOrSlug });
    const area = vendor.service_areas[0];
    const category = categoryLabel(vendor.service_category, 'en');
    const where = area ? `${category} in ${area}, Mexico City` : `${category} in Mexico City`;
    return {
      title: `${vendor.business_name} · ${where} · ${siteName}`,
      description: shorten(
        vendor.bio?.trim() ? vendor.bio : `${where}. See services and prices on ${siteName}.`,
      ),
      url: absolute(`/public/vendor/${vendor.slug}`),
      // Our own pictures are SVG, which chat apps do not show: the preview gets the cover as PNG.
      image: vendor.profile_image_url?.startsWith('/media/')
        ? {
            url: absolute(`/media/previews/${vendor.slug}.png`),
            alt: `${vendor.business_name}, ${category}`,
            type: 'image/png',
            ...previewSize,
          }
        : vendor.profile_image_url
          ? { url: absolute(vendor.profile_image_url), alt: `Photo of ${vendor.business_name}` }
          : undefined,
      // As the page will ask for it (a relative URL), so that the browser reuses the preload.
      preloadImage: vendor.cover_image_url ?? undefined,
      type: 'profile',
      status: 200,
    };
  } catch (err) {
    if (!(err instanceof AppError && err.code === 'not_found')) throw err;
    return {
      title: `Vendor Not Found · ${siteName}`,
      description: 'This vendor does not exist or is no longer listed on Barrio.',
      url: absolute(pathname),
      type: 'website',
      status: 404,
    };
  }
}
