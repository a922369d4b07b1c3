import crypto from 'node:crypto';
import type { Core } from '@strapi/strapi';
import { isGoingToInvest, isInvesting, isSpouseInvestmentRequired, type SignRequestAnswer } from '@portal/rules';
import { hashCode } from '../../../utils/codes';
import { conflict } from '../../../utils/http-errors';
import { signingProvider, type AgreementTerms, type Signer } from '../../../providers/signing';
import { withLease } from '../../rate-limit/lease';
import { isSuspended } from './signing-codes';
import {
  investorName,
  personName,
  syndUsers,
  syndUserView,
  type SyndUserRow,
} from '../../synd-user/services/synd-user';
import {
  atService,
  DAY_MS,
  SIGNING_LINK_DAYS,
  signers,
  TRANSFERRED,
  type RequestInfo,
  type SigningUser,
} from './signers';
import { signingLinks, tokenOf } from './signing-links';
import type { Site } from '../../portal/services/portal';
import { SIGNING, SYND_USER } from '../../../utils/uids';

/**
 * How an agreement is opened for signing: rendered (or requested at the signing service) with the commitment's
 * terms, one signer row per signer with its link, the investor mailed theirs.
 */
export function opening(strapi: Core.Strapi) {
  const db = () => strapi.db.query(SIGNING);
  const { readSyndUser, fundOf, investorSide } = signers(strapi);
  const { siteFor, mailLink, reissueLink, ownLink } = signingLinks(strapi);

  /**
   * Starts signing: the provider opens it (local: the agreement rendered and stored), one signer row per signer with
   * its link, the investor mailed their link (no mail without a `site`). The spouse is mailed once the investor has signed.
   */
  async function open(row: SyndUserRow, site: Site | null): Promise<void> {
    const fund = await fundOf(row);
    const spouseRequired = isSpouseInvestmentRequired(row);
    const spouseName = spouseRequired ? personName(row.cosub_first_name, row.cosub_last_name) : null;
    const terms: AgreementTerms = {
      title: `Subscription Agreement - ${fund.name ?? 'Fund'} - ${investorName(row)}`,
      portalName: fund.company?.portal?.name ?? 'Investor Portal',
      fundName: fund.name ?? 'Fund',
      investmentName: row.investment?.name ?? fund.name ?? '',
      investorName: investorName(row),
      investorEmail: row.user?.email ?? '',
      amount: row.invest_amount === null ? 0 : Number(row.invest_amount),
      method: row.method_of_inv,
      isMarried: Boolean(row.is_married),
      isMaritalState: Boolean(row.is_marital_state),
      spouseName,
      spouseEmail: spouseRequired ? row.cosub_email : null,
      date: new Date(),
    };
    const signers: Signer[] = [
      { role: 'investor', name: terms.investorName, email: terms.investorEmail },
      ...(spouseRequired && spouseName && row.cosub_email
        ? [{ role: 'spouse' as const, name: spouseName, email: row.cosub_email }]
        : []),
    ];
    const provider = signingProvider(strapi);
    const templateIds = [
      fund.sa_doc_template_1_id,
      fund.sa_doc_template_2_id,
      fund.sa_doc_template_3_id,
      fund.sa_doc_template_4_id,
    ]
      .map((id) => id?.trim())
      .filter((id): id is string => Boolean(id));
    const opening = () => provider.open({ terms, signers, templateIds, reference: row.documentId });
    const opened = provider.name === 'local' ? await opening() : await atService(opening);
    const expiresAt = new Date(Date.now() + SIGNING_LINK_DAYS * DAY_MS);
    for (const signer of signers) {
      const nonce = crypto.randomBytes(32).toString('base64url');
      await db().create({
        data: {
          label: `${signer.role} · ${signer.name} · ${terms.fundName}`,
          syndUser: row.id,
          role: signer.role,
          name: signer.name,
          email: signer.email,
          provider: provider.name,
          tokenNonce: nonce,
          tokenHash: hashCode(tokenOf(nonce)),
          expiresAt,
          documentKey: opened.documentKey,
          providerSignatureId: opened.signatureIds[signer.role] ?? null,
        },
      });
    }
    await strapi.db.query(SYND_USER).update({
      where: { id: row.id },
      data: {
        sa_start_date: new Date(),
        syndAgreementSignedByCurrentUser: false,
        syndAgreementSignedByCurrentUserCosub: false,
        syndAgreementDropboxSignatureRequestId: opened.requestId,
      },
    });
    const investor = (await investorSide(row.id)).find((signer) => signer.role === 'investor');
    if (investor && site) await mailLink(investor, row, site);
  }

  /** The syndication user of the caller that may be signed: going to invest; 409 otherwise. */
  async function signable(user: SigningUser, id: string | number): Promise<SyndUserRow> {
    const row = await syndUsers(strapi).ownedBy(user.id, id);
    if (row.transferredAt) throw conflict(TRANSFERRED);
    if (isInvesting(row)) throw conflict('This agreement is complete already');
    if (!isGoingToInvest(row)) throw conflict('Commit to this investment before signing its agreement');
    return row;
  }

  return {
    open,

    /** POST /api/syndication/request_sign: starts signing when not started and answers the caller's own link. */
    async requestSign(user: SigningUser, id: string | number, request: RequestInfo): Promise<SignRequestAnswer> {
      let row = await signable(user, id);
      const site = await siteFor(row, request.origin);
      if (!(await investorSide(row.id)).length) {
        // Signing starts once per syndication user across every CMS instance: two quick clicks, even answered by two
        // instances, open one agreement; the second waits for the first and answers the same link.
        const opening = row;
        await withLease(
          strapi,
          `request-sign:${opening.id}`,
          async () => {
            if (!(await investorSide(opening.id)).length) await open(opening, site);
          },
          { busyMessage: 'Your agreement is being prepared; please try again in a moment' },
        );
        row = await readSyndUser(row.id);
      }
      let rows = await investorSide(row.id);
      // The investor's link suspended after too many wrong codes: asking to sign again, signed in, sends them a new one
      // (a spouse's new link is the sponsor desk's: the investor is not asked to sign again once they signed).
      const suspended = rows.find((signer) => signer.role === 'investor' && !signer.signedAt && isSuspended(signer));
      if (suspended) {
        await reissueLink(suspended, row, site, 'the investor, signed in', request);
        rows = await investorSide(row.id);
      }
      const url = ownLink(rows, site);
      const view = syndUserView(await readSyndUser(row.id));
      return {
        success: true,
        url,
        syndAgreementSignedByCurrentUser: view.syndAgreementSignedByCurrentUser,
        syndAgreementSignedByCurrentUserCosub: view.syndAgreementSignedByCurrentUserCosub,
      };
    },

    /**
     * Opens a commitment's agreement for the sponsor desk (an amendment, a transfer's new commitment) with its terms as
     * stored, as the investor's request_sign does, without mail: in the caller's transaction; mailInvestorLink after it.
     */
    async openAsStaff(syndUserId: number): Promise<void> {
      await open(await readSyndUser(syndUserId), null);
    },
  };
}
