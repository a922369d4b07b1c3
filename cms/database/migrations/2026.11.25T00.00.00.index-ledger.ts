import type { Knex } from 'knex';
import { createIndexes, dropIndexes, type IndexSpec } from '../../src/utils/indexes';

/**
 * The ledger and statements (capital accounts). An entry's key makes each write happen once: an event's entry per investor
 * (`event:<event>:<syndication user>`), a funding (`funding:<syndication user>:<date>:<amount>`); unique, so two posts
 * of one event at once, or a funding sent twice, cannot write twice whatever the application checks. Entries are
 * read by syndication user and by fund through their link tables, which Strapi indexes itself; events and
 * valuations are a fund's few rows, read through their fund's link table.
 */
const INDEXES: IndexSpec[] = [
  { table: 'ledger_entries', name: 'ledger_entries_entry_key_uq', columns: ['entry_key'], unique: true },
  // The public check of a statement finds it by its fingerprint.
  { table: 'statements', name: 'statements_fingerprint_uq', columns: ['fingerprint'], unique: true },
];

export async function up(knex: Knex): Promise<void> {
  await createIndexes(knex, INDEXES);
}

export async function down(knex: Knex): Promise<void> {
  await dropIndexes(knex, INDEXES);
}
