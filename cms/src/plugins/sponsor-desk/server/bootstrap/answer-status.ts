import type { Core } from '@strapi/strapi';

const TABLE = 'desk_actions';
const OLD = 'status';
const NEW = 'answer_status';

/**
 * A Desk Action's answered status was the attribute `status`, which the content manager reads as its own draft
 * parameter: the panel showed every record as "Published" and could not filter by it. The attribute is now
 * `answerStatus`; this renames the column before Strapi syncs the tables (which would otherwise drop `status` with
 * the records' statuses and add an empty `answer_status`), so every record kept keeps its status. A new database, or
 * one already renamed, is left as it is. Registered from the plugin's register, so it runs before the sync.
 */
export function keepAnswerStatuses(strapi: Core.Strapi): void {
  strapi.hook('strapi::content-types.beforeSync').register(async () => {
    // A knex schema builder runs every call queued on it: a new one for each.
    const schema = () => strapi.db.getSchemaConnection();
    if (!(await schema().hasTable(TABLE)) || !(await schema().hasColumn(TABLE, OLD))) return;
    if (await schema().hasColumn(TABLE, NEW)) return;
    try {
      await schema().alterTable(TABLE, (table) => table.renameColumn(OLD, NEW));
    } catch (error) {
      // Another instance starting at the same moment renamed it first.
      if (!(await schema().hasColumn(TABLE, NEW))) throw error;
    }
  });
}
