import { defineConfig } from 'drizzle-kit';

// Generates SQL only. Migrations are applied by the app at start-up with drizzle's migrate() on
// both drivers — never `drizzle-kit migrate` against PGlite (it loads no extensions; ARCHITECTURE §1).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/*.ts',
  out: './src/server/db/migrations',
  casing: undefined,
});
