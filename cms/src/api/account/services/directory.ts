import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { Knex } from 'knex';
import {
  accreditationDue,
  accreditationOption,
  INVEST_STATUS,
  raiseState,
  RAISE_STATE_LABELS,
  type AccreditationView,
  type DeskInvestor,
  type DirectoryPage,
  type ProofReviewAnswer,
  type RaiseRow,
  type SignOutAnswer,
} from '@portal/rules';
import { isoOf, likePattern, listQuery } from '../../../utils/list-query';
import { serviceAccessor } from '../../../utils/service';
import { linkTableOf, tableOf } from '../../../utils/tables';
import { isDocumentId } from '../../../utils/validation';
import { portals } from '../../portal/services/portal';
import { pickPortal, type PortalScope } from '../../portal/staff-scope';
import { sessions } from '../../session/services/session';
import { personName } from '../../synd-user/services/synd-user';
import { COMPANY, FUND, PROOF_DOCUMENT, SYND_USER, USER, USER_AUTH } from '../../../utils/uids';
import type { Row } from '../../../utils/rows';
import { DOCUMENT_KINDS, fileView, investorDocuments, type FileRow } from './investor-documents';
/** The most accounts one page of the directory answers. */
const MAX_PAGE_SIZE = 100;
const SORTS = ['name', 'email', 'accreditationDate', 'createdAt'] as const;
type DirectorySort = (typeof SORTS)[number];

export interface DirectoryQuery {
  portal?: string;
  q?: string;
  sort: { field: DirectorySort; desc: boolean };
  page: number;
  pageSize: number;
}

/** Reads and checks the directory's query string; a 400 names what is wrong. */
export function directoryQuery(query: Record<string, unknown>): DirectoryQuery {
  const { text, ...list } = listQuery(query, SORTS, MAX_PAGE_SIZE);
  const portal = text('portal');
  return { ...list, ...(portal && { portal }) };
}

interface UserRow {
  id: number;
  documentId: string;
  email: string;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  level: string | null;
  isActive: boolean | null;
  accreditation: number | null;
  accreditationDate: string | null;
  trustName: string | null;
  busEntityName: string | null;
  createdAt: string | null;
  portal?: { id: number } | null;
}

/** An account's accreditation as staff read it: the threshold, its date, and whether the investor will be asked again. */
function accreditationOf(user: Pick<UserRow, 'accreditation' | 'accreditationDate'>, now: Date): AccreditationView {
  const option = accreditationOption(user.accreditation);
  const date = isoOf(user.accreditationDate);
  return {
    accreditation: option ? { value: option.value, type: option.type, label: option.label } : null,
    accreditationDate: date,
    accreditationDue: accreditationDue({ accreditation: option?.value ?? null, accreditationDate: date }, now),
  };
}

const nameOf = (user: Pick<UserRow, 'firstName' | 'lastName' | 'email'>) =>
  personName(user.firstName, user.lastName) || user.email;

/**
 * The sponsor desk's investor directory (docs/sponsor-desk.md): a portal's accounts with their accreditation, proof
 * documents and whether staff reviewed them, commitments across funds and open sessions; one investor in full; a
 * proof document marked reviewed; every session of an account ended.
 */
