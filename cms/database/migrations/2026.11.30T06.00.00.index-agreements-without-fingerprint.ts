import type { Knex } from 'knex';
import { createIndexes, dropIndexes, type IndexSpec } from '../../src/utils/indexes';

/**
 * Every start fills in the fingerprints of completed agreements stored before fingerprints existed (api::signing
 * backfillFingerprints). Once all have one there are none to find, and without an index of those rows finding none
 * meant walking the whole table: a partial index holds just them.
 */
const INDEXES: IndexSpec[] = [
  {
    table: 'synd_agreements',
    name: 'synd_agreements_no_fingerprint_idx',
    columns: ['id'],
    where: '"fingerprint" IS NULL',
  },
];

export async function up(knex: Knex): Promise<void> {
  await createIndexes(knex, INDEXES);
}

export async function down(knex: Knex): Promise<void> {
  await dropIndexes(knex, INDEXES);
}
