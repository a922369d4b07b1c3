import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { serviceAccessor } from '../../../../utils/service';
import { DESK_ACTION } from '../../../../utils/uids';

/** The longest record of a request's body a desk action keeps. */
const RECORD_MAX = 2_000;

/** Who did it, as the records name them: the staff member's name, else their email. */
export function staffName(ctx: Context): string {
  const user = ctx.state.user as { firstname?: string | null; lastname?: string | null; email?: string } | undefined;
  return [user?.firstname, user?.lastname].filter(Boolean).join(' ') || user?.email || 'staff';
}

export const staffEmail = (ctx: Context): string => (ctx.state.user as { email?: string } | undefined)?.email ?? '';

/**
 * The desk's record (docs/sponsor-desk.md): every change it answers, every export and download, and every call it
 * refuses (403) is a Desk Action, with who (the staff member's name and email), when, which call, its status and
 * what was asked (the JSON body or, for a read, the query, cut at 2,000 characters; a file's name, not its bytes). A
 * record that cannot be written is logged. The type is the desk's own (content-types/desk-action).
 */
const deskActionsService = ({ strapi }: { strapi: Core.Strapi }) => ({
  /** Records one call with the status it was answered. Reads by the ctx's own properties only, as a policy sees a copy of them. */
  async record(ctx: Context, action: string, status: number): Promise<void> {
    const request = ctx.request as unknown as {
      body?: unknown;
      query?: Record<string, unknown>;
      path: string;
      method: string;
      files?: Record<string, { originalFilename?: string | null } | unknown[]>;
    };
    const file = request.files?.file;
    const sent = request.method === 'GET' ? request.query : request.body;
    // A NUL byte sent (a refused call) is kept as U+FFFD: PostgreSQL's jsonb refuses \u0000, which would lose the record.
    const asked = JSON.stringify({
      ...(typeof sent === 'object' && sent ? sent : {}),
      ...(file && !Array.isArray(file) && { file: (file as { originalFilename?: string | null }).originalFilename }),
    }).replace(/\\u0000/g, '\\ufffd');
    try {
      await strapi.db.query(DESK_ACTION).create({
        data: {
          action,
          staffName: staffName(ctx),
          staffEmail: staffEmail(ctx),
          path: request.path,
          request: asked.length > RECORD_MAX ? { cut: asked.slice(0, RECORD_MAX) } : JSON.parse(asked),
          answerStatus: status,
        },
      });
    } catch (error) {
      strapi.log.error(`Desk action ${action} (${status}) by ${staffEmail(ctx)} was not recorded: ${String(error)}`);
    }
  },
});

export type DeskActionsService = ReturnType<typeof deskActionsService>;
export const deskActions = serviceAccessor<DeskActionsService>('plugin::sponsor-desk.desk-actions');
export default deskActionsService;
