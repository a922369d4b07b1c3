import crypto from 'node:crypto';
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { INVEST_STATUS, matchK1File, type TaxScheduleState } from '@portal/rules';
import { fileStorage } from '../../../providers/storage';
import { sanitizeFileName, sizeLabel } from '../../../providers/storage/file-types';
import { conflict } from '../../../utils/http-errors';
import { serviceAccessor } from '../../../utils/service';
import { columnOf, linkTableOf, tableOf } from '../../../utils/tables';
import { isIsoDate } from '../../../utils/validation';
import { ledger } from '../../ledger-entry/services/ledger-entry';
import { notifications, type Recipient } from '../../notification/services/notification';
import { recountDocuments } from '../../tax-document/document-counts';

const TAX_SCHEDULE = 'api::tax-schedule.tax-schedule';
const TAX_DOCUMENT = 'api::tax-document.tax-document';
const SYND_USER = 'api::synd-user.synd-user';
const USER = 'plugin::users-permissions.user';
/** The largest K-1 file the desk takes. */
export const K1_MAX_BYTES = 20 * 1024 * 1024;

interface ScheduleRow {
  id: number;
  documentId: string;
  taxYear: number;
  documentName: string | null;
  expectedDate: string | null;
  state: TaxScheduleState;
  issuedAt: string | null;
  issuedBy: string | null;
  fund: { id: number; documentId: string; name: string | null } | null;
}

/** An uploaded file as the body parser leaves it. */
export interface UploadedFile {
  name: string;
  bytes: Buffer;
}

const documentNameOf = (row: Pick<ScheduleRow, 'documentName'>) => row.documentName?.trim() || 'K-1';
const scheduleView = (row: ScheduleRow) => ({
  documentId: row.documentId,
  fund: row.fund ? { documentId: row.fund.documentId, name: row.fund.name } : null,
  taxYear: row.taxYear,
  documentName: documentNameOf(row),
  expectedDate: row.expectedDate,
  state: row.state,
  issuedAt: row.issuedAt ? new Date(row.issuedAt).toISOString() : null,
  issuedBy: row.issuedBy,
});

/**
 * K-1s and other yearly documents per fund and tax year (docs/sponsor-desk.md, K-1s): staff set when they are
 * expected, then issue one file per investor (matched by name on the desk, or chosen by hand), each published to
 * that investor as a tax document with the new_tax_document notification; the investors' dashboards say when to
 * expect theirs, then that it is ready.
 */
