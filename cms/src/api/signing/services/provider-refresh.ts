import crypto from 'node:crypto';
import type { Core } from '@strapi/strapi';
import { isGoingToInvest, type SigningRefreshed, type SyncSignAnswer } from '@portal/rules';
import { signingProvider, type SignerRole } from '../../../providers/signing';
import { fileStorage } from '../../../providers/storage';
import { signerCheck } from './signer-check';
import { SYND_USER_POPULATE, syndUsers, syndUserView, type SyndUserRow } from '../../synd-user/services/synd-user';
import { investorSideComplete } from './may-countersign';
import { atService, sha256, signers, type RequestInfo, type SigningRow, type SigningUser } from './signers';
import { signingByLink } from './signing-by-link';
import { signingLinks } from './signing-links';
import type { Site } from '../../portal/services/portal';
import { SIGNING, SYND_USER } from '../../../utils/uids';

/**
 * What the outside signing service (Dropbox Sign) collected: its signatures and signed document read into the signer
 * rows, when the investor asks (sync_sign), when a signer's link page asks (no session needed), when management
 * countersigns, and on the service's events.
 */
export function providerRefresh(strapi: Core.Strapi) {
  const db = () => strapi.db.query(SIGNING);
  const { readSyndUser, investorSide, updateFlags } = signers(strapi);
  const { siteFor, signerOf } = signingLinks(strapi);
  const { afterSignature } = signingByLink(strapi);

  /**
   * Reads the signatures a signing service collected into the signer rows (Dropbox Sign; the local signer's rows are
   * the record already), fetches and stores the signed document once all have signed, and mails and notifies as a
   * signature made here would.
   */
  async function refreshFromProvider(row: SyndUserRow, site: Site): Promise<SigningRow[]> {
    let rows = await investorSide(row.id);
    const requestId = row.syndAgreementDropboxSignatureRequestId;
    const remote = rows.find((signer) => signer.provider === 'dropbox-sign');
    if (!remote || !requestId) return rows;
    const provider = signingProvider(strapi, 'dropbox-sign');
    return atService(async () => {
      const signatures = (await provider.signatures(requestId)) ?? [];
      const newlySigned: SignerRole[] = [];
      for (const signer of rows) {
        const found = signatures.find((signature) => signature.signatureId === signer.providerSignatureId);
        if (found?.signedAt && !signer.signedAt) {
          const { count } = await db().updateMany({
            where: { id: signer.id, signedAt: { $null: true } },
            data: { signedAt: found.signedAt },
          });
          if (!count) continue;
          newlySigned.push(signer.role as SignerRole);
          // In the trail as a signature made here is (the service's own record has its address and browser).
          await signerCheck(strapi).signedAtService(signer, 'Dropbox Sign', found.signedAt);
        }
      }
      rows = await investorSide(row.id);
      if (investorSideComplete(row, rows) && rows.some((signer) => !signer.documentKey)) {
        const document = await provider.document(requestId);
        const key = `signing/${row.documentId}/${crypto.randomBytes(8).toString('hex')}-signed.pdf`;
        await fileStorage(strapi).put(key, document);
        await db().updateMany({
          where: { id: { $in: rows.map((signer) => signer.id) } },
          data: { documentKey: key, documentSha256: sha256(document) },
        });
        rows = await investorSide(row.id);
      }
      const updated = await updateFlags(row, rows);
      for (const role of newlySigned) await afterSignature(updated, rows, role, site);
      return rows;
    });
  }

  return {
    refreshFromProvider,

    /** POST /api/syndication/sync_sign: the signing state from the provider, written to the syndication user. */
    async syncSign(user: SigningUser, id: string | number, request: RequestInfo): Promise<SyncSignAnswer> {
      let row = await syndUsers(strapi).ownedBy(user.id, id);
      if (isGoingToInvest(row)) {
        const rows = await refreshFromProvider(row, await siteFor(row, request.origin));
        // Without signer rows (an agreement signed before the portal collected signatures) the stored flags stand.
        if (rows.length) row = await updateFlags(row, rows);
      }
      const view = syndUserView(row);
      return {
        success: true,
        syndAgreementSignedByCurrentUser: view.syndAgreementSignedByCurrentUser,
        syndAgreementSignedByCurrentUserCosub: view.syndAgreementSignedByCurrentUserCosub,
        sa_complete_date: view.sa_complete_date,
        syndAgreementsCount: view.syndAgreementsCount,
      };
    },

    /**
     * POST /api/signing/:token/refresh: whether the link's signer has signed, the provider's signatures read first, so
     * that a signer without a session (whose page cannot ask sync_sign) sees their Dropbox Sign signature recorded.
     */
    async refreshByToken(token: string, request: RequestInfo): Promise<SigningRefreshed> {
      const signer = await signerOf(token);
      if (signer.signedAt) return { signed: true };
      const row = await readSyndUser(signer.syndUser.id);
      if (!isGoingToInvest(row)) return { signed: false };
      const rows = await refreshFromProvider(row, await siteFor(row, request.origin));
      return { signed: rows.some((other) => other.id === signer.id && Boolean(other.signedAt)) };
    },

    /** POST /api/signing/dropbox/events: a verified Dropbox Sign event about a request of ours updates that agreement. */
    async dropboxEvent(payload: {
      event?: { event_type?: string };
      signature_request?: { signature_request_id?: string };
    }) {
      const requestId = payload.signature_request?.signature_request_id;
      const type = payload.event?.event_type;
      if (!requestId || !type || !/^signature_request_(signed|all_signed|viewed|downloadable)$/.test(type)) return;
      const row: SyndUserRow | null = await strapi.db
        .query(SYND_USER)
        .findOne({ where: { syndAgreementDropboxSignatureRequestId: requestId }, populate: SYND_USER_POPULATE });
      if (row && isGoingToInvest(row)) await refreshFromProvider(row, await siteFor(row, undefined));
    },
  };
}
