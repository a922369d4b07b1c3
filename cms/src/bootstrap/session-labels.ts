import type { Core } from '@strapi/strapi';
import { SESSION_TYPES } from '../utils/session-types';
import { USER } from '../utils/uids';
/** Unlabelled rows labelled per batch at start. */
const LABEL_BATCH = 1000;

/** A session's title in the admin panel: whose it is and when it began, e.g. 'ann@x.com · 2026-11-23 14:05 UTC'. */
export function sessionLabel(email: string | null | undefined, at: Date): string {
  return `${email || 'unknown user'} · ${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** The user id in a relation value as the database layer receives it: an id, {id}, or a set/connect list. */
function userIdOf(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  if (!value || typeof value !== 'object') return null;
  const relation = value as { id?: unknown; set?: unknown; connect?: unknown };
  if (relation.id !== undefined) return userIdOf(relation.id);
  const list = Array.isArray(relation.set) ? relation.set : Array.isArray(relation.connect) ? relation.connect : [];
  return list.length ? userIdOf(list[0]) : null;
}

async function emailOf(strapi: Core.Strapi, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const user = await strapi.db.query(USER).findOne({ where: { id: userId }, select: ['email'] });
  return user?.email ?? null;
}

/**
 * Sessions and guest codes hold nothing readable (only hashes), so the panel titled them 'Untitled'. Each gets a
 * label when it is created, through the database layer, since the session services write with strapi.db.query.
 * Rows from before labels existed get theirs here once.
 */
export async function labelSessions(strapi: Core.Strapi): Promise<void> {
  strapi.db.lifecycles.subscribe({
    models: [...SESSION_TYPES],
    async beforeCreate(event) {
      const data = event.params.data as Record<string, unknown>;
      data.label = sessionLabel(await emailOf(strapi, userIdOf(data.user)), new Date());
    },
  });
  await labelUnlabelledSessions(strapi);
}

/** Labels the sessions and guest codes from before labels existed, a batch at a time. */
export async function labelUnlabelledSessions(strapi: Core.Strapi): Promise<void> {
  for (const uid of SESSION_TYPES) {
    // A batch at a time, each batch's labels in one transaction: an old database may hold hundreds of thousands.
    for (let after = 0; ; ) {
      const unlabelled = await strapi.db.query(uid).findMany({
        where: { label: { $null: true }, id: { $gt: after } },
        orderBy: { id: 'asc' },
        limit: LABEL_BATCH,
        populate: { user: { select: ['email'] } },
      });
      if (unlabelled.length === 0) break;
      // Straight to the table: a label changes nothing anyone reads, so no lifecycle (no cache clearing) is wanted.
      const table = strapi.db.metadata.get(uid).tableName;
      await strapi.db.connection.transaction(async (trx) => {
        for (const row of unlabelled)
          await trx(table)
            .where({ id: row.id })
            .update({ label: sessionLabel(row.user?.email, new Date(row.createdAt)) });
      });
      after = unlabelled[unlabelled.length - 1].id;
    }
  }
}
