import crypto from 'node:crypto';
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { isGoingToInvest, SITE_PATHS } from '@portal/rules';
import { hashCode } from '../../../utils/codes';
import { derivedKey } from '../../../utils/derived-keys';
import { escapeHtml } from '../../../utils/html';
import { conflict } from '../../../utils/http-errors';
import { isRowId } from '../../../utils/validation';
import { accountMail } from '../../account/services/account-mail';
import { pageOf, portals, type Site } from '../../portal/services/portal';
import { signerCheck } from './signer-check';
import { isSuspended } from './signing-codes';
import { askedForPaper, type Client } from './signer-trail';
import {
  byId,
  investorName,
  SYND_USER_POPULATE,
  syndUsers,
  type SyndUserRow,
} from '../../synd-user/services/synd-user';
import {
  DAY_MS,
  INVESTOR_SIDE,
  SIGNING_LINK_DAYS,
  signers,
  VOIDED_LINK,
  waitingToSign,
  type RequestInfo,
  type SigningRow,
  type SigningUser,
} from './signers';
import { SIGNING, SYND_USER } from '../../../utils/uids';

/**
 * A signer's link token, made again whenever it is needed: an HMAC of the row's random nonce with a server key.
 * Only its hash is stored (like sessions), so the table alone opens no link, yet the owner can always be answered
 * their link again (request_sign, signing_url) without mailing a new one.
 */
export const tokenOf = (nonce: string): string =>
  crypto.createHmac('sha256', derivedKey('signing-links')).update(nonce).digest('base64url');

