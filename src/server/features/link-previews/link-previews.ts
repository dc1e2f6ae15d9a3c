import type { Context } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import { injectLinkPreview } from './link-previews.html.ts';
import { findLinkPreview } from './link-previews.service.ts';

/**
 * The web app's index.html for a public page, with its link preview (DESIGN §6 leaves the HTML to
 * the server; crawlers run no JavaScript). Undefined for the pages it does not describe.
 */
export async function renderLinkPreviewPage(
  c: Context<AppEnv>,
  readIndexHtml: () => Promise<string>,
): Promise<{ html: string; status: 200 | 404 } | undefined> {
  const url = new URL(c.req.url);
  const preview = await findLinkPreview(c.var.deps.db, {
    pathname: url.pathname,
    searchParams: url.searchParams,
    appUrl: c.var.deps.config.appUrl,
  });
  if (!preview) return undefined;
  return { html: injectLinkPreview(await readIndexHtml(), preview), status: preview.status };
}
