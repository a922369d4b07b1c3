import type { Knex } from 'knex';
import { createIndexes, dropIndexes, type IndexSpec } from '../../src/utils/indexes';

/**
 * K-1 schedules (docs/sponsor-desk.md, K-1s): one per fund, tax year and document (`<fund>:<year>:<document>`, unique,
 * so two staff members setting the same year at once make one row). An investor's schedules are read through the
 * fund's link table, which Strapi indexes itself.
 */
const INDEXES: IndexSpec[] = [
  { table: 'tax_schedules', name: 'tax_schedules_schedule_key_uq', columns: ['schedule_key'], unique: true },
];

export async function up(knex: Knex): Promise<void> {
  await createIndexes(knex, INDEXES);
}

export async function down(knex: Knex): Promise<void> {
  await dropIndexes(knex, INDEXES);
}
