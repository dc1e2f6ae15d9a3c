import { resolve } from 'node:path';
import preact from '@preact/preset-vite';
import tailwindcss from '@tailwindcss/vite';
import type { ChunkingContext } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';
import {
  compileHints,
  inlineEntryCss,
  precompress,
  preloadAppShell,
  serviceWorker,
} from './scripts/vite-plugins.ts';

// The web app lives in src/web and builds into dist/web, which the server serves with an SPA
// fallback (src/server/lib/web-app.ts). In development the server runs Vite's dev server in front of
// itself (src/server/main.ts, scripts/dev.ts).

// WEB_DIST_DIR: a separate build for a parallel test run (the server reads the same variable). The
// server render builds beside it, outside what the server serves (decision 042).
const webOutDir = process.env.WEB_DIST_DIR ? resolve(process.env.WEB_DIST_DIR) : resolve('dist/web');

/** Plugins of the browser's build only: the page, its scripts and the service worker. */
const forBrowser = (...plugins: Plugin[]) =>
  plugins.map((plugin): Plugin => ({ ...plugin, applyToEnvironment: (env) => env.name === 'client' }));

/**
 * Whether src/web/app/start.tsx reaches this module of ours by static imports alone. Libraries are
 * left out: a package's index re-exports all of it, so every part would seem reached.
 */
const appShellModules = new Map<string, boolean>();
function inAppShell(id: string, context: ChunkingContext): boolean {
  if (id.includes('node_modules') || id.startsWith('\0')) return false;
  if (id.endsWith('/src/web/app/start.tsx')) return true;
  const known = appShellModules.get(id);
  if (known !== undefined) return known;
  appShellModules.set(id, false); // an import cycle adds nothing
  const found = (context.getModuleInfo(id)?.importers ?? []).some((importer) =>
    inAppShell(importer, context),
  );
  appShellModules.set(id, found);
  return found;
}

export default defineConfig(() => ({
  root: 'src/web',
  publicDir: '../../public',
  resolve: {
    // react-i18next's CommonJS shim of useSyncExternalStore: preact/compat has the hook itself.
    alias: { 'use-sync-external-store/shim': 'preact/compat' },
  },
  plugins: [
    // One runtime everywhere: Preact through its compat layer, in `npm run dev`, in the build and in
    // Vitest (vitest.config.ts uses this plugin too); `react` and `react-dom` are aliased to it.
    preact({ devToolsEnabled: false, prerender: { enabled: false } }),
    tailwindcss(),
    ...forBrowser(
      // PWA: the service worker with this build's precache list
      // (docs/decisions/012-discovery-featured-previews-service-worker.md).
      serviceWorker({
        source: 'src/web/pwa/service-worker.js',
        extraUrls: ['/manifest.webmanifest', '/icons/icon.svg', '/icons/icon-192.png'],
        // Offline, the app starts in either language (decision 084).
        shellModules: ['src/web/i18n/en.ts', 'src/web/i18n/es-MX.ts'],
      }),
      inlineEntryCss(),
      preloadAppShell(),
      compileHints(),
      precompress(),
    ),
  ],
  // `vite build` builds both environments, in order: the browser's app (`client`, the top-level
  // `build` below), then the server render of the public pages (`ssr`, decision 042).
  builder: {},
  environments: {
    ssr: {
      // Every library is bundled, so that the Preact aliases apply to their imports too: the server
      // renders with the same Preact as the browser, and its markup is what the browser hydrates.
      resolve: { noExternal: true },
      // In `npm run dev` the render runs through Vite's module runner, which runs ES modules only:
      // the CommonJS libraries among the render's imports are bundled as ES modules first.
      optimizeDeps: { include: ['cookie', 'set-cookie-parser'] },
      build: {
        outDir: `${webOutDir}-ssr`,
        emptyOutDir: true,
        manifest: false,
        sourcemap: false,
        copyPublicDir: false,
        rolldownOptions: {
          input: resolve('src/web/ssr/render.tsx'),
          // One file: the server loads it once, with every screen in it.
          output: { codeSplitting: false },
        },
      },
    },
  },
  build: {
    outDir: webOutDir,
    emptyOutDir: true,
    sourcemap: true,
    // .vite/manifest.json: the server preloads a public page's own screen chunk with the page
    // (src/server/lib/web-app.ts, decision 042).
    manifest: true,
    rolldownOptions: {
      output: {
        // React and the router change rarely: one long-cached chunk. The libraries every screen
        // uses (server state, strings, the API client) are a second one: left alone, the bundler
        // cut them into a dozen small files, each a request of its own before the first screen
        // (decision 025). The big screens are split per route (lazy routes in
        // src/web/app/router.tsx), so their libraries load with them.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|preact)[\\/]/ },
            {
              name: 'core',
              test: /node_modules[\\/](@tanstack|i18next|react-i18next|hono|@radix-ui[\\/]react-(slot|compose-refs)|clsx)[\\/]/,
            },
            // Vite's helper that preloads a lazy module's files: the entry uses it to import the app;
            // in the app's chunk, it would make the entry run the app before it has set up its
            // event replay. The server render's contract (its #root mark), which the entry reads
            // too, goes with it for the same reason.
            { name: 'preload-helper', test: /^\0vite\/preload-helper|[\\/]src[\\/]shared[\\/]ssr\.ts$/ },
            // The rest of the app shell — what app/start.tsx imports statically — is one chunk too: the
            // entry imports the app only after the first paint (decision 027), so the bundler would
            // otherwise cut out every module the app shares with a lazy screen as a file of its own.
            { name: (id, context) => (inAppShell(id, context) ? 'app' : null) },
          ],
        },
      },
    },
  },
}));
