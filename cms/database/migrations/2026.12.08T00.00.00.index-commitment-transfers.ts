import type { Knex } from 'knex';
import { createIndexes, dropIndexes, type IndexSpec } from '../../src/utils/indexes';

/**
 * Commitment transfers are listed newest first (the panel, a fund's history), and a commitment is transferred once:
 * its key (`from:<synd user id>`) is unique, so two staff members transferring it at the same moment write one.
 */
const INDEXES: IndexSpec[] = [
  { table: 'commitment_transfers', name: 'commitment_transfers_at_idx', columns: ['at'] },
  {
    table: 'commitment_transfers',
    name: 'commitment_transfers_transfer_key_uq',
    columns: ['transfer_key'],
    unique: true,
  },
];

export async function up(knex: Knex): Promise<void> {
  await createIndexes(knex, INDEXES);
}

export async function down(knex: Knex): Promise<void> {
  await dropIndexes(knex, INDEXES);
}