const directoryService = ({ strapi }: { strapi: Core.Strapi }) => {
  const knex = (): Knex => strapi.db.connection;

  /**
   * The page's accounts' figures, one grouped query each: proof documents, accepted commitments to the portal's funds
   * (how many and their sum: the list's 'Accepted commitments'; an offering declined or only opened is not one), open
   * sessions. The detail (find) lists every commitment, with its state.
   */
  async function figuresOf(userIds: number[], portalId: number, now: Date) {
    const grouped = async (uid: string, build: (query: Knex.QueryBuilder, owner: string) => Knex.QueryBuilder) => {
      const link = linkTableOf(strapi, uid, 'user');
      const query = knex()(`${tableOf(strapi, uid)} as t`)
        .join(`${link.name} as l`, `l.${link.owner}`, 't.id')
        .whereIn(`l.${link.target}`, userIds)
        .groupBy(`l.${link.target}`);
      return (await build(query, `l.${link.target}`)) as Record<string, number | string | null>[];
    };
    const [proofs, commitments, open] = await Promise.all([
      grouped(PROOF_DOCUMENT, (query, owner) =>
        query
          .where((live) => live.whereNull('t.is_deleted').orWhere('t.is_deleted', false))
          .select({ user: owner })
          .count({ documents: '*' })
          .sum({ unreviewed: knex().raw('CASE WHEN t.reviewed_at IS NULL THEN 1 ELSE 0 END') }),
      ),
      grouped(SYND_USER, (query, owner) => {
        const fund = linkTableOf(strapi, SYND_USER, 'fund');
        const company = linkTableOf(strapi, FUND, 'company');
        const portal = linkTableOf(strapi, COMPANY, 'portal');
        return query
          .join(`${fund.name} as sf`, `sf.${fund.owner}`, 't.id')
          .join(`${company.name} as fc`, `fc.${company.owner}`, `sf.${fund.target}`)
          .join(`${portal.name} as cp`, `cp.${portal.owner}`, `fc.${company.target}`)
          .where(`cp.${portal.target}`, portalId)
          .where('t.invest_status', INVEST_STATUS.accepted)
          .select({ user: owner })
          .count({ commitments: '*' })
          .sum({ amount: 't.invest_amount' });
      }),
      grouped(USER_AUTH, (query, owner) =>
        query.where('t.expires_at', '>', now).select({ user: owner }).count({ sessions: '*' }),
      ),
    ]);
    const find = (rows: Record<string, number | string | null>[], id: number) =>
      rows.find((row) => Number(row.user) === id);
    return (id: number) => ({
      proofDocuments: {
        count: Number(find(proofs, id)?.documents ?? 0),
        unreviewed: Number(find(proofs, id)?.unreviewed ?? 0),
      },
      commitments: {
        count: Number(find(commitments, id)?.commitments ?? 0),
        amount: Number(find(commitments, id)?.amount ?? 0),
      },
      sessions: Number(find(open, id)?.sessions ?? 0),
    });
  }

  async function userOf(documentId: string): Promise<UserRow> {
    if (!isDocumentId(documentId)) throw new errors.NotFoundError('Investor not found');
    const user = (await strapi.db
      .query(USER)
      .findOne({ where: { documentId }, populate: { portal: { select: ['id'] } } })) as UserRow | null;
    if (!user) throw new errors.NotFoundError('Investor not found');
    return user;
  }

  return {
    /** GET /sponsor-desk/investors: a page of the portal's accounts, searched by name or email. */
    async list(query: DirectoryQuery, scope: PortalScope = { every: true }): Promise<DirectoryPage> {
      const every = await portals(strapi).findAll();
      const byDefault = every.find((row) => row.isDefault) ?? every[0];
      const { portal, choices: runs } = await pickPortal(strapi, scope, query.portal);
      const choices = runs.map((row) => ({ slug: row.slug, name: (row as { name?: string | null }).name ?? row.slug }));
      if (!portal)
        return {
          portal: null,
          portals: choices,
          results: [],
          pagination: { page: 1, pageSize: query.pageSize, pageCount: 0, total: 0 },
        };
      const link = linkTableOf(strapi, USER, 'portal');
      const accounts = () => {
        // An account made before portals existed (no portal) is the default portal's, as the site treats it.
        const rows = knex()(`${tableOf(strapi, USER)} as u`)
          .leftJoin(`${link.name} as p`, `p.${link.owner}`, 'u.id')
          .where((scope) => {
            scope.where(`p.${link.target}`, portal.id);
            if (portal.id === byDefault?.id) scope.orWhereNull(`p.${link.owner}`);
          });
        if (query.q) {
          const like = likePattern(query.q);
          rows.where((search) =>
            search
              .whereRaw("lower(u.email) LIKE ? ESCAPE '\\'", [like])
              .orWhereRaw("lower(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) LIKE ? ESCAPE '\\'", [
                like,
              ]),
          );
        }
        return rows;
      };
      const [{ total }] = (await accounts().count({ total: '*' })) as { total: number | string }[];
      const order: Record<DirectorySort, string> = {
        name: "lower(coalesce(nullif(u.last_name, ''), u.email) || ' ' || coalesce(u.first_name, ''))",
        email: 'lower(u.email)',
        accreditationDate: 'u.accreditation_date',
        createdAt: 'u.created_at',
      };
      const direction = query.sort.desc ? 'DESC' : 'ASC';
      const ids = (
        (await accounts()
          .select('u.id')
          .orderByRaw(
            `(${order[query.sort.field]}) IS NULL, ${order[query.sort.field]} ${direction}, u.id ${direction}`,
          )
          .offset((query.page - 1) * query.pageSize)
          .limit(query.pageSize)) as { id: number | string }[]
      ).map((row) => Number(row.id));
      const users = (await strapi.db.query(USER).findMany({ where: { id: { $in: ids } } })) as UserRow[];
      const now = new Date();
      const figures = ids.length ? await figuresOf(ids, portal.id, now) : null;
      const byUserId = new Map(users.map((user) => [user.id, user]));
      return {
        portal: { slug: portal.slug, name: (portal as { name?: string | null }).name ?? portal.slug },
        portals: choices,
        results: ids.flatMap((id) => {
          const user = byUserId.get(id);
          if (!user || !figures) return [];
          return [
            {
              documentId: user.documentId,
              name: nameOf(user),
              email: user.email,
              level: user.level ?? 'user',
              isActive: Boolean(user.isActive),
              ...accreditationOf(user, now),
              ...figures(id),
            },
          ];
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
     * GET /sponsor-desk/investors/:documentId: one account in full, as its portal (the one the directory lists it in)
     * sees it: its commitments to that portal's funds, and the documents of those funds or of no fund; what the
     * investor holds with another portal's funds is that portal's to show.
     */
    async find(documentId: string): Promise<DeskInvestor> {
      const user = await userOf(documentId);
      const portalId = user.portal?.id ?? (await portals(strapi).findAll()).find((row) => row.isDefault)?.id ?? null;
      const now = new Date();
      const live = { isDeleted: { $ne: true } };
      const newest = [{ createdAt: 'desc' as const }, { id: 'desc' as const }];
      const portalFund = { company: { portal: { id: portalId } } };
      // The portal's funds (a small table), so that the investor's documents are read by their owner alone (through
      // the owner's link table) and kept when of no fund or of one of these: a filter through each document's fund
      // would have the database walk every document.
      const portalFunds = new Set(
        (
          (await strapi.db.query(FUND).findMany({ where: portalFund, select: ['id'] })) as Pick<
            Row<typeof FUND>,
            'id'
          >[]
        ).map((fund) => fund.id),
      );
      const ofPortal = (documents: unknown[]) =>
        (documents as FileRow[])
          .filter((document) => !document.fund?.id || portalFunds.has(document.fund.id))
          .slice(0, 200);
      const documentsOf = async (uid: string) =>
        ofPortal(
          await strapi.db.query(uid as typeof PROOF_DOCUMENT).findMany({
            where: { user: { id: user.id }, ...live },
            populate: { fund: { select: ['id', 'name'] } },
            orderBy: newest,
            limit: 1000,
          }),
        );
      const [proofs, rows, open, taxes, news] = await Promise.all([
        strapi.db
          .query(PROOF_DOCUMENT)
          .findMany({ where: { user: { id: user.id }, ...live }, orderBy: newest, limit: 200 }),
        strapi.db.query(SYND_USER).findMany({
          where: { user: { id: user.id }, fund: portalFund },
          populate: { fund: { select: ['documentId', 'name'] } },
          orderBy: newest,
          limit: 200,
        }),
        strapi.db.query(USER_AUTH).findMany({
          where: { user: { id: user.id }, expiresAt: { $gt: now } },
          select: ['label', 'createdAt', 'expiresAt', 'isGuestSession'],
          orderBy: newest,
          limit: 200,
        }),
        documentsOf(DOCUMENT_KINDS.tax),
        documentsOf(DOCUMENT_KINDS.news),
      ]);
      // The agreements of those commitments, by their ids (a filter through the commitment's user and fund would have
      // the database walk every agreement).
      const commitmentIds = (rows as { id: number }[]).map((row) => row.id);
      const agreements = commitmentIds.length
        ? await strapi.db.query(DOCUMENT_KINDS.agreement).findMany({
            where: { syndUser: { id: { $in: commitmentIds } }, ...live },
            populate: { syndUser: { populate: { fund: { select: ['name'] } } } },
            orderBy: newest,
            limit: 200,
          })
        : [];
      return {
        documentId: user.documentId,
        name: nameOf(user),
        email: user.email,
        level: user.level ?? 'user',
        isActive: Boolean(user.isActive),
        trustName: user.trustName,
        busEntityName: user.busEntityName,
        ...accreditationOf(user, now),
        proofDocuments: (
          proofs as {
            documentId: string;
            title: string | null;
            originalName: string | null;
            createdAt: string;
            reviewedBy: string | null;
            reviewedAt: string | null;
          }[]
        ).map((proof) => ({
          documentId: proof.documentId,
          title: proof.title || proof.originalName,
          originalName: proof.originalName,
          uploadedAt: isoOf(proof.createdAt),
          reviewedBy: proof.reviewedBy,
          reviewedAt: isoOf(proof.reviewedAt),
        })),
        taxDocuments: taxes.map(fileView),
        newsDocuments: news.map(fileView),
        agreements: (agreements as FileRow[]).map(fileView),
        commitments: (
          rows as (RaiseRow & {
            documentId: string;
            invest_amount: number | string | null;
            fund: { documentId: string; name: string | null } | null;
          })[]
        ).map((row) => ({
          documentId: row.documentId,
          fund: row.fund,
          state: raiseState(row),
          stateLabel: RAISE_STATE_LABELS[raiseState(row)],
          amount: row.invest_amount === null ? null : Number(row.invest_amount),
        })),
        sessions: (
          open as { label: string | null; createdAt: string; expiresAt: string; isGuestSession: boolean | null }[]
        ).map((session) => ({
          label: session.label,
          startedAt: isoOf(session.createdAt),
          expiresAt: isoOf(session.expiresAt),
          isGuestSession: Boolean(session.isGuestSession),
        })),
      };
    },

    /** POST /sponsor-desk/proof-documents/:documentId/review {reviewed}: marks a proof reviewed by the staff member (or not). */
    async review(documentId: string, reviewed: unknown, staffName: string): Promise<ProofReviewAnswer> {
      if (typeof reviewed !== 'boolean') throw new errors.ValidationError('reviewed must be true or false');
      const proof = isDocumentId(documentId)
        ? ((await strapi.db
            .query(PROOF_DOCUMENT)
            .findOne({ where: { documentId, isDeleted: { $ne: true } }, select: ['id', 'documentId'] })) as Pick<
            Row<typeof PROOF_DOCUMENT>,
            'id' | 'documentId'
          > | null)
        : null;
      if (!proof) throw new errors.NotFoundError('Proof document not found');
      const data = reviewed
        ? { reviewedBy: staffName, reviewedAt: new Date() }
        : { reviewedBy: null, reviewedAt: null };
      await strapi.db.query(PROOF_DOCUMENT).update({ where: { id: proof.id }, data });
      return {
        documentId: proof.documentId,
        reviewedBy: data.reviewedBy,
        reviewedAt: data.reviewedAt ? data.reviewedAt.toISOString() : null,
      };
    },

    /** GET /sponsor-desk/documents/:kind/:documentId (investor-documents.ts). */
    documentFile: (kind: string, documentId: string) => investorDocuments(strapi).documentFile(kind, documentId),

    /** POST /sponsor-desk/investors/:documentId/sign-out: ends every session of the account; answers how many were open. */
    async signOutEverywhere(documentId: string): Promise<SignOutAnswer> {
      const user = await userOf(documentId);
      const ended = await strapi.db
        .query(USER_AUTH)
        .count({ where: { user: { id: user.id }, expiresAt: { $gt: new Date() } } });
      await sessions(strapi).endAllForUser(user.id);
      return { ended };
    },
  };
};

export type DirectoryService = ReturnType<typeof directoryService>;
export const directory = serviceAccessor<DirectoryService>('api::account.directory');
export default directoryService;
