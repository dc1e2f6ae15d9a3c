import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

// The one build of the web app that `npm start`, the browser tests and CI share: `vite build` runs
// only when dist/web is missing or older than one of its sources, so a build made by an earlier step
// (CI's build section, a previous `npm start`) is reused as it is.
const root = process.cwd();
// WEB_DIST_DIR: a separate build for a parallel run (vite.config.ts and the server read it too).
const builtIndex = join(resolve(root, process.env.WEB_DIST_DIR ?? 'dist/web'), 'index.html');
const sources = ['src/web', 'src/shared', 'public', 'vite.config.ts', 'package-lock.json'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Builds the web app unless dist/web is newer than its sources; returns the build's exit status. */
export function ensureWebBuild(): number {
  const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
  const sourcesAt = Math.max(...sources.map((source) => newestMtime(join(root, source))));
  if (builtAt >= sourcesAt) {
    console.log(`Web app: reusing ${builtIndex} (newer than its sources).`);
    return 0;
  }
  console.log(builtAt ? 'Web app sources changed: rebuilding…' : 'Building the web app…');
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit', cwd: root });
  return build.status ?? 1;
}
