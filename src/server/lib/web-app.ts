import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Hono } from 'hono';
import type { ViteDevServer } from 'vite';
import type { RenderPage } from '../../shared/ssr.ts';
import type { AppEnv } from '../app-env.ts';

// WEB_DIST_DIR lets parallel test runs on one machine build and serve separate copies (vite.config.ts).
export const webDistDir = process.env.WEB_DIST_DIR
  ? resolve(process.env.WEB_DIST_DIR)
  : join(process.cwd(), 'dist', 'web');

/** Hashed assets never change under their name; index.html must always be revalidated. */
function cacheControlFor(c: Context): string {
  if (c.req.path.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  // The service worker and the manifest name the current assets: a stale copy would pin an old app.
  if (c.req.path === '/sw.js' || c.req.path === '/manifest.webmanifest') return 'no-cache';
  if (c.res.headers.get('content-type')?.startsWith('text/html')) return 'no-cache';
  return 'public, max-age=3600';
}

/** What the server adds to a page for one address (src/server/features/public-pages). */
export type RenderIndex = (
  c: Context<AppEnv>,
  page: { readIndexHtml: () => Promise<string>; renderPage?: RenderPage; scriptsOf?: ScriptsOf },
) => Promise<{ html: string; status: 200 | 404 } | undefined>;

export interface WebAppOptions {
  /** index.html rewritten for one address, or undefined to serve it as built. */
  renderIndex?: RenderIndex;
  /** Production: the build's source maps are not served (they give the app's source away). */
  production?: boolean;
}

/** A source map, or a precompressed copy of one. */
const isSourceMap = (path: string) => /\.map(\.(br|gz))?$/.test(path);

/**
 * The build's server render (src/web/ssr/render.tsx), which Vite writes beside the web app
 * (`<root>-ssr`, vite.config.ts), loaded on first use; undefined without one (an older build): the
 * browser then renders every page.
 */
function loadRenderPage(root: string): RenderPage | undefined {
  const file = join(`${root}-ssr`, 'render.js');
  if (!existsSync(file)) return undefined;
  let loading: Promise<{ render: RenderPage }> | undefined;
  return async (url, context) => {
    loading ??= import(pathToFileURL(file).href);
    return (await loading).render(url, context);
  };
}

/** `/assets/…` files of lazily loaded modules (by source path, `routes/home.tsx`), not yet in the page. */
export type ScriptsOf = (modules: readonly string[]) => string[];

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

/**
 * From the build's manifest (vite.config.ts `build.manifest`): the files a lazily loaded module
 * needs — its own chunk and the chunks it imports statically — less those index.html already
 * preloads: the app shell, that is the entry, the app it imports after the first paint, and their
 * static imports (scripts/vite-plugins.ts `appShell`). Without a manifest (an older build),
 * nothing: the app then loads them itself.
 */
export function buildScripts(manifest: Record<string, ManifestChunk> | undefined): ScriptsOf {
  if (!manifest) return () => [];
  const closure = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(key)) return into;
    into.add(key);
    for (const imported of chunk.imports ?? []) closure(imported, into);
    return into;
  };
  const withEntry = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest))
    if (chunk.isEntry) {
      closure(key, withEntry);
      for (const imported of chunk.dynamicImports ?? []) closure(imported, withEntry);
    }
  return (modules) => {
    const needed = new Set<string>();
    for (const module of modules) closure(module, needed);
    return [...needed].filter((key) => !withEntry.has(key)).map((key) => `/${manifest[key]!.file}`);
  };
}

const isApi = (path: string) => path === '/api' || path.startsWith('/api/');

function readManifest(root: string): Record<string, ManifestChunk> | undefined {
  try {
    return JSON.parse(readFileSync(join(root, '.vite', 'manifest.json'), 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and every
 * other non-API GET answered with index.html (rewritten by `renderIndex`) so that deep links reach
 * the client router.
 */
export function mountWebApp(
  app: Hono<AppEnv>,
  root = webDistDir,
  { renderIndex, production = false }: WebAppOptions = {},
) {
  if (!existsSync(join(root, 'index.html'))) return false;
  const scriptsOf = buildScripts(readManifest(root));
  const renderPage = loadRenderPage(root);
  // The maps stay in the build, for reading a production stack trace on a developer's machine.
  if (production) app.get('*', (c, next) => (isSourceMap(c.req.path) ? c.notFound() : next()));
  app.use('*', async (c, next) => {
    if (isApi(c.req.path)) return next();
    await next();
    if (c.res.status === 200 && !c.res.headers.has('cache-control'))
      c.header('Cache-Control', cacheControlFor(c));
  });
  // `precompressed`: the build writes .br and .gz beside each text asset (vite.config.ts). `/` is a
  // page like the others (renderIndex may add to it); /index.html stays the plain app shell, which
  // the service worker keeps for offline use.
  const assets = serveStatic({ root, precompressed: true });
  app.use('*', (c, next) => (c.req.path === '/' && renderIndex ? next() : assets(c, next)));
  app.get('*', async (c, next) => {
    if (isApi(c.req.path)) return next();
    const page = await renderIndex?.(c, {
      readIndexHtml: () => readFile(join(root, 'index.html'), 'utf8'),
      renderPage,
      scriptsOf,
    });
    if (page) {
      c.header('Cache-Control', 'no-cache');
      return c.html(page.html, page.status);
    }
    return serveStatic({ path: join(root, 'index.html') })(c, next);
  });
  return true;
}

/**
 * `npm run dev`: pages come from Vite's dev server (in middleware mode, in front of this app:
 * src/server/main.ts), rendered as in production (`renderIndex`), with the server render loaded
 * through Vite, so that an edit to the web app shows at once, on the server's render too. Vite's own
 * middlewares answer the modules, styles and public files before a request reaches this app.
 */
export function mountDevWebApp(app: Hono<AppEnv>, vite: ViteDevServer, { renderIndex }: WebAppOptions = {}) {
  const indexFile = join(vite.config.root, 'index.html');
  app.get('*', async (c, next) => {
    if (isApi(c.req.path) || !c.req.header('accept')?.includes('text/html')) return next();
    const readIndexHtml = async () =>
      vite.transformIndexHtml(c.req.path, await readFile(indexFile, 'utf8'), c.req.url);
    const renderPage: RenderPage = async (url, context) =>
      ((await vite.ssrLoadModule('/ssr/render.tsx')) as { render: RenderPage }).render(url, context);
    const page = (await renderIndex?.(c, { readIndexHtml, renderPage })) ?? {
      html: await readIndexHtml(),
      status: 200 as const,
    };
    c.header('Cache-Control', 'no-cache');
    return c.html(page.html, page.status);
  });
}
