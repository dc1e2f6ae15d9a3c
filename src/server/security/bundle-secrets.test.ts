import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// ARCHITECTURE §10: no secret reaches the browser bundle. One real `vite build` with a fake
// value in every secret the server reads (config.ts), then every emitted file — compressed copies
// and source maps included, which the server sends outside production — is searched for those values.
// The build does not touch the database, so the PostgreSQL re-run of the suite (TEST_DATABASE_URL
// set) skips it instead of building the same bundle twice.

const secrets: Record<string, string> = {
  AUTH_SECRET: 'leak-check-auth-secret-4f1c9d2e7a6b8c0d3e5f',
  STRIPE_SECRET_KEY: 'sk_test_leakcheck_51Hx9Zq2eZvKYlo2Cq7w',
  STRIPE_WEBHOOK_SECRET: 'whsec_leakcheck_0a9b8c7d6e5f4a3b',
  WHATSAPP_TOKEN: 'EAAleakcheckWhatsAppToken9f8e7d6c',
  WHATSAPP_APP_SECRET: 'leakcheck-whatsapp-app-secret-1a2b3c',
  WHATSAPP_VERIFY_TOKEN: 'leakcheck-whatsapp-verify-token-4d5e6f',
  WHATSAPP_PHONE_NUMBER_ID: '109876543210987',
  GOOGLE_CLIENT_ID: 'leakcheck-client-id.apps.googleusercontent.com',
  GOOGLE_CLIENT_SECRET: 'GOCSPX-leakcheck-google-secret',
  SMTP_URL: 'smtps://mailer:leakcheck-smtp-password@smtp.example.test:465',
  DATABASE_URL: 'postgres://barrio:leakcheck-db-password@db.example.test:5432/barrio',
};
/** The values to look for: each whole, and the passwords inside the URLs on their own. */
const needles = [...Object.values(secrets), 'leakcheck-smtp-password', 'leakcheck-db-password'];

/** Files the browser runs or reads, where `process.env` would mean server code came along. */
const shippedCode = /\.(js|mjs|css|html|webmanifest)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** A file's text, decompressed for the precompressed copies (vite.config.ts `precompress`). */
function textOf(file: string): string {
  const bytes = readFileSync(file);
  if (file.endsWith('.br')) return brotliDecompressSync(bytes).toString('utf8');
  if (file.endsWith('.gz')) return gunzipSync(bytes).toString('utf8');
  return bytes.toString('utf8');
}

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('secrets in the built web app', () => {
  const outDir = mkdtempSync(join(tmpdir(), 'barrio-bundle-'));
  let files: string[] = [];

  beforeAll(async () => {
    const vite = join(process.cwd(), 'node_modules', 'vite', 'bin', 'vite.js');
    await promisify(execFile)(
      process.execPath,
      [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'],
      { env: { ...process.env, ...secrets, NODE_ENV: 'production', WEB_DIST_DIR: outDir }, timeout: 170_000 },
    );
    files = filesUnder(outDir);
  }, 180_000);
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('built everything that is served: page, scripts, styles, manifest, service worker, maps', () => {
    const names = files.map((f) => relative(outDir, f));
    expect(names).toEqual(
      expect.arrayContaining(['index.html', 'index.html.br', 'manifest.webmanifest', 'sw.js']),
    );
    for (const ending of ['.js', '.css', '.js.map', '.js.gz'])
      expect(
        names.some((n) => n.endsWith(ending)),
        ending,
      ).toBe(true);
  });

  it('holds none of the secret values in any emitted file', () => {
    const leaks: string[] = [];
    for (const file of files) {
      const text = textOf(file);
      for (const needle of needles)
        if (text.includes(needle)) leaks.push(`${relative(outDir, file)}: ${needle}`);
    }
    expect(leaks).toEqual([]);
    console.info(`bundle secrets: ${files.length} emitted files searched for ${needles.length} values`);
  });

  it('never reads process.env in browser code', () => {
    const found: string[] = [];
    let ownSources = 0;
    for (const file of files) {
      const name = relative(outDir, file);
      if (shippedCode.test(name.replace(/\.(br|gz)$/, '')) && textOf(file).includes('process.env'))
        found.push(name);
      // Source maps carry the libraries' sources, whose `process.env.NODE_ENV` checks the build
      // replaced; our own sources must not mention it at all.
      if (name.endsWith('.map')) {
        const map = JSON.parse(textOf(file)) as { sources: string[]; sourcesContent?: (string | null)[] };
        map.sources.forEach((source, i) => {
          if (source.includes('node_modules')) return;
          ownSources++;
          if (map.sourcesContent?.[i]?.includes('process.env')) found.push(`${name} → ${source}`);
        });
      }
    }
    expect(found).toEqual([]);
    expect(ownSources, 'the maps carry our own sources').toBeGreaterThan(50);
  });
});
