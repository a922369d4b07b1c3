import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { INVEST_STATUS } from '@portal/rules';
import { whereNameOrEmail } from '../../../utils/list-query';
import { columnOf, linkTableOf, tableOf } from '../../../utils/tables';
import type { CommitmentQuery } from './commitment-query';
import { investorName } from './synd-user';
import { LEDGER_ENTRY, SIGNING, SYND_USER, USER } from '../../../utils/uids';

export const money = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));
export const truthy = (value: unknown) => value === true || value === 1 || value === '1' || value === 't';

/**
 * A fund's commitment rows in SQL, as the board, its table, its export and the reminders read them: which rows, in
 * what state, signed when, and with what money paid in.
 */
export function commitmentRows(strapi: Core.Strapi) {
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

  /** A row's funded money in cents (with contributions joined as lc): its contributions if it has any, else its commitment once funded. */
  const fundedCentsSql = () =>
    knex().raw(
      `CASE WHEN lc.synd_user IS NOT NULL THEN lc.cents WHEN (?) = 'funded' THEN ${col('invest_amount')} * 100 ELSE 0 END`,
      [stateSql()],
    );

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
    knex,
    col,
    stateSql,
    rowsOf,
    signedAt,
    unsignedLinks,
    contributions,
    investorColumns,
    nameOf,
    fundedCentsSql,
    filtered,
  };
}
