import type { Core } from '@strapi/strapi';
import type { ExpectedTaxDocument } from '@portal/rules';
import { joinedReadOfList, listParams } from '../../../utils/joined-read';
import { TAX_DOCUMENT, TAX_SCHEDULE } from '../../../utils/uids';

/** A fund's schedule as the dashboard lists it. */
export interface FundSchedule {
  id: number;
  fundName: string;
  taxYear: number;
  documentName: string;
  expectedDate: string | null;
}

/** The most schedules the dashboard lists. */
const MAX_SCHEDULES = 100;

/** The name a schedule's document goes by (K-1 unless staff named it otherwise). */
export const documentNameOf = (row: { documentName?: string | null }) => row.documentName?.trim() || 'K-1';

/**
 * The tax documents an investor should expect from their funds (the dashboard's summary), as read models: the funds'
 * schedules with their fund in one statement, the investor's own issued documents among them in another.
 */
function reads(strapi: Core.Strapi) {
  const schedules = joinedReadOfList(strapi, (count) => ({
    tables: [
      { as: 't', uid: TAX_SCHEDULE, fields: ['id', 'taxYear', 'documentName', 'expectedDate'] },
      { as: 'f', relation: 'fund', of: 't', fields: ['id', 'name'], required: true },
    ],
    where: (query, { linked }, param) => query.whereIn(linked('f'), listParams(count, param)),
    orderBy: ({ column }) => [
      { column: column('t', 'taxYear'), order: 'desc' },
      { column: column('t', 'id'), order: 'asc' },
    ],
    limit: MAX_SCHEDULES,
  }));
  // Not deleted as the query engine reads `$ne: true`: a row whose flag is null is not counted either.
  const issued = joinedReadOfList(strapi, (count) => ({
    tables: [
      { as: 'd', uid: TAX_DOCUMENT, fields: ['id'] },
      { as: 'u', relation: 'user', of: 'd', idOnly: true, required: true },
      { as: 's', relation: 'taxSchedule', of: 'd', idOnly: true, required: true },
    ],
    where: (query, { column, linked }, param) =>
      query
        .where(linked('u'), param(count))
        .whereIn(linked('s'), listParams(count, param))
        .where(column('d', 'isDeleted'), '<>', true),
  }));

  return {
    /** The schedules of these funds, newest year first, with their fund: the same for every investor of them. */
    schedules: async (fundIds: number[]): Promise<FundSchedule[]> =>
      fundIds.length
        ? (await schedules(fundIds)).map(({ t, f }) => ({
            id: t!.id as number,
            fundName: (f!.name as string | null) ?? '',
            taxYear: t!.taxYear as number,
            documentName: documentNameOf(t as { documentName: string | null }),
            expectedDate: (t!.expectedDate as string | null) ?? null,
          }))
        : [],

    /** Those schedules for one investor: issued where their own document of the year is out. */
    async forInvestor(rows: readonly FundSchedule[], userId: number): Promise<ExpectedTaxDocument[]> {
      if (!rows.length) return [];
      const theirs = new Set(
        (
          await issued(
            rows.map((row) => row.id),
            userId,
          )
        ).map(({ s }) => s!.id),
      );
      return rows.map((row) => ({
        fund_name: row.fundName,
        taxYear: row.taxYear,
        documentName: row.documentName,
        expectedDate: row.expectedDate,
        state: theirs.has(row.id) ? ('issued' as const) : ('pending' as const),
      }));
    },
  };
}

const built = new WeakMap<Core.Strapi, ReturnType<typeof reads>>();

/**
 * The schedules of funds for one investor, newest year first, without who issued them: `issued` once their own
 * document of the year is out (whatever the rest of the fund's partners), else `pending` with its expected date, so a
 * partner whose K-1 is late still reads when it is expected. The funds' schedules (one statement, the same for all
 * their investors), then the investor's own documents among them (another); each built once per number of funds.
 */
export function expectedDocuments(strapi: Core.Strapi) {
  let read = built.get(strapi);
  if (!read) built.set(strapi, (read = reads(strapi)));
  return read;
}
