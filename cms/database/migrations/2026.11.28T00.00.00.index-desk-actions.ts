import type { Knex } from 'knex';
import { createIndexes, dropIndexes, type IndexSpec } from '../../src/utils/indexes';

/** The sponsor desk's record of staff actions grows with every change: the panel lists it newest first. */
const INDEXES: IndexSpec[] = [{ table: 'desk_actions', name: 'desk_actions_created_at_idx', columns: ['created_at'] }];

export async function up(knex: Knex): Promise<void> {
  await createIndexes(knex, INDEXES);
}

export async function down(knex: Knex): Promise<void> {
  await dropIndexes(knex, INDEXES);
}
