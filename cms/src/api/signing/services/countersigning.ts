import type { Core } from '@strapi/strapi';
import type { Countersigned, CountersignWaiting } from '@portal/rules';
import { errors } from '@strapi/utils';
import { conflict } from '../../../utils/http-errors';
import { isRowId } from '../../../utils/validation';
import { notifications, type Recipient } from '../../notification/services/notification';
import { portals } from '../../portal/services/portal';
import {
  byId,
  investmentPageOf,
  investorName,
  notificationTags,
  SYND_USER_POPULATE,
  syndUsers,
  syndUserView,
  type SyndUserRow,
} from '../../synd-user/services/synd-user';
import {
  assertCommitmentCountersignable,
  assertInvestorSideSigned,
  investorSideComplete,
  waitingForManagementQuery,
} from './may-countersign';
import { providerRefresh } from './provider-refresh';
import { sealing } from './sealing';
import { INVESTOR_SIDE, signers, type RequestInfo, type SigningRow, type SigningUser } from './signers';
import { signingLinks } from './signing-links';
import { FUND, SIGNING, SYND_USER } from '../../../utils/uids';

/**
 * How management countersigns: the portal's queue of agreements waiting for it, and the countersignature itself (on
 * the site, or several at once on the sponsor desk), each sealed and the investor told.
 */
export function countersigning(strapi: Core.Strapi) {
  const db = () => strapi.db.query(SIGNING);
  const { readSyndUser, investorSide, notifySafely } = signers(strapi);
  const { siteFor } = signingLinks(strapi);
  const { refreshFromProvider } = providerRefresh(strapi);
  const { seal } = sealing(strapi);

  /** Management signs a complete investor side: sealed, stored as a SyndAgreement, the investor told. */
  async function countersignRow(
    row: SyndUserRow,
    management: { name: string; email: string },
    request: RequestInfo,
  ): Promise<Countersigned> {
    assertCommitmentCountersignable(row);
    let rows = await investorSide(row.id);
    if (!investorSideComplete(row, rows) || !rows.some((signer) => signer.documentKey)) {
      rows = await refreshFromProvider(row, await siteFor(row, request.origin));
    }
    assertInvestorSideSigned(row, rows);
    const documentKey = rows.find((signer) => signer.documentKey)?.documentKey;
    if (!documentKey) throw conflict('The signed document is not available yet; try again in a minute');

    // One countersignature per agreement, whoever clicks at the same moment: the first to set managementSignedAt wins.
    const completedAt = new Date();
    const { count } = await strapi.db.query(SYND_USER).updateMany({
      where: { id: row.id, managementSignedAt: { $null: true } },
      data: { managementSignedAt: completedAt },
    });
    if (!count) throw conflict('This agreement is being countersigned already');
    try {
      await seal(row, rows, documentKey, { ...management, ip: request.ip, userAgent: request.userAgent }, completedAt);
    } catch (error) {
      await strapi.db.query(SYND_USER).update({ where: { id: row.id }, data: { managementSignedAt: null } });
      throw error;
    }
    row = await readSyndUser(row.id);
    if (row.user) {
      const recipient = row.user as Recipient;
      await notifySafely(
        () =>
          notifications(strapi).send('syndication_countersigned', [recipient], notificationTags(row), {
            link: investmentPageOf(row),
          }),
        'syndication_countersigned',
      );
    }
    return { success: true, sa_complete_date: row.sa_complete_date };
  }

  return {
    /** GET /api/syndication/countersign: the portal's agreements every investor-side signer has signed, waiting for management. */
    async waitingForManagement(
      user: SigningUser,
      { page, pageSize }: { page: number; pageSize: number },
    ): Promise<CountersignWaiting> {
      const portal = await portals(strapi).ofUser(user);
      const funds: { id: number }[] = portal
        ? await strapi.db.query(FUND).findMany({ where: { company: { portal: { id: portal.id } } }, select: ['id'] })
        : [];
      const { waiting, firstSignedAt } = waitingForManagementQuery(
        strapi,
        funds.map((fund) => fund.id),
      );
      const [{ total }] = (await waiting.clone().count({ total: '*' })) as { total: number | string }[];
      const pagination = { page, pageSize, pageCount: Math.ceil(Number(total) / pageSize), total: Number(total) };
      const ids = (
        (await waiting
          .select('s.id', firstSignedAt)
          .orderBy([{ column: 'first_signed_at' }, { column: 's.id' }])
          .offset((page - 1) * pageSize)
          .limit(pageSize)) as { id: number }[]
      ).map((row) => Number(row.id));
      if (!ids.length) return { items: [], pagination };
      // The page's rows and their signatures: two queries, however long the list.
      const [rows, signers]: [SyndUserRow[], SigningRow[]] = await Promise.all([
        strapi.db.query(SYND_USER).findMany({ where: { id: { $in: ids } }, populate: SYND_USER_POPULATE }),
        db().findMany({
          where: { syndUser: { id: { $in: ids } }, role: { $in: INVESTOR_SIDE }, signedAt: { $notNull: true } },
          populate: { syndUser: { select: ['id'] } },
        }),
      ]);
      const rowsById = new Map(rows.map((row) => [row.id, row]));
      const items = ids.flatMap((id) => {
        const row = rowsById.get(id);
        if (!row) return [];
        const signedAt =
          signers
            .filter((signer) => signer.syndUser?.id === id)
            .map((signer) => signer.signedAt as string)
            .sort()
            .at(-1) ?? null;
        return [
          {
            syndUser: syndUserView(row),
            investor: { name: investorName(row), email: row.user?.email ?? null },
            investment: { name: row.investment?.name ?? null, url_slug: row.investment?.url_slug ?? null },
            invest_amount: row.invest_amount === null ? null : Number(row.invest_amount),
            signedAt,
          },
        ];
      });
      return { items, pagination };
    },

    /**
     * POST /api/syndication/countersign: management signs; the completed agreement (the signed document, a signature
     * page with the audit trail, sealed) is stored as a SyndAgreement, sa_complete_date is set and the investor told.
     */
    async countersign(
      user: SigningUser,
      id: string | number,
      name: string,
      request: RequestInfo,
    ): Promise<Countersigned> {
      const portal = await portals(strapi).ofUser(user);
      if (!portal) throw new errors.NotFoundError('Not found');
      return countersignRow(await syndUsers(strapi).inPortal(portal.id, id), { name, email: user.email }, request);
    },

    /**
     * The sponsor desk's countersigning (docs/sponsor-desk.md): a staff member signs several agreements for management,
     * one after the other, each sealed as above; each answers on its own (one refused stops none of the others).
     */
    async countersignAllAsStaff(
      ids: (string | number)[],
      management: { name: string; email: string },
      request: RequestInfo,
    ) {
      const results: (
        | { syndUser: string | number; success: true; sa_complete_date: string | null }
        | { syndUser: string | number; success: false; error: string }
      )[] = [];
      for (const id of new Set(ids)) {
        try {
          const row: SyndUserRow | null = isRowId(id)
            ? await strapi.db.query(SYND_USER).findOne({ where: byId(id), populate: SYND_USER_POPULATE })
            : null;
          if (!row) throw new errors.NotFoundError('Commitment not found');
          const { sa_complete_date } = await countersignRow(row, management, request);
          results.push({ syndUser: id, success: true, sa_complete_date });
        } catch (error) {
          if (!(error instanceof errors.ApplicationError) && !(error as { status?: number }).status) throw error;
          results.push({ syndUser: id, success: false, error: (error as Error).message });
        }
      }
      return { countersigned: results.filter((result) => result.success).length, results };
    },
  };
}
