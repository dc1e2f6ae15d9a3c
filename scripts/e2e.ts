import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ensureWebBuild } from './web-build.ts';

// `npm run test:e2e [-- playwright args]`: builds the web app unless dist/web is up to date
// (scripts/web-build.ts), then runs the Playwright journeys with
// Debian's Chromium (ARCHITECTURE §1: never a downloaded browser). Without Chromium the journeys cannot
// run: CI fails, a laptop gets a loud notice and a zero exit so that `npm test` still finishes.

// An explicit CHROMIUM_PATH is the only candidate: a typo there should not silently pick another browser.
const candidates = process.env.CHROMIUM_PATH
  ? [process.env.CHROMIUM_PATH]
  : ['/usr/bin/chromium', '/usr/bin/chromium-browser'];
const chromium = candidates.find((path) => existsSync(path));
const ci = Boolean(process.env.CI) && process.env.CI !== 'false' && process.env.CI !== '0';

if (!chromium) {
  const lines = [
    '',
    '#'.repeat(78),
    '#',
    ci
      ? '#   BROWSER TESTS FAILED: no Chromium executable was found.'
      : '#   BROWSER TESTS WERE SKIPPED: no Chromium executable was found.',
    '#',
    `#   Looked for: ${candidates.join(', ')}`,
    '#   Install it with:  sudo apt-get install -y chromium',
    '#   or point CHROMIUM_PATH at a Chromium or Chrome executable.',
    '#',
    ci
      ? '#   In CI the browser tests are required.'
      : '#   Nothing in e2e/ was run. Do not read this run as green for the UI.',
    '#',
    '#'.repeat(78),
    '',
  ];
  console.error(lines.join('\n'));
  process.exit(ci ? 1 : 0);
}

const bin = (name: string) =>
  join('node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);

function run(command: string, args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: 'inherit',
      env: { ...process.env, CHROMIUM_PATH: chromium },
      shell: process.platform === 'win32',
    });
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

const built = ensureWebBuild();
if (built !== 0) process.exit(built);
process.exit(await run(bin('playwright'), ['test', ...process.argv.slice(2)]));
