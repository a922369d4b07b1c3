import type { Knex } from 'knex';
import { createIndexes, dropIndexes, type IndexSpec } from '../../src/utils/indexes';

/** The public verification page finds a completed agreement by the SHA-256 of its sealed PDF. */
const INDEXES: IndexSpec[] = [
  { table: 'synd_agreements', name: 'synd_agreements_fingerprint_idx', columns: ['fingerprint'] },
];

export async function up(knex: Knex): Promise<void> {
  await createIndexes(knex, INDEXES);
}

export async function down(knex: Knex): Promise<void> {
  await dropIndexes(knex, INDEXES);
}
