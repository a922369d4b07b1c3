import type { Core } from '@strapi/strapi';
import type { AgreementVerdict, DownloadLink } from '@portal/rules';
import { errors } from '@strapi/utils';
import { fileLinkToken } from '../../../utils/file-links';
import { isRowId } from '../../../utils/validation';
import { signingProvider } from '../../../providers/signing';
import { fileStorage } from '../../../providers/storage';
import { portals } from '../../portal/services/portal';
import { byId, syndUsers, type SyndUserRow } from '../../synd-user/services/synd-user';
import { atService, signers, type SigningRow, type SigningUser } from './signers';
import { signingLinks } from './signing-links';
import { SIGNING, SYND_AGREEMENT, SYND_USER } from '../../../utils/uids';
import type { Row } from '../../../utils/rows';

/** A name's initials, as the public verification page shows signers: "Tess Q. Investor" is T. Q. I. */
const initialsOf = (name: string): string =>
  name
    .split(/\s+/)
    .map((part) => part.replace(/[^\p{L}]/gu, ''))
    .filter(Boolean)
    .map((part) => `${part[0].toUpperCase()}.`)
    .join(' ');

/**
 * An agreement's files and who may read them: the document a signer signs, the one the investor side signed (for
 * management and the desk), the investor's download of the completed agreement, and the public check of its fingerprint.
 */
export function agreementFiles(strapi: Core.Strapi) {
  const db = () => strapi.db.query(SIGNING);
  const { readSyndUser, investorSide } = signers(strapi);
  const { signerOf } = signingLinks(strapi);

  /** The document the investor side of a commitment signed (the local signer's, or the one fetched from Dropbox Sign); 404 before. */
  async function signedDocument(row: Pick<SyndUserRow, 'id'>): Promise<{ pdf: Buffer; name: string }> {
    const signers = await investorSide(row.id);
    const documentKey = signers.some((signer) => signer.signedAt)
      ? signers.find((signer) => signer.documentKey)?.documentKey
      : undefined;
    if (!documentKey) throw new errors.NotFoundError('The signed document is not available yet');
    return { pdf: await fileStorage(strapi).get(documentKey), name: 'subscription-agreement.pdf' };
  }

  return {
    /**
     * GET /api/signing/:token/document: the PDF the signer signs; with Dropbox Sign, until it is stored here (once
     * everyone signed), the request's document fetched from the service, so the signer reads it on the page before
     * accepting the disclosure, as with the local signer.
     */
    async documentByToken(token: string): Promise<{ pdf: Buffer; name: string }> {
      const signer = await signerOf(token);
      if (signer.documentKey)
        return { pdf: await fileStorage(strapi).get(signer.documentKey), name: 'subscription-agreement.pdf' };
      const row: Pick<SyndUserRow, 'syndAgreementDropboxSignatureRequestId'> | null =
        signer.provider === 'dropbox-sign'
          ? await strapi.db
              .query(SYND_USER)
              .findOne({ where: { id: signer.syndUser.id }, select: ['syndAgreementDropboxSignatureRequestId'] })
          : null;
      const requestId = row?.syndAgreementDropboxSignatureRequestId;
      if (!requestId)
        throw new errors.NotFoundError('The document is not available here; it is signed at the signing service');
      return {
        pdf: await atService(() => signingProvider(strapi, 'dropbox-sign').document(requestId)),
        name: 'subscription-agreement.pdf',
      };
    },

    /** GET /api/syndication/countersign/:id/document: the document the investor side signed, for the portal's admins to read before countersigning. */
    async documentToCountersign(user: SigningUser, id: string | number): Promise<{ pdf: Buffer; name: string }> {
      const portal = await portals(strapi).ofUser(user);
      if (!portal) throw new errors.NotFoundError('Not found');
      return signedDocument(await syndUsers(strapi).inPortal(portal.id, id));
    },

    /** The sponsor desk's reading (staff of the admin panel): the document a commitment's investor side signed. */
    async signedDocumentForStaff(id: string | number): Promise<{ pdf: Buffer; name: string }> {
      const row: SyndUserRow | null = isRowId(id)
        ? await strapi.db.query(SYND_USER).findOne({ where: byId(id), select: ['id'] })
        : null;
      if (!row) throw new errors.NotFoundError('Commitment not found');
      return signedDocument(row);
    },

    /**
     * GET /api/agreements/verify/:sha256: whether `portal` issued the completed agreement whose sealed PDF has this
     * SHA-256; when it did, when it was completed and its signers' initials, nothing else (the page is public). 404 else.
     */
    async verifyAgreement(
      portal: { id: number; name?: string | null },
      fingerprint: string,
    ): Promise<AgreementVerdict> {
      const agreement:
        | (Pick<Row<typeof SYND_AGREEMENT>, 'voidedAt'> & {
            // Strapi sets it on every create.
            createdAt: string;
            syndUser: Pick<Row<typeof SYND_USER>, 'id'> | null;
          })
        | null = await strapi.db.query(SYND_AGREEMENT).findOne({
        where: { fingerprint, isDeleted: { $ne: true } },
        select: ['createdAt', 'voidedAt'],
        populate: { syndUser: { select: ['id'] } },
      });
      const row = agreement?.syndUser ? await readSyndUser(agreement.syndUser.id) : null;
      if (!agreement || !row || row.fund?.company?.portal?.id !== portal.id)
        throw new errors.NotFoundError('Unknown: this portal issued no agreement with this fingerprint');
      // The agreement's own signers: a voided one's were voided with it (the same moment), a current one's are not void.
      const signers: SigningRow[] = await db().findMany({
        where: {
          syndUser: { id: row.id },
          signedAt: { $notNull: true },
          voidedAt: agreement.voidedAt ? { $eq: agreement.voidedAt } : { $null: true },
        },
        orderBy: [{ signedAt: 'asc' }, { id: 'asc' }],
      });
      const management = signers.filter((signer) => signer.role === 'management').at(-1);
      return {
        valid: true,
        completedAt: new Date(management?.signedAt ?? agreement.createdAt).toISOString(),
        portal: portal.name ?? '',
        signerInitials: signers.map((signer) => initialsOf(signer.typedName || signer.name || '')),
        // Voided when the sponsor amended the commitment: it was issued, and another agreement replaces it.
        ...(agreement.voidedAt && { superseded: true, supersededAt: new Date(agreement.voidedAt).toISOString() }),
      };
    },

    /**
     * POST /api/profile/synd_agreements/download: a five-minute link to the caller's completed agreement that only
     * their own session can use (the site fetches it with the session header).
     */
    async downloadLink(user: SigningUser, syndUserId: string | number, cmsOrigin: string): Promise<DownloadLink> {
      const row = await syndUsers(strapi).ownedBy(user.id, syndUserId);
      const agreement: Pick<Row<typeof SYND_AGREEMENT>, 'originalName' | 'docPath' | 'bucketId'> | null =
        await strapi.db.query(SYND_AGREEMENT).findOne({
          where: {
            syndUser: { id: row.id },
            isDeleted: { $ne: true },
            voidedAt: { $null: true },
            docPath: { $notNull: true },
          },
          orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        });
      if (!agreement?.docPath) throw new errors.NotFoundError('Not found');
      const originalName = agreement.originalName || 'subscription-agreement.pdf';
      const token = fileLinkToken({
        storage: agreement.bucketId || fileStorage(strapi).name,
        key: agreement.docPath,
        name: originalName,
        owner: user.id,
      });
      return { url: `${cmsOrigin}/api/files/${token}`, originalName };
    },
  };
}
