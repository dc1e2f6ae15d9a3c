import type { Context } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import type { RenderScreen, ScriptsOf } from '../../lib/web-app.ts';
import { drawScreen } from './drawn-screens.ts';
import {
  deferScriptsToLoad,
  type FetchApi,
  fetchFirstScreen,
  injectFirstScreen,
  injectFirstScreenMarkup,
  screenModules,
} from './first-screen.ts';
import { injectLinkPreview } from './link-previews.html.ts';
import { findLinkPreview } from './link-previews.service.ts';

/**
 * The web app's index.html for a public page (ARCHITECTURE §6 leaves the HTML to the server): its link
 * preview, for crawlers that run no JavaScript; with `fetchApi` its first screen's API answers, with
 * `scriptsOf` its screen's scripts (./first-screen.ts), and with `renderScreen` its first screen
 * drawn (decision 029). Undefined for the pages it adds nothing to.
 */
export async function renderPublicPage(
  c: Context<AppEnv>,
  readIndexHtml: () => Promise<string>,
  {
    fetchApi,
    scriptsOf,
    renderScreen,
  }: { fetchApi?: FetchApi; scriptsOf?: ScriptsOf; renderScreen?: RenderScreen } = {},
): Promise<{ html: string; status: 200 | 404 } | undefined> {
  const url = new URL(c.req.url);
  const [preview, firstScreen] = await Promise.all([
    findLinkPreview(c.var.deps.db, {
      pathname: url.pathname,
      searchParams: url.searchParams,
      appUrl: c.var.deps.config.appUrl,
    }),
    fetchApi
      ? fetchFirstScreen(
          { pathname: url.pathname, params: url.searchParams, withCookies: !!c.req.header('cookie') },
          fetchApi,
        )
      : undefined,
  ]);
  const scripts = scriptsOf?.(screenModules(url.pathname)) ?? [];
  if (!preview && !firstScreen?.answers.length && scripts.length === 0) return undefined;
  let html = await readIndexHtml();
  if (preview) html = injectLinkPreview(html, preview);
  const drawn = renderScreen && firstScreen?.drawable;
  html = injectFirstScreen(html, { answers: [], ...firstScreen, scripts: drawn ? [] : scripts });
  if (drawn) {
    html = injectFirstScreenMarkup(
      html,
      await drawScreen(renderScreen, `${url.pathname}${url.search}`, firstScreen.answers, firstScreen.bodies),
    );
    html = deferScriptsToLoad(html, scripts);
  }
  return { html, status: preview?.status ?? 200 };
}
