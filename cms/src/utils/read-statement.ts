import { createHash } from 'node:crypto';
import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import type { Row } from './one-query-read';
import { prepared, type Connection } from './sqlite-statements';

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

/** What the direct path reads of knex's client (knex 3): its pool, and how it binds for its driver. */
interface KnexClient {
  acquireConnection(): Promise<unknown>;
  releaseConnection(connection: unknown): Promise<unknown>;
  positionBindings(sql: string): string;
  _formatBindings?(bindings: readonly unknown[]): unknown[];
}

/** A node-pg connection, as the direct path calls it. */
interface PgConnection {
  query(config: { text: string; values: unknown[]; name?: string }): Promise<{ rows: Row[] }>;
}

/** The PostgreSQL text of each statement (`$1`, `$2`, ... for knex's `?`), computed once; as many as MAX_TEXTS. */
const MAX_TEXTS = 1000;
const pgTexts = new Map<string, string>();

/** A binding the direct path passes as it is; anything else (a list knex would expand, a raw) goes through knex. */
const plain = (value: unknown) =>
  value === null || typeof value !== 'object' || value instanceof Date || Buffer.isBuffer(value);

/**
 * A read model's statement, run: its rows. Outside a transaction it goes straight to the driver on a connection of
 * knex's own pool (taken and given back as knex does), with no query builder, runner or event: the statement is
 * already written and its values plain, which is all knex would do for it (its `query` event is still sent to listeners). On SQLite the connection's prepared
 * statement is reused (src/utils/sqlite-statements.ts) and its values formatted by knex's own client; the one
 * connection is taken in turn with every other query, so a read never runs inside another request's transaction. On
 * PostgreSQL it is a named prepared statement (node-pg's `name`): each pool connection parses it once, and the server
 * plans it once it has seen it a few times (a generic plan) instead of on every request, which for a statement of five
 * joins costs more than running it. DATABASE_PREPARED_STATEMENTS=off runs every statement unnamed, for a connection
 * pooler in transaction mode (PgBouncer), whose server connections do not keep a client's statements. Called inside
 * a transaction, it runs in it, through knex.
 */
export async function readRows(strapi: Core.Strapi, sql: string, bindings: readonly unknown[]): Promise<Row[]> {
  const postgres = strapi.db.dialect.client === 'postgres';
  const name = postgres && process.env.DATABASE_PREPARED_STATEMENTS !== 'off' ? nameOf(sql) : undefined;
  if (!strapi.db.inTransaction() && bindings.every(plain)) {
    const knex = strapi.db.connection;
    const client = knex.client as unknown as KnexClient;
    let text = sql;
    if (postgres) {
      text = pgTexts.get(sql) ?? client.positionBindings(sql);
      if (pgTexts.size < MAX_TEXTS) pgTexts.set(sql, text);
    }
    // knex's query event, for whoever listens (a debug log, a test counting statements), as knex would send it.
    if (knex.listenerCount('query'))
      knex.emit('query', { method: 'raw', sql: text, bindings: [...bindings], options: name ? { name } : {} });
    const connection = await client.acquireConnection();
    try {
      if (!postgres) return prepared(connection as Connection, sql).all(client._formatBindings!(bindings)) as Row[];
      const result = await (connection as PgConnection).query({ text, values: [...bindings], ...(name && { name }) });
      return result.rows;
    } finally {
      await client.releaseConnection(connection);
    }
  }
  let statement = strapi.db.connection.raw(sql, bindings as Knex.RawBinding[]);
  if (name) statement = statement.options({ name });
  // Inside a transaction, in it (it sees the transaction's writes; on SQLite, outside it would wait for the one
  // connection the transaction holds).
  const answer = (await (strapi.db.inTransaction()
    ? strapi.db.transaction(({ trx }) => statement.transacting(trx as Knex.Transaction))
    : statement)) as Row[] | { rows: Row[] };
  return Array.isArray(answer) ? answer : answer.rows;
}
