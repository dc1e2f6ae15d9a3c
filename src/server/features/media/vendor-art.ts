import { type CategoryKey, categoryKeyOf } from '../../../shared/categories.ts';

// Vendor pictures drawn on the server as SVG (ARCHITECTURE §13: no external image URLs, the app works
// offline): a gradient whose hue comes from the vendor's slug, the category's glyph and the
// business initials. The same input always gives the same bytes, so the images cache well.

export type Glyph = CategoryKey;

/**
 * Glyphs on a 24×24 grid, drawn with the group's white stroke (filled shapes say so). Simple
 * shapes of our own, so that no icon set's licence travels with every image.
 */
const glyphs: Record<Glyph, string> = {
  // three sparkles
  cleaning:
    '<path d="M10 3l1.6 4.9L16.5 9.5l-4.9 1.6L10 16l-1.6-4.9L3.5 9.5l4.9-1.6z"/>' +
    '<path d="M18 13l.8 2.2 2.2.8-2.2.8L18 19l-.8-2.2-2.2-.8 2.2-.8z"/><path d="M6 18l.5 1.5 1.5.5-1.5.5L6 22l-.5-1.5L4 20l1.5-.5z"/>',
  // dumbbell
  fitness:
    '<path d="M7 12h10"/><rect x="4" y="7" width="3" height="10" rx="1"/><rect x="17" y="7" width="3" height="10" rx="1"/>' +
    '<path d="M2 10v4M22 10v4"/>',
  // leaf
  wellness: '<path d="M5 19C5 10 11 5 20 4c-1 9-6 15-15 15z"/><path d="M5 19l8-8"/>',
  // hand mirror with a sparkle
  beauty:
    '<circle cx="10" cy="9" r="6"/><path d="M10 15v7"/><path d="M8 20h4"/><path d="M19 3l.7 1.8 1.8.7-1.8.7L19 8l-.7-1.8-1.8-.7 1.8-.7z"/>',
  // open book
  tutoring:
    '<path d="M2 5h6a4 4 0 0 1 4 4v12a3 3 0 0 0-3-3H2z"/><path d="M22 5h-6a4 4 0 0 0-4 4v12a3 3 0 0 1 3-3h7z"/>',
  // hammer
  repair: '<path d="M11 7l3-3 6 6-3 3z"/><path d="M12.5 11.5L4 20"/><path d="M14 4l-2-1"/>',
  // spool of thread with a needle
  tailoring:
    '<rect x="5" y="3" width="11" height="3" rx="1"/><rect x="5" y="18" width="11" height="3" rx="1"/><path d="M7 6v12M14 6v12"/>' +
    '<path d="M7 9l7 2M7 13l7 2"/><path d="M20 4v16"/><circle cx="20" cy="6" r="1"/>',
  // paw print
  pets:
    '<g fill="#fff" stroke="none"><ellipse cx="12" cy="16" rx="4.5" ry="3.8"/><circle cx="5.5" cy="10.5" r="2"/>' +
    '<circle cx="9.5" cy="6.5" r="2"/><circle cx="14.5" cy="6.5" r="2"/><circle cx="18.5" cy="10.5" r="2"/></g>',
  // sprout in a pot
  plants:
    '<path d="M7 14h10l-1.5 7h-7z"/><path d="M12 14V9"/><path d="M12 11C8 11 6 9 6 6c4 0 6 2 6 5z"/><path d="M12 9c0-3 2-5 6-5 0 3-2 5-6 5z"/>',
  // pram
  childcare:
    '<path d="M4 11h14a7 5 0 0 1-14 0z"/><path d="M4 11a7 7 0 0 1 7-7v7"/><path d="M18 11l1.5-5H22"/>' +
    '<circle cx="7.5" cy="20" r="1.6"/><circle cx="15" cy="20" r="1.6"/>',
  // car
  transportation:
    '<path d="M3 17v-5l2.5-5h13l2.5 5v5z"/><path d="M3 12h18"/><circle cx="7.5" cy="17" r="2"/><circle cx="16.5" cy="17" r="2"/>',
  // laptop
  tech: '<rect x="5" y="5" width="14" height="10" rx="1"/><path d="M2 18h20l-1.5 2h-17z"/>',
  // steaming pot
  cooking:
    '<path d="M4 11h16v5a4 4 0 0 1-4 4H8a4 4 0 0 1-4-4z"/><path d="M2 11h20"/><path d="M10 8h4"/>' +
    '<path d="M9 2c-1 1 1 2 0 3M15 2c-1 1 1 2 0 3"/>',
  // camera
  photography: '<path d="M3 8h4l2-3h6l2 3h4v11H3z"/><circle cx="12" cy="13.5" r="3.5"/>',
  // star
  other: '<path d="M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.5 2.9 1-6.1L3.2 9.5l6.1-.9z"/>',
};

