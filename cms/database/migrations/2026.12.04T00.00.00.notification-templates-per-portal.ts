import type { Knex } from 'knex';

/**
 * Notification templates per portal (docs/sponsor-desk.md, Reminders): a template may now belong to a portal (its
 * own wording), and a name is unique per portal through the hidden portal_name_key ('<portal id or none>:<name>',
 * uniquely indexed by its column). The templates made before are the shared ones: their key is 'none:<name>'.
 */
const TABLE = 'notification_templates';

export async function up(knex: Knex): Promise<void> {
  if (!(await knex.schema.hasColumn(TABLE, 'portal_name_key'))) return;
  await knex(TABLE)
    .whereNull('portal_name_key')
    .whereNotNull('name')
    .update({ portal_name_key: knex.raw("'none:' || name") });
}

/** The keys stay: the column goes with the content type's schema. */
export async function down(): Promise<void> {}
