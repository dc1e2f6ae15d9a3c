import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** Row count and an md5 over the sorted rows of one table. */
export type TableFingerprints = Record<string, { rows: number; md5: string }>;

/**
 * Every table of the public schema, fingerprinted in one statement, so that a test can prove a
 * request changed nothing (ARCHITECTURE §10: bad input changes nothing). `except` names tables that
 * change for reasons the test does not control; each caller says why it leaves one out.
 */
export async function fingerprintTables(db: Db, { except = [] }: { except?: string[] } = {}) {
  const listed = await db.execute(
    sql`select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const tables = (listed as unknown as { rows: { table_name: string }[] }).rows
    .map((r) => r.table_name)
    .filter((name) => !except.includes(name));
  const parts = tables.map(
    (name) =>
      sql`select ${name} as name, count(*)::int as rows,
            coalesce(md5(string_agg(t::text, '' order by t::text)), '') as md5
          from ${sql.identifier(name)} t`,
  );
  const result = await db.execute(sql.join(parts, sql` union all `));
  const fingerprints: TableFingerprints = {};
  for (const { name, rows, md5 } of (
    result as unknown as { rows: { name: string; rows: number; md5: string }[] }
  ).rows)
    fingerprints[name] = { rows, md5 };
  return fingerprints;
}

/** The tables whose fingerprint differs, for a readable failure. */
export function changedTables(before: TableFingerprints, after: TableFingerprints): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter(
    (name) => before[name]?.rows !== after[name]?.rows || before[name]?.md5 !== after[name]?.md5,
  );
}
