import type { Core } from '@strapi/strapi';
import { INVEST_STATUS } from '@portal/rules';
import { fundTotalsCache } from '../../utils/signed-in-cache';
import { linkTableOf, tableOf } from '../../utils/tables';
import { amount } from './investment-view';
import { SYND_USER } from '../../utils/uids';

/** What the accepted commitments to funds add up to: everyone's (shared, cached), or some left out (a write's check). */
export function commitmentTotals(strapi: Core.Strapi) {
  /**
   * What the accepted commitments to each of these funds add up to, leaving out some syndication users' own (the
   * caller's, when it is being changed or shown). Summed by the database: a fund may hold tens of thousands of them.
   * In the caller's transaction when there is one (a commitment counts inside the fund's turn).
   */
  async function acceptedTotals(fundIds: number[], exceptSyndUserIds: number[] = []): Promise<Map<number, number>> {
    if (fundIds.length === 0) return new Map();
    const links = linkTableOf(strapi, SYND_USER, 'fund');
    const rows = (await strapi.db.transaction(({ trx }) => {
      const query = strapi.db
        .connection(`${tableOf(strapi, SYND_USER)} as s`)
        .transacting(trx as never)
        .join(`${links.name} as l`, `l.${links.owner}`, 's.id')
        .whereIn(`l.${links.target}`, fundIds)
        .where('s.invest_status', INVEST_STATUS.accepted)
        .groupBy(`l.${links.target}`)
        .select({ fund: `l.${links.target}` })
        .sum({ total: 's.invest_amount' });
      if (exceptSyndUserIds.length) query.whereNotIn('s.id', exceptSyndUserIds);
      return query;
    })) as { fund: number | string; total: number | string | null }[];
    return new Map(rows.map((row) => [Number(row.fund), amount(row.total)]));
  }

  return {
    acceptedTotals,

    /**
     * What the accepted commitments to each fund add up to, everyone's: from the shared fund-totals cache (a sum per
     * fund, computed once for every investor who reads it), or summed in the caller's transaction when there is one.
     * The first fund the cache misses sums them all in one grouped query, which the other misses share: one query
     * per read, not one per fund (the cache is cleared for every fund at once, so misses come together).
     */
    async fundTotals(fundIds: number[]): Promise<Map<number, number>> {
      if (strapi.db.inTransaction()) return acceptedTotals(fundIds);
      const cache = fundTotalsCache(strapi);
      let summed: Promise<Map<number, number>> | undefined;
      const sumAll = () => (summed ??= acceptedTotals(fundIds));
      const totals = await Promise.all(
        fundIds.map(
          async (fundId) =>
            (await cache.get(['accepted', fundId], async () => (await sumAll()).get(fundId) ?? 0)).value,
        ),
      );
      return new Map(fundIds.map((fundId, index) => [fundId, totals[index]]));
    },

    /** The sum of the accepted commitments to a fund, leaving out one syndication user's own (when it is being changed). */
    async committed(fundId: number, exceptSyndUserId?: number): Promise<number> {
      return (
        (await acceptedTotals([fundId], exceptSyndUserId === undefined ? [] : [exceptSyndUserId])).get(fundId) ?? 0
      );
    },
  };
}