const taxScheduleService = ({ strapi }: { strapi: Core.Strapi }) => {
  async function scheduleOf(id: string): Promise<ScheduleRow> {
    const row = /^[A-Za-z0-9]{1,64}$/.test(id)
      ? ((await strapi.db.query(TAX_SCHEDULE).findOne({ where: { documentId: id }, populate: { fund: { select: ['id', 'documentId', 'name'] } } })) as ScheduleRow | null)
      : null;
    if (!row) throw new errors.NotFoundError('Tax schedule not found');
    return row;
  }

  /** The schedule's fund, for what needs its partners; a 404 saying so when the fund was deleted since. */
  function fundOf(row: ScheduleRow): NonNullable<ScheduleRow['fund']> {
    if (!row.fund) throw new errors.NotFoundError('The fund of this tax year was deleted: it has no partners to issue to');
    return row.fund;
  }

  /** The fund's partners, who get a K-1: each investor whose agreement is complete, once, with their commitment. */
  async function partners(fundId: number) {
    const rows = (await strapi.db.query(SYND_USER).findMany({
      where: { fund: { id: fundId }, invest_status: INVEST_STATUS.accepted, sa_complete_date: { $notNull: true } },
      select: ['id', 'documentId'],
      populate: { user: { select: ['id', 'documentId', 'email', 'username', 'firstName', 'lastName'] } },
      orderBy: { id: 'asc' },
    })) as { id: number; documentId: string; user: (Recipient & { firstName: string | null; lastName: string | null }) | null }[];
    const seen = new Set<number>();
    return rows.filter((row) => row.user && !seen.has(row.user.id) && seen.add(row.user.id)) as { id: number; documentId: string; user: Recipient & { firstName: string | null; lastName: string | null } }[];
  }

  /** The schedule's documents issued so far, by investor (user id). */
  async function issuedTo(scheduleId: number): Promise<Map<number, { documentId: string; originalName: string | null; createdAt: string }>> {
    const rows = (await strapi.db.query(TAX_DOCUMENT).findMany({
      where: { taxSchedule: { id: scheduleId }, isDeleted: { $ne: true } },
      select: ['documentId', 'originalName', 'createdAt'],
      populate: { user: { select: ['id'] } },
    })) as { documentId: string; originalName: string | null; createdAt: string; user: { id: number } | null }[];
    return new Map(rows.flatMap((row) => (row.user ? [[row.user.id, row] as const] : [])));
  }

  /** How many partners the fund has (as partners() lists them: each investor once), counted by the database. */
  async function partnerCount(fundId: number): Promise<number> {
    const funds = linkTableOf(strapi, SYND_USER, 'fund');
    const users = linkTableOf(strapi, SYND_USER, 'user');
    const [row] = (await strapi.db.connection(`${tableOf(strapi, SYND_USER)} as s`)
      .join(`${funds.name} as sf`, `sf.${funds.owner}`, 's.id')
      .join(`${users.name} as su`, `su.${users.owner}`, 's.id')
      .join(`${tableOf(strapi, USER)} as u`, 'u.id', `su.${users.target}`)
      .where(`sf.${funds.target}`, fundId)
      .where(`s.${columnOf(strapi, SYND_USER, 'invest_status')}`, INVEST_STATUS.accepted)
      .whereNotNull(`s.${columnOf(strapi, SYND_USER, 'sa_complete_date')}`)
      .countDistinct({ count: 'u.id' })) as { count: number | string }[];
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
    const rows = (await strapi.db.connection(`${tableOf(strapi, TAX_DOCUMENT)} as d`)
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
  const issuedCount = async (scheduleId: number): Promise<number> => (await issuedCounts([scheduleId])).get(scheduleId) ?? 0;

  async function markIssued(row: ScheduleRow, staffName: string) {
    await strapi.db.query(TAX_SCHEDULE).update({ where: { id: row.id }, data: { state: 'issued', issuedAt: new Date(), issuedBy: staffName } });
  }

  return {
    /** POST /sponsor-desk/tax-schedules {fund, taxYear, expectedDate, documentName}: sets (makes or changes) a fund's year. */
    async set(input: Record<string, unknown>) {
      const fund = await ledger(strapi).fundNamed(input.fund);
      const taxYear = input.taxYear;
      if (typeof taxYear !== 'number' || !Number.isInteger(taxYear) || taxYear < 1900 || taxYear > 9999) throw new errors.ValidationError('taxYear must be a year, like 2026');
      if (input.expectedDate !== null && input.expectedDate !== undefined && !isIsoDate(input.expectedDate)) throw new errors.ValidationError('expectedDate must be a date (YYYY-MM-DD)');
      const documentName = input.documentName === undefined ? 'K-1' : input.documentName;
      if (typeof documentName !== 'string' || !documentName.trim() || documentName.length > 60) throw new errors.ValidationError('documentName must be a name of at most 60 characters, like K-1');
      const scheduleKey = `${fund.id}:${taxYear}:${documentName.trim().toLowerCase()}`;
      const data = { fund: fund.id, taxYear, documentName: documentName.trim(), expectedDate: (input.expectedDate as string | null | undefined) ?? null, scheduleKey };
      const existing = (await strapi.db.query(TAX_SCHEDULE).findOne({ where: { scheduleKey }, select: ['id'] })) as { id: number } | null;
      if (existing) await strapi.db.query(TAX_SCHEDULE).update({ where: { id: existing.id }, data: { expectedDate: data.expectedDate } });
      else {
        try {
          await strapi.db.query(TAX_SCHEDULE).create({ data: { ...data, state: 'pending' } });
        } catch (error) {
          // Another staff member set the same year at the same moment: theirs stands, with this expected date.
          if (!(await strapi.db.query(TAX_SCHEDULE).findOne({ where: { scheduleKey } }))) throw error;
          await strapi.db.query(TAX_SCHEDULE).update({ where: { scheduleKey }, data: { expectedDate: data.expectedDate } });
        }
      }
      const row = (await strapi.db.query(TAX_SCHEDULE).findOne({ where: { scheduleKey }, populate: { fund: { select: ['id', 'documentId', 'name'] } } })) as ScheduleRow;
      return scheduleView(row);
    },

    /** GET /sponsor-desk/tax-schedules?fund=: a fund's schedules, newest year first, with how many K-1s are issued of how many. */
    async ofFund(fundName: unknown) {
      const fund = await ledger(strapi).fundNamed(fundName);
      const rows = (await strapi.db.query(TAX_SCHEDULE).findMany({ where: { fund: { id: fund.id } }, populate: { fund: { select: ['id', 'documentId', 'name'] } }, orderBy: [{ taxYear: 'desc' }, { id: 'desc' }] })) as ScheduleRow[];
      const [investors, issued] = await Promise.all([partnerCount(fund.id), issuedCounts(rows.map((row) => row.id))]);
      return {
        fund: { documentId: fund.documentId, name: fund.name },
        results: rows.map((row) => ({ ...scheduleView(row), investors, issued: issued.get(row.id) ?? 0 })),
      };
    },

    /** GET /sponsor-desk/tax-schedules/:documentId: the schedule with each partner of the fund and what was issued to them. */
    async find(id: string) {
      const row = await scheduleOf(id);
      const [investors, issued] = await Promise.all([partners(fundOf(row).id), issuedTo(row.id)]);
      return {
        ...scheduleView(row),
        investors: investors.map(({ documentId, user }) => ({
          syndUser: documentId,
          firstName: user.firstName,
          lastName: user.lastName,
          email: user.email,
          document: issued.get(user.id) ? { documentId: issued.get(user.id)!.documentId, originalName: issued.get(user.id)!.originalName, issuedAt: new Date(issued.get(user.id)!.createdAt).toISOString() } : null,
        })),
      };
    },

    /**
     * POST /sponsor-desk/tax-schedules/:documentId/match {names, pattern}: whose each file is, by its name (matchK1File
     * in @portal/rules); null where staff must choose by hand. Only the names are sent, not the files.
     */
    async match(id: string, input: Record<string, unknown>) {
      const row = await scheduleOf(id);
      const { names, pattern } = input;
      if (!Array.isArray(names) || !names.length || names.length > 10_000 || !names.every((name) => typeof name === 'string' && name.length <= 255)) {
        throw new errors.ValidationError('names must list 1 to 10000 file names');
      }
      if (pattern !== undefined && pattern !== null && (typeof pattern !== 'string' || pattern.length > 200)) throw new errors.ValidationError('pattern must be text of at most 200 characters');
      const investors = (await partners(fundOf(row).id)).map(({ documentId, user }) => ({ key: documentId, firstName: user.firstName, lastName: user.lastName, email: user.email }));
      return { matches: (names as string[]).map((name) => ({ name, syndUser: matchK1File(name, investors, pattern as string | null | undefined) })) };
    },

    /**
     * POST /sponsor-desk/tax-schedules/:documentId/documents (multipart: file, syndUser, replace): one investor's file,
     * stored privately and published to them as a tax document of the schedule's year, with the new_tax_document
     * notification. A second file for the same investor is refused unless `replace` (the first is then withdrawn).
     * Once every partner has theirs, the schedule is issued.
     */
    async issueDocument(id: string, input: { syndUser?: unknown; replace?: unknown }, file: UploadedFile | null, staffName: string) {
      const row = await scheduleOf(id);
      if (!file) throw new errors.ValidationError('Attach the file (multipart field file)');
      if (!/\.pdf$/i.test(file.name) || file.bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw new errors.ValidationError('A K-1 must be a PDF file');
      if (file.bytes.length > K1_MAX_BYTES) throw new errors.ValidationError(`The file is larger than ${sizeLabel(K1_MAX_BYTES)}`);
      if (typeof input.syndUser !== 'string' || !input.syndUser) throw new errors.ValidationError('syndUser is required: whose file this is');
      const fund = fundOf(row);
      // The partners and what was issued are read once a call (each K-1 is its own call).
      const [everyone, issuedBefore] = await Promise.all([partners(fund.id), issuedTo(row.id)]);
      const partner = everyone.find((each) => each.documentId === input.syndUser);
      if (!partner) throw new errors.ValidationError('That investor is not a partner of this fund (no complete agreement)');
      const replace = input.replace === true || input.replace === 'true';
      const previous = issuedBefore.get(partner.user.id);
      if (previous && !replace) throw conflict(`${documentNameOf(row)} for ${row.taxYear} is issued to ${partner.user.email} already; send replace to withdraw it and issue this one`);

      const storage = fileStorage(strapi);
      const key = `tax/${row.documentId}/${crypto.randomBytes(6).toString('hex')}-${sanitizeFileName(file.name).slice(-120)}`;
      await storage.put(key, file.bytes, 'application/pdf');
      const title = `${documentNameOf(row)} ${row.taxYear}, ${fund.name ?? ''}`.replace(/, $/, '');
      const created = (await strapi.db.transaction(async () => {
        if (previous) await strapi.db.query(TAX_DOCUMENT).update({ where: { documentId: previous.documentId }, data: { isDeleted: true } });
        return strapi.db.query(TAX_DOCUMENT).create({
          data: { title, originalName: file.name, docPath: key, bucketId: storage.name, year: row.taxYear, isDeleted: false, sendToAllFundInvestors: false, fund: fund.id, user: partner.user.id, taxSchedule: row.id },
        });
      })) as { documentId: string };
      await recountDocuments(strapi, [partner.user.id]);
      try {
        await notifications(strapi).send('new_tax_document', [partner.user], { documentTitle: title, fundName: fund.name ?? '', year: String(row.taxYear) });
      } catch (error) {
        strapi.log.error(`Notification new_tax_document failed: ${String(error)}`);
      }
      // Counted again after the write (one active document per partner), so K-1s issued at the same moment by
      // other calls count too and the last of them marks the year issued.
      const issued = await issuedCount(row.id);
      if (row.state !== 'issued' && issued >= everyone.length) await markIssued(row, staffName);
      return { document: { documentId: created.documentId, title, originalName: file.name }, issued, investors: everyone.length, state: issued >= everyone.length ? 'issued' : row.state };
    },

    /** POST /sponsor-desk/tax-schedules/:documentId/issued: staff say the year is issued (some partners may get theirs by other means). */
    async issued(id: string, staffName: string) {
      const row = await scheduleOf(id);
      if (row.state !== 'issued') await markIssued(row, staffName);
      return scheduleView(await scheduleOf(id));
    },

    /**
     * The schedules of these funds for one investor (the dashboard's summary), newest year first, without who issued
     * them: `issued` once their own document of the year is out (whatever the rest of the fund's partners), else
     * `pending` with its expected date, so a partner whose K-1 is late still reads when it is expected. Two queries.
     */
    async forFunds(fundIds: number[], userId: number) {
      if (!fundIds.length) return [];
      const schedules = (await strapi.db.query(TAX_SCHEDULE).findMany({
        where: { fund: { id: { $in: fundIds } } },
        populate: { fund: { select: ['id', 'documentId', 'name'] } },
        orderBy: [{ taxYear: 'desc' }, { id: 'asc' }],
        limit: 100,
      })) as ScheduleRow[];
      if (!schedules.length) return [];
      const theirs = (await strapi.db.query(TAX_DOCUMENT).findMany({
        where: { taxSchedule: { id: { $in: schedules.map((row) => row.id) } }, user: { id: userId }, isDeleted: { $ne: true } },
        select: ['id'],
        populate: { taxSchedule: { select: ['id'] } },
      })) as { taxSchedule: { id: number } | null }[];
      const issued = new Set(theirs.map((row) => row.taxSchedule?.id));
      return schedules.map((row) => ({ fund_name: row.fund?.name ?? '', taxYear: row.taxYear, documentName: documentNameOf(row), expectedDate: row.expectedDate, state: issued.has(row.id) ? 'issued' : 'pending' }));
    },
  };
};

export type TaxScheduleService = ReturnType<typeof taxScheduleService>;
export const taxSchedules = serviceAccessor<TaxScheduleService>(TAX_SCHEDULE);
export default taxScheduleService;
