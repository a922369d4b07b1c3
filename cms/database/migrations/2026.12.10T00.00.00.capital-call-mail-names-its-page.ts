import type { Knex } from 'knex';

/**
 * A capital call has its own page now (docs/capital-accounts.md, The capital call page), where its mail's link leads:
 * the built-in capital_call_posted message said the notice "is under News Documents". Rewords the stored message
 * only where it is still the old built-in wording, so a portal's own wording, or staff's, is kept.
 */
const TABLE = 'notification_templates';
const TEMPLATE = 'capital_call_posted';
const OLD =
  'Your share of a capital call for %fundName% is %amount%, due %dueDate%. The notice with the wire instructions (%documentTitle%) is under News Documents.';
const NEW =
  'Your share of a capital call for %fundName% is %amount%, due %dueDate%. Its page shows the wire instructions, the notice (%documentTitle%) and whether your payment has arrived.';

export async function up(knex: Knex): Promise<void> {
  if (!(await knex.schema.hasTable(TABLE))) return;
  await knex(TABLE).where('name', TEMPLATE).andWhere('message', OLD).update({ message: NEW });
}

export async function down(knex: Knex): Promise<void> {
  if (!(await knex.schema.hasTable(TABLE))) return;
  await knex(TABLE).where('name', TEMPLATE).andWhere('message', NEW).update({ message: OLD });
}
