import type { Knex } from 'knex';
import { postgresSchema } from '../../src/utils/indexes';

/**
 * Strapi makes a `decimal` attribute numeric(10, 2) on PostgreSQL: at most $99,999,999.99, so a fund of a hundred
 * million dollars (or a commitment to one) could not be stored there, while SQLite stores it. The amounts in dollars
 * become numeric(15, 2): up to ten trillion dollars, still exact to the cent as a JavaScript number. Strapi's schema
 * sync compares a column's type, not its precision, so it keeps the wider column (it would narrow it again only if
 * the attribute itself changed type, nullability or default: keep this list in mind then).
 */
const MONEY_COLUMNS: Record<string, string[]> = {
  funds: ['total_inv_amount', 'min_inv_amount', 'min_inv_amount_for_existing', 'max_inv_amount'],
  synd_users: ['invest_amount'],
  investments: ['inv_amount'],
};

async function setPrecision(knex: Knex, precision: number): Promise<void> {
  const schema = postgresSchema(knex);
  if (!schema) return;
  for (const [table, columns] of Object.entries(MONEY_COLUMNS)) {
    for (const column of columns) {
      const found = (await knex('information_schema.columns')
        .where({ table_schema: schema, table_name: table, column_name: column })
        .first('numeric_precision')) as { numeric_precision: number | null } | undefined;
      if (!found || found.numeric_precision === precision) continue;
      await knex.raw(`ALTER TABLE "${schema}"."${table}" ALTER COLUMN "${column}" TYPE numeric(${precision}, 2)`);
    }
  }
}

export async function up(knex: Knex): Promise<void> {
  await setPrecision(knex, 15);
}

/** Back to Strapi's own width; refused by PostgreSQL if an amount no longer fits, rather than losing it. */
export async function down(knex: Knex): Promise<void> {
  await setPrecision(knex, 10);
}
