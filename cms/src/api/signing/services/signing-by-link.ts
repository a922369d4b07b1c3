import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { PDFDocument } from 'pdf-lib';
import {
  isGoingToInvest,
  SITE_PATHS,
  type DisclosureAccepted,
  type EmbeddedSigning,
  type PaperRequested,
  type Signed,
  type SigningRequest,
  type CodeSent,
  type CodeVerified,
} from '@portal/rules';
import { conflict } from '../../../utils/http-errors';
import { portalConfig } from '../../../utils/portal-config';
import { pngOfDataUrl, signingProvider, type SignerRole } from '../../../providers/signing';
import { fileStorage } from '../../../providers/storage';
import { notifications } from '../../notification/services/notification';
import { signerCheck } from './signer-check';
import { notificationTags, type SyndUserRow } from '../../synd-user/services/synd-user';
import { investorSideComplete } from './may-countersign';
import {
  atService,
  portalIdOf,
  sha256,
  SigningServiceError,
  signers,
  type LinkRequest,
  type RequestInfo,
  type SigningRow,
} from './signers';
import { signingLinks } from './signing-links';
import type { Site } from '../../portal/services/portal';
import { SIGNING } from '../../../utils/uids';

/**
 * What a signer does on their link (the investor side): read who signs what, accept the disclosure or ask for paper,
 * prove who they are, and sign, here or in Dropbox Sign's embedded signer; and what follows a signature.
 */
