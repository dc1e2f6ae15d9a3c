import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../db/client.ts';

export interface TestDatabase extends Database {
  /**
   * The connection string of this PostgreSQL test database, so that a test can open a second pool
   * on it (a second app instance); undefined on PGlite, which is one in-memory connection.
   */
  url?: string;
}

/**
 * A fresh, migrated database for one test file: PGlite in memory, or — when TEST_DATABASE_URL is
 * set — a new PostgreSQL database created on that server and dropped again by `close()`.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ pgliteDir: 'memory://' });
    await database.migrate();
    return database;
  }
  const name = `barrio_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  await database.migrate();
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

async function adminQuery(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export const testEngine = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