/** The origin of an http(s) Origin header; null for anything else. */
function originOf(value: string | undefined): string | null {
  if (!value || !/^https?:\/\//i.test(value)) return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * Signers' links: where they point (the request's site or the agreement's own portal), which row a token opens, and
 * mailing them: the first time, again as a reminder, or a new link in place of a suspended one.
 */
export function signingLinks(strapi: Core.Strapi) {
  const db = () => strapi.db.query(SIGNING);
  const { readSyndUser, investorSide } = signers(strapi);

  /** The address of the agreement's own portal (its fund's), whatever site a request came from (portals.siteOf). */
  const portalSiteOf = (row: Pick<SyndUserRow, 'fund'>): Promise<Site> =>
    portals(strapi).siteOf(row.fund?.company?.portal?.id);

  /**
   * Where the links in the mails a request causes point: the request's site when it is one we know (its Origin, see
   * accountMail.siteFor), else (no Origin: the admin panel, a Dropbox Sign event, the seed) the agreement's own portal.
   */
  async function siteFor(row: Pick<SyndUserRow, 'fund'>, origin: string | undefined): Promise<Site> {
    const asked = originOf(origin);
    if (asked && (await accountMail(strapi).siteFor(asked)) === asked) return { origin: asked, query: '' };
    return portalSiteOf(row);
  }

  /** A signer's /sign/<token> page on `site`; null when the row has no link. */
  const linkOf = (site: Site, signer: SigningRow): string | null =>
    signer.tokenNonce ? pageOf(site, SITE_PATHS.sign.getHref(tokenOf(signer.tokenNonce))) : null;

  /** Mails a signer their personal link: false, and nothing mailed, when the row has no link or the signer no email. */
  async function mailLink(signer: SigningRow, row: SyndUserRow, site: Site): Promise<boolean> {
    const link = linkOf(site, signer);
    if (!link || !signer.email) return false;
    const fundName = row.fund?.name ?? row.investment?.name ?? 'the fund';
    const lead =
      signer.role === 'spouse'
        ? `${investorName(row)} has signed a subscription agreement for ${fundName}. As their spouse, please review and sign it here:`
        : `Your subscription agreement for ${fundName} is ready. Please review and sign it here:`;
    const tail = `This link is personal: it works for you only, until you have signed or ${SIGNING_LINK_DAYS} days have passed.`;
    const name = signer.name || signer.email;
    await strapi
      .plugin('email')
      .service('email')
      .send({
        to: signer.email,
        subject: `Please sign your subscription agreement for ${fundName}`,
        text: `Hello ${name},\n\n${lead}\n${link}\n\n${tail}\n`,
        html: `<p>Hello ${escapeHtml(name)},</p><p>${escapeHtml(lead)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>${escapeHtml(tail)}</p>`,
      });
    await db().update({ where: { id: signer.id }, data: { linkSentAt: new Date() } });
    return true;
  }

  /**
   * Replaces a signer's link with a new one (a link suspended after too many wrong codes) and mails it: the new link is
   * stored first, only where the row is unsigned and still has the link it was read with (signerCheck.replaceLink), so
   * a signature or another new link made meanwhile wins and nothing is mailed (false); the old link stops working, and
   * its lock-outs, code and proof of identity go with it. When the mail fails (503) the old link is put back as it
   * was. `by`: who asked, for the trail.
   */
  async function reissueLink(
    signer: SigningRow,
    row: SyndUserRow,
    site: Site,
    by: string,
    client: Client,
  ): Promise<boolean> {
    const nonce = crypto.randomBytes(32).toString('base64url');
    const link = {
      tokenNonce: nonce,
      tokenHash: hashCode(tokenOf(nonce)),
      expiresAt: new Date(Date.now() + SIGNING_LINK_DAYS * DAY_MS),
    };
    const check = signerCheck(strapi);
    const putBack = await check.replaceLink(signer.id, signer.tokenNonce, link);
    if (!putBack) return false;
    try {
      if (!(await mailLink({ ...signer, tokenNonce: nonce }, row, site))) {
        await putBack();
        return false;
      }
    } catch (error) {
      await putBack();
      throw error;
    }
    await check.linkReissued(signer, client, by);
    return true;
  }

  /** The signer row a link token opens; 404 for an unknown token, 403 once it expired. */
  async function signerOf(token: string): Promise<SigningRow & { syndUser: { id: number } }> {
    const signer: (SigningRow & { syndUser: { id: number } | null }) | null = token
      ? await db().findOne({
          where: { tokenHash: hashCode(token), role: { $in: INVESTOR_SIDE } },
          populate: { syndUser: { select: ['id'] } },
        })
      : null;
    if (!signer?.syndUser) throw new errors.NotFoundError('This signing link is not valid');
    if (signer.voidedAt) throw new errors.ForbiddenError(VOIDED_LINK);
    if (!signer.expiresAt || new Date(signer.expiresAt).getTime() <= Date.now())
      throw new errors.ForbiddenError('This signing link has expired');
    return signer as SigningRow & { syndUser: { id: number } };
  }

  /**
   * The caller's own link (null once they signed): the portal's /sign/<token> page, whichever service collects the
   * signature. Dropbox Sign's embedded URL is never fetched here nor stored (its holder signs without the disclosure
   * or the code): only embeddedSigning answers it, after the checks.
   */
  function ownLink(rows: SigningRow[], site: Site): string | null {
    const investor = rows.find((signer) => signer.role === 'investor');
    if (!investor || investor.signedAt) return null;
    return linkOf(site, investor);
  }

  return {
    portalSiteOf,
    siteFor,
    linkOf,
    mailLink,
    reissueLink,
    signerOf,
    ownLink,

    /** POST /api/syndication/signing_url: the caller's link, null once signed or before signing started. */
    async signingUrl(user: SigningUser, id: string | number, request: RequestInfo) {
      const row = await syndUsers(strapi).ownedBy(user.id, id);
      if (!isGoingToInvest(row)) return { url: null };
      return { url: ownLink(await investorSide(row.id), await siteFor(row, request.origin)) };
    },

    /** Mails the investor of a commitment their open link, as the normal flow does; answers the address, null when none was mailed. */
    async mailInvestorLink(syndUserId: number): Promise<string | null> {
      const row = await readSyndUser(syndUserId);
      const investor = waitingToSign(await investorSide(row.id)).find((signer) => signer.role === 'investor');
      return investor && (await mailLink(investor, row, await portalSiteOf(row))) ? investor.email : null;
    },

    /**
     * The sponsor desk's "New signing link" (docs/signing.md): each unsigned link of a commitment's agreement that can
     * be signed now (the investor's; the spouse's once the investor signed) is replaced by a new one, mailed to its
     * signer; a suspended link opens again this way. Answers whose links were sent.
     */
    async reissueLinksAsStaff(id: string | number, by: string, request: Pick<RequestInfo, 'ip' | 'userAgent'>) {
      const row: SyndUserRow | null = isRowId(id)
        ? await strapi.db.query(SYND_USER).findOne({ where: byId(id), populate: SYND_USER_POPULATE })
        : null;
      if (!row) throw new errors.NotFoundError('Commitment not found');
      const open = waitingToSign(await investorSide(row.id));
      if (!isGoingToInvest(row) || row.sa_complete_date || !open.length)
        throw conflict('This commitment has no signing link waiting for a signature');
      const site = await portalSiteOf(row);
      const reissued: SigningRow[] = [];
      for (const signer of open) if (await reissueLink(signer, row, site, by, request)) reissued.push(signer);
      // Signed, or given a new link by another click, while these were mailed: nothing left to send.
      if (!reissued.length) throw conflict('This commitment has no signing link waiting for a signature');
      return { reissued: reissued.map((signer) => ({ role: signer.role, email: signer.email })) };
    },

    /**
     * The desk's reminder to a spouse who must still sign (docs/sponsor-desk.md, Remind): mails them their signing
     * link again, in the mail they got when the investor signed. The link is made again from the row's nonce, so it is
     * the same link (nothing new is issued, nothing voided); once mailed, its 30 days count again from the reminder, as
     * a reminder with a dead link would help nobody. Answers the address it was mailed to (the signer row's); null, and
     * nothing mailed, when no spouse's link waits for a signature (the spouse signed, the investor has not yet, the
     * agreement is no longer open, the row has no link or address), when the link is suspended (only a New signing
     * link opens it: a reminder lifts nothing), or when the spouse asked to sign on paper. Throws when the mail fails.
     */
    async remindSpouse(syndUserId: number): Promise<string | null> {
      const row = await readSyndUser(syndUserId);
      const spouse = isGoingToInvest(row)
        ? waitingToSign(await investorSide(row.id)).find((signer) => signer.role === 'spouse')
        : undefined;
      if (!spouse || isSuspended(spouse) || askedForPaper(spouse)) return null;
      if (!(await mailLink(spouse, row, await portalSiteOf(row)))) return null;
      const expiresAt = new Date(Date.now() + SIGNING_LINK_DAYS * DAY_MS);
      if (!spouse.expiresAt || new Date(spouse.expiresAt) < expiresAt)
        await db().update({ where: { id: spouse.id }, data: { expiresAt } });
      return spouse.email;
    },

    /** The link token of a signer row (the seed prints the open links of the demo). */
    linkTokenOf(signer: Pick<SigningRow, 'tokenNonce'>): string | null {
      return signer.tokenNonce ? tokenOf(signer.tokenNonce) : null;
    },
  };
}
