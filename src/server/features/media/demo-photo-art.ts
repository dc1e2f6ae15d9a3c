// The demo's pictures (demo-photos.ts): flat illustrations drawn here as SVG, never photographs
// passed off as a vendor's work, and their alt texts say so. Shapes only, no text: a font would make
// the rendered bytes differ between machines, and the seed is the same everywhere.

/**
 * The three canvases the drawings are made on. Each is rendered no larger than its widest variant
 * needs (decision 074: a portfolio's 960 px, a profile photo's 192; a cover's 1200 × 630 preview):
 * larger would only slow the seed, as the pipeline cuts the same variants from a phone's photo.
 */
export const canvas = {
  cover: { width: 1600, height: 600 },
  profile: { width: 600, height: 600 },
  portfolio: { width: 1200, height: 900 },
} as const;

export type Canvas = keyof typeof canvas;

/** A picture: what to draw on a canvas of width × height. */
export type Drawing = (width: number, height: number) => string;

const RENDERED_WIDTH = { cover: 1600, profile: 400, portfolio: 960 } as const;

export function svgOf(kind: Canvas, draw: Drawing): string {
  const { width, height } = canvas[kind];
  const scale = RENDERED_WIDTH[kind] / width;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width * scale}" height="${height * scale}" viewBox="0 0 ${width} ${height}">${draw(width, height)}</svg>`;
}

/** A vertical gradient over the whole canvas: at most one a drawing, so one id serves. */
function backdrop(width: number, height: number, top: string, bottom: string): string {
  return `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs><rect width="${width}" height="${height}" fill="url(#bg)"/>`;
}

/** A motif drawn in a 100 × 100 box, placed at (x, y) and scaled by s. */
const at = (x: number, y: number, s: number, body: string) =>
  `<g transform="translate(${x} ${y}) scale(${s})">${body}</g>`;

const sparkle = (x: number, y: number, s: number, fill = '#ffffff') =>
  at(x, y, s, `<path d="M50 0 L60 40 L100 50 L60 60 L50 100 L40 60 L0 50 L40 40 Z" fill="${fill}"/>`);

const plant = (x: number, y: number, s: number, leaf = '#2f855a', pot = '#c05621') =>
  at(
    x,
    y,
    s,
    `<ellipse cx="35" cy="35" rx="14" ry="30" fill="${leaf}" transform="rotate(-25 35 35)"/><ellipse cx="65" cy="35" rx="14" ry="30" fill="${leaf}" transform="rotate(25 65 35)"/><ellipse cx="50" cy="25" rx="13" ry="32" fill="${leaf}"/><path d="M25 60 H75 L68 100 H32 Z" fill="${pot}"/>`,
  );

const windowPane = (x: number, y: number, s: number) =>
  at(
    x,
    y,
    s,
    `<rect width="100" height="100" rx="4" fill="#e0f2fe" stroke="#ffffff" stroke-width="6"/><circle cx="70" cy="30" r="12" fill="#fde68a"/><path d="M50 0 V100 M0 50 H100" stroke="#ffffff" stroke-width="5"/>`,
  );

const sofa = (x: number, y: number, s: number, fill: string) =>
  at(
    x,
    y,
    s,
    `<rect x="0" y="30" width="100" height="45" rx="10" fill="${fill}"/><rect x="10" y="10" width="80" height="35" rx="10" fill="${fill}" opacity="0.85"/><rect x="18" y="20" width="22" height="18" rx="5" fill="#fef3c7"/><rect x="60" y="20" width="22" height="18" rx="5" fill="#fde68a"/><rect x="8" y="75" width="6" height="12" fill="#44403c"/><rect x="86" y="75" width="6" height="12" fill="#44403c"/>`,
  );

const bucket = (x: number, y: number, s: number, fill: string) =>
  at(
    x,
    y,
    s,
    `<path d="M20 35 H80 L72 95 H28 Z" fill="${fill}"/><path d="M22 35 Q50 0 78 35" fill="none" stroke="#44403c" stroke-width="4"/><ellipse cx="50" cy="35" rx="30" ry="7" fill="#bae6fd"/><circle cx="40" cy="28" r="6" fill="#e0f2fe"/><circle cx="55" cy="24" r="8" fill="#e0f2fe"/>`,
  );

