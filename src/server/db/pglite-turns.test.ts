import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client.ts';

// Decision 092: between one PGlite statement and the next, whatever else is ready runs.
describe('PGlite statements give the event loop a turn', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ pgliteDir: 'memory://' });
  });
  afterAll(() => database.close());

  /**
   * How many of five statements had been sent when a callback queued before them ran: one, when the
   * event loop had a turn after the first; none ran (-1) if it waited for all five.
   */
  async function sentBeforeATurn(statement: () => Promise<unknown>) {
    let sent = 0;
    let atTurn = -1;
    setImmediate(() => {
      atTurn = sent;
    });
    for (let i = 0; i < 5; i++) {
      sent++;
      await statement();
    }
    return atTurn;
  }

  it('between statements', async () => {
    expect(await sentBeforeATurn(() => database.db.execute(sql`select 1`))).toBe(1);
  });

  it('between the statements of a transaction', async () => {
    let atTurn = -1;
    await database.db.transaction(async (tx) => {
      atTurn = await sentBeforeATurn(() => tx.execute(sql`select 1`));
    });
    expect(atTurn).toBe(1);
  });

  it('one statement a turn, whoever sends them', async () => {
    let turns = 0;
    let ticking = true;
    const tick = () => {
      turns++;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const answeredAt: number[] = [];
    const request = async () => {
      for (let i = 0; i < 3; i++) {
        await database.db.execute(sql`select 1`);
        answeredAt.push(turns);
      }
    };
    await Promise.all([request(), request(), request()]);
    ticking = false;
    // Nine statements of three requests at once, each answered in a turn of its own.
    expect(new Set(answeredAt).size).toBe(answeredAt.length);
  });
});
