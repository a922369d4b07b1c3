import type { Core } from '@strapi/strapi';

/**
 * Runs `work` in one transaction that simultaneous calls with the same `lock` take in turn: on PostgreSQL through a
 * transaction-scoped advisory lock (the lock's two numbers: what is guarded, and whose), on SQLite because it writes
 * one transaction at a time anyway. For a read-then-write (is it there yet? then create it) that must not run twice
 * at once.
 */
export async function inTurn<T>(strapi: Core.Strapi, lock: [purpose: number, key: number], work: () => Promise<T>): Promise<T> {
  const result: unknown = await strapi.db.transaction(async ({ trx }) => {
    if (strapi.db.dialect.client === 'postgres') {
      await strapi.db.connection.raw('SELECT pg_advisory_xact_lock(?, ?)', lock).transacting(trx as never);
    }
    return work();
  });
  return result as T;
}
