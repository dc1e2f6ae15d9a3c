import type { Context } from 'hono';
import { LANGUAGE_COOKIE, type Language, requestLanguage } from '../../../shared/language.ts';
import {
  type RenderedPage,
  type RenderPage,
  SSR_ATTRIBUTE,
  SSR_STATE_ELEMENT_ID,
} from '../../../shared/ssr.ts';
import type { AppEnv } from '../../app-env.ts';
import type { ScriptsOf } from '../../lib/web-app.ts';
import { escapeHtml, injectLinkPreview } from './link-previews.html.ts';
import { findLinkPreview } from './link-previews.service.ts';

// The public pages (Home, Browse Vendors, the directory, a vendor's profile) come rendered by the
// server (decision 042): the web app's own render (src/web/ssr/render.tsx) fetches the route's
// queries from the API in-process and renders the screen; the page carries the markup, the queries
// dehydrated, preloads of the screen's scripts, and its link preview for crawlers that run no
// JavaScript. The browser then hydrates it.

export interface PublicPageOptions {
  /** index.html: the built one, or in development the one Vite serves. */
  readIndexHtml: () => Promise<string>;
  /** The web app's server render; undefined without one (an older build): the browser renders. */
  renderPage?: RenderPage;
  /** The built files of lazily loaded modules, for preloads (src/server/lib/web-app.ts). */
  scriptsOf?: ScriptsOf;
  /** One GET to the app's own API, in-process, without the visitor's cookies. */
  fetchApi: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
}

/**
 * The page for a public address: index.html with its link preview and, where the route is rendered
 * on the server, its rendered screen. Undefined for the pages it adds nothing to.
 */
export async function renderPublicPage(
  c: Context<AppEnv>,
  { readIndexHtml, renderPage, scriptsOf, fetchApi }: PublicPageOptions,
): Promise<{ html: string; status: 200 | 404 } | undefined> {
  const url = new URL(c.req.url);
  const cookie = c.req.header('cookie');
  const language = requestLanguage({ cookie, acceptLanguage: c.req.header('accept-language') });
  const [preview, rendered] = await Promise.all([
    findLinkPreview(c.var.deps.db, {
      pathname: url.pathname,
      searchParams: url.searchParams,
      appUrl: c.var.deps.config.appUrl,
      language,
    }),
    renderPage?.(`${url.pathname}${url.search}`, {
      fetch: fetchApi,
      signedOut: !hasOtherCookies(cookie),
      language,
    }).catch((err: unknown) => {
      // A render that fails leaves the page to the browser, which renders it as any other.
      c.var.deps.logger.error({ err, path: url.pathname }, 'server render failed');
      return null;
    }),
  ]);
  if (!preview && !rendered) return undefined;
  // The page differs by the visitor's language, asked for by either header (decision 068): a cache
  // between us and the browser must keep one copy per language.
  c.header('Vary', 'Accept-Language, Cookie', { append: true });
  let html = withLanguage(await readIndexHtml(), language);
  if (preview) html = injectLinkPreview(html, preview);
  if (rendered) html = injectRenderedPage(html, rendered, scriptsOf?.(rendered.modules) ?? []);
  return { html, status: preview?.status ?? 200 };
}

/** Any cookie besides the language's: perhaps a session, which the render cannot know. */
function hasOtherCookies(cookieHeader: string | undefined): boolean {
  return (cookieHeader ?? '')
    .split(';')
    .some((pair) => pair.trim() !== '' && pair.split('=')[0]!.trim() !== LANGUAGE_COOKIE);
}

/** The page's `<html lang>`: the language it is rendered in, or that the app will choose. */
export function withLanguage(html: string, language: Language): string {
  return html.replace(/<html\b[^>]*>/i, (tag) =>
    /\blang="[^"]*"/.test(tag)
      ? tag.replace(/\blang="[^"]*"/, `lang="${language}"`)
      : tag.replace(/>$/, ` lang="${language}">`),
  );
}

/**
 * The page with the server's render in `#root` (in place of the header index.html paints while the
 * app loads), marked with its language; the queries it was rendered from, dehydrated, as an inert
 * JSON element (never run, so the CSP is untouched; `<` written as \u003c, so that no vendor's text
 * can close it); and preloads of the screen's own scripts, which the app would otherwise find only
 * once it runs (low priority, as index.html preloads the app's: scripts/vite-plugins.ts).
 */
export function injectRenderedPage(html: string, rendered: RenderedPage, scripts: readonly string[]): string {
  const state = JSON.stringify(rendered.state).replace(/</g, '\\u003c');
  const preloads = scripts.map(
    (src) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${escapeHtml(src)}">`,
  );
  return html
    .replace(/<\/head>/i, () => `  ${preloads.join('\n    ')}\n  </head>`)
    .replace(
      /<div id="root">[\s\S]*<\/div>(?=\s*<\/body>)/i,
      () =>
        `<div id="root" ${SSR_ATTRIBUTE}="${escapeHtml(rendered.language)}">${rendered.markup}</div>` +
        `<script type="application/json" id="${SSR_STATE_ELEMENT_ID}">${state}</script>`,
    );
}
