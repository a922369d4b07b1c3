import type { Knex } from 'knex';
import { createIndexes, dropIndexes, type IndexSpec } from '../../src/utils/indexes';

/**
 * Each reminders call also delivers the fund's reminders of the day that a call whose instance stopped had claimed but
 * not sent (api::reminder send: by fund, `day` and an empty `sent_at`). Through the fund's link table that look would
 * list every reminder the fund ever had; this partial index holds only the reminders claimed and not yet sent, by day,
 * so the look reads those few (each then checked against the fund's link) however long the desk has been reminding.
 */
const INDEXES: IndexSpec[] = [
  { table: 'reminders', name: 'reminders_unsent_day_idx', columns: ['day'], where: '"sent_at" IS NULL' },
];

export async function up(knex: Knex): Promise<void> {
  await createIndexes(knex, INDEXES);
}

export async function down(knex: Knex): Promise<void> {
  await dropIndexes(knex, INDEXES);
}
