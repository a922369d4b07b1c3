import type { Knex } from 'knex';

/** An index a migration makes: plain column names, or an expression such as lower(email). */
export interface IndexSpec {
  table: string;
  name: string;
  columns: string[];
  unique?: boolean;
  /** A partial index's condition, in SQL both databases read (e.g. `"label" IS NULL`): only those rows are indexed. */
  where?: string;
}

/** A column as SQL: a plain name quoted, an expression such as lower(email) with its column quoted. */
const sqlOf = (column: string) =>
  column.replace(/^(\w+)$|\((\w+)\)/, (_, plain: string, inner: string) => (plain ? `"${plain}"` : `("${inner}")`));

/**
 * The PostgreSQL schema the CMS's tables are in (DATABASE_SCHEMA, default public), or undefined on SQLite. Strapi
 * hands knex the driver's name as the client (`pg`), so the dialect is what tells PostgreSQL apart.
 */
export function postgresSchema(knex: Knex): string | undefined {
  if (knex.client.dialect !== 'postgresql') return undefined;
  return (knex.client.config.connection?.schema as string | undefined) ?? 'public';
}

/**
 * Creates each index where missing (a database that has some already, made by hand or by a partly finished run, takes
 * the rest), in the connection's schema on PostgreSQL.
 */
export async function createIndexes(knex: Knex, indexes: IndexSpec[]): Promise<void> {
  const schema = postgresSchema(knex);
  for (const { table, name, columns, unique, where } of indexes) {
    const target = schema ? `"${schema}"."${table}"` : `"${table}"`;
    await knex.raw(
      `CREATE ${unique ? 'UNIQUE ' : ''}INDEX IF NOT EXISTS "${name}" ON ${target} (${columns.map(sqlOf).join(', ')})${where ? ` WHERE ${where}` : ''}`,
    );
  }
}

export async function dropIndexes(knex: Knex, indexes: IndexSpec[]): Promise<void> {
  for (const { name } of indexes) await knex.raw(`DROP INDEX IF EXISTS "${name}"`);
}
