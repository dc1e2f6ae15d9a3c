import { AFTER_LOAD_SCRIPTS_ELEMENT_ID } from '../../../shared/after-load-scripts.ts';
import { browseCategories, directoryCategories, isCategoryKey } from '../../../shared/categories.ts';
import { BROWSE_PAGE_SIZE, DIRECTORY_PAGE_SIZE, MIN_SEARCH_LENGTH } from '../../../shared/constants.ts';
import { drawnScreenModules } from '../../../shared/drawn-screens.ts';
import {
  FIRST_SCREEN_DRAWN_ATTRIBUTE,
  FIRST_SCREEN_ELEMENT_ID,
  firstScreenKey,
} from '../../../shared/first-screen.ts';
import { escapeHtml } from './link-previews.html.ts';

// The public pages' first reads, answered inside the page (docs/decisions/025-first-screen-in-the-page.md).
// On a phone's connection the web app would otherwise ask for them only after its code has loaded
// and run: a round trip before the first vendor card, and another before its photo. The server
// answers the same requests in-process, through the app's own routes, so the answers are exactly
// what the API would have sent; the web app uses each once instead of asking (src/web/lib/first-screen.ts).

/** One GET to the app's own API, in-process (app.request). */
export type FetchApi = (path: string) => Promise<Response> | Response;

/**
 * The API reads a public page's screen makes first, as the web app builds them (the same page
 * sizes and the same filtering of `category` and `q` as the screens). Empty for other pages.
 */
export function firstScreenRequests(pathname: string, params: URLSearchParams): string[] {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  if (path === '/') return ['/api/vendors/featured'];
  if (path === '/vendors') return [vendorListRequest(browseCategories, BROWSE_PAGE_SIZE, params)];
  if (path === '/public/all-vendors')
    return [vendorListRequest(directoryCategories, DIRECTORY_PAGE_SIZE, params)];
  const profile = /^\/public\/vendor\/([a-z0-9-]{1,200})$/.exec(path);
  return profile ? [`/api/vendors/${profile[1]}`] : [];
}

/** As src/web/features/vendors/components/vendor-directory.tsx asks for its first page. */
function vendorListRequest(categories: readonly string[], pageSize: number, params: URLSearchParams) {
  const query = new URLSearchParams({ offset: '0', limit: String(pageSize) });
  const category = params.get('category') ?? '';
  if (isCategoryKey(category) && categories.includes(category)) query.set('category', category);
  // A search too short to send (decision 024) is left out, as the screen leaves it out.
  const q = (params.get('q') ?? '').trim();
  if (q.length >= MIN_SEARCH_LENGTH) query.set('q', q);
  return `/api/vendors?${query}`;
}

/**
 * The lazily loaded modules a page's screen needs (as src/web/app/router.tsx loads them: the
 * screen and its strings). Home and the 404 page come with the entry.
 */
export function screenModules(pathname: string): string[] {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  if (path === '/vendors') return [...drawnScreenModules.browseVendors];
  if (path === '/public/all-vendors') return [...drawnScreenModules.directory];
  if (/^\/public\/vendor\/[^/]+$/.test(path)) return [...drawnScreenModules.vendorProfile];
  return [];
}

/** What the web app asks for its session (src/web/features/auth/api/auth-client.ts `hasSession`). */
const SESSION_PATH = '/api/auth/get-session';

export interface FirstScreen {
  /** The JSON answers by firstScreenKey; only 200s (anything else the web app asks for itself). */
  answers: [key: string, json: string][];
  /** The same answers parsed, as the web app reads them (src/web/lib/first-screen.ts): for its render. */
  bodies: Map<string, unknown>;
  /**
   * Whether the page's first screen can be drawn on the server (decision 029): a public screen, every
   * read answered with a 200, and a visitor with no session (no cookies). Otherwise the browser
   * draws it, as it would have.
   */
  drawable?: boolean;
  /** The first vendor's photo in a list: the largest thing on the first screen. */
  lcpImage?: string;
  /** The screen's own scripts (`/assets/…`), fetched with the page instead of after the entry ran. */
  scripts?: string[];
}

