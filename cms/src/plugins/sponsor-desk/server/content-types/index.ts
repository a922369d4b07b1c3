import deskAction from './desk-action/schema.json';

/**
 * The desk's own type: the Desk Action, what a staff member did on the desk (services/desk-actions.ts writes it).
 * Its uid is plugin::sponsor-desk.desk-action; before it moved here it was api::desk-action.desk-action, and the
 * migration 2026.12.09T00.00.00.desk-actions-in-the-desk-plugin.ts renamed it in the roles' permissions.
 */
export default { 'desk-action': { schema: deskAction } };
