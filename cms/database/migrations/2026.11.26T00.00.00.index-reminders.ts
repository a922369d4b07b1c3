import type { Knex } from 'knex';
import { createIndexes, dropIndexes, type IndexSpec } from '../../src/utils/indexes';

/**
 * The sponsor desk's reminders (docs/sponsor-desk.md). A reminder's key (`<syndication user>:<day>`) is unique: at most
 * one reminder per investor and fund a day, whoever sends it and however many instances serve the desk; the desk
 * reads a fund's reminders of a day by these keys.
 */
const INDEXES: IndexSpec[] = [{ table: 'reminders', name: 'reminders_reminder_key_uq', columns: ['reminder_key'], unique: true }];

export async function up(knex: Knex): Promise<void> {
  await createIndexes(knex, INDEXES);
}

export async function down(knex: Knex): Promise<void> {
  await dropIndexes(knex, INDEXES);
}