const bed = (x: number, y: number, s: number) =>
  at(
    x,
    y,
    s,
    `<rect x="0" y="20" width="12" height="70" rx="3" fill="#92400e"/><rect x="8" y="50" width="92" height="30" rx="4" fill="#ffffff"/><rect x="40" y="45" width="60" height="35" rx="4" fill="#0f766e"/><rect x="14" y="38" width="24" height="14" rx="6" fill="#f5f5f4"/><rect x="8" y="80" width="92" height="8" fill="#78350f"/><rect x="60" y="30" width="26" height="12" rx="3" fill="#fde68a"/>`,
  );

const counter = (x: number, y: number, s: number) =>
  at(
    x,
    y,
    s,
    `<rect x="0" y="0" width="100" height="30" rx="3" fill="#cbd5e1"/><rect x="6" y="6" width="40" height="18" rx="3" fill="#f8fafc"/><rect x="54" y="6" width="40" height="18" rx="3" fill="#f8fafc"/><rect x="0" y="55" width="100" height="8" fill="#e7e5e4"/><rect x="0" y="63" width="100" height="37" fill="#94a3b8"/><rect x="6" y="68" width="27" height="28" rx="2" fill="#cbd5e1"/><rect x="37" y="68" width="27" height="28" rx="2" fill="#cbd5e1"/><rect x="68" y="68" width="27" height="28" rx="2" fill="#cbd5e1"/><circle cx="20" cy="48" r="7" fill="#f59e0b"/><rect x="70" y="40" width="10" height="15" rx="2" fill="#0ea5e9"/>`,
  );

const tiles = (width: number, height: number, fill: string, line: string) => {
  let lines = '';
  for (let x = 0; x <= width; x += 100)
    lines += `<path d="M${x} 0 V${height}" stroke="${line}" stroke-width="4"/>`;
  for (let y = 0; y <= height; y += 100)
    lines += `<path d="M0 ${y} H${width}" stroke="${line}" stroke-width="4"/>`;
  return `<rect width="${width}" height="${height}" fill="${fill}"/>${lines}`;
};

const tub = (x: number, y: number, s: number) =>
  at(
    x,
    y,
    s,
    `<rect x="0" y="40" width="100" height="40" rx="18" fill="#ffffff"/><rect x="0" y="36" width="100" height="10" rx="5" fill="#e2e8f0"/><path d="M15 36 V10 Q15 0 25 0 H32" fill="none" stroke="#94a3b8" stroke-width="4"/><rect x="12" y="80" width="6" height="10" fill="#94a3b8"/><rect x="82" y="80" width="6" height="10" fill="#94a3b8"/>`,
  );

const dumbbell = (x: number, y: number, s: number, fill: string) =>
  at(
    x,
    y,
    s,
    `<rect x="20" y="45" width="60" height="10" rx="4" fill="#57534e"/><rect x="5" y="25" width="16" height="50" rx="5" fill="${fill}"/><rect x="79" y="25" width="16" height="50" rx="5" fill="${fill}"/><rect x="0" y="33" width="8" height="34" rx="3" fill="${fill}"/><rect x="92" y="33" width="8" height="34" rx="3" fill="${fill}"/>`,
  );

const kettlebell = (x: number, y: number, s: number, fill: string) =>
  at(
    x,
    y,
    s,
    `<path d="M30 40 Q30 5 50 5 Q70 5 70 40" fill="none" stroke="${fill}" stroke-width="10"/><circle cx="50" cy="65" r="33" fill="${fill}"/><rect x="35" y="90" width="30" height="6" rx="3" fill="#292524" opacity="0.3"/>`,
  );

const tree = (x: number, y: number, s: number, leaf: string) =>
  at(
    x,
    y,
    s,
    `<rect x="44" y="55" width="12" height="45" fill="#78350f"/><circle cx="50" cy="40" r="30" fill="${leaf}"/><circle cx="30" cy="55" r="18" fill="${leaf}"/><circle cx="70" cy="55" r="18" fill="${leaf}"/>`,
  );

