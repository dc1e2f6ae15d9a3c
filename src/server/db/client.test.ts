import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testEngine } from '../test/test-db.ts';
import { TYPO_SIMILARITY } from './client.ts';

// db/client.ts: a transaction on PostgreSQL's pool gives its client back however it ends (PGlite
// has one connection and no pool).
describe.skipIf(testEngine !== 'postgres')('transactions on the PostgreSQL pool (postgres only)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const checkedOut = (pool: pg.Pool) => pool.totalCount - pool.idleCount;
  /** db.execute() answers node-postgres's result here. */
  const rowsOf = (result: unknown) => (result as pg.QueryResult).rows;

  it('gives the client back when its begin fails, so the pool never runs dry', async () => {
    const pool = database.pool!;
    const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
    // More failed begins than the pool has clients (10): the first query of each client fails, as
    // it does on a connection the server closed while it was idle.
    let failing = 12;
    // The clients handed out and not yet given back: released at the end even if the code under
    // test leaks them, so that a failure here fails fast instead of hanging the pool's close.
    const out = new Set<pg.PoolClient>();
    pool.connect = (async () => {
      const client = await connect();
      out.add(client);
      const release = client.release.bind(client);
      client.release = (error?: Error | boolean) => {
        out.delete(client);
        client.release = release;
        release(error);
      };
      if (failing > 0) {
        failing--;
        const query = client.query.bind(client) as (...args: unknown[]) => unknown;
        let first = true;
        client.query = ((...args: unknown[]) => {
          if (!first) return query(...args);
          first = false;
          return Promise.reject(new Error('Connection terminated unexpectedly'));
        }) as typeof client.query;
      }
      return client;
    }) as typeof pool.connect;
    try {
      for (let i = 0; i < 12; i++) {
        await expect(database.db.transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toThrow(
          'Failed query: begin',
        );
        expect(checkedOut(pool)).toBe(0);
      }
    } finally {
      pool.connect = connect as typeof pool.connect;
      for (const client of out) client.release(true);
    }
    const rows = await database.db.transaction(async (tx) =>
      rowsOf(await tx.execute(sql`select 42 as answer`)),
    );
    expect(rows).toEqual([{ answer: 42 }]);
    expect(checkedOut(pool)).toBe(0);
  });

  it('commits, rolls back on an error, and nests with a savepoint', async () => {
    const { db } = database;
    await db.execute(sql`create table tx_probe (n int)`);
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into tx_probe values (1)`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into tx_probe values (2)`);
          throw new Error('undo the inner one');
        })
        .catch(() => {});
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into tx_probe values (3)`);
        throw new Error('undo all');
      }),
    ).rejects.toThrow('undo all');
    expect(rowsOf(await db.execute(sql`select n from tx_probe order by n`))).toEqual([{ n: 1 }]);
    expect(checkedOut(database.pool!)).toBe(0);
  });
});

// Decision 051: the typo search's trigram index is searched with `%>`, whose threshold each session
// sets — on PGlite at open, on PostgreSQL on every pooled connection, however many are open.
describe(`session settings (${testEngine})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('sets pg_trgm.word_similarity_threshold to the typo threshold on every connection', async () => {
    // Four transactions open at once hold four of the pool's connections on PostgreSQL.
    let entered = 0;
    let release!: () => void;
    const together = new Promise<void>((resolve) => {
      release = resolve;
    });
    const width = testEngine === 'postgres' ? 4 : 1;
    const thresholds = await Promise.all(
      Array.from({ length: width }, () =>
        database.db.transaction(async (tx) => {
          const [row] = await tx
            .select({ t: sql<string>`current_setting('pg_trgm.word_similarity_threshold')` })
            .from(sql`(select 1) as one`);
          if (++entered === width) release();
          await together;
          return Number(row!.t);
        }),
      ),
    );
    expect(thresholds).toEqual(Array(width).fill(TYPO_SIMILARITY));
  });
});
