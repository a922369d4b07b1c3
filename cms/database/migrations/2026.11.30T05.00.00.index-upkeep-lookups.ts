import type { Knex } from 'knex';
import { createIndexes, dropIndexes, type IndexSpec } from '../../src/utils/indexes';

/**
 * The upkeep's hourly look for posted capital calls and distributions whose notices an instance left half-sent
 * (api::ledger-entry resumeNotices): by state and the notices' end, which a finished event has.
 *
 * Every start looks for sessions and guest codes from before labels existed (src/bootstrap/session-labels.ts). Once
 * all are labelled there are none, and without an index of the unlabelled ones finding none meant reading the whole
 * table: a partial index holds just those rows, so the look costs nothing on a grown database.
 */
const INDEXES: IndexSpec[] = [
  { table: 'fund_events', name: 'fund_events_state_notices_idx', columns: ['state', 'notices_done_at'] },
  { table: 'user_auths', name: 'user_auths_unlabelled_idx', columns: ['id'], where: '"label" IS NULL' },
  { table: 'guest_codes', name: 'guest_codes_unlabelled_idx', columns: ['id'], where: '"label" IS NULL' },
];

export async function up(knex: Knex): Promise<void> {
  await createIndexes(knex, INDEXES);
}

export async function down(knex: Knex): Promise<void> {
  await dropIndexes(knex, INDEXES);
}
