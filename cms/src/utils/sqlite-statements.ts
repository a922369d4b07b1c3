import { createRequire } from 'node:module';

/**
 * SQLite prepares every statement anew for each query knex runs (its better-sqlite3 client calls `prepare` every
 * time), and preparing costs as much as running a short read: a read of a few dozen columns spends longer being
 * planned than being read. This keeps each connection's prepared statements by their SQL (the product's SQL is a few
 * hundred texts, bound with new values each time), the oldest-used dropped past MAX_STATEMENTS. SQLite re-plans a
 * kept statement by itself after a schema change. PostgreSQL is not concerned (its driver sends each query whole).
 */

const MAX_STATEMENTS = 500;

export interface Statement {
  reader: boolean;
  all(bindings: unknown[]): unknown;
  run(bindings: unknown[]): { lastInsertRowid: number | bigint; changes: number };
}
export interface Connection {
  prepare(sql: string): Statement;
}
interface QueryObject {
  sql?: string;
  bindings?: unknown[];
  response?: unknown;
  context?: { lastID: number | bigint; changes: number };
}
interface BetterSqliteClient {
  prototype: {
    _query(connection: Connection, obj: QueryObject): Promise<QueryObject>;
    _formatBindings(bindings?: unknown[]): unknown[];
  };
}

const statements = new WeakMap<Connection, Map<string, Statement>>();
let installed = false;

/** The connection's prepared statement of this SQL, prepared on its first use (the oldest-used dropped past MAX_STATEMENTS). */
export function prepared(connection: Connection, sql: string): Statement {
  let kept = statements.get(connection);
  if (!kept) statements.set(connection, (kept = new Map()));
  const found = kept.get(sql);
  if (found) {
    // Map order is the eviction order: a use moves it to the newest end.
    kept.delete(sql);
    kept.set(sql, found);
    return found;
  }
  const statement = connection.prepare(sql);
  kept.set(sql, statement);
  if (kept.size > MAX_STATEMENTS) kept.delete(kept.keys().next().value as string);
  return statement;
}

/** Makes knex's better-sqlite3 client (the one Strapi's database layer uses) reuse prepared statements. Once per process. */
export function reusePreparedStatements(): void {
  if (installed) return;
  installed = true;
  // knex as @strapi/database resolves it.
  const fromDatabase = createRequire(require.resolve('@strapi/database'));
  const client = fromDatabase('knex/lib/dialects/better-sqlite3') as BetterSqliteClient;
  // The same steps as knex's own _query (knex 3), with the statement kept.
  client.prototype._query = async function query(this: BetterSqliteClient['prototype'], connection, obj) {
    if (!obj.sql) throw new Error('The query is empty');
    if (!connection) throw new Error('No connection provided');
    const statement = prepared(connection, obj.sql);
    const bindings = this._formatBindings(obj.bindings);
    if (statement.reader) {
      obj.response = await statement.all(bindings);
      return obj;
    }
    const response = await statement.run(bindings);
    obj.response = response;
    obj.context = { lastID: response.lastInsertRowid, changes: response.changes };
    return obj;
  };
}
