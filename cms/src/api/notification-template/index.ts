import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { BUILT_IN_TEMPLATES } from './built-in';
import { NOTIFICATION_TEMPLATE, PORTAL } from '../../utils/uids';
import type { Row } from '../../utils/rows';
const BUILT_IN = new Set(BUILT_IN_TEMPLATES.map((template) => template.name));

/**
 * The templates the portal sends by name (built-in.ts) are reworded in the admin panel, never deleted or renamed: a
 * missing one would fail every notice, reminder or mail that names it until the next start made it again. Refused as
 * a PolicyError, a 403 whose message Strapi keeps; a template staff made themselves (a portal's own wording of a built-in
 * one too) is theirs to delete.
 */
export default {
  register({ strapi }: { strapi: Core.Strapi }) {
    strapi.documents.use(async (context, next) => {
      if (context.uid !== NOTIFICATION_TEMPLATE || !['delete', 'update'].includes(context.action)) return next();
      const params = context.params as { documentId?: string; data?: { name?: unknown } };
      if (!params.documentId) return next();
      const row = (await strapi.db.query(NOTIFICATION_TEMPLATE).findOne({
        where: { documentId: params.documentId },
        select: ['name'],
        populate: { portal: { select: ['id'] } },
      })) as
        | (Pick<Row<typeof NOTIFICATION_TEMPLATE>, 'name'> & { portal: Pick<Row<typeof PORTAL>, 'id'> | null })
        | null;
      // A portal's own wording may go: the portal then sends the shared template again.
      if (!row?.name || !BUILT_IN.has(row.name) || row.portal) return next();
      if (context.action === 'delete')
        throw new errors.PolicyError(`The portal sends ${row.name} by this template: reword it, do not delete it`);
      if (params.data?.name !== undefined && params.data.name !== row.name)
        throw new errors.PolicyError(
          `The portal sends ${row.name} by this template's name: keep the name, reword the rest`,
        );
      return next();
    });
  },
};