export function signingByLink(strapi: Core.Strapi) {
  const db = () => strapi.db.query(SIGNING);
  const { readSyndUser, fundOf, investorSide, updateFlags, notifySafely } = signers(strapi);
  const { mailLink, signerOf, siteFor } = signingLinks(strapi);

  /** After a signer signed: the spouse's link once the investor signed, and staff told once the investor side is complete. */
  async function afterSignature(
    row: SyndUserRow,
    rows: SigningRow[],
    justSigned: SignerRole,
    site: Site,
  ): Promise<void> {
    if (justSigned === 'investor') {
      const spouse = rows.find((signer) => signer.role === 'spouse' && !signer.signedAt);
      if (spouse && !spouse.linkSentAt) await mailLink(spouse, row, site);
    }
    if (investorSideComplete(row, rows) && row.fund?.company?.portal) {
      const portalId = row.fund.company.portal.id;
      await notifySafely(
        () =>
          notifications(strapi).toPortalStaff(
            portalId,
            'syndication_signed',
            notificationTags(row),
            SITE_PATHS.countersign.path,
          ),
        'syndication_signed',
      );
    }
  }

  /** Dropbox Sign's embedded signing URL of a signer it collects for; null for the local signer. */
  async function embeddedUrlOf(signer: SigningRow): Promise<string | null> {
    const signatureId = signer.providerSignatureId;
    if (!signatureId || signer.provider !== 'dropbox-sign') return null;
    return atService(() => signingProvider(strapi, 'dropbox-sign').embeddedUrl(signatureId));
  }

  /** Records a local signer's signature with its audit data; false when they had signed already (another request won). */
  async function recordSignature(
    signer: SigningRow,
    input: { name: string; signature?: string },
    request: Pick<RequestInfo, 'ip' | 'userAgent'>,
    at: Date,
  ): Promise<boolean> {
    const document = await fileStorage(strapi).get(signer.documentKey as string);
    const { count } = await db().updateMany({
      where: { id: signer.id, signedAt: { $null: true } },
      data: {
        signedAt: at,
        ip: request.ip,
        userAgent: request.userAgent,
        documentSha256: sha256(document),
        typedName: input.name,
        drawnSignature: input.signature ?? null,
      },
    });
    return count > 0;
  }

  /** Whether the request carries the investor's own session (not a guest one): that proves the investor is signing. */
  function ownSession(signer: SigningRow, row: SyndUserRow, request: Pick<LinkRequest, 'sessionUserId'>): boolean {
    return signer.role === 'investor' && request.sessionUserId !== null && row.user?.id === request.sessionUserId;
  }

  /**
   * The signer row of a link that may still be signed (not signed, the agreement open), with either signer: the checks
   * before signing (disclosure, code) are the portal's whichever service collects the signature; 409 otherwise.
   */
  async function unsignedLink(token: string) {
    const signer = await signerOf(token);
    if (signer.signedAt) throw conflict('You have signed this agreement already');
    const row = await readSyndUser(signer.syndUser.id);
    if (!isGoingToInvest(row) || row.transferredAt) throw conflict('This agreement is no longer open for signing');
    return { signer, row, fund: await fundOf(row) };
  }

  /** An unsignedLink signed here (the local signer); 409 when Dropbox Sign collects its signature. */
  async function openLink(token: string) {
    const link = await unsignedLink(token);
    if (link.signer.provider !== 'local' || !link.signer.documentKey)
      throw conflict('This agreement is signed at the signing service, not here');
    return link;
  }

  /** The spouse signs after the investor (a 409 says so). */
  async function assertSignersTurn(signer: SigningRow, row: SyndUserRow): Promise<SigningRow[]> {
    const rows = await investorSide(row.id);
    if (signer.role === 'spouse' && !rows.some((other) => other.role === 'investor' && other.signedAt)) {
      throw conflict('The investor signs first; you will get a new email once they have');
    }
    return rows;
  }

  return {
    afterSignature,
    recordSignature,

    /**
     * GET /api/signing/:token: who signs what, for the site's signing page; and the checks before signing (the
     * electronic records disclosure to accept, how the signer proves who they are). The first opening is recorded.
     */
    async viewByToken(token: string, request: LinkRequest): Promise<SigningRequest> {
      const signer = await signerOf(token);
      const row = await readSyndUser(signer.syndUser.id);
      const rows = await investorSide(row.id);
      const investorSigned = rows.some((other) => other.role === 'investor' && other.signedAt);
      const fund = await fundOf(row);
      const check = signerCheck(strapi);
      await check.opened(signer, request);
      return {
        // Not the signer's email: holding the link does not tell whose mailbox it is (identity.email is half hidden).
        // signerOf finds investor-side rows only.
        signer: { role: signer.role as SignerRole, name: signer.name },
        document: {
          title: `Subscription Agreement - ${fund.name ?? 'Fund'}`,
          investmentName: row.investment?.name ?? null,
          fundName: fund.name,
          amount: row.invest_amount === null ? null : Number(row.invest_amount),
        },
        signed: Boolean(signer.signedAt),
        // The spouse signs after the investor.
        canSign: !signer.signedAt && !row.sa_complete_date && (signer.role === 'investor' || investorSigned),
        // local: the document is read and signed on this page; dropbox-sign: in Dropbox Sign's embedded signer, whose
        // URL only POST /api/signing/:token/embedded answers, once the checks below are passed.
        provider: signer.provider ?? 'local',
        // Dropbox Sign's request has its document at the service until everyone signed: fetched from there to read here.
        documentUrl:
          signer.documentKey || row.syndAgreementDropboxSignatureRequestId ? `/api/signing/${token}/document` : null,
        ...check.state(signer, ownSession(signer, row, request), await check.disclosure(portalIdOf(fund))),
      };
    },

    /** POST /api/signing/:token/disclosure: the signer accepts the electronic records disclosure (the version they read). */
    async acceptDisclosure(token: string, version: string, request: LinkRequest): Promise<DisclosureAccepted> {
      const { signer, fund } = await unsignedLink(token);
      const check = signerCheck(strapi);
      return check.acceptDisclosure(signer, version, await check.disclosure(portalIdOf(fund)), request);
    },

    /** POST /api/signing/:token/paper: the signer withdraws consent and asks for the agreement on paper. */
    async requestPaper(token: string, request: LinkRequest): Promise<PaperRequested> {
      const { signer, fund } = await unsignedLink(token);
      return signerCheck(strapi).requestPaper(signer, fund.name ?? 'the fund', request);
    },

    /** POST /api/signing/:token/code: mails the signer a six-digit code that proves the link is theirs. */
    async sendCode(token: string, request: LinkRequest): Promise<CodeSent> {
      const { signer, fund } = await unsignedLink(token);
      const check = signerCheck(strapi);
      return check.sendCode(signer, fund.name ?? 'the fund', await check.disclosure(portalIdOf(fund)), request);
    },

    /** POST /api/signing/:token/code/verify: checks the mailed code (five tries, then the link is locked ten minutes). */
    async verifyCode(token: string, code: string, request: LinkRequest): Promise<CodeVerified> {
      const { signer } = await unsignedLink(token);
      return signerCheck(strapi).verifyCode(signer, code, request);
    },

    /**
     * POST /api/signing/:token/embedded: Dropbox Sign's embedded signing URL of the link's signer, with what the site's
     * embedded client needs (the API app's client id, test mode); only once the signer accepted the disclosure and
     * proved who they are, as before a signature here (the URL alone lets its holder sign).
     */
    async embeddedSigning(
      token: string,
      verification: string | undefined,
      request: LinkRequest,
    ): Promise<EmbeddedSigning> {
      const { signer, row, fund } = await unsignedLink(token);
      if (signer.provider !== 'dropbox-sign')
        throw conflict('This agreement is signed on this page, not at a signing service');
      await assertSignersTurn(signer, row);
      const check = signerCheck(strapi);
      const proof = { ownSession: ownSession(signer, row, request), verification };
      await check.assertReadyToSign(signer, proof, await check.disclosure(portalIdOf(fund)), request);
      await check.identified(signer, proof, request);
      const url = await embeddedUrlOf(signer);
      if (!url) throw new SigningServiceError('Dropbox Sign answered no signing URL');
      const { clientId, testMode } = portalConfig(strapi).signing.dropbox;
      // syndUserId: where the site goes once signed (the signature success page, which asks sync_sign).
      return { url, clientId, testMode, syndUserId: row.documentId };
    },

    /**
     * POST /api/signing/:token: the signer signs (typed name, optionally drawn), once they accepted the disclosure and
     * proved who they are; recorded with time, address, browser, the document's SHA-256 and the audit events.
     */
    async signByToken(
      token: string,
      input: { name: string; signature?: string; verification?: string },
      request: LinkRequest,
    ): Promise<Signed> {
      const { signer, row, fund } = await openLink(token);
      let rows = await assertSignersTurn(signer, row);
      if (input.signature !== undefined) {
        const png = pngOfDataUrl(input.signature);
        const valid =
          png &&
          (await PDFDocument.create()
            .then((pdf) => pdf.embedPng(png))
            .then(
              () => true,
              () => false,
            ));
        if (!valid)
          throw new errors.ValidationError('signature must be a PNG image as a data URL (data:image/png;base64,...)');
      }
      const check = signerCheck(strapi);
      const proof = { ownSession: ownSession(signer, row, request), verification: input.verification };
      await check.assertReadyToSign(signer, proof, await check.disclosure(portalIdOf(fund)), request);
      if (!(await recordSignature(signer, input, request, new Date())))
        throw conflict('You have signed this agreement already');
      await check.signed(signer, proof, request);
      rows = await investorSide(row.id);
      const updated = await updateFlags(row, rows);
      await afterSignature(updated, rows, signer.role as SignerRole, await siteFor(row, request.origin));
      return { success: true, syndUserId: row.documentId };
    },
  };
}
