import { resolve } from 'node:path';
import preact from '@preact/preset-vite';
import { defineConfig } from 'vitest/config';

// Units and integration through app.request(); PGlite in memory by default, PostgreSQL when
// TEST_DATABASE_URL is set (each test file gets a fresh database: src/server/test/test-db.ts).
// The web project runs on the runtime that ships: Preact through its compat layer, with the same
// plugin and aliases as `npm run dev` and the build (vite.config.ts; src/web/test/runtime.test.ts
// fails if they differ).
const webConditions = ['module', 'browser', 'development'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts', 'bench/**/*.test.ts', '*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        plugins: [preact({ devToolsEnabled: false, prefreshEnabled: false, prerender: { enabled: false } })],
        resolve: {
          conditions: webConditions,
          alias: {
            // A CommonJS shim (react-i18next's) that would require React itself; preact/compat has the hook.
            'use-sync-external-store/shim': 'preact/compat',
            // Its package.json points at CommonJS (`main`); its ES build is the `module` field.
            '@testing-library/react': resolve(
              'node_modules/@testing-library/react/dist/@testing-library/react.esm.js',
            ),
          },
        },
        // Libraries' ES modules, in both of the environments Vitest resolves with, so that the aliases
        // reach their imports of react: a package's CommonJS build would require React itself.
        ssr: { resolve: { conditions: webConditions } },
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['src/web/test/setup.ts'],
          // A test's limit, not its time: the longest screens (the whole wizard) take seconds on a
          // busy machine.
          testTimeout: 20_000,
          // Every library goes through Vite, so that `react` and `react-dom` resolve to preact/compat
          // in them too, as in the build.
          server: { deps: { inline: true } },
        },
      },
    ],
  },
});
