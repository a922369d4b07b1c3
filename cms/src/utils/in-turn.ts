import type { Core } from '@strapi/strapi';

/**
 * What simultaneous writers take turns over, each a fixed number of its own (the first half of a PostgreSQL
 * advisory lock; the second is whose: the fund, the user, ...). Kept in one place so no two purposes share one.
 */
export const TURNS = {
  settings: 774_301,
  proofDocumentSave: 774_302,
  fundCommitments: 774_303,
  migrations: 774_304,
  upkeep: 774_305,
  fundMoney: 774_306,
} as const;

type Turn = (typeof TURNS)[keyof typeof TURNS];

/**
 * Runs `work` in one transaction that simultaneous calls with the same `lock` take in turn: on PostgreSQL through a
 * transaction-scoped advisory lock (the lock's two numbers: what is guarded, and whose), on SQLite because it writes
 * one transaction at a time anyway. For a read-then-write (is it there yet? then create it; how much is left? then
 * commit) that must not run twice at once. Several keys (an import's funds) are taken in ascending order, so two calls
 * that need some of the same wait for each other instead of each holding one the other needs.
 */
export async function inTurn<T>(
  strapi: Core.Strapi,
  [purpose, keys]: [purpose: Turn, key: number | number[]],
  work: () => Promise<T>,
): Promise<T> {
  const result: unknown = await strapi.db.transaction(async ({ trx }) => {
    if (strapi.db.dialect.client === 'postgres') {
      for (const key of [...new Set([keys].flat())].sort((a, b) => a - b)) {
        await strapi.db.connection.raw('SELECT pg_advisory_xact_lock(?, ?)', [purpose, key]).transacting(trx as never);
      }
    }
    return work();
  });
  return result as T;
}
