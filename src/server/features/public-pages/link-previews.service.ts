import { categoryLabel, isCategoryKey } from '../../../shared/categories.ts';
import { inLanguage, type Language } from '../../../shared/language.ts';
import type { PublicVendorDetail } from '../../../shared/vendor.schemas.ts';
import { leadPhotoOf, photoSizes, srcSetOf } from '../../../shared/vendor-photo-display.ts';
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
  /**
   * The profile's lead picture (leadPhotoOf: its first portfolio photo, else its cover), fetched
   * with the page rather than after the code: with its variants and the `sizes` the page's `<img>`
   * names, so that the browser fetches one file for both; the drawn cover art has one URL.
   */
  preloadImage?: { href: string; srcset?: string; sizes?: string };
  type: 'website' | 'profile';
  /** 404 for a vendor that does not exist: crawlers should not index the not-found screen. */
  status: 200 | 404;
  /** schema.org data about the page (a vendor's LocalBusiness), put in as JSON-LD. */
  jsonLd?: Record<string, unknown>;
}

const siteName = 'Barrio';

// A preview is in the page's language (decision 068), as the page is: its title is the browser tab's.
const directoryDescription = {
  'es-MX':
    'Explora servicios locales de confianza en la Ciudad de México: limpieza, fitness, bienestar, belleza, clases, mascotas y cocina.',
  en: 'Browse trusted local services in Mexico City: cleaning, fitness, wellness, beauty, tutoring, pets and cooking.',
} as const satisfies Record<Language, string>;
const homeDescription = {
  'es-MX':
    'Encuentra y reserva servicios locales de confianza en la Ciudad de México: limpieza, fitness, bienestar, belleza, clases, mascotas y cocina.',
  en: 'Find and book trusted local services in Mexico City: cleaning, fitness, wellness, beauty, tutoring, pets and cooking.',
} as const satisfies Record<Language, string>;

/** The pages of product §2.23, by their name in the address. */
const policyTitles: Record<string, Record<Language, string>> = {
  cancellation: { 'es-MX': 'Política de cancelación y reembolsos', en: 'Cancellation and refund policy' },
  terms: { 'es-MX': 'Términos del servicio', en: 'Terms of service' },
  privacy: { 'es-MX': 'Aviso de privacidad', en: 'Privacy notice' },
};

/** The site's own picture, a PNG chat apps show, for pages without one of their own. */
function siteImage(absolute: (path: string) => string): NonNullable<LinkPreview['image']> {
  return { url: absolute('/icons/icon-512.png'), alt: siteName, type: 'image/png', width: 512, height: 512 };
}
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
 * The preview for a public page: Home, Browse Vendors, the directory, a vendor's profile, the
 * vendor signup and the policies (link previews are read by crawlers that run no JavaScript), each with a title, a
 * description, a picture and its canonical URL. Undefined for any other path (pages behind a sign-in
 * or a token), which keeps the plain index.html.
 */
