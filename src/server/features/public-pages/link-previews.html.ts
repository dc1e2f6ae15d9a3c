import type { LinkPreview } from './link-previews.service.ts';

/** Everything put into the page is escaped: vendor names and bios are typed by people. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const isWide = (image: LinkPreview['image']) =>
  image?.width !== undefined && image.height !== undefined && image.width > image.height * 1.5;

const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;

/**
 * index.html with the preview's title, description and Open Graph / Twitter tags, and its JSON-LD.
 * Only inert tags are added (a JSON-LD block is data the browser never runs; no inline style), so
 * the CSP stays as it is. Replacements go through
 * functions so that a `$&` in a vendor's bio is text, not a replacement pattern.
 */
export function injectLinkPreview(html: string, preview: LinkPreview): string {
  const tags = [
    meta('property', 'og:site_name', 'Barrio'),
    meta('property', 'og:type', preview.type),
    meta('property', 'og:title', preview.title),
    meta('property', 'og:description', preview.description),
    meta('property', 'og:url', preview.url),
    `<link rel="canonical" href="${escapeHtml(preview.url)}" />`,
    // A wide picture shows as a large card; a square one (or none) as the small summary.
    meta('name', 'twitter:card', isWide(preview.image) ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', preview.title),
    meta('name', 'twitter:description', preview.description),
  ];
  if (preview.image) {
    tags.push(
      meta('property', 'og:image', preview.image.url),
      meta('property', 'og:image:alt', preview.image.alt),
      ...(preview.image.type ? [meta('property', 'og:image:type', preview.image.type)] : []),
      ...(preview.image.width && preview.image.height
        ? [
            meta('property', 'og:image:width', String(preview.image.width)),
            meta('property', 'og:image:height', String(preview.image.height)),
          ]
        : []),
      meta('name', 'twitter:image', preview.image.url),
      meta('name', 'twitter:image:alt', preview.image.alt),
    );
  }
  if (preview.status === 404) tags.push(meta('name', 'robots', 'noindex'));
  if (preview.preloadImage) {
    const { href, srcset, sizes } = preview.preloadImage;
    const candidates = srcset
      ? ` imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(sizes ?? '100vw')}"`
      : '';
    tags.push(
      `<link rel="preload" as="image" href="${escapeHtml(href)}"${candidates} fetchpriority="high" />`,
    );
  }

  if (preview.jsonLd) tags.push(jsonLdTag(preview.jsonLd));

  let page = html.replace(/<title>[\s\S]*?<\/title>/i, () => `<title>${escapeHtml(preview.title)}</title>`);
  const description = meta('name', 'description', preview.description);
  page = /<meta\s+name="description"[^>]*>/i.test(page)
    ? page.replace(/<meta\s+name="description"[^>]*>/i, () => description)
    : page.replace(/<\/head>/i, () => `${description}\n</head>`);
  return page.replace(/<\/head>/i, () => `    ${tags.join('\n    ')}\n  </head>`);
}

/** JSON-LD in a data block: `<` written as its escape, so no text of a vendor can close the tag. */
function jsonLdTag(data: Record<string, unknown>): string {
  return `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}