const sun = (x: number, y: number, s: number) =>
  at(x, y, s, `<circle cx="50" cy="50" r="40" fill="#fde68a"/>`);

const mat = (x: number, y: number, s: number, fill: string) =>
  at(
    x,
    y,
    s,
    `<rect x="0" y="40" width="100" height="20" rx="6" fill="${fill}"/><circle cx="100" cy="50" r="10" fill="${fill}" opacity="0.8"/>`,
  );

const stopwatch = (x: number, y: number, s: number) =>
  at(
    x,
    y,
    s,
    `<rect x="44" y="0" width="12" height="12" rx="2" fill="#44403c"/><circle cx="50" cy="55" r="40" fill="#ffffff" stroke="#44403c" stroke-width="6"/><path d="M50 55 L50 25 M50 55 L72 62" stroke="#dc2626" stroke-width="5" stroke-linecap="round"/>`,
  );

const bars = (x: number, y: number, s: number, fill: string) =>
  at(
    x,
    y,
    s,
    `<rect x="0" y="96" width="100" height="4" fill="#44403c"/><rect x="8" y="60" width="16" height="36" fill="${fill}" opacity="0.6"/><rect x="32" y="45" width="16" height="51" fill="${fill}" opacity="0.75"/><rect x="56" y="28" width="16" height="68" fill="${fill}" opacity="0.9"/><rect x="80" y="10" width="16" height="86" fill="${fill}"/>`,
  );

const leafWall = (x0: number, y0: number, columns: number, rows: number, size: number) => {
  const greens = ['#166534', '#15803d', '#16a34a', '#4d7c0f', '#65a30d', '#047857'];
  let out = '';
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < columns; c++) {
      const cx = x0 + c * size + (r % 2) * (size / 2);
      const cy = y0 + r * size * 0.8;
      const fill = greens[(r * 7 + c * 3) % greens.length];
      const turn = ((r * 5 + c * 11) % 7) * 25;
      out += `<ellipse cx="${cx}" cy="${cy}" rx="${size * 0.55}" ry="${size * 0.3}" fill="${fill}" transform="rotate(${turn} ${cx} ${cy})"/>`;
    }
  return out;
};

const wateringCan = (x: number, y: number, s: number) =>
  at(
    x,
    y,
    s,
    `<rect x="20" y="35" width="50" height="50" rx="8" fill="#0e7490"/><path d="M70 50 L98 25" stroke="#0e7490" stroke-width="8" stroke-linecap="round"/><path d="M30 35 Q45 5 60 35" fill="none" stroke="#0e7490" stroke-width="6"/><circle cx="98" cy="25" r="6" fill="#0e7490"/>`,
  );

const hanging = (x: number, y: number, s: number) =>
  at(
    x,
    y,
    s,
    `<path d="M50 0 L30 55 M50 0 L70 55" stroke="#78716c" stroke-width="2"/><path d="M28 55 H72 L64 80 H36 Z" fill="#f5f5f4"/><ellipse cx="40" cy="88" rx="6" ry="14" fill="#16a34a"/><ellipse cx="58" cy="92" rx="6" ry="16" fill="#15803d"/><ellipse cx="50" cy="52" rx="20" ry="9" fill="#22c55e"/>`,
  );

const plan = (x: number, y: number, s: number) =>
  at(
    x,
    y,
    s,
    `<rect width="100" height="75" rx="3" fill="#f8fafc" transform="rotate(-4 50 37)"/><g transform="rotate(-4 50 37)"><path d="M10 10 H90 V65 H10 Z M50 10 V40 H90" fill="none" stroke="#0369a1" stroke-width="2.5"/><circle cx="25" cy="25" r="6" fill="#16a34a"/><circle cx="30" cy="52" r="6" fill="#16a34a"/><circle cx="70" cy="55" r="6" fill="#16a34a"/><rect x="56" y="16" width="28" height="18" fill="#bbf7d0"/></g>`,
  );

