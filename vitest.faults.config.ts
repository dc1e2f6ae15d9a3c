import { defineConfig } from 'vitest/config';

// Fault tests (decision 023): real server processes, real kills and restarts, on PostgreSQL and
// on a PGlite data directory. Run with `npm run test:faults`; never part of `npm test`.
// One file at a time: each starts servers of its own, and the machine may have two cores.
export default defineConfig({
  test: {
    name: 'faults',
    environment: 'node',
    include: ['faults/**/*.test.ts'],
    setupFiles: ['faults/support/setup.ts'],
    fileParallelism: false,
    testTimeout: 240_000,
    hookTimeout: 120_000,
    env: {
      // The PostgreSQL server on which each test creates (and drops) a database of its own.
      TEST_DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    },
  },
});