/** The glyph of a stored service_category: its category's, or the star when it names none. */
export function glyphFor(serviceCategory: string | null | undefined): Glyph {
  return categoryKeyOf(serviceCategory ?? '') ?? 'other';
}

/** Words that do not make initials: 'Sastrería de la Ribera' → 'SR'. */
const minorWords = new Set([
  'de',
  'del',
  'la',
  'las',
  'los',
  'el',
  'y',
  'e',
  'en',
  'con',
  'a',
  'the',
  'and',
  'of',
  'by',
]);

/** Up to two initials, accents kept ('Ángel Ñúñez' → 'ÁÑ'); empty when the name has no letters or digits. */
export function initialsOf(name: string): string {
  const words = name.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const major = words.filter((w) => !minorWords.has(w.toLowerCase()));
  const chosen = (major.length > 0 ? major : words).slice(0, 2);
  return chosen.map((w) => Array.from(w)[0]!.toLocaleUpperCase('es-MX')).join('');
}

/** 'brillo-total-limpieza' → 'Brillo Total Limpieza', for a slug no vendor has (any more). */
export function nameFromSlug(slug: string): string {
  return slug
    .split('-')
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** FNV-1a: a stable 32-bit hash, so a vendor keeps its colours on every server. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** HSL to #rrggbb: hex colours render the same in browsers and in every SVG tool. */
function hsl(h: number, s: number, l: number): string {
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    const value = l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

export interface VendorArt {
  /** The URL's name: picks the colours, so they do not change when the business is renamed. */
  slug: string;
  businessName: string;
  serviceCategory: string | null;
}

function palette(slug: string) {
  const h = hash(slug);
  const hue = h % 360;
  // Dark enough everywhere for white initials to stay readable (contrast ≥ 4.5:1).
  return { from: hsl(hue, 62, 40), to: hsl((hue + 38) % 360, 70, 27), accent: (h >>> 9) % 1000 };
}

const glyphGroup = (glyph: Glyph, transform: string, opacity: number, strokeWidth = 1.6) =>
  `<g transform="${transform}" fill="none" stroke="#fff" stroke-width="${strokeWidth}" stroke-linecap="round" stroke-linejoin="round" opacity="${opacity}">${glyphs[glyph]}</g>`;

/** A square avatar: gradient, a large faint glyph, the initials and a small glyph badge. */
export function renderVendorAvatar({ slug, businessName, serviceCategory }: VendorArt): string {
  const { from, to } = palette(slug);
  const glyph = glyphFor(serviceCategory);
  const initials = initialsOf(businessName) || initialsOf(nameFromSlug(slug));
  const fontSize = Array.from(initials).length > 1 ? 44 : 52;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 128 128" role="img" aria-labelledby="title">',
    `<title id="title">${escapeXml(businessName)}</title>`,
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`,
    '<rect width="128" height="128" fill="url(#bg)"/>',
    '<circle cx="112" cy="12" r="40" fill="#fff" opacity="0.07"/>',
    glyphGroup(glyph, 'translate(70 66) rotate(-12) scale(2.7)', 0.16),
    `<text x="64" y="58" text-anchor="middle" dominant-baseline="central" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif" font-size="${fontSize}" font-weight="700" fill="#fff">${escapeXml(initials)}</text>`,
    // The badge sits inside the inscribed circle, so it survives a round crop.
    '<circle cx="94" cy="94" r="15" fill="#000" opacity="0.18"/>',
    glyphGroup(glyph, 'translate(84.4 84.4) scale(0.8)', 0.95, 1.9),
    '</svg>',
  ].join('');
}

/** A wide cover: gradient, soft circles and a scattered row of the category's glyph. */
export function renderVendorCover({ slug, businessName, serviceCategory }: VendorArt): string {
  const { from, to, accent } = palette(slug);
  const glyph = glyphFor(serviceCategory);
  const scattered: string[] = [];
  for (let i = 0; i < 9; i++) {
    // Positions come from the slug's hash: every vendor gets its own pattern.
    const x = 20 + i * 66 + ((accent * (i + 3)) % 23);
    const y = 28 + ((accent * (i + 7)) % 120);
    const size = 1.4 + ((accent + i * 37) % 10) / 8;
    const angle = ((accent * (i + 1)) % 50) - 25;
    scattered.push(
      glyphGroup(glyph, `translate(${x} ${y}) rotate(${angle}) scale(${size.toFixed(2)})`, 0.13),
    );
  }
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400" viewBox="0 0 600 200" role="img" aria-labelledby="title" preserveAspectRatio="xMidYMid slice">',
    `<title id="title">${escapeXml(businessName)}</title>`,
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="0.6"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`,
    '<rect width="600" height="200" fill="url(#bg)"/>',
    `<circle cx="${480 + (accent % 60)}" cy="30" r="110" fill="#fff" opacity="0.06"/>`,
    `<circle cx="${60 + (accent % 90)}" cy="190" r="80" fill="#000" opacity="0.08"/>`,
    ...scattered,
    glyphGroup(glyph, 'translate(470 52) scale(4)', 0.3, 1.4),
    '</svg>',
  ].join('');
}

/**
 * The picture of a shared profile link (1200×630, the size chat apps and social networks ask for):
 * the vendor's gradient with the category's glyph large in a soft disc. No text, so it rasterises
 * to PNG without fonts (rasterize.ts); the name travels in the preview's title.
 */
export function renderVendorPreview({ slug, businessName, serviceCategory }: VendorArt): string {
  const { from, to, accent } = palette(slug);
  const glyph = glyphFor(serviceCategory);
  const scattered: string[] = [];
  for (let i = 0; i < 10; i++) {
    const x = 40 + i * 118 + ((accent * (i + 3)) % 41);
    const y = 60 + ((accent * (i + 7)) % 480);
    // Keep the middle clear for the large glyph.
    if (x > 420 && x < 780 && y > 140 && y < 500) continue;
    const size = 2.4 + ((accent + i * 37) % 10) / 5;
    const angle = ((accent * (i + 1)) % 50) - 25;
    scattered.push(
      glyphGroup(glyph, `translate(${x} ${y}) rotate(${angle}) scale(${size.toFixed(2)})`, 0.14),
    );
  }
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630" role="img" aria-labelledby="title">',
    `<title id="title">${escapeXml(businessName)}</title>`,
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="0.6"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`,
    '<rect width="1200" height="630" fill="url(#bg)"/>',
    `<circle cx="${960 + (accent % 120)}" cy="60" r="260" fill="#fff" opacity="0.06"/>`,
    `<circle cx="${120 + (accent % 180)}" cy="620" r="200" fill="#000" opacity="0.08"/>`,
    ...scattered,
    '<circle cx="600" cy="315" r="170" fill="#fff" opacity="0.14"/>',
    glyphGroup(glyph, 'translate(480 195) scale(10)', 0.95, 1.5),
    '</svg>',
  ].join('');
}
