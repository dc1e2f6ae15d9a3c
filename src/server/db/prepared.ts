import type { Db } from './client.ts';

const statements = new WeakMap<Db, Map<string, unknown>>();

/**
 * A statement built once per database and shape, and run many times with its placeholders' values
 * (decision 080): drizzle renders a query's SQL on every call (0.1–0.5 ms for a list's), and on
 * PostgreSQL the name makes each connection parse it once. `name` must say everything that changes
 * the SQL text; the values go to `execute`.
 */
export function prepared<Statement>(db: Db, name: string, prepare: (name: string) => Statement): Statement {
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  let statement = byName.get(name) as Statement | undefined;
  if (!statement) {
    statement = prepare(name);
    byName.set(name, statement);
  }
  return statement;
}
