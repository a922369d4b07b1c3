import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { Knex } from 'knex';
import { stringify } from 'csv-stringify/sync';
import {
  accreditationDue,
  accreditationOption,
  COMMITMENT_STATES,
  fundStatus,
  INVEST_STATUS,
  isRaiseState,
  isSpouseInvestmentRequired,
  RAISE_STATE_LABELS,
  RAISE_STATES,
  type FundDates,
  type RaiseState,
} from '@portal/rules';
import { inertCell } from '../../../utils/csv';
import { isoOf, listQuery, whereNameOrEmail } from '../../../utils/list-query';
import { serviceAccessor } from '../../../utils/service';
import { columnOf, linkTableOf, tableOf } from '../../../utils/tables';
import { ledger } from '../../ledger-entry/services/ledger-entry';
import { pickPortal, type PortalScope } from '../../portal/staff-scope';
import { awaitsCountersignature } from '../../signing/services/may-countersign';
import { investorName } from './synd-user';
import { FUND, LEDGER_ENTRY, REMINDER, SIGNING, SYND_USER, USER } from '../../../utils/uids';

const DAY_MS = 86_400_000;
/** A closed fund stays on the board this long after its close date. */
const YEAR_MS = 365 * DAY_MS;
/** The most rows one page of the commitments table answers. */
export const COMMITMENTS_MAX_PAGE_SIZE = 100;
/** The CSV export reads the filter's rows this many at a time. */
const CSV_BATCH = 1_000;
/** How many of a fund's latest declines the board answers ('Why people passed'). */
const DECLINES_SHOWN = 3;
/** The export's columns: the table's, and whether the investor will be asked their accreditation again. */
const CSV_HEADER = [
  'Investor',
  'Email',
  'State',
  'Accreditation',
  'Accreditation date',
  'Amount',
  'Method',
  'Married',
  'Spouse',
  'Spouse email',
  'Investor signed',
  'Spouse signed',
  'Countersigned',
  'Funded',
  'Funded amount',
  'Last reminder',
  'Feedback',
  'Ask again',
];

/** How the commitments table sorts, as `field:asc|desc` (Strapi's own sort syntax); each ends with the row's id. */
export const COMMITMENT_SORTS = [
  'name',
  'email',
  'amount',
  'state',
  'investorSignedAt',
  'countersignedAt',
  'fundedAt',
  'lastRemindedAt',
  'updatedAt',
] as const;
type CommitmentSort = (typeof COMMITMENT_SORTS)[number];

/** One investor's commitment to a fund, as the board's table shows it (docs/sponsor-desk.md). */
export interface CommitmentLine {
  documentId: string;
  state: RaiseState;
  investor: {
    documentId: string | null;
    name: string;
    email: string | null;
    accreditation: { value: number; type: string; label: string } | null;
    accreditationDate: string | null;
    /** No accreditation, or stated more than a year ago: the investor will be asked again. */
    accreditationDue: boolean;
  };
  amount: number | null;
  method: string | null;
  is_married: boolean;
  spouse: { name: string; email: string | null } | null;
  investorSignedAt: string | null;
  spouseSignedAt: string | null;
  countersignedAt: string | null;
  fundedAt: string | null;
  /** The money the ledger holds from this investor for the fund (the commitment when funded before the ledger). */
  fundedAmount: number | null;
  lastRemindedAt: string | null;
  /** When the latest reminder's mail failed, if none was given since (the table says 'Failed'). */
  lastReminderFailedAt: string | null;
  feedback: string | null;
  updatedAt: string | null;
  /** Who the commitment waits for: the investor (to sign), their spouse, management (to countersign), the money. */
  waitingFor: 'investor' | 'spouse' | 'management' | 'funding' | null;
  /** It waits for the investor or the spouse, and a signing link of theirs waits for a signature ('New signing link'). */
  hasOpenLink: boolean;
}

const WAITING_FOR: Partial<Record<RaiseState, CommitmentLine['waitingFor']>> = {
  committed: 'investor',
  countersigned: 'funding',
};

export interface CommitmentQuery {
  state?: RaiseState;
  q?: string;
  sort: { field: CommitmentSort; desc: boolean };
  page: number;
  pageSize: number;
}

