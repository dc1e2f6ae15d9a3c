import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type Db, type Schema, schema, type Tx } from './db.ts';
import { recordLegacyRefunds } from './legacy-refunds.ts';
import { type Notifications, pgliteNotifications, postgresNotifications } from './notifications.ts';
import { pgliteGivingTurns } from './pglite-turns.ts';
import { repairStoredPhones } from './phone-repair.ts';
import { syncSearchTerms } from './search-terms.ts';

/**
 * The typo search's threshold (vendor-search.ts): a typed word is read as a lexicon word at pg_trgm
 * similarity ≥ this. Every session sets pg_trgm's word-similarity threshold to it too, so that the
 * lexicon's trigram index — searched with `%>`, never `%` (decision 051) — returns every such word.
 */
export const TYPO_SIMILARITY = 0.5;
/**
 * Each session's settings: the typo threshold, and a plan for each run of a prepared statement
 * (decision 080): the lists are prepared once per shape, and their values (a page's offset, a
 * search's words) decide the best plan, where a generic plan would guess them.
 */
const SESSION_SETTINGS = `set pg_trgm.word_similarity_threshold = ${TYPO_SIMILARITY}; set plan_cache_mode = force_custom_plan`;

export type { Db, Schema, Tx };
export { schema };

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** The PostgreSQL pool, for advisory locks; undefined on PGlite. */
  pool?: pg.Pool;
  /** LISTEN/NOTIFY on either driver (db/notifications.ts). */
  notifications: Notifications;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
const MIGRATION_LOCK = 727_001; // any constant: serialises migrations of instances starting together

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  pgliteDir?: string;
}

export async function openDatabase({
  databaseUrl,
  pgliteDir = './.data/pglite',
}: DatabaseOptions): Promise<Database> {
  if (databaseUrl) return openPostgres(databaseUrl);
  return openPglite(pgliteDir);
}

/**
 * `db.transaction` on a pool, giving the client back however the transaction ends. drizzle-orm 0.45
 * sends a pooled transaction's `begin` before its try/finally: a `begin` that fails (a connection
 * the server closed while it was idle, a restart) never gives its client back, and ten such
 * failures would leave the pool empty for good, every later request waiting on it. Here the
 * transaction checks its client out itself and drizzle runs it on that client, which drizzle never
 * releases; pg's pool drops a client that can no longer be queried when it comes back.
 */
function transactionsGivingBackTheirClient(pool: pg.Pool): Db['transaction'] {
  // One drizzle per pooled client (0.2 ms to make), kept as long as the pool keeps the client.
  const onClient = new WeakMap<pg.PoolClient, Db>();
  return async (run, config) => {
    const client = await pool.connect();
    try {
      let clientDb = onClient.get(client);
      if (!clientDb) {
        clientDb = drizzleNodePg(client, { schema }) as unknown as Db;
        onClient.set(client, clientDb);
      }
      return await clientDb.transaction(run, config);
    } finally {
      client.release();
    }
  };
}

function openPostgres(url: string): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // Run on each new connection before the pool hands it out, whatever the URL's own options are
    // (a `connect` listener's query would race the first statement: pg 8.16 warns, pg 9 refuses).
    onConnect: (client) => client.query(SESSION_SETTINGS),
  });
  // An idle client that loses its server must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  db.transaction = transactionsGivingBackTheirClient(pool);
  const notifications = postgresNotifications(url);
  return {
    db,
    kind: 'postgres',
    pool,
    notifications,
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        const migrating = drizzleNodePg(client, { schema });
        await migrateNodePg(migrating, { migrationsFolder });
        await syncSearchTerms(migrating as unknown as Db);
        await repairStoredPhones(migrating as unknown as Db);
        await recordLegacyRefunds(migrating as unknown as Db);
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
        client.release();
      }
    },
    close: async () => {
      await notifications.close();
      await pool.end();
    },
  };
}

async function openPglite(dir: string): Promise<Database> {
  const memory = dir.startsWith('memory://');
  if (!memory) mkdirSync(dirname(dir), { recursive: true }); // PGlite does not create the parent
  // PGlite needs its extension bundles at create time (ARCHITECTURE §1).
  const client = await PGlite.create(memory ? undefined : dir, {
    extensions: { btree_gin, btree_gist, citext, pg_trgm, unaccent },
  });
  await client.exec(SESSION_SETTINGS);
  const db = drizzlePglite(pgliteGivingTurns(client), { schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    notifications: pgliteNotifications(client),
    async migrate() {
      await migratePglite(db, { migrationsFolder });
      await syncSearchTerms(db as unknown as Db);
      await repairStoredPhones(db as unknown as Db);
      await recordLegacyRefunds(db as unknown as Db);
    },
    close: () => client.close(),
  };
}

export async function checkDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
