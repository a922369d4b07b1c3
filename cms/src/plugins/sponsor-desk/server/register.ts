import type { Core } from '@strapi/strapi';
import { SPONSOR_DESK_ACTIONS, type SponsorDeskAction } from './bootstrap/actions';
import { keepAnswerStatuses } from './bootstrap/answer-status';
import { registerStaffPortalWrites } from './bootstrap/content-manager-scope';

/** How the panel's Roles page names each permission. */
const DISPLAY: Record<SponsorDeskAction, string> = {
  read: 'See the raise board, commitments, events and allocations',
  remind: 'Remind investors who must still sign or fund',
  review: 'Mark proof documents reviewed',
  sessions: 'Sign an investor out everywhere',
  draft: 'Draft capital calls and distributions',
  post: 'Post events, confirm funding, record valuations',
  countersign: 'Countersign subscription agreements',
  export: 'Export commitments (CSV)',
  transfer: 'Transfer a commitment to another investor',
};

/**
 * The desk's permissions, the content manager's write check (which must be registered before the app's), and its
 * records' statuses kept through the tables' sync.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  keepAnswerStatuses(strapi);
  registerStaffPortalWrites(strapi);
  const actions = SPONSOR_DESK_ACTIONS.map((uid) => ({
    section: 'plugins',
    displayName: DISPLAY[uid],
    uid,
    pluginName: 'sponsor-desk',
  }));
  (
    strapi.service('admin::permission') as unknown as {
      actionProvider: { registerMany(list: unknown[]): Promise<void> };
    }
  ).actionProvider.registerMany(actions);
};
