import { createHash } from 'node:crypto';
import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import type { Row } from './one-query-read';

/**
 * At most this many statement texts are named (per process); later ones run unnamed. Each named statement is kept by
 * every pool connection that ran it, on the database server, for the connection's life: a bounded set.
 */
const MAX_NAMED = 200;
const names = new Map<string, string>();

/** The statement's name: the same text, the same name, on every connection. Undefined past MAX_NAMED. */
function nameOf(sql: string): string | undefined {
  let name = names.get(sql);
  if (!name && names.size < MAX_NAMED) {
    name = `read_${createHash('sha256').update(sql).digest('hex').slice(0, 24)}`;
    names.set(sql, name);
  }
  return name;
}

/**
 * A read model's statement, run: its rows. On PostgreSQL as a named prepared statement (node-pg's `name`): each pool
 * connection parses it once, and the server plans it once it has seen it a few times (a generic plan) instead of on
 * every request, which for a statement of five joins costs more than running it. SQLite keeps its own prepared
 * statements (src/utils/sqlite-statements.ts). DATABASE_PREPARED_STATEMENTS=off runs every statement unnamed, for a
 * connection pooler in transaction mode (PgBouncer), whose server connections do not keep a client's statements.
 * Called inside a transaction, it runs in it.
 */
export async function readRows(strapi: Core.Strapi, sql: string, bindings: readonly unknown[]): Promise<Row[]> {
  let statement = strapi.db.connection.raw(sql, bindings as Knex.RawBinding[]);
  if (strapi.db.dialect.client === 'postgres' && process.env.DATABASE_PREPARED_STATEMENTS !== 'off') {
    const name = nameOf(sql);
    if (name) statement = statement.options({ name });
  }
  // Inside a transaction, in it (it sees the transaction's writes; on SQLite, outside it would wait for the one
  // connection the transaction holds).
  const answer = (await (strapi.db.inTransaction()
    ? strapi.db.transaction(({ trx }) => statement.transacting(trx as Knex.Transaction))
    : statement)) as Row[] | { rows: Row[] };
  return Array.isArray(answer) ? answer : answer.rows;
}
