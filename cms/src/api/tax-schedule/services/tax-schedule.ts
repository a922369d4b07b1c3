import crypto from 'node:crypto';
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import {
  k1Matcher,
  SITE_PATHS,
  type K1IssueAnswer,
  type K1MatchAnswer,
  type TaxSchedulePage,
  type TaxSchedulesAnswer,
  type TaxScheduleState,
  type TaxScheduleView,
} from '@portal/rules';
import { fileStorage } from '../../../providers/storage';
import { sanitizeFileName, sizeLabel } from '../../../providers/storage/file-types';
import { conflict } from '../../../utils/http-errors';
import { listQuery, whereNameOrEmail } from '../../../utils/list-query';
import { serviceAccessor } from '../../../utils/service';
import { isDocumentId, isIsoDate } from '../../../utils/validation';
import { ledger } from '../../ledger-entry/services/ledger-entry';
import { notifications } from '../../notification/services/notification';
import { recountDocuments } from '../../tax-document/document-counts';
import { PARTNER_COLUMNS, taxPartners, type PartnerRow } from './tax-partners';
import { documentNameOf } from './expected-documents';

import { SYND_USER, TAX_DOCUMENT, TAX_SCHEDULE } from '../../../utils/uids';
import type { Row } from '../../../utils/rows';
/** The largest K-1 file the desk takes. */
export const K1_MAX_BYTES = 20 * 1024 * 1024;
/** The most partners one page of a tax year answers. */
const PARTNERS_MAX_PAGE_SIZE = 100;
/** Which partners a tax year's page lists: those who hold their document, or those still without. */
const PARTNER_STATES = ['issued', 'missing'] as const;

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