export async function fetchFirstScreen(
  { pathname, params, withCookies }: { pathname: string; params: URLSearchParams; withCookies: boolean },
  fetchApi: FetchApi,
): Promise<FirstScreen> {
  // Every page asks whether there is a session. A request without cookies has none: `null`, the
  // same for everyone, so it is given without asking better-auth. A signed-in answer is personal
  // and never goes into a page.
  const answers: FirstScreen['answers'] = withCookies ? [] : [[SESSION_PATH, 'null']];
  const bodies = new Map<string, unknown>(withCookies ? [] : [[SESSION_PATH, null]]);
  let lcpImage: string | undefined;
  const requests = firstScreenRequests(pathname, params);
  let drawable = !withCookies && requests.length > 0;
  for (const request of requests) {
    const response = await fetchApi(request);
    if (response.status !== 200) {
      drawable = false;
      continue;
    }
    const json = await response.text();
    const key = firstScreenKey(new URL(request, 'http://first.screen'));
    const body = JSON.parse(json) as {
      items?: { profile_image_url?: string | null }[];
      slug?: unknown;
    } | null;
    answers.push([key, json]);
    bodies.set(key, body);
    const first = body?.items?.[0];
    lcpImage ??= first?.profile_image_url?.startsWith('/') ? first.profile_image_url : undefined;
    // A profile's similar vendors, asked for by its slug as the screen asks (similar-vendors.tsx):
    // the server draws the whole screen, below the first one included (decision 031).
    if (pathname.startsWith('/public/vendor/') && requests.length === 1 && typeof body?.slug === 'string')
      requests.push(`/api/vendors/${encodeURIComponent(body.slug)}/similar`);
  }
  return { answers, bodies, lcpImage, drawable };
}

/**
 * The answers as an inert JSON element (`jsonElement`: a vendor's text can never close it), and a
 * preload for the photo.
 */
export function injectFirstScreen(
  html: string,
  { answers, lcpImage, scripts = [] }: Pick<FirstScreen, 'answers' | 'lcpImage' | 'scripts'>,
): string {
  // As index.html preloads the app shell (scripts/vite-plugins.ts `preloadAppShell`): crossorigin,
  // so that the browser reuses these fetches, and low priority (decision 027).
  const tags = scripts.map(
    (src) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${escapeHtml(src)}">`,
  );
  if (answers.length > 0) {
    const body = `{${answers.map(([key, json]) => `${JSON.stringify(key)}:${json}`).join(',')}}`;
    tags.push(jsonElement(FIRST_SCREEN_ELEMENT_ID, body));
  }
  if (lcpImage)
    tags.push(`<link rel="preload" as="image" href="${escapeHtml(lcpImage)}" fetchpriority="high" />`);
  if (tags.length === 0) return html;
  return html.replace(/<\/head>/i, () => `    ${tags.join('\n    ')}\n  </head>`);
}

/**
 * The page with its first screen drawn into `#root` (decision 029), in place of the header index.html
 * paints while the app loads, and marked with the language it was drawn in. The markup comes from
 * the app's own render, which escapes every text.
 */
export function injectFirstScreenMarkup(
  html: string,
  { markup, language }: { markup: string; language: string },
) {
  return html.replace(
    /<div id="root">[\s\S]*<\/div>(?=\s*<\/body>)/i,
    () => `<div id="root" ${FIRST_SCREEN_DRAWN_ATTRIBUTE}="${escapeHtml(language)}">${markup}</div>`,
  );
}

/**
 * A page whose first screen the server drew needs no script to show it (decision 030): the app's
 * scripts are fetched when the app starts, at the visitor's first sign (decision 031; after the
 * page's load under decision 030), so that on a phone's connection they never compete
 * with the page's photos, nor their running with painting them. The module preloads index.html
 * names (the app shell) go: the entry's import of the app preloads those itself (Vite's preload
 * helper). The screen's own `scripts` become a list the entry preloads with it (src/web/main.tsx),
 * which the app would otherwise find only once it runs; the list, empty or not, also tells the
 * entry to wait.
 */
export function deferScriptsToLoad(html: string, scripts: readonly string[]): string {
  const page = html.replace(/<link rel="modulepreload"[^>]*>/g, '');
  const list = jsonElement(AFTER_LOAD_SCRIPTS_ELEMENT_ID, JSON.stringify(scripts));
  return page.replace(/<\/head>/i, () => `  ${list}\n  </head>`);
}

/**
 * JSON in an inert element (never run, so the CSP is untouched). `<` is written as \u003c: no text
 * inside can close the element.
 */
function jsonElement(id: string, json: string): string {
  return `<script type="application/json" id="${id}">${json.replace(/</g, '\\u003c')}</script>`;
}
