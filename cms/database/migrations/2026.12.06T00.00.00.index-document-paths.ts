import type { Knex } from 'knex';
import { createIndexes, dropIndexes, type IndexSpec } from '../../src/utils/indexes';

/**
 * A document found by where its file is kept: a capital-call or distribution notice is stored once per investor and
 * event, and its delivery (retried by the upkeep until it went out) first asks whether the notice's file is there
 * already (src/api/fund-event/notices.ts); a proof upload is refused when its file is saved already. Both look a
 * document up by `doc_path`, on tables that grow with every investor and event.
 */
const INDEXES: IndexSpec[] = [
  { table: 'news_documents', name: 'news_documents_doc_path_idx', columns: ['doc_path'] },
  { table: 'proof_documents', name: 'proof_documents_doc_path_idx', columns: ['doc_path'] },
];

export async function up(knex: Knex): Promise<void> {
  await createIndexes(knex, INDEXES);
}

export async function down(knex: Knex): Promise<void> {
  await dropIndexes(knex, INDEXES);
}
