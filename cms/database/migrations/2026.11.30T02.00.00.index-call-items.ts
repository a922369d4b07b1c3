import type { Knex } from 'knex';
import { createIndexes, dropIndexes, type IndexSpec } from '../../src/utils/indexes';

/**
 * Capital call items (docs/capital-accounts.md): what each investor owes for a posted call. Its key
 * (`call:<event>:<syndication user>`) is unique, so two posts of one call at once cannot make an investor owe twice;
 * a call is paid once a ledger entry carries its payment key, read through the ledger's unique entry_key index. Items
 * are read by syndication user, fund and event through their link tables, which Strapi indexes itself.
 */
const INDEXES: IndexSpec[] = [
  { table: 'call_items', name: 'call_items_item_key_uq', columns: ['item_key'], unique: true },
  { table: 'call_items', name: 'call_items_payment_key_idx', columns: ['payment_key'] },
];

export async function up(knex: Knex): Promise<void> {
  await createIndexes(knex, INDEXES);
}

export async function down(knex: Knex): Promise<void> {
  await dropIndexes(knex, INDEXES);
}
