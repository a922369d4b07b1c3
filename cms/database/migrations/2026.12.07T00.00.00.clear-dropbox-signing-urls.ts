import type { Knex } from 'knex';

/**
 * Dropbox Sign's embedded signing URL is no longer kept (docs/signing.md, With Dropbox Sign): whoever holds it signs
 * without the disclosure or the code, and a private field still shows in the admin panel and in every backup. The
 * URLs stored before are cleared; the URL is now fetched only for a signer who passed the checks, and never stored.
 */
const TABLE = 'synd_users';
const COLUMN = 'synd_agreement_dropbox_signing_url';

export async function up(knex: Knex): Promise<void> {
  if (!(await knex.schema.hasTable(TABLE)) || !(await knex.schema.hasColumn(TABLE, COLUMN))) return;
  await knex(TABLE).whereNotNull(COLUMN).update({ [COLUMN]: null });
}

/** A cleared URL cannot be put back (and was never meant to be kept). */
export async function down(): Promise<void> {}
