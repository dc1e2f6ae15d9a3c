import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngine } from '../test/test-db.ts';
import type { Database } from './client.ts';

// The indexes of DESIGN §3 must serve the queries as written. With sequential scans and sorts
// priced out, a plan that still scans or sorts means the index cannot answer the query at all
// (e.g. an index declared DESC NULLS LAST for an ORDER BY … DESC, which means NULLS FIRST).
describe(`indexes serve the queries (${testEngine})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  async function plan(query: string): Promise<string> {
    return database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_sort = off`);
      const result = (await tx.execute(sql.raw(`explain ${query}`))) as unknown as {
        rows: Record<string, string>[];
      };
      return result.rows.map((row) => Object.values(row)[0]).join('\n');
    });
  }

  it.each([
    [
      'browse, newest first',
      `select id from vendor_profiles order by created_at desc, id desc limit 7`,
      'vendor_profiles_created_idx',
    ],
    [
      'browse within one stored category',
      `select id from vendor_profiles where service_category = 'cleaning' order by created_at desc limit 7`,
      'vendor_profiles_category_created_idx',
    ],
    [
      'search by name',
      `select id from vendor_profiles where business_name ilike '%limpieza%'`,
      'vendor_profiles_business_name_trgm_idx',
    ],
    [
      'search by category',
      `select id from vendor_profiles where service_category ilike '%hogar%'`,
      'vendor_profiles_service_category_trgm_idx',
    ],
    [
      'recommendations by score, newest first',
      `select id from recommendations where user_id = 'u' order by score desc, created_at desc`,
      'recommendations_user_score_idx',
    ],
    [
      'the WhatsApp log, newest first',
      `select id from messages where channel = 'whatsapp' order by created_at desc limit 10`,
      'messages_channel_created_idx',
    ],
    [
      "customers among a user's contacts, by phone",
      `select id from customers where phone_e164 = any('{+525512345678,+5215512345678}'::text[])`,
      'customers_phone_idx',
    ],
    [
      "accounts among a user's contacts, by profile phone",
      `select user_id from profiles where phone = any('{+525512345678}'::text[])`,
      'profiles_phone_idx',
    ],
  ])('%s uses %s', async (_name, query, index) => {
    const text = await plan(query);
    expect(text).toContain(index);
    expect(text).not.toMatch(/Seq Scan|^\s*Sort\b|->\s+Sort\b/m);
  });
});
