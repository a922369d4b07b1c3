import { setTimeout as sleep } from 'node:timers/promises';
import type { Core } from '@strapi/strapi';
import { conflict, isUniqueViolation } from '../../utils/http-errors';
import { RATE_LIMIT_LEASE } from '../../utils/uids';

export interface LeaseOptions {
  /** How long a lease holds if its holder dies without giving it back (a killed process). */
  ttlMs?: number;
  /** How long to wait for another holder before answering 409 `busyMessage`. */
  waitMs?: number;
  busyMessage?: string;
}

/**
 * Runs `work` while holding the lease `key`: one row in `leases`, whose unique key lets one holder in across every
 * CMS instance; the others wait (polling) until it is given back or expires. Not for use inside a transaction (on
 * PostgreSQL a refused insert would abort it).
 */
export async function withLease<T>(
  strapi: Core.Strapi,
  key: string,
  work: () => Promise<T>,
  options: LeaseOptions = {},
): Promise<T> {
  const {
    ttlMs = 120_000,
    waitMs = 60_000,
    busyMessage = 'This is being prepared by another request; please try again in a moment',
  } = options;
  const leases = () => strapi.db.query(RATE_LIMIT_LEASE);
  const deadline = Date.now() + waitMs;
  let held: { id: number } | undefined;
  while (!held) {
    const now = Date.now();
    // A lease whose holder died is free again once it expired.
    await leases().deleteMany({ where: { leaseKey: key, expiresAt: { $lt: now } } });
    try {
      held = await leases().create({ data: { leaseKey: key, expiresAt: now + ttlMs } });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (Date.now() > deadline) throw conflict(busyMessage);
      await sleep(100 + Math.random() * 100);
    }
  }
  try {
    return await work();
  } finally {
    await leases().delete({ where: { id: held.id } });
  }
}
