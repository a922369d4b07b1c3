import type { Knex } from 'knex';

/**
 * The Desk Action type moved from the app (api::desk-action.desk-action) into the sponsor desk plugin
 * (plugin::sponsor-desk.desk-action). Its table (desk_actions) and rows stay as they are; what names the uid is
 * renamed: the admin roles' permissions on it (the staff roles' read with its "their own actions" condition, and any
 * a super admin gave a custom role), which Strapi would otherwise delete at start as naming no type. The content
 * manager's stored view of the old uid is dropped; the new one is made at start (src/bootstrap/admin-layouts.ts).
 */
export const OLD_UID = 'api::desk-action.desk-action';
export const NEW_UID = 'plugin::sponsor-desk.desk-action';
const PERMISSIONS = 'admin_permissions';
const STORE = 'strapi_core_store_settings';

export async function up(knex: Knex): Promise<void> {
  await rename(knex, OLD_UID, NEW_UID);
}

export async function down(knex: Knex): Promise<void> {
  await rename(knex, NEW_UID, OLD_UID);
}

async function rename(knex: Knex, from: string, to: string): Promise<void> {
  if (await knex.schema.hasTable(PERMISSIONS)) {
    await knex(PERMISSIONS).where({ subject: from }).update({ subject: to });
  }
  if (await knex.schema.hasTable(STORE)) {
    await knex(STORE)
      .where({ key: `plugin_content_manager_configuration_content_types::${from}` })
      .delete();
  }
}
