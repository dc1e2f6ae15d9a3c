import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { type Language, languages } from '../../shared/language.ts';
import { stringsModule } from '../i18n/i18n.ts';
import { nextAt, routeModulesAt } from './router.tsx';

// A public page loads at most 90 KB gzip of JavaScript before it is usable (decisions 020, 084;
// `npm run bench:web` measures it in a browser). This reads the same from the build's manifest: the
// entry and the app it imports, the page's language's strings, the page's screen with its strings
// (what the server preloads), and the screens the app preloads from it (`next`). In CI the build
// is made before the tests (.ci/run); elsewhere the test runs on a build newer than the sources.

const budgetBytes = 90 * 1024;
const dist = resolve(process.env.WEB_DIST_DIR ?? 'dist/web');
const manifestPath = join(dist, '.vite', 'manifest.json');

/** The newest change to the app's sources under `path` (tests are not in the build). */
function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return /\.test\.tsx?$/.test(path) ? 0 : stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((entry) => newestMtime(join(path, entry))));
}

const built = existsSync(manifestPath);
const current =
  built && statSync(manifestPath).mtimeMs >= Math.max(newestMtime('src/web'), newestMtime('src/shared'));

interface Chunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

/** The gzip bytes of the scripts a public page loads at `pathname` in `language`. */
function initialScripts(manifest: Record<string, Chunk>, pathname: string, language: Language) {
  const keys = new Set<string>();
  const add = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build's manifest`);
    if (keys.has(key)) return;
    keys.add(key);
    for (const imported of chunk.imports ?? []) add(imported);
  };
  for (const [key, chunk] of Object.entries(manifest))
    if (chunk.isEntry) {
      add(key);
      // The entry imports the app (app/start.tsx) once the page is painted: it always runs.
      for (const imported of chunk.dynamicImports ?? []) add(imported);
    }
  add(stringsModule('translation', language));
  for (const path of [pathname, ...nextAt(pathname)])
    for (const module of routeModulesAt(path, language)) add(module);
  const files = [...keys].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
  return files.reduce((sum, file) => sum + gzipSync(readFileSync(join(dist, file)), { level: 9 }).length, 0);
}

describe('the public pages’ JavaScript budget', () => {
  it
    .skipIf(!current && !process.env.CI)
    .each([['/'], ['/vendors'], ['/public/all-vendors'], ['/public/vendor/casa-limpia']])(
    '%s loads at most 90 KB gzip of scripts in each language',
    (pathname) => {
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, Chunk>;
      for (const language of languages) {
        const bytes = initialScripts(manifest, pathname, language);
        expect(bytes, `${pathname} in ${language}: ${(bytes / 1024).toFixed(1)} KiB`).toBeLessThanOrEqual(
          budgetBytes,
        );
      }
    },
  );
});
