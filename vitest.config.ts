import { defineConfig } from 'vitest/config';

// Units and integration through app.request(); PGlite in memory by default, PostgreSQL when
// TEST_DATABASE_URL is set (each test file gets a fresh database: src/server/test/test-db.ts).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        esbuild: { jsx: 'automatic' },
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['src/web/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
});
