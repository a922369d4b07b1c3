import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import {
  accreditationDue,
  accreditationOption,
  COMMITMENT_STATES,
  INVEST_STATUS,
  isSpouseInvestmentRequired,
  type CommitmentLine,
  type RaiseState,
} from '@portal/rules';
import { isoOf } from '../../../utils/list-query';
import { columnOf, linkTableOf, tableOf } from '../../../utils/tables';
import { awaitsCountersignature } from '../../signing/services/may-countersign';
import type { CommitmentQuery, CommitmentSort } from './commitment-query';
import { commitmentRows, money, truthy } from './commitment-rows';
import { REMINDER, SYND_USER } from '../../../utils/uids';

/** How many of a fund's latest declines the board answers ('Why people passed'). */
const DECLINES_SHOWN = 3;

const WAITING_FOR: Partial<Record<RaiseState, CommitmentLine['waitingFor']>> = {
  committed: 'investor',
  countersigned: 'funding',
};

/** A failed reminder's time when no reminder was given after it, else null. */
const failedSince = (failedAt: string | null | undefined, lastGiven: string | null): string | null =>
  failedAt && (!lastGiven || failedAt > lastGiven) ? failedAt : null;

/** What the board's table shows of its rows: their order, their lines, and the latest declines of each fund. */
export function commitmentLines(strapi: Core.Strapi) {
  const { knex, col, stateSql, rowsOf, signedAt, unsignedLinks, contributions, investorColumns, nameOf, filtered } =
    commitmentRows(strapi);

  /**
   * The latest declines of each of these funds, DECLINES_SHOWN a fund (last changed first, as the table's
   * updatedAt:desc sorts them), each investor's name and feedback: one query, the declines numbered within their fund.
   */
  async function declinesOf(fundIds: number[]): Promise<Map<number, { name: string; feedback: string | null }[]>> {
    const fund = `sf.${linkTableOf(strapi, SYND_USER, 'fund').target}`;
    const updated = col('updatedAt');
    const numbered = rowsOf(fundIds)
      .where(col('invest_status'), INVEST_STATUS.declined)
      .select(
        { fund },
        col('feedback'),
        ...investorColumns(),
        knex().raw('ROW_NUMBER() OVER (PARTITION BY ?? ORDER BY ?? IS NULL, ?? DESC, s.id DESC) AS place', [
          fund,
          updated,
          updated,
        ]),
      );
    const rows = (await knex()
      .from(numbered.as('d'))
      .where('d.place', '<=', DECLINES_SHOWN)
      .orderBy(['d.fund', 'd.place'])) as Record<string, unknown>[];
    const byFund = new Map<number, { name: string; feedback: string | null }[]>();
    for (const row of rows) {
      const declines = byFund.get(Number(row.fund)) ?? [];
      declines.push({ name: nameOf(row), feedback: (row.feedback as string | null) || null });
      byFund.set(Number(row.fund), declines);
    }
    return byFund;
  }

  /**
   * The ids of the filter's rows in the query's order (rows without the sort's value last, then by id: a total order),
   * `limit` of them from `offset`, or every one.
   */
  async function orderedIds(
    fundId: number,
    query: Omit<CommitmentQuery, 'page' | 'pageSize'>,
    window?: { offset: number; limit: number },
  ): Promise<number[]> {
    const state = stateSql();
    const name = knex().raw(
      `lower(coalesce(nullif(u.last_name, ''), ${col('userLastName')}, '') || ' ' || coalesce(nullif(u.first_name, ''), ${col('userFirstName')}, '') || ' ' || coalesce(u.email, ''))`,
    );
    const orderOf: Record<CommitmentSort, Knex.Raw | string> = {
      name,
      email: knex().raw('lower(u.email)'),
      amount: col('invest_amount'),
      state: knex().raw(
        `CASE (${state.toQuery()}) ${COMMITMENT_STATES.map((each, index) => `WHEN '${each}' THEN ${index}`).join(' ')} END`,
      ),
      investorSignedAt: knex().raw('(?)', [signedAt('investor')]),
      countersignedAt: col('sa_complete_date'),
      fundedAt: col('ft_complete_date'),
      lastRemindedAt: col('lastRemindedAt'),
      updatedAt: col('updatedAt'),
    };
    const direction = query.sort.desc ? 'DESC' : 'ASC';
    const sortBy = orderOf[query.sort.field];
    const sortSql = typeof sortBy === 'string' ? knex().raw('??', [sortBy]) : sortBy;
    const ordered = filtered(fundId, query)
      .select('s.id')
      // Rows without the value last either way, as PostgreSQL and SQLite order NULLs differently.
      .orderByRaw(`(${sortSql.toQuery()}) IS NULL, ${sortSql.toQuery()} ${direction}, s.id ${direction}`);
    if (window) ordered.offset(window.offset).limit(window.limit);
    return ((await ordered) as { id: number | string }[]).map((row) => Number(row.id));
  }

  /**
   * The table's lines of these rows, in this order. A page asks its ids first (the sort's own expression only), then
   * what it shows for those rows alone: the signature dates and the state are worked out for 25 rows, not for every
   * row of a fund of thousands.
   */
  async function linesOf(fundId: number, ids: number[]): Promise<CommitmentLine[]> {
    if (!ids.length) return [];
    const state = stateSql();
    const selected = (await rowsOf([fundId])
      .whereIn('s.id', ids)
      .select(
        's.id',
        's.document_id',
        col('invest_amount'),
        col('invest_status'),
        col('method_of_inv'),
        col('is_married'),
        col('cosub_first_name'),
        col('cosub_last_name'),
        col('cosub_email'),
        col('feedback'),
        col('sa_complete_date'),
        col('ft_complete_date'),
        col('lastRemindedAt'),
        col('updatedAt'),
        ...investorColumns(),
        {
          user_document_id: 'u.document_id',
          accreditation: 'u.accreditation',
          accreditation_date: 'u.accreditation_date',
        },
        { raise_state: state },
        signedAt('investor').as('investor_signed_at'),
        signedAt('spouse').as('spouse_signed_at'),
        unsignedLinks().as('unsigned_links'),
      )) as Record<string, unknown>[];
    const byRowId = new Map(selected.map((row) => [Number(row.id), row]));
    const rows = ids.flatMap((id) => (byRowId.has(id) ? [byRowId.get(id)!] : []));
    const funded = new Map(
      ((await contributions([fundId], ids)) as { synd_user: number | string; cents: number | string | null }[]).map(
        (row) => [Number(row.synd_user), Number(row.cents ?? 0)],
      ),
    );
    const failed = await failedReminders(ids);
    const now = new Date();
    return rows.map((row): CommitmentLine => {
      const option = accreditationOption(row.accreditation === null ? null : Number(row.accreditation));
      const accreditationDate = isoOf(row.accreditation_date);
      const state = row.raise_state as RaiseState;
      const ledgerFunded = funded.get(Number(row.id));
      const spouseRequired = isSpouseInvestmentRequired({
        method_of_inv: row.method_of_inv as string | null,
        is_married: truthy(row.is_married),
        cosub_email: row.cosub_email as string | null,
      });
      const waitingFor = awaitsCountersignature(state, spouseRequired)
        ? 'management'
        : state === 'investor_signed'
          ? 'spouse'
          : (WAITING_FOR[state] ?? null);
      return {
        documentId: String(row.document_id),
        state,
        investor: {
          documentId: (row.user_document_id as string | null) ?? null,
          name: nameOf(row),
          email: row.email ? String(row.email) : null,
          accreditation: option ? { value: option.value, type: option.type, label: option.label } : null,
          accreditationDate,
          accreditationDue: accreditationDue({ accreditation: option?.value ?? null, accreditationDate }, now),
        },
        amount: money(row.invest_amount),
        method: (row.method_of_inv as string | null) ?? null,
        is_married: truthy(row.is_married),
        spouse:
          row.cosub_email || row.cosub_first_name || row.cosub_last_name
            ? {
                name: [row.cosub_first_name, row.cosub_last_name].filter(Boolean).join(' '),
                email: (row.cosub_email as string | null) ?? null,
              }
            : null,
        investorSignedAt: isoOf(row.investor_signed_at),
        spouseSignedAt: isoOf(row.spouse_signed_at),
        countersignedAt: isoOf(row.sa_complete_date),
        fundedAt: isoOf(row.ft_complete_date),
        fundedAmount:
          ledgerFunded !== undefined ? ledgerFunded / 100 : state === 'funded' ? money(row.invest_amount) : null,
        lastRemindedAt: isoOf(row[columnOf(strapi, SYND_USER, 'lastRemindedAt')]),
        lastReminderFailedAt: failedSince(
          failed.get(Number(row.id)),
          isoOf(row[columnOf(strapi, SYND_USER, 'lastRemindedAt')]),
        ),
        feedback: (row.feedback as string | null) || null,
        updatedAt: isoOf(row[columnOf(strapi, SYND_USER, 'updatedAt')]),
        waitingFor,
        hasOpenLink: (waitingFor === 'investor' || waitingFor === 'spouse') && Number(row.unsigned_links) > 0,
      };
    });
  }

  /** The latest failed reminder of each of these rows that has one (the mail failed: api::reminder failedAt). */
  async function failedReminders(ids: number[]): Promise<Map<number, string | null>> {
    const links = linkTableOf(strapi, REMINDER, 'syndUser');
    const failedAt = columnOf(strapi, REMINDER, 'failedAt');
    const rows = (await knex()(`${links.name} as rl`)
      .join(`${tableOf(strapi, REMINDER)} as r`, 'r.id', `rl.${links.owner}`)
      .whereIn(`rl.${links.target}`, ids)
      .whereNotNull(`r.${failedAt}`)
      .groupBy(`rl.${links.target}`)
      .select({ synd_user: `rl.${links.target}` })
      .max({ at: `r.${failedAt}` })) as { synd_user: number | string; at: unknown }[];
    return new Map(rows.map((row) => [Number(row.synd_user), isoOf(row.at)]));
  }

  return { orderedIds, linesOf, declinesOf };
}
