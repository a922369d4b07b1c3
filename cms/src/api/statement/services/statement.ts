import crypto from 'node:crypto';
import { factories, type Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { capitalAccountFor, SITE_PATHS, type DownloadLink, type StatementVerdict } from '@portal/rules';
import { fileStorage } from '../../../providers/storage';
import { sealingCertificate } from '../../../providers/signing';
import { portalConfig } from '../../../utils/portal-config';
import { serviceAccessor } from '../../../utils/service';
import { isIsoDate, isRowId } from '../../../utils/validation';
import { pageOf, portals } from '../../portal/services/portal';
import { ledger } from '../../ledger-entry/services/ledger-entry';
import { fundValuations } from '../../valuation/services/valuation';
import { investorName, syndUsers } from '../../synd-user/services/synd-user';
import { renderStatement } from '../statement-pdf';
import { FILE_DOWNLOAD, PORTAL, STATEMENT } from '../../../utils/uids';
import type { Row } from '../../../utils/rows';

export interface StatementRequest {
  syndUserId: unknown;
  from: unknown;
  to: unknown;
}

interface RequestInfo {
  ip: string | null;
  /** The CMS's own address, for links it serves itself. */
  cmsOrigin: string;
}

/** 'A. I.' from a first and a last name; what the public check tells a stranger about the investor, and no more. */
const initialsOf = (...names: (string | null | undefined)[]) =>
  names
    .map((name) => name?.trim()?.[0]?.toUpperCase())
    .filter(Boolean)
    .map((letter) => `${letter}.`)
    .join(' ') || '-';

const statementService = ({ strapi }: { strapi: Core.Strapi }) => ({
  /**
   * Issues the caller's capital account statement for one investment and a period (both ends included): the sealed
   * PDF is stored, its fingerprint recorded for the public check, the download recorded for staff, and a
   * five-minute link answered like every other download.
   */
  async issue(user: { id: number }, input: StatementRequest, request: RequestInfo): Promise<DownloadLink> {
    if (input.syndUserId === undefined || input.syndUserId === null || input.syndUserId === '')
      throw new errors.ValidationError('syndUserId is required');
    if (!isRowId(input.syndUserId)) throw new errors.ValidationError('syndUserId must be an id or documentId');
    if (!isIsoDate(input.from)) throw new errors.ValidationError('from must be a date (YYYY-MM-DD)');
    if (!isIsoDate(input.to)) throw new errors.ValidationError('to must be a date (YYYY-MM-DD)');
    if (input.from > input.to) throw new errors.ValidationError('from must not be after to');
    const today = new Date().toISOString().slice(0, 10);
    if (input.to > today) throw new errors.ValidationError('to must not be after today');
    const row = await syndUsers(strapi).ownedBy(user.id, input.syndUserId as string | number);
    if (!row.fund) throw new errors.NotFoundError('Not found');
    const lines = (await ledger(strapi).linesBySyndUser([row.id])).get(row.id) ?? [];
    if (!lines.length)
      throw new errors.ApplicationError('This investment has no transactions yet: there is no statement to issue');
    const valuations = (await fundValuations(strapi).byFund([row.fund.id], [row.id])).get(row.fund.id) ?? [];
    const account = capitalAccountFor(lines, valuations, input.from, input.to);

    const portalId = row.fund.company?.portal?.id;
    const portal = portalId
      ? ((await strapi.db.query(PORTAL).findOne({ where: { id: portalId }, select: ['name'] })) as Pick<
          Row<typeof PORTAL>,
          'name'
        > | null)
      : null;
    const portalName = portal?.name ?? 'the portal';
    const fundName = row.fund.name ?? 'the fund';
    const first = row.user?.firstName ?? row.userFirstName;
    const last = row.user?.lastName ?? row.userLastName;
    const issuedAt = new Date();
    const bytes = await renderStatement(
      {
        portalName,
        fundName,
        investorName: investorName(row),
        commitment: Number(row.invest_amount ?? 0),
        from: input.from,
        to: input.to,
        account,
        issuedAt,
        reference: crypto.randomUUID(),
        // The fund's portal's own address, as on its sealed agreements, whichever site the investor asked from.
        verifyUrl: pageOf(await portals(strapi).siteOf(portalId), SITE_PATHS.verifyStatement.path),
      },
      sealingCertificate(portalConfig(strapi).signing),
    );
    const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
    const storage = fileStorage(strapi);
    const key = `statements/${row.documentId}/${sha256}.pdf`;
    const originalName = `statement-${
      fundName
        .replace(/[^A-Za-z0-9]+/g, '-')
        .replace(/^-|-$/g, '')
        .toLowerCase() || 'fund'
    }-${input.from}-${input.to}.pdf`;
    await storage.put(key, bytes, 'application/pdf');
    const statement = (await strapi.db.query(STATEMENT).create({
      data: {
        syndUser: row.id,
        fund: row.fund.id,
        periodFrom: input.from,
        periodTo: input.to,
        fingerprint: sha256,
        issuedAt,
        portalName,
        investorInitials: initialsOf(first, last),
        originalName,
        docPath: key,
        bucketId: storage.name,
      },
    })) as { id: number; documentId: string };
    await strapi.db.query(FILE_DOWNLOAD).create({
      data: {
        fileName: originalName,
        kind: 'statement',
        fileId: statement.id,
        fileDocumentId: statement.documentId,
        user: user.id,
        fund: row.fund.id,
        ip: request.ip,
        guestSession: false,
      },
    });
    return { url: await storage.downloadUrl(key, originalName, request.cmsOrigin), originalName };
  },

  /**
   * What the public check answers for a fingerprint `portal` issued: when, by whom, for whose initials; 404 for any
   * other, another portal's statement included (the page of one portal vouches only for its own).
   */
  async verify(portal: { id: number }, sha256: string): Promise<StatementVerdict> {
    const unknown = 'Unknown: this portal issued no statement with this fingerprint';
    // Anything that is not a fingerprint was not issued either: the same 404, nothing looked up.
    if (!/^[0-9a-f]{64}$/i.test(sha256)) throw new errors.NotFoundError(unknown);
    const row = (await strapi.db.query(STATEMENT).findOne({
      where: { fingerprint: sha256.toLowerCase(), fund: { company: { portal: { id: portal.id } } } },
      select: ['issuedAt', 'portalName', 'investorInitials'],
    })) as Pick<Row<typeof STATEMENT>, 'issuedAt' | 'portalName' | 'investorInitials'> | null;
    if (!row) throw new errors.NotFoundError(unknown);
    return {
      valid: true,
      issuedAt: new Date(row.issuedAt).toISOString(),
      portal: row.portalName ?? '',
      investorInitials: row.investorInitials ?? '-',
    };
  },
});

export type StatementService = ReturnType<typeof statementService>;

/** The statement service, typed. */
export const statements = serviceAccessor<StatementService>(STATEMENT);

export default factories.createCoreService(STATEMENT, statementService);
