import type { Knex } from 'knex';
import { createIndexes, dropIndexes, type IndexSpec } from '../../src/utils/indexes';

/**
 * The sponsor desk's reminders (docs/sponsor-desk.md). A reminder's key (`user:<user id>:<day>`) is unique: at most
 * one reminder per investor a day, whichever fund it is about, whoever sends it and however many instances serve the
 * desk; the desk finds which of a batch of investors were reminded that day by these keys.
 */
const INDEXES: IndexSpec[] = [
  { table: 'reminders', name: 'reminders_reminder_key_uq', columns: ['reminder_key'], unique: true },
];

export async function up(knex: Knex): Promise<void> {
  await createIndexes(knex, INDEXES);
}

export async function down(knex: Knex): Promise<void> {
  await dropIndexes(knex, INDEXES);
}