const cake = (x: number, y: number, s: number, cream: string, sponge: string) =>
  at(
    x,
    y,
    s,
    `<ellipse cx="50" cy="96" rx="48" ry="6" fill="#e7e5e4"/><rect x="10" y="55" width="80" height="40" rx="6" fill="${sponge}"/><rect x="10" y="68" width="80" height="6" fill="${cream}"/><rect x="20" y="25" width="60" height="32" rx="6" fill="${sponge}"/><rect x="20" y="36" width="60" height="5" fill="${cream}"/><path d="M20 28 Q30 38 40 28 Q50 38 60 28 Q70 38 80 28 V25 H20 Z" fill="${cream}"/><circle cx="50" cy="18" r="6" fill="#dc2626"/>`,
  );

const cupcake = (x: number, y: number, s: number, frosting: string) =>
  at(
    x,
    y,
    s,
    `<path d="M22 55 H78 L70 100 H30 Z" fill="#f59e0b"/><path d="M30 55 L34 100 M42 55 L44 100 M58 55 L56 100 M70 55 L66 100" stroke="#d97706" stroke-width="2"/><circle cx="30" cy="50" r="14" fill="${frosting}"/><circle cx="50" cy="40" r="20" fill="${frosting}"/><circle cx="70" cy="50" r="14" fill="${frosting}"/><circle cx="50" cy="18" r="6" fill="#dc2626"/>`,
  );

const cookie = (x: number, y: number, s: number) =>
  at(
    x,
    y,
    s,
    `<circle cx="50" cy="50" r="45" fill="#d97706"/><circle cx="35" cy="35" r="6" fill="#451a03"/><circle cx="62" cy="42" r="5" fill="#451a03"/><circle cx="45" cy="65" r="6" fill="#451a03"/><circle cx="68" cy="68" r="4" fill="#451a03"/>`,
  );

const rollingPin = (x: number, y: number, s: number) =>
  at(
    x,
    y,
    s,
    `<rect x="15" y="40" width="70" height="20" rx="8" fill="#fcd34d"/><rect x="0" y="46" width="17" height="8" rx="4" fill="#b45309"/><rect x="83" y="46" width="17" height="8" rx="4" fill="#b45309"/>`,
  );

const table = (width: number, y: number, top: string) =>
  `<rect x="0" y="${y}" width="${width}" height="${width}" fill="${top}"/>`;

// ── the pictures ──────────────────────────────────────────────────────────────────────────────

