import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { shareByLargestRemainder, type ValuationPoint } from '@portal/rules';
import { serviceAccessor } from '../../../utils/service';
import { isIsoDate } from '../../../utils/validation';
import { joinedReadOfList, listParams } from '../../../utils/joined-read';
import { cents, hasTwoDecimalsAtMost, ledger } from '../../ledger-entry/services/ledger-entry';
import { FUND, VALUATION } from '../../../utils/uids';
import type { Row } from '../../../utils/rows';

/** A valuation with, when given as a total value, each syndication user's part of it in cents. */
export type SharedValuation = { date: string; valuePercent: number; shares: Map<number, number> | null };

/** A valuation as these syndication users hold it: a total value's part theirs (`valueCents`). */
export const heldBy = ({ date, valuePercent, shares }: SharedValuation, owners: number[]): ValuationPoint =>
  shares
    ? { date, valuePercent, valueCents: owners.reduce((sum, id) => sum + (shares.get(id) ?? 0), 0) }
    : { date, valuePercent };

/** Each fund's valuations (valuationShares) as these syndication users (one investor's positions) hold them. */
export const heldByOwners = (
  shares: ReadonlyMap<number, SharedValuation[]>,
  owners: number[],
): Map<number, ValuationPoint[]> =>
  new Map([...shares].map(([fund, valuations]) => [fund, valuations.map((valuation) => heldBy(valuation, owners))]));