/** A failed reminder's time when no reminder was given after it, else null. */
const failedSince = (failedAt: string | null | undefined, lastGiven: string | null): string | null =>
  failedAt && (!lastGiven || failedAt > lastGiven) ? failedAt : null;

const money = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));
const truthy = (value: unknown) => value === true || value === 1 || value === '1' || value === 't';

/** Reads and checks the table's query string; a 400 names what is wrong. */
export function commitmentQuery(query: Record<string, unknown>): CommitmentQuery {
  const { text, ...list } = listQuery(query, COMMITMENT_SORTS, COMMITMENTS_MAX_PAGE_SIZE);
  const state = text('state');
  // `transferred` is read too (a position that left the raise); the message names the raise's own steps.
  if (state !== undefined && !isRaiseState(state))
    throw new errors.ValidationError(`state must be one of ${RAISE_STATES.join(', ')}`);
  return { ...list, ...(state && { state }) };
}

const boardService = ({ strapi }: { strapi: Core.Strapi }) => {
  const knex = (): Knex => strapi.db.connection;
  const col = (attribute: string) => `s.${columnOf(strapi, SYND_USER, attribute)}`;

  /**
   * The state of each row in SQL, the same steps as raiseState in @portal/rules (a test holds the two together), so
   * that the table filters, counts and sorts by state in the database, a page at a time.
   */
  function stateSql(): Knex.Raw {
    const spouseMustSign = `${col('method_of_inv')} = 'CASH' AND ${col('is_married')} = ? AND ${col('cosub_email')} IS NOT NULL AND ${col('cosub_email')} <> ''`;
    return knex().raw(
      `CASE WHEN ${col('transferredAt')} IS NOT NULL THEN 'transferred'
        WHEN ${col('invest_status')} = ? THEN 'declined'
        WHEN ${col('invest_status')} IS NULL OR ${col('invest_status')} <> ? THEN 'reviewed'
        WHEN ${col('ft_complete_date')} IS NOT NULL THEN 'funded'
        WHEN ${col('sa_complete_date')} IS NOT NULL THEN 'countersigned'
        WHEN ${col('syndAgreementSignedByCurrentUser')} IS NULL OR ${col('syndAgreementSignedByCurrentUser')} <> ? THEN 'committed'
        WHEN ${spouseMustSign} AND ${col('syndAgreementSignedByCurrentUserCosub')} = ? THEN 'spouse_signed'
        ELSE 'investor_signed' END`,
      [INVEST_STATUS.declined, INVEST_STATUS.accepted, true, true, true],
    );
  }

  /** A fund's syndication users (alias s), each with its investor's account (alias u) when it has one. */
  function rowsOf(fundIds: number[]): Knex.QueryBuilder {
    const funds = linkTableOf(strapi, SYND_USER, 'fund');
    const users = linkTableOf(strapi, SYND_USER, 'user');
    return knex()(`${tableOf(strapi, SYND_USER)} as s`)
      .join(`${funds.name} as sf`, `sf.${funds.owner}`, 's.id')
      .whereIn(`sf.${funds.target}`, fundIds)
      .leftJoin(`${users.name} as su`, `su.${users.owner}`, 's.id')
      .leftJoin(`${tableOf(strapi, USER)} as u`, 'u.id', `su.${users.target}`);
  }

  /**
   * The signings of these roles of the row's agreement (alias g). A CROSS JOIN keeps SQLite's loop order: the row's
   * few signer links first, then each signing by its key; joined the other way it walks every signing of the role
   * (by the role index) for each row, which on a grown portal does not answer.
   */
  function signingsOf(roles: ('investor' | 'spouse')[]): Knex.QueryBuilder {
    const links = linkTableOf(strapi, SIGNING, 'syndUser');
    return (
      knex()(`${links.name} as gl`)
        .crossJoin(knex().raw('?? as g', [tableOf(strapi, SIGNING)]))
        .where('g.id', knex().ref(`gl.${links.owner}`))
        .where(`gl.${links.target}`, knex().ref('s.id'))
        .whereIn('g.role', roles)
        // A voided agreement's signers (an amended commitment's) are its history, not where it stands.
        .whereNull(`g.${columnOf(strapi, SIGNING, 'voidedAt')}`)
    );
  }

  /** When a role of the row's agreement signed (the latest, as a re-opened agreement is signed again). */
  const signedAt = (role: 'investor' | 'spouse') =>
    signingsOf([role]).max({ at: `g.${columnOf(strapi, SIGNING, 'signedAt')}` });

  /**
   * How many of the investor side's signing links wait for a signature: none before signing started, or once both
   * signed. Any is one the desk's 'New signing link' reissues (the investor's, or the spouse's once the investor
   * signed: both are made when signing starts).
   */
  const unsignedLinks = () =>
    signingsOf(['investor', 'spouse'])
      .whereNull(`g.${columnOf(strapi, SIGNING, 'signedAt')}`)
      .count({ n: '*' });

  /**
   * The money each syndication user of these funds (of these rows only, when given) paid in, in cents: the ledger's
   * contribution entries and the adjustments that correct them (alias lc: synd_user, cents). Nothing else the ledger
   * holds (distributions, fees) is funding. A row with such entries is funded by them, whatever its commitment.
   */
  function contributions(fundIds: number[], syndUserIds?: number[]): Knex.QueryBuilder {
    const entries = tableOf(strapi, LEDGER_ENTRY);
    const owners = linkTableOf(strapi, LEDGER_ENTRY, 'syndUser');
    const funds = linkTableOf(strapi, LEDGER_ENTRY, 'fund');
    const corrects = linkTableOf(strapi, LEDGER_ENTRY, 'corrects');
    return knex()(`${entries} as e`)
      .join(`${funds.name} as ef`, `ef.${funds.owner}`, 'e.id')
      .join(`${owners.name} as eo`, `eo.${owners.owner}`, 'e.id')
      .leftJoin(`${corrects.name} as ec`, `ec.${corrects.owner}`, 'e.id')
      .leftJoin(`${entries} as corrected`, 'corrected.id', `ec.${corrects.target}`)
      .whereIn(`ef.${funds.target}`, fundIds)
      .modify((query) => {
        if (syndUserIds) query.whereIn(`eo.${owners.target}`, syndUserIds);
      })
      .where((query) =>
        query
          .where('e.type', 'contribution')
          .orWhere((adjustment) => adjustment.where('e.type', 'adjustment').where('corrected.type', 'contribution')),
      )
      .groupBy(`eo.${owners.target}`)
      .select({ synd_user: `eo.${owners.target}` })
      .sum({ cents: 'e.amount_cents' });
  }

  /** The columns (of rowsOf's aliases) an investor's name and email are read from; `nameOf` reads the name back. */
  const investorColumns = () => [
    col('userFirstName'),
    col('userLastName'),
    { email: 'u.email', first_name: 'u.first_name', last_name: 'u.last_name', username: 'u.username' },
  ];

  /** The investor's name as the desk shows it: their account's, else the names the commitment kept (no account). */
  const nameOf = (row: Record<string, unknown>): string =>
    investorName({
      user: row.email
        ? {
            email: String(row.email),
            username: row.username as string | null,
            firstName: row.first_name as string | null,
            lastName: row.last_name as string | null,
          }
        : null,
      userFirstName: row[columnOf(strapi, SYND_USER, 'userFirstName')] as string | null,
      userLastName: row[columnOf(strapi, SYND_USER, 'userLastName')] as string | null,
    });

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

  /** A row's funded money in cents (with contributions joined as lc): its contributions if it has any, else its commitment once funded. */
  const fundedCentsSql = () =>
    knex().raw(
      `CASE WHEN lc.synd_user IS NOT NULL THEN lc.cents WHEN (?) = 'funded' THEN ${col('invest_amount')} * 100 ELSE 0 END`,
      [stateSql()],
    );

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

  /** The fund's rows the query's state and search keep (the table, its export and the reminders read them alike). */
  function filtered(fundId: number, query: Pick<CommitmentQuery, 'state' | 'q'>): Knex.QueryBuilder {
    const rows = rowsOf([fundId]);
    if (query.state) rows.whereRaw('(?) = ?', [stateSql(), query.state]);
    if (query.q)
      whereNameOrEmail(rows, query.q, 'u.email', [
        ['u.first_name', 'u.last_name'],
        [col('userFirstName'), col('userLastName')],
      ]);
    return rows;
  }

  return {
    /**
     * GET /sponsor-desk/funds?portal=: the board's figures for each fund of the portal that is raising or closed
     * within a year (every fund with `all`): its size, what is committed and funded, what is left to raise, the close
     * date and days left, and how many investors are in each state. Raising funds first, soonest to close first; then
     * the others, latest closed first; each fund with its latest three declines and the feedback given ('Why people
     * passed'). Three queries (the funds; counts and sums by fund and state; the declines), however many investors.
     */
    async funds(slug: unknown, { all = false }: { all?: boolean } = {}, scope: PortalScope = { every: true }) {
      const { portal, choices: runs } = await pickPortal(
        strapi,
        scope,
        typeof slug === 'string' && slug ? slug : undefined,
      );
      const choices = runs.map((row) => ({ slug: row.slug, name: (row as { name?: string | null }).name ?? row.slug }));
      if (!portal) return { portal: null, portals: choices, funds: [] };
      const funds = (await strapi.db.query(FUND).findMany({
        where: { company: { portal: { id: portal.id } } },
        select: [
          'id',
          'documentId',
          'name',
          'fund_status',
          'total_inv_amount',
          'open_date',
          'start_date',
          'close_date',
          'end_date',
        ],
        orderBy: { id: 'asc' },
      })) as ({
        id: number;
        documentId: string;
        name: string | null;
        total_inv_amount: number | string | null;
      } & FundDates)[];
      const now = new Date();
      const shown = funds.filter(
        (fund) =>
          all ||
          !['Closed', 'Done'].includes(fundStatus(fund, now)) ||
          (fund.close_date && now.getTime() - new Date(fund.close_date).getTime() < YEAR_MS),
      );
      const ids = shown.map((fund) => fund.id);
      const fundLink = linkTableOf(strapi, SYND_USER, 'fund');
      // Funded, row by row as the table shows it: a row's contributions in the ledger if it has any, else its
      // commitment when marked funded (a raise funded before the ledger), so a fund funded both ways adds both.
      const grouped = ids.length
        ? ((await rowsOf(ids)
            .leftJoin(contributions(ids).as('lc'), 'lc.synd_user', 's.id')
            .select({ fund: `sf.${fundLink.target}`, raise_state: stateSql() })
            .count({ investors: '*' })
            .sum({ amount: col('invest_amount') })
            .sum({ funded_cents: fundedCentsSql() })
            .groupBy(`sf.${fundLink.target}`, 'raise_state')) as {
            fund: number | string;
            raise_state: RaiseState;
            investors: number | string;
            amount: number | string | null;
            funded_cents: number | string | null;
          }[])
        : [];
      const declines = ids.length ? await declinesOf(ids) : new Map<number, never[]>();
      const answer = shown.map((fund) => {
        const counts = Object.fromEntries(RAISE_STATES.map((state) => [state, 0])) as Record<RaiseState, number>;
        let committed = 0;
        let fundedCents = 0;
        for (const row of grouped.filter((each) => Number(each.fund) === fund.id)) {
          counts[row.raise_state] = Number(row.investors);
          if (!['reviewed', 'declined', 'transferred'].includes(row.raise_state)) committed += Number(row.amount ?? 0);
          fundedCents += Number(row.funded_cents ?? 0);
        }
        const funded = Math.round(fundedCents) / 100;
        const total = money(fund.total_inv_amount);
        const close = fund.close_date ? new Date(fund.close_date).getTime() : null;
        return {
          documentId: fund.documentId,
          name: fund.name,
          status: fundStatus(fund, now),
          open_date: isoOf(fund.open_date),
          close_date: isoOf(fund.close_date),
          days_left: close === null ? null : Math.max(0, Math.ceil((close - now.getTime()) / DAY_MS)),
          total,
          committed,
          funded,
          left: total === null ? null : Math.max(0, total - committed),
          investors: Object.values(counts).reduce((sum, each) => sum + each, 0),
          counts,
          declines: declines.get(fund.id) ?? [],
        };
      });
      const raising = (fund: { status: string }) => ['New', 'Open', 'Started'].includes(fund.status);
      answer.sort(
        (one, other) =>
          Number(raising(other)) - Number(raising(one)) ||
          (raising(one)
            ? (one.close_date ?? '~').localeCompare(other.close_date ?? '~')
            : (other.close_date ?? '').localeCompare(one.close_date ?? '')) ||
          (one.name ?? '').localeCompare(other.name ?? ''),
      );
      // A transferred position left the raise: its state is listed (and counted) only where a fund shown has one.
      const states = answer.some((fund) => fund.counts.transferred) ? COMMITMENT_STATES : RAISE_STATES;
      return {
        portal: { slug: portal.slug, name: (portal as { name?: string | null }).name ?? portal.slug },
        portals: choices,
        funds: answer,
        states: states.map((state) => ({ state, label: RAISE_STATE_LABELS[state] })),
      };
    },

    /** GET /sponsor-desk/funds/:documentId/commitments: a page of the table, as Strapi's admin lists answer. */
    async commitments(fundDocumentId: string, query: CommitmentQuery) {
      const fund = await ledger(strapi).fundNamed(fundDocumentId);
      const [{ total }] = (await filtered(fund.id, query).count({ total: '*' })) as { total: number | string }[];
      const results = await linesOf(
        fund.id,
        await orderedIds(fund.id, query, { offset: (query.page - 1) * query.pageSize, limit: query.pageSize }),
      );
      return {
        fund: { documentId: fund.documentId, name: fund.name },
        results,
        pagination: {
          page: query.page,
          pageSize: query.pageSize,
          pageCount: Math.ceil(Number(total) / query.pageSize),
          total: Number(total),
        },
      };
    },

    /**
     * GET /sponsor-desk/funds/:documentId/commitments.csv: every row the filter shows, in its order, as CSV text to
     * stream (the header first, then `batch` rows at a time). The filter's rows and their order are taken once, as
     * ids, when the export starts; each batch then reads its rows by id. So a row is exported exactly once even while
     * reminders (which move rows sorted by last reminder or last change) or other writes run, and each batch costs
     * the same, where OFFSET batches cost more the further they read and skip or repeat rows that moved meanwhile.
     */
    async commitmentsCsv(
      fundDocumentId: string,
      query: Omit<CommitmentQuery, 'page' | 'pageSize'>,
      { batch = CSV_BATCH }: { batch?: number } = {},
    ): Promise<{ name: string; csv: AsyncGenerator<string> }> {
      const fund = await ledger(strapi).fundNamed(fundDocumentId);
      const slug =
        (fund.name ?? 'fund')
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, '') || 'fund';
      async function* csv(): AsyncGenerator<string> {
        yield stringify([CSV_HEADER]);
        const ids = await orderedIds(fund.id, query);
        for (let from = 0; from < ids.length; from += batch) {
          const lines = await linesOf(fund.id, ids.slice(from, from + batch));
          yield stringify(
            lines.map((line) =>
              (
                [
                  line.investor.name,
                  line.investor.email ?? '',
                  RAISE_STATE_LABELS[line.state],
                  line.investor.accreditation?.label ?? '',
                  line.investor.accreditationDate?.slice(0, 10) ?? '',
                  line.amount ?? '',
                  line.method ?? '',
                  line.is_married ? 'yes' : 'no',
                  line.spouse?.name ?? '',
                  line.spouse?.email ?? '',
                  line.investorSignedAt ?? '',
                  line.spouseSignedAt ?? '',
                  line.countersignedAt ?? '',
                  line.fundedAt?.slice(0, 10) ?? '',
                  line.fundedAmount ?? '',
                  line.lastReminderFailedAt ? `failed ${line.lastReminderFailedAt}` : (line.lastRemindedAt ?? ''),
                  line.feedback ?? '',
                  line.investor.accreditationDue ? 'yes' : 'no',
                ] as (string | number)[]
              ).map(inertCell),
            ),
          );
        }
      }
      return { name: `${slug}-commitments${query.state ? `-${query.state}` : ''}.csv`, csv: csv() };
    },

    filtered,
  };
};

export type BoardService = ReturnType<typeof boardService>;
export const board = serviceAccessor<BoardService>('api::synd-user.board');
export default boardService;
