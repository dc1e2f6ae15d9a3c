import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, Rollup } from 'vite';

// Build-time plugins of the web app (vite.config.ts). They run in Node, never in the browser.

/**
 * The app shell: the scripts every page runs on arrival. That is the entry chunk (src/web/main.tsx)
 * and what it imports statically, plus the app it imports once the page has painted
 * (src/web/app/start.tsx) with that one's static imports — not the screens, which the app imports
 * later, each when it is shown. src/server/lib/web-app.ts `buildScripts` reads the same set from
 * the build manifest.
 */
export function appShell(bundle: Rollup.OutputBundle): Set<string> {
  const shell = new Set<string>();
  for (const output of Object.values(bundle))
    if (output.type === 'chunk' && output.isEntry) {
      withStaticImports(bundle, output.fileName, shell);
      for (const imported of output.dynamicImports) withStaticImports(bundle, imported, shell);
    }
  return shell;
}

/** A chunk's file and those of the chunks it imports statically, added to `into`. */
function withStaticImports(bundle: Rollup.OutputBundle, file: string, into: Set<string>): Set<string> {
  const output = bundle[file];
  if (output?.type !== 'chunk' || into.has(file)) return into;
  into.add(file);
  for (const imported of output.imports) withStaticImports(bundle, imported, into);
  return into;
}

/**
 * Preloads the whole app shell from index.html, at low priority. The build names only the entry's
 * static imports; the app the entry imports after the first paint would otherwise be found only
 * then, a round trip later. Low priority: the app only starts once the page has loaded
 * (src/web/main.tsx), so on a slow connection the page itself and its first photo go first;
 * the server marks a screen's own scripts the same way (server/features/public-pages).
 */
export function preloadAppShell(): Plugin {
  return {
    name: 'barrio-preload-app-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const links = [...appShell(bundle)]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
        return html
          .replace('</head>', `${links.join('')}</head>`)
          .replace(
            /<(script type="module"|link rel="modulepreload") crossorigin /g,
            '<$1 fetchpriority="low" crossorigin ',
          );
      },
    },
  };
}

/**
 * Emits /sw.js from the hand-written service worker, with this build's precache list and a version
 * made from those names. Precached: the app shell — index.html, the scripts of `appShell`, their
 * styles, the chunks of `shellModules` (lazy modules the app cannot start without: each language's
 * strings, decision 084), and `extraUrls` from the public folder. Each screen's lazy chunk is cached
 * when first loaded instead, so installing the app does not download every screen over a phone's
 * connection (decision 020).
 */
export function serviceWorker({
  source,
  extraUrls,
  shellModules = [],
}: {
  source: string;
  extraUrls: string[];
  shellModules?: string[];
}): Plugin {
  return {
    name: 'barrio-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const shell = appShell(bundle);
      const wanted = new Set(shellModules.map((module) => resolve(module)));
      for (const output of Object.values(bundle))
        if (output.type === 'chunk' && output.facadeModuleId && wanted.has(output.facadeModuleId))
          withStaticImports(bundle, output.fileName, shell);
      for (const file of [...shell]) {
        const output = bundle[file];
        for (const css of (output?.type === 'chunk' && output.viteMetadata?.importedCss) || [])
          shell.add(css);
      }
      const assets = [...shell]
        .filter((file) => file.startsWith('assets/') && /\.(js|css)$/.test(file))
        .sort()
        .map((file) => `/${file}`);
      const urls = ['/index.html', ...extraUrls, ...assets];
      // The version names the whole build, so that a deploy that changed only a lazy screen still
      // installs afresh and drops the cache of the previous one.
      const everything = Object.keys(bundle).sort().join('\n');
      const version = createHash('sha256').update(everything).digest('hex').slice(0, 12);
      const code = readFileSync(source, 'utf8').replace('self.__BARRIO_PRECACHE__', () =>
        JSON.stringify({ version, urls }),
      );
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: code });
    },
  };
}

const compressible = /\.(js|css|html|svg|json|webmanifest|txt)$/;

/**
 * Writes `.br` and `.gz` beside every text file of the build, once, at build time: the server sends
 * them as they are (serveStatic `precompressed`), so no request pays for compression.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'barrio-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string) => {
        for (const entry of readdirSync(dir)) {
          const path = join(dir, entry);
          if (statSync(path).isDirectory()) {
            walk(path);
          } else if (compressible.test(entry) && statSync(path).size > 1024) {
            const content = readFileSync(path);
            writeFileSync(
              `${path}.br`,
              brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
            );
            writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
          }
        }
      };
      walk(outDir);
    },
  };
}

/**
 * Puts the entry stylesheet into index.html as a <style> element. On a phone's connection a
 * render-blocking stylesheet costs a request of its own before anything can paint; inline, the first
 * paint needs only the page (7 KB of gzip more in it). The CSP already allows inline styles.
 * The file stays in the build for anything that still asks for it by name.
 */
export function inlineEntryCss(): Plugin {
  return {
    name: 'barrio-inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        return html.replace(
          /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[^"]+\.css)">/g,
          (link, file: string) => {
            const asset = bundle?.[file];
            if (asset?.type !== 'asset') return link;
            return `<style>${String(asset.source).replace(/<\/style/gi, '<\\/style')}</style>`;
          },
        );
      },
    },
  };
}

/**
 * Marks the scripts every page runs on arrival (`appShell`) with
 * V8's explicit compile hint (`//# allFunctionsCalledOnLoad`, Chrome 136+). V8 then compiles their
 * functions while the file streams in, on a background thread, instead of one by one on the main
 * thread the first time each is called (decision 025). Other browsers read a comment. The hint
 * must be the file's first line, so it is added to the written files, after Vite's own additions;
 * their source maps shift by that one line.
 */
export function compileHints(): Plugin {
  const hint = '//# allFunctionsCalledOnLoad\n';
  return {
    name: 'barrio-compile-hints',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? '';
      for (const file of appShell(bundle)) {
        const path = join(dir, file);
        writeFileSync(path, hint + readFileSync(path, 'utf8'));
        try {
          const map = JSON.parse(readFileSync(`${path}.map`, 'utf8')) as { mappings: string };
          writeFileSync(`${path}.map`, JSON.stringify({ ...map, mappings: `;${map.mappings}` }));
        } catch {
          // no source map for this file
        }
      }
    },
  };
}