/** What a fund was worth: valuations recorded by staff, and each investor's part of a total value. */
const valuationService = ({ strapi }: { strapi: Core.Strapi }) => {
  /** The valuations of the listed funds, oldest first, as a read model (one statement, built once per number of funds). */
  const valuationRows = joinedReadOfList(strapi, (count) => ({
    tables: [
      { as: 'v', uid: VALUATION, fields: ['date', 'value_percent', 'total_value_cents'] },
      { as: 'f', relation: 'fund', of: 'v', idOnly: true, required: true },
    ],
    where: (query, { linked }, param) => query.whereIn(linked('f'), listParams(count, param)),
    orderBy: ({ column }) => [
      { column: column('v', 'date'), order: 'asc' },
      { column: column('v', 'id'), order: 'asc' },
    ],
  }));

  /**
   * Each fund's valuations, oldest first: one given as a total value is shared among all the fund's investors by the
   * capital each had contributed by its date, to the cent (largest remainder, ties by id), so the investors' parts add
   * up to the total exactly. One query, and one per fund with a total valuation.
   */
  async function valuationShares(fundIds: number[]): Promise<Map<number, SharedValuation[]>> {
    const byFund = new Map<number, SharedValuation[]>();
    if (!fundIds.length) return byFund;
    const rows = (await valuationRows(fundIds)).map(({ v, f }) => ({ ...v, fund: f })) as {
      date: string;
      value_percent: string | number | null;
      total_value_cents: string | number | null;
      fund: { id: number } | null;
    }[];
    const totalOf = (row: (typeof rows)[number]) => {
      const total = cents(row.total_value_cents);
      return row.total_value_cents !== null &&
        row.total_value_cents !== undefined &&
        Number.isSafeInteger(total) &&
        total >= 0
        ? total
        : null;
    };
    const funded = new Map<number, Map<string, Map<number, number>>>();
    for (const fund of new Set(rows.filter((row) => row.fund && totalOf(row) !== null).map((row) => row.fund!.id))) {
      funded.set(
        fund,
        await ledger(strapi).fundedByDays(
          fund,
          rows
            .filter((row) => row.fund?.id === fund && totalOf(row) !== null)
            .map((row) => String(row.date).slice(0, 10)),
        ),
      );
    }
    for (const row of rows) {
      if (!row.fund || row.value_percent === null) continue;
      const date = String(row.date).slice(0, 10);
      const total = totalOf(row);
      let shares: Map<number, number> | null = null;
      const contributed =
        total === null
          ? []
          : [...(funded.get(row.fund.id)?.get(date) ?? new Map<number, number>()).entries()].sort(([a], [b]) => a - b);
      const bases = contributed.map(([id, base]) => ({
        key: String(id).padStart(12, '0'),
        baseCents: Math.max(0, base),
      }));
      // Nobody had contributed by its date (a total the desk took before it refused one): nothing to share, so its
      // stored percent stands, and every reader (dashboard, statement, import) still answers.
      if (total !== null && bases.some((base) => base.baseCents > 0)) {
        const parts = shareByLargestRemainder(total, bases);
        shares = new Map(contributed.map(([id], index) => [id, parts[index].cents]));
      }
      byFund.set(row.fund.id, [
        ...(byFund.get(row.fund.id) ?? []),
        { date, valuePercent: Number(row.value_percent), shares },
      ]);
    }
    return byFund;
  }

  return {
    /**
     * A fund's value at a date, not after today; the newest becomes the fund's currentFundValuePercentage (what the
     * spec shows). A total value is read as a percent of the capital contributed by its date (none then: 400). Written
     * in the fund's turn (inFundTurn), so of two valuations at once the newest is the fund's.
     */
    async record(input: Record<string, unknown>, staffName: string) {
      const fund = await ledger(strapi).fundNamed(input.fund);
      if (!isIsoDate(input.date)) throw new errors.ValidationError('date must be a date (YYYY-MM-DD)');
      const date = input.date;
      const today = new Date().toISOString().slice(0, 10);
      if (date > today)
        throw new errors.ValidationError(
          `date must not be after today (${today}): a valuation is what the fund was worth on a day that has come`,
        );
      const byTotal = input.value_percent === undefined && input.total_value_cents !== undefined;
      if (byTotal && (!Number.isSafeInteger(input.total_value_cents) || (input.total_value_cents as number) < 0))
        throw new errors.ValidationError('total_value_cents must be a whole number of cents');
      const totalValueCents = byTotal ? (input.total_value_cents as number) : null;
      const percent = (value: unknown): number => {
        if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 100_000) {
          throw new errors.ValidationError(
            'value_percent must be a number from 0 to 100000 (or give total_value_cents)',
          );
        }
        if (!hasTwoDecimalsAtMost(value))
          throw new errors.ValidationError('value_percent must have at most 2 decimals (like 112.5)');
        return value;
      };
      /** The accountant's total value of the fund as a percent of the capital contributed to it by the valuation's date. */
      const percentOfContributed = async (total: number) => {
        const contributed = [...(await ledger(strapi).fundedBySyndUser(fund.id, undefined, date)).values()].reduce(
          (sum, each) => sum + each,
          0,
        );
        if (contributed <= 0)
          throw new errors.ValidationError(
            `Nothing was contributed to this fund by ${date}: a total value is shared by the capital contributed by its date, so date it on or after the first contribution (or give value_percent)`,
          );
        return percent(Math.round((total / contributed) * 100 * 100) / 100);
      };
      // A percent is checked before the fund's turn; only a total needs its contributions, read in the turn.
      const value = totalValueCents === null ? { percent: percent(input.value_percent) } : { total: totalValueCents };
      return ledger(strapi).inFundTurn(fund.id, async () => {
        const valuePercent = 'percent' in value ? value.percent : await percentOfContributed(value.total);
        const valuation = await strapi.db.query(VALUATION).create({
          data: {
            fund: fund.id,
            date,
            value_percent: valuePercent,
            total_value_cents: totalValueCents,
            recordedBy: staffName,
          },
        });
        const newest = (await strapi.db.query(VALUATION).findOne({
          where: { fund: { id: fund.id } },
          orderBy: [{ date: 'desc' }, { id: 'desc' }],
          select: ['id'],
        })) as Pick<Row<typeof VALUATION>, 'id'> | null;
        if (newest?.id === valuation.id) {
          await strapi.db.query(FUND).update({
            where: { id: fund.id },
            data: { currentFundValuePercentage: valuePercent, currentPercentagesUpdatedAt: new Date() },
          });
        }
        return {
          id: valuation.id,
          documentId: valuation.documentId,
          fund,
          date,
          value_percent: valuePercent,
          total_value_cents: totalValueCents,
        };
      });
    },

    /** Each fund's valuations with each syndication user's part of a total value (valuationShares), for the capital accounts import. */
    sharesByFund: valuationShares,

    /**
     * Each fund's valuations, oldest first, as these syndication users (one investor's positions) hold them: a
     * valuation given as a total value carries their part of it (`valueCents`; valuationShares).
     */
    async byFund(fundIds: number[], owners: number[]): Promise<Map<number, ValuationPoint[]>> {
      return heldByOwners(await valuationShares(fundIds), owners);
    },
  };
};

export type ValuationService = ReturnType<typeof valuationService>;

/** The valuations service, typed. */
export const fundValuations = serviceAccessor<ValuationService>(VALUATION);

export default valuationService;
