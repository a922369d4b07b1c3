import type { Core } from '@strapi/strapi';
import { signingProvider } from '../../../providers/signing';
import { signers } from './signers';
import { SIGNING, SYND_AGREEMENT, SYND_USER } from '../../../utils/uids';
import type { Row, RowKeys } from '../../../utils/rows';

/**
 * What becomes of an agreement whose terms change: discarded while nobody signed it, else voided and kept (the sponsor
 * desk's amendment and transfer), and its request at the signing service withdrawn.
 */
export function voiding(strapi: Core.Strapi) {
  const db = () => strapi.db.query(SIGNING);
  const { readSyndUser, investorSide } = signers(strapi);

  return {
    /**
     * Voids a commitment's agreement for the sponsor desk's amendment and transfer (docs/signing.md, Voiding): its signer
     * rows and sealed agreements not void yet are marked void (when, why, by whom) and kept with their trails; a voided
     * link is refused from then on, a voided agreement stays the investor's history and answers the public check as
     * superseded. The commitment's signing state starts over (hasSyndAgreement and syndAgreementsCount recounted over
     * the agreements not void). Runs in the caller's transaction; answers how many rows it voided and the request at
     * Dropbox Sign to withdraw once the transaction is committed (cancelAtService).
     */
    async voidSigning(syndUserId: number, voiding: { reason: string; by: string; at: Date }) {
      const row = await readSyndUser(syndUserId);
      const stamp = { voidedAt: voiding.at, voidReason: voiding.reason, voidedBy: voiding.by };
      const ids = async (uid: typeof SIGNING | typeof SYND_AGREEMENT) =>
        (
          (await strapi.db
            .query(uid)
            .findMany({ where: { syndUser: { id: syndUserId }, voidedAt: { $null: true } }, select: ['id'] })) as Pick<
            RowKeys,
            'id'
          >[]
        ).map((each) => each.id);
      const signers = await ids(SIGNING);
      const agreements = await ids(SYND_AGREEMENT);
      if (signers.length) await db().updateMany({ where: { id: { $in: signers } }, data: stamp });
      if (agreements.length)
        await strapi.db.query(SYND_AGREEMENT).updateMany({ where: { id: { $in: agreements } }, data: stamp });
      const kept = await strapi.db
        .query(SYND_AGREEMENT)
        .count({ where: { syndUser: { id: syndUserId }, isDeleted: { $ne: true }, voidedAt: { $null: true } } });
      await strapi.db.query(SYND_USER).update({
        where: { id: syndUserId },
        data: {
          sa_start_date: null,
          sa_complete_date: null,
          managementSignedAt: null,
          syndAgreementSignedByCurrentUser: false,
          syndAgreementSignedByCurrentUserCosub: false,
          syndAgreementDropboxSignatureRequestId: null,
          syndAgreementDropboxSigningURL: null,
          hasSyndAgreement: kept > 0,
          syndAgreementsCount: kept,
        },
      });
      return {
        signers: signers.length,
        agreements: agreements.length,
        requestId: row.syndAgreementDropboxSignatureRequestId,
      };
    },

    /** Withdraws a voided request at Dropbox Sign; the voiding stands whether or not the service answers (logged). */
    async cancelAtService(requestId: string | null): Promise<void> {
      if (!requestId) return;
      await signingProvider(strapi, 'dropbox-sign')
        .cancel(requestId)
        .catch((error: unknown) =>
          strapi.log.warn(
            `Signature request ${requestId} not withdrawn at Dropbox Sign: ${error instanceof Error ? error.message : String(error)}`,
          ),
        );
    },

    /**
     * Discards the agreement a syndication user has not signed yet, so the next request_sign renders one with the new
     * terms (call it when the terms change). Nothing is discarded once anyone signed. Answers how many signer rows went.
     */
    async discardUnsigned(syndUserId: number): Promise<number> {
      const rows = await investorSide(syndUserId);
      if (!rows.length || rows.some((signer) => signer.signedAt)) return 0;
      const before: Pick<Row<typeof SYND_USER>, 'syndAgreementDropboxSignatureRequestId'> | null = await strapi.db
        .query(SYND_USER)
        .findOne({ where: { id: syndUserId }, select: ['syndAgreementDropboxSignatureRequestId'] });
      const { count } = await db().deleteMany({
        where: { id: { $in: rows.map((signer) => signer.id) }, signedAt: { $null: true } },
      });
      await strapi.db.query(SYND_USER).update({
        where: { id: syndUserId },
        data: {
          syndAgreementDropboxSignatureRequestId: null,
          syndAgreementSignedByCurrentUser: false,
          syndAgreementSignedByCurrentUserCosub: false,
        },
      });
      // The request at the signing service is withdrawn too, so its mailed links stop working. The new terms stand
      // whether or not the service answers: a request left open there can no longer complete an agreement here.
      const requestId = before?.syndAgreementDropboxSignatureRequestId;
      const provider = rows[0].provider;
      if (requestId && provider) {
        await signingProvider(strapi, provider)
          .cancel(requestId)
          .catch((error: unknown) =>
            strapi.log.warn(
              `Signature request ${requestId} not withdrawn at ${provider}: ${error instanceof Error ? error.message : String(error)}`,
            ),
          );
      }
      return count;
    },
  };
}
