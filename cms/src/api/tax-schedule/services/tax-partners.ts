import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { INVEST_STATUS } from '@portal/rules';
import { columnOf, linkTableOf, tableOf } from '../../../utils/tables';
import type { Recipient } from '../../notification/services/notification';
import { SYND_USER, TAX_DOCUMENT, USER } from '../../../utils/uids';
import type { Row } from '../../../utils/rows';

/** A partner row's account columns (alias u), and the partner they make. */
export const PARTNER_COLUMNS = {
  user_id: 'u.id',
  user_document_id: 'u.document_id',
  email: 'u.email',
  username: 'u.username',
  first_name: 'u.first_name',
  last_name: 'u.last_name',
};
export type PartnerRow = {
  user_id: number | string;
  user_document_id: string;
  email: string;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
};
export type Partner = { documentId: string; user: Recipient & { firstName: string | null; lastName: string | null } };
const partnerOf = (row: PartnerRow & { document_id: string }): Partner => ({
  documentId: row.document_id,
  user: {
    id: Number(row.user_id),
    documentId: row.user_document_id,
    email: row.email,
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
  },
});

/** A fund's partners, who get a K-1, and what a tax year issued to them: the queries the desk's K-1 calls share. */
export function taxPartners(strapi: Core.Strapi) {
  /**
   * The fund's partner rows, who get a K-1: each syndication user (alias s) whose agreement is complete, with its
   * investor's account (alias u). An investor with two such commitments is one partner (their first commitment).
   */
  function partnerRows(fundId: number): Knex.QueryBuilder {
    const funds = linkTableOf(strapi, SYND_USER, 'fund');
    const users = linkTableOf(strapi, SYND_USER, 'user');
    return strapi.db
      .connection(`${tableOf(strapi, SYND_USER)} as s`)
      .join(`${funds.name} as sf`, `sf.${funds.owner}`, 's.id')
      .join(`${users.name} as su`, `su.${users.owner}`, 's.id')
      .join(`${tableOf(strapi, USER)} as u`, 'u.id', `su.${users.target}`)
      .where(`sf.${funds.target}`, fundId)
      .where(`s.${columnOf(strapi, SYND_USER, 'invest_status')}`, INVEST_STATUS.accepted)
      .whereNotNull(`s.${columnOf(strapi, SYND_USER, 'sa_complete_date')}`);
  }

  /** The schedule's active documents of the partner row's investor (alias u): what `issued` and `missing` filter on. */
  function documentOfPartner(scheduleId: number): Knex.QueryBuilder {
    const schedules = linkTableOf(strapi, TAX_DOCUMENT, 'taxSchedule');
    const users = linkTableOf(strapi, TAX_DOCUMENT, 'user');
    return (
      strapi.db
        .connection(`${tableOf(strapi, TAX_DOCUMENT)} as d`)
        .join(`${schedules.name} as ds`, `ds.${schedules.owner}`, 'd.id')
        .join(`${users.name} as du`, `du.${users.owner}`, 'd.id')
        .where(`ds.${schedules.target}`, scheduleId)
        .where(`du.${users.target}`, strapi.db.connection.ref('u.id'))
        // As Strapi's `$ne: true` reads: a document whose flag is unset does not count.
        .where(`d.${columnOf(strapi, TAX_DOCUMENT, 'isDeleted')}`, '<>', true)
        .select('d.id')
    );
  }

  /** Every partner of the fund, each investor once, in one query: what a batch of files is matched against. */
  async function partners(fundId: number): Promise<Partner[]> {
    const rows = (await partnerRows(fundId)
      .select({ document_id: 's.document_id', ...PARTNER_COLUMNS })
      .orderBy('s.id', 'asc')) as (PartnerRow & { document_id: string })[];
    const seen = new Set<number>();
    return rows.filter((row) => !seen.has(Number(row.user_id)) && seen.add(Number(row.user_id))).map(partnerOf);
  }

  /** The partner whose commitment this is (by its documentId), or null when it is not one of the fund's partners. */
  async function partnerNamed(fundId: number, syndUser: string): Promise<Partner | null> {
    const row = (await partnerRows(fundId)
      .where('s.document_id', syndUser)
      .select({ document_id: 's.document_id', ...PARTNER_COLUMNS })
      .first()) as (PartnerRow & { document_id: string }) | undefined;
    return row ? partnerOf(row) : null;
  }

  /** The schedule's active documents of these investors (user ids), by investor. */
  async function issuedTo(
    scheduleId: number,
    userIds: number[],
  ): Promise<Map<number, { documentId: string; originalName: string | null; createdAt: string }>> {
    if (!userIds.length) return new Map();
    const rows = (await strapi.db.query(TAX_DOCUMENT).findMany({
      where: { taxSchedule: { id: scheduleId }, user: { id: { $in: userIds } }, isDeleted: { $ne: true } },
      select: ['documentId', 'originalName', 'createdAt'],
      populate: { user: { select: ['id'] } },
    })) as (Pick<Row<typeof TAX_DOCUMENT>, 'documentId' | 'originalName' | 'createdAt'> & {
      user: Pick<Row<typeof USER>, 'id'> | null;
    })[];
    return new Map(rows.flatMap((row) => (row.user ? [[row.user.id, row] as const] : [])));
  }

  /** How many partners the fund has (as partners() lists them: each investor once), counted by the database. */
  async function partnerCount(fundId: number): Promise<number> {
    const [row] = (await partnerRows(fundId).countDistinct({ count: 'u.id' })) as { count: number | string }[];
    return Number(row?.count ?? 0);
  }

  /**
   * How many partners hold each schedule's document (one active document each: a replaced one is withdrawn), by
   * schedule id: one grouped query for all of them; a schedule with none is absent.
   */
  async function issuedCounts(scheduleIds: number[]): Promise<Map<number, number>> {
    if (!scheduleIds.length) return new Map();
    const schedules = linkTableOf(strapi, TAX_DOCUMENT, 'taxSchedule');
    const users = linkTableOf(strapi, TAX_DOCUMENT, 'user');
    const rows = (await strapi.db
      .connection(`${tableOf(strapi, TAX_DOCUMENT)} as d`)
      .join(`${schedules.name} as ds`, `ds.${schedules.owner}`, 'd.id')
      .join(`${users.name} as du`, `du.${users.owner}`, 'd.id')
      .join(`${tableOf(strapi, USER)} as u`, 'u.id', `du.${users.target}`)
      .whereIn(`ds.${schedules.target}`, scheduleIds)
      // As Strapi's `$ne: true` reads: a document whose flag is unset does not count.
      .where(`d.${columnOf(strapi, TAX_DOCUMENT, 'isDeleted')}`, '<>', true)
      .groupBy(`ds.${schedules.target}`)
      .select({ schedule: `ds.${schedules.target}` })
      .count({ count: 'd.id' })) as { schedule: number | string; count: number | string }[];
    return new Map(rows.map((row) => [Number(row.schedule), Number(row.count)]));
  }

  /** How many partners hold the schedule's document. */
  const issuedCount = async (scheduleId: number): Promise<number> =>
    (await issuedCounts([scheduleId])).get(scheduleId) ?? 0;

  return {
    partnerRows,
    documentOfPartner,
    partners,
    partnerNamed,
    issuedTo,
    partnerCount,
    issuedCount,
    issuedCounts,
  };
}