const scheduleView = (row: ScheduleRow): TaxScheduleView => ({
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
    const row = isDocumentId(id)
      ? ((await strapi.db.query(TAX_SCHEDULE).findOne({
          where: { documentId: id },
          populate: { fund: { select: ['id', 'documentId', 'name'] } },
        })) as ScheduleRow | null)
      : null;
    if (!row) throw new errors.NotFoundError('Tax schedule not found');
    return row;
  }

  /** The schedule's fund, for what needs its partners; a 404 saying so when the fund was deleted since. */
  function fundOf(row: ScheduleRow): NonNullable<ScheduleRow['fund']> {
    if (!row.fund)
      throw new errors.NotFoundError('The fund of this tax year was deleted: it has no partners to issue to');
    return row.fund;
  }

  const { partnerRows, documentOfPartner, partners, partnerNamed, issuedTo, partnerCount, issuedCount, issuedCounts } =
    taxPartners(strapi);

  async function markIssued(row: ScheduleRow, staffName: string) {
    await strapi.db
      .query(TAX_SCHEDULE)
      .update({ where: { id: row.id }, data: { state: 'issued', issuedAt: new Date(), issuedBy: staffName } });
  }

  return {
    /** POST /sponsor-desk/tax-schedules {fund, taxYear, expectedDate, documentName}: sets (makes or changes) a fund's year. */
    async set(input: Record<string, unknown>): Promise<TaxScheduleView> {
      const fund = await ledger(strapi).fundNamed(input.fund);
      const taxYear = input.taxYear;
      if (typeof taxYear !== 'number' || !Number.isInteger(taxYear) || taxYear < 1900 || taxYear > 9999)
        throw new errors.ValidationError('taxYear must be a year, like 2026');
      if (input.expectedDate !== null && input.expectedDate !== undefined && !isIsoDate(input.expectedDate))
        throw new errors.ValidationError('expectedDate must be a date (YYYY-MM-DD)');
      const documentName = input.documentName === undefined ? 'K-1' : input.documentName;
      if (typeof documentName !== 'string' || !documentName.trim() || documentName.length > 60)
        throw new errors.ValidationError('documentName must be a name of at most 60 characters, like K-1');
      const scheduleKey = `${fund.id}:${taxYear}:${documentName.trim().toLowerCase()}`;
      const data = {
        fund: fund.id,
        taxYear,
        documentName: documentName.trim(),
        expectedDate: (input.expectedDate as string | null | undefined) ?? null,
        scheduleKey,
      };
      const existing = (await strapi.db
        .query(TAX_SCHEDULE)
        .findOne({ where: { scheduleKey }, select: ['id'] })) as Pick<Row<typeof TAX_SCHEDULE>, 'id'> | null;
      if (existing)
        await strapi.db
          .query(TAX_SCHEDULE)
          .update({ where: { id: existing.id }, data: { expectedDate: data.expectedDate } });
      else {
        try {
          await strapi.db.query(TAX_SCHEDULE).create({ data: { ...data, state: 'pending' } });
        } catch (error) {
          // Another staff member set the same year at the same moment: theirs stands, with this expected date.
          if (!(await strapi.db.query(TAX_SCHEDULE).findOne({ where: { scheduleKey } }))) throw error;
          await strapi.db
            .query(TAX_SCHEDULE)
            .update({ where: { scheduleKey }, data: { expectedDate: data.expectedDate } });
        }
      }
      const row = (await strapi.db.query(TAX_SCHEDULE).findOne({
        where: { scheduleKey },
        populate: { fund: { select: ['id', 'documentId', 'name'] } },
      })) as ScheduleRow;
      return scheduleView(row);
    },

    /** GET /sponsor-desk/tax-schedules?fund=: a fund's schedules, newest year first, with how many K-1s are issued of how many. */
    async ofFund(fundName: unknown): Promise<TaxSchedulesAnswer> {
      const fund = await ledger(strapi).fundNamed(fundName);
      const rows = (await strapi.db.query(TAX_SCHEDULE).findMany({
        where: { fund: { id: fund.id } },
        populate: { fund: { select: ['id', 'documentId', 'name'] } },
        orderBy: [{ taxYear: 'desc' }, { id: 'desc' }],
      })) as ScheduleRow[];
      const [investors, issued] = await Promise.all([partnerCount(fund.id), issuedCounts(rows.map((row) => row.id))]);
      return {
        fund: { documentId: fund.documentId, name: fund.name },
        results: rows.map((row) => ({ ...scheduleView(row), investors, issued: issued.get(row.id) ?? 0 })),
      };
    },

    /**
     * GET /sponsor-desk/tax-schedules/:documentId?state=issued|missing&q=&page=&pageSize=&sort=name:asc|desc: the
     * schedule, how many partners it has and how many hold their document, and one page of its partners (by last and
     * first name; searched by name or email; those issued or those still missing) with what was issued to each: a
     * fund of 5,000 partners, 25 at a time.
     */
    async find(id: string, raw: Record<string, unknown> = {}): Promise<TaxSchedulePage> {
      const query = listQuery(raw, ['name'] as const, PARTNERS_MAX_PAGE_SIZE);
      const state = query.text('state');
      if (state !== undefined && !(PARTNER_STATES as readonly string[]).includes(state))
        throw new errors.ValidationError(`state must be one of ${PARTNER_STATES.join(', ')}`);
      const row = await scheduleOf(id);
      const fund = fundOf(row);
      const listed = partnerRows(fund.id);
      if (query.q) whereNameOrEmail(listed, query.q, 'u.email', [['u.first_name', 'u.last_name']]);
      if (state === 'issued') listed.whereExists(documentOfPartner(row.id));
      if (state === 'missing') listed.whereNotExists(documentOfPartner(row.id));
      const direction = query.sort.desc ? 'DESC' : 'ASC';
      const [page, [{ total }], investors, issued] = await Promise.all([
        listed
          .clone()
          .groupBy('u.id')
          .select(PARTNER_COLUMNS)
          .min({ synd_user_id: 's.id' })
          .orderByRaw(
            `lower(coalesce(u.last_name, '')) ${direction}, lower(coalesce(u.first_name, '')) ${direction}, lower(u.email) ${direction}, u.id ${direction}`,
          )
          .offset((query.page - 1) * query.pageSize)
          .limit(query.pageSize) as Promise<(PartnerRow & { synd_user_id: number | string })[]>,
        listed.clone().countDistinct({ total: 'u.id' }) as Promise<{ total: number | string }[]>,
        partnerCount(fund.id),
        issuedCount(row.id),
      ]);
      const [documents, commitments] = await Promise.all([
        issuedTo(
          row.id,
          page.map((partner) => Number(partner.user_id)),
        ),
        (page.length
          ? strapi.db.query(SYND_USER).findMany({
              where: { id: { $in: page.map((partner) => Number(partner.synd_user_id)) } },
              select: ['id', 'documentId'],
            })
          : Promise.resolve([])) as Promise<{ id: number; documentId: string }[]>,
      ]);
      const documentIdOf = new Map(commitments.map((each) => [each.id, each.documentId]));
      return {
        ...scheduleView(row),
        investors,
        issued,
        results: page.map((partner) => {
          const document = documents.get(Number(partner.user_id));
          return {
            syndUser: documentIdOf.get(Number(partner.synd_user_id)) ?? null,
            firstName: partner.first_name,
            lastName: partner.last_name,
            email: partner.email,
            document: document
              ? {
                  documentId: document.documentId,
                  originalName: document.originalName,
                  issuedAt: new Date(document.createdAt).toISOString(),
                }
              : null,
          };
        }),
        pagination: {
          page: query.page,
          pageSize: query.pageSize,
          pageCount: Math.ceil(Number(total) / query.pageSize),
          total: Number(total),
        },
      };
    },

    /**
     * POST /sponsor-desk/tax-schedules/:documentId/match {names, pattern}: whose each file is, by its name (k1Matcher
     * in @portal/rules), with that partner's name and email; null where staff must choose by hand. Only the names are
     * sent, not the files. The partners are read once, in one query, and each file is looked up among them.
     */
    async match(id: string, input: Record<string, unknown>): Promise<K1MatchAnswer> {
      const row = await scheduleOf(id);
      const { names, pattern } = input;
      if (
        !Array.isArray(names) ||
        !names.length ||
        names.length > 10_000 ||
        !names.every((name) => typeof name === 'string' && name.length <= 255)
      ) {
        throw new errors.ValidationError('names must list 1 to 10000 file names');
      }
      if (pattern !== undefined && pattern !== null && (typeof pattern !== 'string' || pattern.length > 200))
        throw new errors.ValidationError('pattern must be text of at most 200 characters');
      const everyone = await partners(fundOf(row).id);
      const byKey = new Map(everyone.map((partner) => [partner.documentId, partner.user]));
      const whose = k1Matcher(
        everyone.map(({ documentId, user }) => ({
          key: documentId,
          firstName: user.firstName,
          lastName: user.lastName,
          email: user.email,
        })),
        pattern as string | null | undefined,
      );
      return {
        matches: (names as string[]).map((name) => {
          const syndUser = whose(name);
          const user = syndUser ? byKey.get(syndUser) : undefined;
          return {
            name,
            syndUser,
            investor: user ? { firstName: user.firstName, lastName: user.lastName, email: user.email } : null,
          };
        }),
      };
    },

    /**
     * POST /sponsor-desk/tax-schedules/:documentId/documents (multipart: file, syndUser, replace): one investor's file,
     * stored privately and published to them as a tax document of the schedule's year, with the new_tax_document
     * notification. A second file for the same investor is refused unless `replace` (the first is then withdrawn).
     * Once every partner has theirs, the schedule is issued.
     */
    async issueDocument(
      id: string,
      input: { syndUser?: unknown; replace?: unknown },
      file: UploadedFile | null,
      staffName: string,
    ): Promise<K1IssueAnswer> {
      const row = await scheduleOf(id);
      if (!file) throw new errors.ValidationError('Attach the file (multipart field file)');
      if (!/\.pdf$/i.test(file.name) || file.bytes.subarray(0, 5).toString('latin1') !== '%PDF-')
        throw new errors.ValidationError('A K-1 must be a PDF file');
      if (file.bytes.length > K1_MAX_BYTES)
        throw new errors.ValidationError(`The file is larger than ${sizeLabel(K1_MAX_BYTES)}`);
      if (typeof input.syndUser !== 'string' || !input.syndUser)
        throw new errors.ValidationError('syndUser is required: whose file this is');
      const fund = fundOf(row);
      // This partner and what was issued to them only (each K-1 is its own call): indexed reads, however many partners.
      const partner = await partnerNamed(fund.id, input.syndUser);
      if (!partner)
        throw new errors.ValidationError('That investor is not a partner of this fund (no complete agreement)');
      const replace = input.replace === true || input.replace === 'true';
      const previous = (await issuedTo(row.id, [partner.user.id])).get(partner.user.id);
      if (previous && !replace)
        throw conflict(
          `${documentNameOf(row)} for ${row.taxYear} is issued to ${partner.user.email} already; send replace to withdraw it and issue this one`,
        );

      const storage = fileStorage(strapi);
      const key = `tax/${row.documentId}/${crypto.randomBytes(6).toString('hex')}-${sanitizeFileName(file.name).slice(-120)}`;
      await storage.put(key, file.bytes, 'application/pdf');
      const title = `${documentNameOf(row)} ${row.taxYear}, ${fund.name ?? ''}`.replace(/, $/, '');
      const created = (await strapi.db.transaction(async () => {
        if (previous)
          await strapi.db
            .query(TAX_DOCUMENT)
            .update({ where: { documentId: previous.documentId }, data: { isDeleted: true } });
        return strapi.db.query(TAX_DOCUMENT).create({
          data: {
            title,
            originalName: file.name,
            docPath: key,
            bucketId: storage.name,
            year: row.taxYear,
            isDeleted: false,
            sendToAllFundInvestors: false,
            fund: fund.id,
            user: partner.user.id,
            taxSchedule: row.id,
          },
        });
      })) as { documentId: string };
      await recountDocuments(strapi, [partner.user.id]);
      try {
        await notifications(strapi).send(
          'new_tax_document',
          [partner.user],
          { documentTitle: title, fundName: fund.name ?? '', year: String(row.taxYear) },
          { link: SITE_PATHS.taxDocuments.path },
        );
      } catch (error) {
        strapi.log.error(`Notification new_tax_document failed: ${String(error)}`);
      }
      // Counted again after the write (one active document per partner), so K-1s issued at the same moment by
      // other calls count too and the last of them marks the year issued.
      const [issued, investors] = await Promise.all([issuedCount(row.id), partnerCount(fund.id)]);
      if (row.state !== 'issued' && issued >= investors) await markIssued(row, staffName);
      return {
        document: { documentId: created.documentId, title, originalName: file.name },
        issued,
        investors,
        state: issued >= investors ? 'issued' : row.state,
      };
    },

    /** POST /sponsor-desk/tax-schedules/:documentId/issued: staff say the year is issued (some partners may get theirs by other means). */
    async issued(id: string, staffName: string): Promise<TaxScheduleView> {
      const row = await scheduleOf(id);
      if (row.state !== 'issued') await markIssued(row, staffName);
      return scheduleView(await scheduleOf(id));
    },
  };
};

export type TaxScheduleService = ReturnType<typeof taxScheduleService>;
export const taxSchedules = serviceAccessor<TaxScheduleService>(TAX_SCHEDULE);
export default taxScheduleService;