export const art = {
  // Casa Impecable CDMX: cleaning, teal.
  cleaningCover: (w, h) =>
    `${backdrop(w, h, '#ccfbf1', '#5eead4')}<rect y="${h * 0.78}" width="${w}" height="${h * 0.22}" fill="#d6d3d1"/>${windowPane(w * 0.1, h * 0.12, 3.2)}${windowPane(w * 0.7, h * 0.12, 3.2)}${sofa(w * 0.36, h * 0.36, 4.6, '#0f766e')}${plant(w * 0.27, h * 0.5, 2.6)}${sparkle(w * 0.33, h * 0.16, 0.9)}${sparkle(w * 0.63, h * 0.1, 0.6)}${sparkle(w * 0.88, h * 0.62, 0.7)}`,
  cleaningProfile: (w, h) =>
    `${backdrop(w, h, '#14b8a6', '#0f766e')}${bucket(w * 0.2, h * 0.22, 3.6, '#f8fafc')}${sparkle(w * 0.68, h * 0.12, 1.2)}${sparkle(w * 0.12, h * 0.16, 0.7)}`,
  cleaningBedroom: (w, h) =>
    `${backdrop(w, h, '#f0fdfa', '#ccfbf1')}<rect y="${h * 0.8}" width="${w}" height="${h * 0.2}" fill="#a8a29e"/>${windowPane(w * 0.62, h * 0.1, 3)}${bed(w * 0.08, h * 0.3, 6.6)}${sparkle(w * 0.45, h * 0.12, 0.8, '#14b8a6')}`,
  cleaningKitchen: (w, h) =>
    `${backdrop(w, h, '#fefce8', '#fef9c3')}<rect y="${h * 0.86}" width="${w}" height="${h * 0.14}" fill="#78716c"/>${counter(w * 0.12, h * 0.2, 9.5)}${sparkle(w * 0.85, h * 0.08, 0.9, '#f59e0b')}`,
  cleaningBathroom: (w, h) =>
    `${tiles(w, h, '#e0f2fe', '#bae6fd')}${tub(w * 0.18, h * 0.38, 7.6)}${sparkle(w * 0.75, h * 0.15, 1, '#0ea5e9')}${sparkle(w * 0.2, h * 0.18, 0.6, '#0ea5e9')}`,
  cleaningLivingRoom: (w, h) =>
    `${backdrop(w, h, '#f5f5f4', '#e7e5e4')}<rect y="${h * 0.78}" width="${w}" height="${h * 0.22}" fill="#a16207"/>${sofa(w * 0.22, h * 0.28, 6, '#0f766e')}${plant(w * 0.04, h * 0.45, 3.4)}${plant(w * 0.8, h * 0.45, 3.4, '#15803d', '#0f766e')}`,

  // Entrena con Diego: fitness, orange.
  fitnessCover: (w, h) =>
    `${backdrop(w, h, '#fed7aa', '#fdba74')}${sun(w * 0.78, h * 0.08, 2.4)}<rect y="${h * 0.72}" width="${w}" height="${h * 0.28}" fill="#65a30d"/><rect y="${h * 0.8}" width="${w}" height="${h * 0.08}" fill="#c2410c"/>${tree(w * 0.04, h * 0.25, 3.6, '#15803d')}${tree(w * 0.22, h * 0.32, 3, '#166534')}${tree(w * 0.55, h * 0.3, 3.2, '#15803d')}${dumbbell(w * 0.4, h * 0.55, 1.6, '#9a3412')}`,
  fitnessProfile: (w, h) =>
    `${backdrop(w, h, '#fb923c', '#c2410c')}${dumbbell(w * 0.12, h * 0.28, 4.6, '#1c1917')}`,
  fitnessGym: (w, h) =>
    `${backdrop(w, h, '#fff7ed', '#ffedd5')}<rect y="${h * 0.75}" width="${w}" height="${h * 0.25}" fill="#57534e"/>${mat(w * 0.08, h * 0.6, 6, '#ea580c')}${kettlebell(w * 0.55, h * 0.38, 3.6, '#1c1917')}${kettlebell(w * 0.78, h * 0.5, 2.4, '#9a3412')}${dumbbell(w * 0.15, h * 0.25, 3, '#c2410c')}`,
  fitnessPark: (w, h) =>
    `${backdrop(w, h, '#fde68a', '#fdba74')}${sun(w * 0.1, h * 0.1, 3)}<rect y="${h * 0.65}" width="${w}" height="${h * 0.35}" fill="#4d7c0f"/>${tree(w * 0.55, h * 0.18, 5, '#166534')}${tree(w * 0.8, h * 0.3, 3.5, '#15803d')}${mat(w * 0.12, h * 0.66, 5, '#7c3aed')}`,
  fitnessAssessment: (w, h) =>
    `${backdrop(w, h, '#f5f5f4', '#e7e5e4')}${bars(w * 0.1, h * 0.25, 5.5, '#ea580c')}${stopwatch(w * 0.62, h * 0.25, 4)}`,

  // Jardines Verticales Xochi: plants, green.
  plantsCover: (w, h) =>
    `${backdrop(w, h, '#ecfccb', '#d9f99d')}<rect x="${w * 0.05}" y="${h * 0.08}" width="${w * 0.9}" height="${h * 0.84}" rx="16" fill="#78716c"/>${leafWall(w * 0.09, h * 0.16, 15, 10, 96)}`,
  plantsProfile: (w, h) =>
    `${backdrop(w, h, '#4ade80', '#15803d')}${at(w * 0.16, h * 0.16, 4.2, '<path d="M10 90 Q10 10 90 10 Q90 90 10 90 Z" fill="#f0fdf4"/><path d="M15 85 L75 25" stroke="#15803d" stroke-width="4"/>')}`,
  plantsWall: (w, h) =>
    `${backdrop(w, h, '#f5f5f4', '#d6d3d1')}<rect x="${w * 0.12}" y="${h * 0.06}" width="${w * 0.76}" height="${h * 0.76}" fill="#57534e"/>${leafWall(w * 0.16, h * 0.12, 10, 11, 88)}<rect y="${h * 0.84}" width="${w}" height="${h * 0.16}" fill="#a8a29e"/>`,
  plantsPots: (w, h) =>
    `${backdrop(w, h, '#fef3c7', '#fde68a')}<rect y="${h * 0.78}" width="${w}" height="${h * 0.22}" fill="#b45309"/>${plant(w * 0.05, h * 0.4, 3.8)}${plant(w * 0.35, h * 0.3, 4.8, '#15803d', '#0f766e')}${plant(w * 0.7, h * 0.45, 3.4, '#4d7c0f', '#7c2d12')}`,
  plantsPlan: (w, h) =>
    `${backdrop(w, h, '#e7e5e4', '#d6d3d1')}${plan(w * 0.12, h * 0.14, 7.5)}${plant(w * 0.78, h * 0.55, 2.4)}`,
  plantsWatering: (w, h) =>
    `${backdrop(w, h, '#ecfccb', '#bef264')}<rect y="${h * 0.8}" width="${w}" height="${h * 0.2}" fill="#78350f"/>${wateringCan(w * 0.08, h * 0.35, 4.5)}${plant(w * 0.55, h * 0.4, 4.2)}`,
  plantsHanging: (w, h) =>
    `${backdrop(w, h, '#f0fdf4', '#dcfce7')}<rect width="${w}" height="${h * 0.04}" fill="#78716c"/>${hanging(w * 0.08, 0, 4.2)}${hanging(w * 0.38, 0, 5.2)}${hanging(w * 0.7, 0, 3.8)}`,

  // Repostería Dulce Ribera: baking, pink.
  bakingCover: (w, h) =>
    `${backdrop(w, h, '#fce7f3', '#fbcfe8')}${table(w, h * 0.74, '#f5d0c5')}${cake(w * 0.38, h * 0.12, 3.9, '#fdf2f8', '#f9a8d4')}${cupcake(w * 0.12, h * 0.46, 1.7, '#f472b6')}${cupcake(w * 0.72, h * 0.46, 1.7, '#a78bfa')}${cookie(w * 0.86, h * 0.6, 1.1)}`,
  bakingProfile: (w, h) =>
    `${backdrop(w, h, '#f472b6', '#be185d')}${cupcake(w * 0.2, h * 0.16, 3.6, '#fdf2f8')}`,
  bakingCake: (w, h) =>
    `${backdrop(w, h, '#fdf2f8', '#fce7f3')}${table(w, h * 0.82, '#e7e5e4')}${cake(w * 0.2, h * 0.08, 7.6, '#ffffff', '#f9a8d4')}`,
  bakingCupcakes: (w, h) =>
    `${backdrop(w, h, '#fff1f2', '#ffe4e6')}${table(w, h * 0.78, '#d6d3d1')}${cupcake(w * 0.04, h * 0.42, 3.2, '#f472b6')}${cupcake(w * 0.36, h * 0.42, 3.2, '#a78bfa')}${cupcake(w * 0.68, h * 0.42, 3.2, '#fde68a')}`,
  bakingCookies: (w, h) =>
    `${backdrop(w, h, '#fef3c7', '#fde68a')}<circle cx="${w / 2}" cy="${h / 2}" r="${h * 0.42}" fill="#ffffff"/>${cookie(w * 0.3, h * 0.2, 2.4)}${cookie(w * 0.5, h * 0.3, 2.2)}${cookie(w * 0.36, h * 0.48, 2.3)}`,
  bakingClass: (w, h) =>
    `${backdrop(w, h, '#f5f5f4', '#e7e5e4')}${table(w, h * 0.35, '#d6b48c')}<ellipse cx="${w * 0.35}" cy="${h * 0.62}" rx="${w * 0.2}" ry="${h * 0.14}" fill="#fafaf9"/>${rollingPin(w * 0.5, h * 0.45, 5)}<circle cx="${w * 0.25}" cy="${h * 0.85}" r="${h * 0.07}" fill="#fde68a"/><circle cx="${w * 0.38}" cy="${h * 0.86}" r="${h * 0.06}" fill="#fde68a"/>`,
} satisfies Record<string, Drawing>;

export type ArtName = keyof typeof art;