export async function findLinkPreview(
  db: Db,
  {
    pathname,
    searchParams,
    appUrl,
    language,
  }: { pathname: string; searchParams: URLSearchParams; appUrl: string; language: Language },
): Promise<LinkPreview | undefined> {
  const say = (texts: Record<Language, string>) => inLanguage(language, texts);
  const absolute = (path: string) => new URL(path, `${appUrl}/`).toString();
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  const website = (title: string, description: string, canonical: string): LinkPreview => ({
    title,
    description,
    url: absolute(canonical),
    image: siteImage(absolute),
    type: 'website',
    status: 200,
  });
  const categoryOf = () => {
    const category = searchParams.get('category')?.toLowerCase() ?? '';
    return isCategoryKey(category) ? category : undefined;
  };

  if (path === '/')
    return website(
      say({
        'es-MX': `${siteName} · Servicios locales de confianza en la Ciudad de México`,
        en: `${siteName} · Trusted local services in Mexico City`,
      }),
      say(homeDescription),
      '/',
    );

  if (path === '/vendors') {
    // The search text is the visitor's own: the canonical page is the list, by category at most.
    const category = categoryOf();
    const browse = say({ 'es-MX': 'Explorar Proveedores', en: 'Browse Vendors' });
    return category
      ? website(
          `${categoryLabel(category, language)} · ${browse} · ${siteName}`,
          say(directoryDescription),
          `/vendors?category=${category}`,
        )
      : website(`${browse} · ${siteName}`, say(directoryDescription), '/vendors');
  }

  if (path === '/public/all-vendors') {
    const category = categoryOf();
    const label = category && categoryLabel(category, language);
    return category
      ? website(
          `${say({ 'es-MX': `Proveedores de ${label}`, en: `${label} vendors` })} · ${siteName}`,
          say(directoryDescription),
          `/public/all-vendors?category=${category}`,
        )
      : website(
          `${say({ 'es-MX': 'Todos los proveedores', en: 'All Vendors' })} · ${siteName}`,
          say(directoryDescription),
          '/public/all-vendors',
        );
  }

  if (path === '/vendor-signup')
    // The WhatsApp REGISTRO answer links here with the phone filled in: never part of the canonical URL.
    return website(
      say({ 'es-MX': `Ofrece tus servicios en ${siteName}`, en: `Offer your services on ${siteName}` }),
      say({
        'es-MX':
          'Crea tu perfil de proveedor: clientes de la Ciudad de México te encuentran, reservan una hora y pagan en línea. Registrarte es gratis.',
        en: 'Create your vendor profile: customers in Mexico City find you, book a time and pay online. Free to join.',
      }),
      '/vendor-signup',
    );

  const policy = /^\/policies\/([a-z]+)$/.exec(path)?.[1];
  if (policy && Object.hasOwn(policyTitles, policy)) {
    const title = say(policyTitles[policy]!);
    return website(
      `${title} · ${siteName}`,
      say({
        'es-MX': `${title} de ${siteName}, el mercado de servicios locales de la Ciudad de México.`,
        en: `${title} of ${siteName}, the local services marketplace of Mexico City.`,
      }),
      `/policies/${policy}`,
    );
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
    const category = categoryLabel(vendor.service_category, language);
    const where = area
      ? say({
          'es-MX': `${category} en ${area}, Ciudad de México`,
          en: `${category} in ${area}, Mexico City`,
        })
      : say({ 'es-MX': `${category} en la Ciudad de México`, en: `${category} in Mexico City` });
    return {
      title: `${vendor.business_name} · ${where} · ${siteName}`,
      description: shorten(
        vendor.bio?.trim()
          ? vendor.bio
          : say({
              'es-MX': `${where}. Consulta sus servicios y precios en ${siteName}.`,
              en: `${where}. See services and prices on ${siteName}.`,
            }),
      ),
      url: absolute(`/public/vendor/${vendor.slug}`),
      // The vendor's cover photo as JPEG (decision 074); else our own pictures, SVG, which chat apps
      // do not show: the preview gets the drawn cover as PNG.
      image: vendor.cover_photo?.preview
        ? {
            url: absolute(vendor.cover_photo.preview.url),
            alt: vendor.cover_photo.alt || `${vendor.business_name}, ${category}`,
            type: 'image/jpeg',
            width: vendor.cover_photo.preview.width,
            height: vendor.cover_photo.preview.height,
          }
        : vendor.profile_image_url?.startsWith('/media/')
          ? {
              url: absolute(`/media/previews/${vendor.slug}.png`),
              alt: `${vendor.business_name}, ${category}`,
              type: 'image/png',
              ...previewSize,
            }
          : vendor.profile_image_url
            ? {
                url: absolute(vendor.profile_image_url),
                alt: say({
                  'es-MX': `Foto de ${vendor.business_name}`,
                  en: `Photo of ${vendor.business_name}`,
                }),
              }
            : siteImage(absolute),
      // As the page will ask for it (relative URLs), so that the browser reuses the preload.
      preloadImage: leadImage(vendor),
      type: 'profile',
      status: 200,
      jsonLd: localBusiness(vendor, absolute(`/public/vendor/${vendor.slug}`), where),
    };
  } catch (err) {
    if (!(err instanceof AppError && err.code === 'not_found')) throw err;
    return {
      title: `${say({ 'es-MX': 'Proveedor No Encontrado', en: 'Vendor Not Found' })} · ${siteName}`,
      description: say({
        'es-MX': 'Este proveedor no existe o ya no está publicado en Barrio.',
        en: 'This vendor does not exist or is no longer listed on Barrio.',
      }),
      url: absolute(pathname),
      image: siteImage(absolute),
      type: 'website',
      status: 404,
    };
  }
}

function leadImage(vendor: PublicVendorDetail): LinkPreview['preloadImage'] {
  const lead = leadPhotoOf(vendor);
  const widest = lead?.variants.at(-1);
  if (lead && widest) return { href: widest.url, srcset: srcSetOf(lead), sizes: photoSizes.fullWidth };
  return vendor.cover_image_url ? { href: vendor.cover_image_url } : undefined;
}

/**
 * schema.org LocalBusiness of a profile, with its AggregateRating from the published reviews
 * (decision 066) only when it has some: search engines refuse a rating of nothing.
 */
function localBusiness(
  vendor: PublicVendorDetail,
  url: string,
  description: string,
): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    name: vendor.business_name,
    url,
    description: vendor.bio?.trim() ? shorten(vendor.bio) : description,
    areaServed: vendor.service_areas.map((area) => ({ '@type': 'Place', name: `${area}, Ciudad de México` })),
    ...(vendor.place_address ? { address: vendor.place_address } : {}),
    ...(vendor.rating_count > 0 && vendor.rating_average !== null
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: vendor.rating_average,
            ratingCount: vendor.rating_count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}
