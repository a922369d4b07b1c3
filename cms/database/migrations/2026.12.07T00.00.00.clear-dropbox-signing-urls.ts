import type { Knex } from 'knex';

/**
 * Dropbox Sign's embedded signing URL is no longer kept (docs/signing.md, With Dropbox Sign): whoever holds it signs
 * without the disclosure or the code, and a private field still shows in the admin panel and in every backup. The
 * URLs stored before are cleared; the URL is now fetched only for a signer who passed the checks, and never stored.
 */
const TABLE = 'synd_users';
const COLUMN = 'synd_agreement_dropbox_signing_url';
const BATCH = 1000;

export async function up(knex: Knex): Promise<void> {
  await clearSigningUrls(knex, BATCH);
}

/**
 * Clears the URLs `batch` rows at a time, each batch found by id from where the last one ended (one walk of the table
 * in all): the column has no index, so one UPDATE over every commitment (100,000 and more on a grown portal) would be
 * one statement reading the whole table. Strapi runs a migration in one transaction, so the rows cleared stay locked
 * until it ends either way.
 */
export async function clearSigningUrls(knex: Knex, batch: number): Promise<void> {
  if (!(await knex.schema.hasTable(TABLE)) || !(await knex.schema.hasColumn(TABLE, COLUMN))) return;
  for (let after = 0; ; ) {
    const ids = (
      (await knex(TABLE).where('id', '>', after).whereNotNull(COLUMN).orderBy('id').limit(batch).select('id')) as {
        id: number;
      }[]
    ).map((row) => row.id);
    if (!ids.length) return;
    after = ids[ids.length - 1];
    await knex(TABLE)
      .whereIn('id', ids)
      .update({ [COLUMN]: null });
  }
}

/** A cleared URL cannot be put back (and was never meant to be kept). */
export async function down(): Promise<void> {}
