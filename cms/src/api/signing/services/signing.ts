import crypto from 'node:crypto';
import { factories, type Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { PDFDocument } from 'pdf-lib';
import { displayName, INVEST_STATUS, isGoingToInvest, isInvesting, isSpouseInvestmentRequired } from '@portal/rules';
import { hashCode } from '../../../utils/codes';
import { derivedKey } from '../../../utils/derived-keys';
import { escapeHtml } from '../../../utils/html';
import { fileLinkToken } from '../../../utils/file-links';
import { conflict } from '../../../utils/http-errors';
import { isRowId } from '../../../utils/validation';
import { portalConfig, type SigningProviderName } from '../../../utils/portal-config';
import { serviceAccessor } from '../../../utils/service';
import { columnOf, linkTableOf, tableOf } from '../../../utils/tables';
import {
  completeAgreement,
  pngOfDataUrl,
  sealingCertificate,
  signingProvider,
  type AgreementTerms,
  type AuditEntry,
  type Signer,
  type SignerRole,
} from '../../../providers/signing';
import { fileStorage } from '../../../providers/storage';
import { accountMail } from '../../account/services/account-mail';
import { notifications, type Recipient } from '../../notification/services/notification';
import { domainsOf, portals } from '../../portal/services/portal';
import { withLease } from '../../rate-limit/lease';
import { askedForPaper, isSuspended, signerCheck, type CheckedSigner, type Client, type SigningEvent } from './signer-check';
import { byId, investorName, notificationTags, personName, SYND_USER_POPULATE, syndUserView, syndUsers, type SyndUserRow } from '../../synd-user/services/synd-user';

const SIGNING = 'api::signing.signing';
const SYND_USER = 'api::synd-user.synd-user';
const SYND_AGREEMENT = 'api::synd-agreement.synd-agreement';
const FUND = 'api::fund.fund';

/** How long a signer's link works. */
export const SIGNING_LINK_DAYS = 30;
const DAY_MS = 86_400_000;
const INVESTOR_SIDE: SignerRole[] = ['investor', 'spouse'];
/** What a link of a voided agreement answers (the commitment was amended and a new agreement mailed). */
const TRANSFERRED = 'This commitment was transferred to another investor on the sponsor desk';
export const VOIDED_LINK = 'This agreement was voided and replaced by a new one: use the link in your newest email';

/** One signer of one agreement, as stored (api::signing.signing). */
export interface SigningRow extends CheckedSigner {
  id: number;
  documentId: string;
  role: SignerRole | 'management';
  name: string | null;
  email: string | null;
  provider: SigningProviderName | null;
  tokenHash: string | null;
  tokenNonce: string | null;
  expiresAt: string | null;
  linkSentAt: string | null;
  signedAt: string | null;
  ip: string | null;
  userAgent: string | null;
  documentSha256: string | null;
  typedName: string | null;
  drawnSignature: string | null;
  documentKey: string | null;
  providerSignatureId: string | null;
  voidedAt?: string | null;
  syndUser?: { id: number } | null;
}

/** Where a signature comes from: the request's client address and browser. */
export interface RequestInfo {
  ip: string | null;
  userAgent: string | null;
  /** The site's origin (Origin header), for links in the mails this request causes. */
  origin: string | undefined;
}

/** A request on a signer's link: where it comes from, and the user of the session it carries (not a guest session), if any. */
export interface LinkRequest extends RequestInfo {
  sessionUserId: number | null;
}

/** The caller: a signed-in site user. */
export interface SigningUser {
  id: number;
  documentId: string;
  email: string;
  username?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  level?: string | null;
  portal?: { id: number } | null;
}

/** A failure of the outside signing service: answered 502 with this message (the controller says so). */
export class SigningServiceError extends Error {}

interface FundRow {
  id: number;
  name: string | null;
  sa_doc_template_1_id: string | null;
  sa_doc_template_2_id: string | null;
  sa_doc_template_3_id: string | null;
  sa_doc_template_4_id: string | null;
  company: { portal: { id: number; name: string | null } | null } | null;
}

/**
 * A signer's link token, made again whenever it is needed: an HMAC of the row's random nonce with a server key.
 * Only its hash is stored (like sessions), so the table alone opens no link, yet the owner can always be answered
 * their link again (request_sign, signing_url) without mailing a new one.
 */
const tokenOf = (nonce: string): string => crypto.createHmac('sha256', derivedKey('signing-links')).update(nonce).digest('base64url');

const sha256 = (data: Buffer): string => crypto.createHash('sha256').update(data).digest('hex');

/** A name's initials, as the public verification page shows signers: "Tess Q. Investor" is T. Q. I. */
const initialsOf = (name: string): string =>
  name.split(/\s+/).map((part) => part.replace(/[^\p{L}]/gu, '')).filter(Boolean).map((part) => `${part[0].toUpperCase()}.`).join(' ');

/** The portal whose disclosure a fund's signers accept (null: none, the default wording). */
const portalIdOf = (fund: FundRow): number | null => fund.company?.portal?.id ?? null;

/** A site of a portal: its origin, and the query string that chooses the portal there ('' or ?portal=<slug>). */
interface Site {
  origin: string;
  query: string;
}

const pageOf = (site: Site, path: string): string => `${site.origin}${path}${site.query}`;

/** The origin of an http(s) Origin header; null for anything else. */
function originOf(value: string | undefined): string | null {
  if (!value || !/^https?:\/\//i.test(value)) return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

const utc = (date: Date): string => `${date.toISOString().replace('T', ' ').slice(0, 19)} UTC`;

/** How the signature page names each event of a signer's link. */
const EVENT_TITLES: Record<SigningEvent['event'], string> = {
  'link-opened': 'link opened',
  'disclosure-accepted': 'disclosure accepted,',
  'paper-requested': 'asked to sign on paper (consent to electronic records withdrawn)',
  'code-sent': 'one-time code sent',
  'code-wrong': 'wrong code,',
  'link-locked': 'link locked',
  'link-suspended': 'link suspended',
  'link-reissued': 'new link sent',
  'refused-locked': 'refused while locked:',
  'code-verified': 'code entered',
  'session-verified': 'identified by their signed-in session',
  signed: 'signed',
  'events-left-out': 'not listed here:',
};

const signingService = ({ strapi }: { strapi: Core.Strapi }) => {
  const db = () => strapi.db.query(SIGNING);

  async function readSyndUser(id: number): Promise<SyndUserRow> {
    const row: SyndUserRow | null = await strapi.db.query(SYND_USER).findOne({ where: { id }, populate: SYND_USER_POPULATE });
    if (!row) throw new errors.NotFoundError('Not found');
    return row;
  }

  async function fundOf(row: SyndUserRow): Promise<FundRow> {
    const fund: FundRow | null = row.fund
      ? await strapi.db.query(FUND).findOne({ where: { id: row.fund.id }, populate: { company: { populate: { portal: { select: ['id', 'name'] } } } } })
      : null;
    if (!fund) throw new errors.ApplicationError('This investment has no fund to sign for');
    return fund;
  }

  /** The open agreement's investor-side signers (investor first): the rows of the signing not discarded. */
  async function investorSide(syndUserId: number): Promise<SigningRow[]> {
    const rows: SigningRow[] = await db().findMany({ where: { syndUser: { id: syndUserId }, role: { $in: INVESTOR_SIDE }, voidedAt: { $null: true } }, orderBy: { id: 'asc' } });
    return rows.sort((a, b) => INVESTOR_SIDE.indexOf(a.role as SignerRole) - INVESTOR_SIDE.indexOf(b.role as SignerRole));
  }

  /** The signers who can sign now and have not: the investor, and the spouse once the investor signed. */
  function waitingToSign(rows: SigningRow[]): SigningRow[] {
    const investorSigned = rows.some((signer) => signer.role === 'investor' && signer.signedAt);
    return rows.filter((signer) => !signer.signedAt && (signer.role === 'investor' || investorSigned));
  }

  /** Whether every signer the agreement needs has signed (the spouse only when required). */
  function investorSideComplete(row: SyndUserRow, rows: SigningRow[]): boolean {
    const signed = (role: SignerRole) => rows.some((signer) => signer.role === role && signer.signedAt);
    return signed('investor') && (!isSpouseInvestmentRequired(row) || signed('spouse'));
  }

  /**
   * The syndication users of these funds waiting for management, as one query: going to invest, not countersigned,
   * signed by the investor and, when the spouse must sign too, by the spouse (investorSideComplete, in SQL); and
   * the column that orders them, when the investor signed.
   */
  function waitingForManagementQuery(fundIds: number[]) {
    const knex = strapi.db.connection;
    const funds = linkTableOf(strapi, SYND_USER, 'fund');
    const signerLinks = linkTableOf(strapi, SIGNING, 'syndUser');
    const signedAtColumn = `g.${columnOf(strapi, SIGNING, 'signedAt')}`;
    // A CROSS JOIN keeps SQLite's loop order: the agreement's few signer links first, then each signing by its key.
    // Joined the other way it would walk every signed investor signing (by the role index) for each agreement, which
    // on a grown portal (150k signings) does not answer. PostgreSQL orders the joins by its statistics either way.
    const signedBy = (role: SignerRole) => knex(`${signerLinks.name} as sl`)
      .crossJoin(knex.raw('?? as g', [tableOf(strapi, SIGNING)]))
      .where('g.id', knex.ref(`sl.${signerLinks.owner}`))
      .where(`sl.${signerLinks.target}`, knex.ref('s.id')).where('g.role', role).whereNotNull(signedAtColumn)
      .whereNull(`g.${columnOf(strapi, SIGNING, 'voidedAt')}`);
    const waiting = knex(`${tableOf(strapi, SYND_USER)} as s`)
      .join(`${funds.name} as f`, `f.${funds.owner}`, 's.id')
      .whereIn(`f.${funds.target}`, fundIds)
      .where('s.invest_status', INVEST_STATUS.accepted)
      .whereNull('s.sa_complete_date')
      .whereNull(`s.${columnOf(strapi, SYND_USER, 'managementSignedAt')}`)
      .whereExists(signedBy('investor'))
      // isSpouseInvestmentRequired: method CASH, married and a spouse's email; then the spouse must have signed.
      .where((spouse) => spouse
        .whereNull('s.method_of_inv').orWhereNot('s.method_of_inv', 'CASH')
        .orWhereNull('s.is_married').orWhereNot('s.is_married', true)
        .orWhereNull('s.cosub_email').orWhere('s.cosub_email', '')
        .orWhereExists(signedBy('spouse')));
    const firstSignedAt = signedBy('investor').min({ first: signedAtColumn }).as('first_signed_at');
    return { waiting, firstSignedAt };
  }

  /**
   * The address of the agreement's own portal (whatever site a request came from, e.g. the admin panel's): its first
   * domain (with SITE_URL's scheme), else SITE_URL, which chooses a portal other than the default by ?portal=<slug>.
   */
  async function portalSiteOf(row: Pick<SyndUserRow, 'fund'>): Promise<Site> {
    const siteUrl = new URL(portalConfig(strapi).siteUrl);
    const all = await portals(strapi).findAll();
    const portal = all.find((each) => each.id === row.fund?.company?.portal?.id);
    const isDefault = !portal || portal === (all.find((each) => each.isDefault) ?? all[0]);
    const [domain] = portal ? domainsOf(portal) : [];
    if (domain) return { origin: `${siteUrl.protocol}//${domain}`, query: '' };
    return { origin: siteUrl.origin, query: isDefault || !portal ? '' : `?portal=${encodeURIComponent(portal.slug)}` };
  }

  /**
   * Where the links in the mails a request causes point: the request's site when it is one we know (its Origin, see
   * accountMail.siteFor), else (no Origin: the admin panel, a Dropbox Sign event, the seed) the agreement's own portal.
   */
  async function siteFor(row: Pick<SyndUserRow, 'fund'>, origin: string | undefined): Promise<Site> {
    const asked = originOf(origin);
    if (asked && (await accountMail(strapi).siteFor(asked)) === asked) return { origin: asked, query: '' };
    return portalSiteOf(row);
  }

  const linkOf = (site: Site, signer: SigningRow): string | null => (signer.tokenNonce ? pageOf(site, `/sign/${tokenOf(signer.tokenNonce)}`) : null);

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
    await strapi.plugin('email').service('email').send({
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
  async function reissueLink(signer: SigningRow, row: SyndUserRow, site: Site, by: string, client: Client): Promise<boolean> {
    const nonce = crypto.randomBytes(32).toString('base64url');
    const link = { tokenNonce: nonce, tokenHash: hashCode(tokenOf(nonce)), expiresAt: new Date(Date.now() + SIGNING_LINK_DAYS * DAY_MS) };
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

  /** Runs a call to the outside signing service: its failure is a SigningServiceError (502). */
  async function atService<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      throw new SigningServiceError(error instanceof Error ? error.message : String(error));
    }
  }

  /** Sends a notification, logging instead of failing when its template is missing: the signing itself stands. */
  async function notifySafely(send: () => Promise<void>, what: string): Promise<void> {
    try {
      await send();
    } catch (error) {
      strapi.log.warn(`Notification ${what} not sent: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** Writes the syndication user's signing flags from its signer rows. */
  async function updateFlags(row: SyndUserRow, rows: SigningRow[]): Promise<SyndUserRow> {
    const signed = (role: SignerRole) => rows.some((signer) => signer.role === role && Boolean(signer.signedAt));
    await strapi.db.query(SYND_USER).update({
      where: { id: row.id },
      data: { syndAgreementSignedByCurrentUser: signed('investor'), syndAgreementSignedByCurrentUserCosub: signed('spouse') },
    });
    return readSyndUser(row.id);
  }

  /** After a signer signed: the spouse's link once the investor signed, and staff told once the investor side is complete. */
  async function afterSignature(row: SyndUserRow, rows: SigningRow[], justSigned: SignerRole, site: Site): Promise<void> {
    if (justSigned === 'investor') {
      const spouse = rows.find((signer) => signer.role === 'spouse' && !signer.signedAt);
      if (spouse && !spouse.linkSentAt) await mailLink(spouse, row, site);
    }
    if (investorSideComplete(row, rows) && row.fund?.company?.portal) {
      const portalId = row.fund.company.portal.id;
      await notifySafely(() => notifications(strapi).toPortalStaff(portalId, 'syndication_signed', notificationTags(row)), 'syndication_signed');
    }
  }

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
      ...(spouseRequired && spouseName && row.cosub_email ? [{ role: 'spouse' as const, name: spouseName, email: row.cosub_email }] : []),
    ];
    const provider = signingProvider(strapi);
    const templateIds = [fund.sa_doc_template_1_id, fund.sa_doc_template_2_id, fund.sa_doc_template_3_id, fund.sa_doc_template_4_id]
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

  /** A signer's consent, identity check and link events as the signature page lists them (taken here for either signer). */
  function auditOf(entry: SigningRow): Pick<AuditEntry, 'consent' | 'identity' | 'events'> {
    const wording = entry.disclosureSha256 ? `version ${entry.disclosureVersion}, SHA-256 ${entry.disclosureSha256}` : `version ${entry.disclosureVersion}`;
    const consent = entry.disclosureAcceptedAt ? `electronic records disclosure (${wording}) accepted ${utc(new Date(entry.disclosureAcceptedAt))}` : undefined;
    const identity =
      entry.verifiedBy === 'email-code' && entry.verifiedAt ? `one-time code mailed to ${entry.email}, entered ${utc(new Date(entry.verifiedAt))}`
        : entry.verifiedBy === 'session' ? `signed in to the investor portal as ${entry.email}`
          : entry.role === 'management' ? `countersigned by ${entry.email}, signed in as the portal's staff` : undefined;
    const events = (entry.auditEvents ?? []).map((event) => `${utc(new Date(event.at))}  ${EVENT_TITLES[event.event]}${event.detail ? ` ${event.detail}` : ''}${event.ip ? ` from ${event.ip}` : ''}${event.userAgent ? `, ${event.userAgent}` : ''}`);
    return { consent, identity, events };
  }

  /**
   * Management's signature and the completed agreement: the signed document, a signature page with every signature
   * and its audit trail, sealed; stored as a SyndAgreement, and the syndication user marked complete at `completedAt`.
   * Undoes its own rows when it fails.
   */
  async function seal(row: SyndUserRow, rows: SigningRow[], documentKey: string, management: { name: string; email: string; ip: string | null; userAgent: string | null }, completedAt: Date): Promise<void> {
    const storage = fileStorage(strapi);
    const document = await storage.get(documentKey);
    const documentSha256 = sha256(document);
    const signer: SigningRow = await db().create({
      data: {
        label: `management · ${management.name} · ${row.fund?.name ?? ''}`,
        syndUser: row.id,
        role: 'management',
        name: management.name,
        email: management.email,
        provider: 'local',
        signedAt: completedAt,
        ip: management.ip,
        userAgent: management.userAgent,
        documentSha256,
        typedName: management.name,
      },
    });
    try {
      const fund = await fundOf(row);
      const portalName = fund.company?.portal?.name ?? 'Investor Portal';
      const trail: AuditEntry[] = [...rows, signer].map((entry) => ({
        role: entry.role,
        name: entry.name ?? '',
        email: entry.email ?? '',
        signedAt: new Date(entry.signedAt as string),
        ip: entry.ip,
        userAgent: entry.userAgent,
        documentSha256: entry.documentSha256 ?? documentSha256,
        typedName: entry.typedName,
        drawnSignature: entry.drawnSignature,
        collectedBy: entry.provider === 'dropbox-sign' ? 'Dropbox Sign' : undefined,
        ...auditOf(entry),
      }));
      const title = `Subscription Agreement - ${fund.name ?? 'Fund'} - ${investorName(row)}`;
      const completed = await completeAgreement(document, trail, sealingCertificate(portalConfig(strapi).signing), { title, portalName, completedAt, verifyUrl: pageOf(await portalSiteOf(row), '/agreements/verify') });
      const key = `agreements/${row.documentId}/${crypto.randomBytes(8).toString('hex')}-subscription-agreement.pdf`;
      await storage.put(key, completed);
      // Through the query engine: a Synd Agreement and its fingerprint are made by sealing only, and the Document Service
      // refuses every caller (docs/record-rules.md).
      await strapi.db.query(SYND_AGREEMENT).create({
        data: { originalName: `${title.replace(/[^A-Za-z0-9 ._-]+/g, '_')}.pdf`, title, docPath: key, bucketId: storage.name, syndUser: row.id, isDeleted: false, fingerprint: sha256(completed) },
      });
      const agreements = await strapi.db.query(SYND_AGREEMENT).count({ where: { syndUser: { id: row.id }, isDeleted: { $ne: true }, voidedAt: { $null: true } } });
      await strapi.db.query(SYND_USER).update({
        where: { id: row.id },
        data: { managementSignedAt: completedAt, sa_complete_date: row.sa_complete_date ?? completedAt, hasSyndAgreement: true, syndAgreementsCount: agreements },
      });
    } catch (error) {
      await db().delete({ where: { id: signer.id } });
      throw error;
    }
  }

  /** The syndication user of the caller that may be signed: going to invest; 409 otherwise. */
  async function signable(user: SigningUser, id: string | number): Promise<SyndUserRow> {
    const row = await syndUsers(strapi).ownedBy(user.id, id);
    if (row.transferredAt) throw conflict(TRANSFERRED);
    if (isInvesting(row)) throw conflict('This agreement is complete already');
    if (!isGoingToInvest(row)) throw conflict('Commit to this investment before signing its agreement');
    return row;
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

  async function embeddedUrlOf(signer: SigningRow): Promise<string | null> {
    const signatureId = signer.providerSignatureId;
    if (!signatureId || signer.provider !== 'dropbox-sign') return null;
    return atService(() => signingProvider(strapi, 'dropbox-sign').embeddedUrl(signatureId));
  }

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
          const { count } = await db().updateMany({ where: { id: signer.id, signedAt: { $null: true } }, data: { signedAt: found.signedAt } });
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
        await db().updateMany({ where: { id: { $in: rows.map((signer) => signer.id) } }, data: { documentKey: key, documentSha256: sha256(document) } });
        rows = await investorSide(row.id);
      }
      const updated = await updateFlags(row, rows);
      for (const role of newlySigned) await afterSignature(updated, rows, role, site);
      return rows;
    });
  }

  /** Records a local signer's signature with its audit data; false when they had signed already (another request won). */
  async function recordSignature(signer: SigningRow, input: { name: string; signature?: string }, request: Pick<RequestInfo, 'ip' | 'userAgent'>, at: Date): Promise<boolean> {
    const document = await fileStorage(strapi).get(signer.documentKey as string);
    const { count } = await db().updateMany({
      where: { id: signer.id, signedAt: { $null: true } },
      data: { signedAt: at, ip: request.ip, userAgent: request.userAgent, documentSha256: sha256(document), typedName: input.name, drawnSignature: input.signature ?? null },
    });
    return count > 0;
  }

  /** The signer row a link token opens; 404 for an unknown token, 403 once it expired. */
  async function signerOf(token: string): Promise<SigningRow & { syndUser: { id: number } }> {
    const signer: (SigningRow & { syndUser: { id: number } | null }) | null = token
      ? await db().findOne({ where: { tokenHash: hashCode(token), role: { $in: INVESTOR_SIDE } }, populate: { syndUser: { select: ['id'] } } })
      : null;
    if (!signer?.syndUser) throw new errors.NotFoundError('This signing link is not valid');
    if (signer.voidedAt) throw new errors.ForbiddenError(VOIDED_LINK);
    if (!signer.expiresAt || new Date(signer.expiresAt).getTime() <= Date.now()) throw new errors.ForbiddenError('This signing link has expired');
    return signer as SigningRow & { syndUser: { id: number } };
  }

  /** The document the investor side of a commitment signed (the local signer's, or the one fetched from Dropbox Sign); 404 before. */
  async function signedDocument(row: Pick<SyndUserRow, 'id'>): Promise<{ pdf: Buffer; name: string }> {
    const signers = await investorSide(row.id);
    const documentKey = signers.some((signer) => signer.signedAt) ? signers.find((signer) => signer.documentKey)?.documentKey : undefined;
    if (!documentKey) throw new errors.NotFoundError('The signed document is not available yet');
    return { pdf: await fileStorage(strapi).get(documentKey), name: 'subscription-agreement.pdf' };
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
    if (link.signer.provider !== 'local' || !link.signer.documentKey) throw conflict('This agreement is signed at the signing service, not here');
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

  /** Management signs a complete investor side: sealed, stored as a SyndAgreement, the investor told. */
  async function countersignRow(row: SyndUserRow, management: { name: string; email: string }, request: RequestInfo) {
    if (row.transferredAt) throw conflict(TRANSFERRED);
    if (row.sa_complete_date) throw conflict('This agreement is complete already');
    if (!isGoingToInvest(row)) throw conflict('The investor is not going to invest in this offering');
    let rows = await investorSide(row.id);
    if (!investorSideComplete(row, rows) || !rows.some((signer) => signer.documentKey)) {
      rows = await refreshFromProvider(row, await siteFor(row, request.origin));
    }
    if (!rows.some((signer) => signer.role === 'investor' && signer.signedAt)) throw conflict('The investor has not signed this agreement yet');
    if (!investorSideComplete(row, rows)) throw conflict('The spouse has not signed this agreement yet');
    const documentKey = rows.find((signer) => signer.documentKey)?.documentKey;
    if (!documentKey) throw conflict('The signed document is not available yet; try again in a minute');

    // One countersignature per agreement, whoever clicks at the same moment: the first to set managementSignedAt wins.
    const completedAt = new Date();
    const { count } = await strapi.db.query(SYND_USER).updateMany({ where: { id: row.id, managementSignedAt: { $null: true } }, data: { managementSignedAt: completedAt } });
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
      await notifySafely(() => notifications(strapi).send('syndication_countersigned', [recipient], notificationTags(row)), 'syndication_countersigned');
    }
    return { success: true, sa_complete_date: row.sa_complete_date };
  }

  return {
    /** POST /api/syndication/request_sign: starts signing when not started and answers the caller's own link. */
    async requestSign(user: SigningUser, id: string | number, request: RequestInfo) {
      let row = await signable(user, id);
      const site = await siteFor(row, request.origin);
      if (!(await investorSide(row.id)).length) {
        // Signing starts once per syndication user across every CMS instance: two quick clicks, even answered by two
        // instances, open one agreement; the second waits for the first and answers the same link.
        const opening = row;
        await withLease(strapi, `request-sign:${opening.id}`, async () => {
          if (!(await investorSide(opening.id)).length) await open(opening, site);
        }, { busyMessage: 'Your agreement is being prepared; please try again in a moment' });
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
      return { success: true, url, syndAgreementSignedByCurrentUser: view.syndAgreementSignedByCurrentUser, syndAgreementSignedByCurrentUserCosub: view.syndAgreementSignedByCurrentUserCosub };
    },

    /** POST /api/syndication/signing_url: the caller's link, null once signed or before signing started. */
    async signingUrl(user: SigningUser, id: string | number, request: RequestInfo) {
      const row = await syndUsers(strapi).ownedBy(user.id, id);
      if (!isGoingToInvest(row)) return { url: null };
      return { url: ownLink(await investorSide(row.id), await siteFor(row, request.origin)) };
    },

    /** POST /api/syndication/sync_sign: the signing state from the provider, written to the syndication user. */
    async syncSign(user: SigningUser, id: string | number, request: RequestInfo) {
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
     * GET /api/signing/:token: who signs what, for the site's signing page; and the checks before signing (the
     * electronic records disclosure to accept, how the signer proves who they are). The first opening is recorded.
     */
    async viewByToken(token: string, request: LinkRequest) {
      const signer = await signerOf(token);
      const row = await readSyndUser(signer.syndUser.id);
      const rows = await investorSide(row.id);
      const investorSigned = rows.some((other) => other.role === 'investor' && other.signedAt);
      const fund = await fundOf(row);
      const check = signerCheck(strapi);
      await check.opened(signer, request);
      return {
        // Not the signer's email: holding the link does not tell whose mailbox it is (identity.email is half hidden).
        signer: { role: signer.role, name: signer.name },
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
        documentUrl: signer.documentKey || row.syndAgreementDropboxSignatureRequestId ? `/api/signing/${token}/document` : null,
        ...check.state(signer, ownSession(signer, row, request), await check.disclosure(portalIdOf(fund))),
      };
    },

    /**
     * GET /api/signing/:token/document: the PDF the signer signs; with Dropbox Sign, until it is stored here (once
     * everyone signed), the request's document fetched from the service, so the signer reads it on the page before
     * accepting the disclosure, as with the local signer.
     */
    async documentByToken(token: string): Promise<{ pdf: Buffer; name: string }> {
      const signer = await signerOf(token);
      if (signer.documentKey) return { pdf: await fileStorage(strapi).get(signer.documentKey), name: 'subscription-agreement.pdf' };
      const row: Pick<SyndUserRow, 'syndAgreementDropboxSignatureRequestId'> | null = signer.provider === 'dropbox-sign'
        ? await strapi.db.query(SYND_USER).findOne({ where: { id: signer.syndUser.id }, select: ['syndAgreementDropboxSignatureRequestId'] })
        : null;
      const requestId = row?.syndAgreementDropboxSignatureRequestId;
      if (!requestId) throw new errors.NotFoundError('The document is not available here; it is signed at the signing service');
      return { pdf: await atService(() => signingProvider(strapi, 'dropbox-sign').document(requestId)), name: 'subscription-agreement.pdf' };
    },

    /** POST /api/signing/:token/disclosure: the signer accepts the electronic records disclosure (the version they read). */
    async acceptDisclosure(token: string, version: string, request: LinkRequest) {
      const { signer, fund } = await unsignedLink(token);
      const check = signerCheck(strapi);
      return check.acceptDisclosure(signer, version, await check.disclosure(portalIdOf(fund)), request);
    },

    /** POST /api/signing/:token/paper: the signer withdraws consent and asks for the agreement on paper. */
    async requestPaper(token: string, request: LinkRequest) {
      const { signer, fund } = await unsignedLink(token);
      return signerCheck(strapi).requestPaper(signer, fund.name ?? 'the fund', request);
    },

    /** POST /api/signing/:token/code: mails the signer a six-digit code that proves the link is theirs. */
    async sendCode(token: string, request: LinkRequest) {
      const { signer, fund } = await unsignedLink(token);
      const check = signerCheck(strapi);
      return check.sendCode(signer, fund.name ?? 'the fund', await check.disclosure(portalIdOf(fund)), request);
    },

    /** POST /api/signing/:token/code/verify: checks the mailed code (five tries, then the link is locked ten minutes). */
    async verifyCode(token: string, code: string, request: LinkRequest) {
      const { signer } = await unsignedLink(token);
      return signerCheck(strapi).verifyCode(signer, code, request);
    },

    /**
     * POST /api/signing/:token/embedded: Dropbox Sign's embedded signing URL of the link's signer, with what the site's
     * embedded client needs (the API app's client id, test mode); only once the signer accepted the disclosure and
     * proved who they are, as before a signature here (the URL alone lets its holder sign).
     */
    async embeddedSigning(token: string, verification: string | undefined, request: LinkRequest) {
      const { signer, row, fund } = await unsignedLink(token);
      if (signer.provider !== 'dropbox-sign') throw conflict('This agreement is signed on this page, not at a signing service');
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
    async signByToken(token: string, input: { name: string; signature?: string; verification?: string }, request: LinkRequest) {
      const { signer, row, fund } = await openLink(token);
      let rows = await assertSignersTurn(signer, row);
      if (input.signature !== undefined) {
        const png = pngOfDataUrl(input.signature);
        const valid = png && (await PDFDocument.create().then((pdf) => pdf.embedPng(png)).then(() => true, () => false));
        if (!valid) throw new errors.ValidationError('signature must be a PNG image as a data URL (data:image/png;base64,...)');
      }
      const check = signerCheck(strapi);
      const proof = { ownSession: ownSession(signer, row, request), verification: input.verification };
      await check.assertReadyToSign(signer, proof, await check.disclosure(portalIdOf(fund)), request);
      if (!(await recordSignature(signer, input, request, new Date()))) throw conflict('You have signed this agreement already');
      await check.signed(signer, proof, request);
      rows = await investorSide(row.id);
      const updated = await updateFlags(row, rows);
      await afterSignature(updated, rows, signer.role as SignerRole, await siteFor(row, request.origin));
      return { success: true, syndUserId: row.documentId };
    },

    /** GET /api/syndication/countersign: the portal's agreements every investor-side signer has signed, waiting for management. */
    async waitingForManagement(user: SigningUser, { page, pageSize }: { page: number; pageSize: number }) {
      const portal = await portals(strapi).ofUser(user);
      const funds: { id: number }[] = portal ? await strapi.db.query(FUND).findMany({ where: { company: { portal: { id: portal.id } } }, select: ['id'] }) : [];
      const { waiting, firstSignedAt } = waitingForManagementQuery(funds.map((fund) => fund.id));
      const [{ total }] = (await waiting.clone().count({ total: '*' })) as { total: number | string }[];
      const pagination = { page, pageSize, pageCount: Math.ceil(Number(total) / pageSize), total: Number(total) };
      const ids = ((await waiting.select('s.id', firstSignedAt).orderBy([{ column: 'first_signed_at' }, { column: 's.id' }]).offset((page - 1) * pageSize).limit(pageSize)) as { id: number }[])
        .map((row) => Number(row.id));
      if (!ids.length) return { items: [], pagination };
      // The page's rows and their signatures: two queries, however long the list.
      const [rows, signers]: [SyndUserRow[], SigningRow[]] = await Promise.all([
        strapi.db.query(SYND_USER).findMany({ where: { id: { $in: ids } }, populate: SYND_USER_POPULATE }),
        db().findMany({ where: { syndUser: { id: { $in: ids } }, role: { $in: INVESTOR_SIDE }, signedAt: { $notNull: true } }, populate: { syndUser: { select: ['id'] } } }),
      ]);
      const rowsById = new Map(rows.map((row) => [row.id, row]));
      const items = ids.flatMap((id) => {
        const row = rowsById.get(id);
        if (!row) return [];
        const signedAt = signers.filter((signer) => signer.syndUser?.id === id).map((signer) => signer.signedAt as string).sort().at(-1) ?? null;
        return [{
          syndUser: syndUserView(row),
          investor: { name: investorName(row), email: row.user?.email ?? null },
          investment: { name: row.investment?.name ?? null, url_slug: row.investment?.url_slug ?? null },
          invest_amount: row.invest_amount === null ? null : Number(row.invest_amount),
          signedAt,
        }];
      });
      return { items, pagination };
    },

    /**
     * POST /api/syndication/countersign: management signs; the completed agreement (the signed document, a signature
     * page with the audit trail, sealed) is stored as a SyndAgreement, sa_complete_date is set and the investor told.
     */
    async countersign(user: SigningUser, id: string | number, name: string, request: RequestInfo) {
      const portal = await portals(strapi).ofUser(user);
      if (!portal) throw new errors.NotFoundError('Not found');
      return countersignRow(await syndUsers(strapi).inPortal(portal.id, id), { name, email: user.email }, request);
    },

    /**
     * The sponsor desk's countersigning (docs/sponsor-desk.md): a staff member signs several agreements for management,
     * one after the other, each sealed as above; each answers on its own (one refused stops none of the others).
     */
    async countersignAllAsStaff(ids: (string | number)[], management: { name: string; email: string }, request: RequestInfo) {
      const results: ({ syndUser: string | number; success: true; sa_complete_date: string | null } | { syndUser: string | number; success: false; error: string })[] = [];
      for (const id of new Set(ids)) {
        try {
          const row: SyndUserRow | null = isRowId(id) ? await strapi.db.query(SYND_USER).findOne({ where: byId(id), populate: SYND_USER_POPULATE }) : null;
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

    /** GET /api/syndication/countersign/:id/document: the document the investor side signed, for the portal's admins to read before countersigning. */
    async documentToCountersign(user: SigningUser, id: string | number): Promise<{ pdf: Buffer; name: string }> {
      const portal = await portals(strapi).ofUser(user);
      if (!portal) throw new errors.NotFoundError('Not found');
      return signedDocument(await syndUsers(strapi).inPortal(portal.id, id));
    },

    /** The sponsor desk's reading (staff of the admin panel): the document a commitment's investor side signed. */
    async signedDocumentForStaff(id: string | number): Promise<{ pdf: Buffer; name: string }> {
      const row: SyndUserRow | null = isRowId(id) ? await strapi.db.query(SYND_USER).findOne({ where: byId(id), select: ['id'] }) : null;
      if (!row) throw new errors.NotFoundError('Commitment not found');
      return signedDocument(row);
    },

    /**
     * The sponsor desk's "New signing link" (docs/signing.md): each unsigned link of a commitment's agreement that can
     * be signed now (the investor's; the spouse's once the investor signed) is replaced by a new one, mailed to its
     * signer; a suspended link opens again this way. Answers whose links were sent.
     */
    async reissueLinksAsStaff(id: string | number, by: string, request: Pick<RequestInfo, 'ip' | 'userAgent'>) {
      const row: SyndUserRow | null = isRowId(id) ? await strapi.db.query(SYND_USER).findOne({ where: byId(id), populate: SYND_USER_POPULATE }) : null;
      if (!row) throw new errors.NotFoundError('Commitment not found');
      const open = waitingToSign(await investorSide(row.id));
      if (!isGoingToInvest(row) || row.sa_complete_date || !open.length) throw conflict('This commitment has no signing link waiting for a signature');
      const site = await portalSiteOf(row);
      const reissued: SigningRow[] = [];
      for (const signer of open) if (await reissueLink(signer, row, site, by, request)) reissued.push(signer);
      // Signed, or given a new link by another click, while these were mailed: nothing left to send.
      if (!reissued.length) throw conflict('This commitment has no signing link waiting for a signature');
      return { reissued: reissued.map((signer) => ({ role: signer.role, email: signer.email })) };
    },

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
        ((await strapi.db.query(uid).findMany({ where: { syndUser: { id: syndUserId }, voidedAt: { $null: true } }, select: ['id'] })) as { id: number }[]).map((each) => each.id);
      const signers = await ids(SIGNING);
      const agreements = await ids(SYND_AGREEMENT);
      if (signers.length) await db().updateMany({ where: { id: { $in: signers } }, data: stamp });
      if (agreements.length) await strapi.db.query(SYND_AGREEMENT).updateMany({ where: { id: { $in: agreements } }, data: stamp });
      const kept = await strapi.db.query(SYND_AGREEMENT).count({ where: { syndUser: { id: syndUserId }, isDeleted: { $ne: true }, voidedAt: { $null: true } } });
      await strapi.db.query(SYND_USER).update({
        where: { id: syndUserId },
        data: {
          sa_start_date: null, sa_complete_date: null, managementSignedAt: null, syndAgreementSignedByCurrentUser: false, syndAgreementSignedByCurrentUserCosub: false,
          syndAgreementDropboxSignatureRequestId: null, syndAgreementDropboxSigningURL: null, hasSyndAgreement: kept > 0, syndAgreementsCount: kept,
        },
      });
      return { signers: signers.length, agreements: agreements.length, requestId: row.syndAgreementDropboxSignatureRequestId };
    },

    /** Withdraws a voided request at Dropbox Sign; the voiding stands whether or not the service answers (logged). */
    async cancelAtService(requestId: string | null): Promise<void> {
      if (!requestId) return;
      await signingProvider(strapi, 'dropbox-sign')
        .cancel(requestId)
        .catch((error: unknown) => strapi.log.warn(`Signature request ${requestId} not withdrawn at Dropbox Sign: ${error instanceof Error ? error.message : String(error)}`));
    },

    /**
     * Opens a commitment's agreement for the sponsor desk (an amendment, a transfer's new commitment) with its terms as
     * stored, as the investor's request_sign does, without mail: in the caller's transaction; mailInvestorLink after it.
     */
    async openAsStaff(syndUserId: number): Promise<void> {
      await open(await readSyndUser(syndUserId), null);
    },

    /** Mails the investor of a commitment their open link, as the normal flow does; answers the address, null when none was mailed. */
    async mailInvestorLink(syndUserId: number): Promise<string | null> {
      const row = await readSyndUser(syndUserId);
      const investor = waitingToSign(await investorSide(row.id)).find((signer) => signer.role === 'investor');
      return investor && (await mailLink(investor, row, await portalSiteOf(row))) ? investor.email : null;
    },

    /**
     * GET /api/agreements/verify/:sha256: whether `portal` issued the completed agreement whose sealed PDF has this
     * SHA-256; when it did, when it was completed and its signers' initials, nothing else (the page is public). 404 else.
     */
    async verifyAgreement(portal: { id: number; name?: string | null }, fingerprint: string) {
      const agreement: { createdAt: string; voidedAt: string | null; syndUser: { id: number } | null } | null = await strapi.db.query(SYND_AGREEMENT).findOne({
        where: { fingerprint, isDeleted: { $ne: true } },
        select: ['createdAt', 'voidedAt'],
        populate: { syndUser: { select: ['id'] } },
      });
      const row = agreement?.syndUser ? await readSyndUser(agreement.syndUser.id) : null;
      if (!agreement || !row || row.fund?.company?.portal?.id !== portal.id) throw new errors.NotFoundError('Unknown: this portal issued no agreement with this fingerprint');
      // The agreement's own signers: a voided one's were voided with it (the same moment), a current one's are not void.
      const signers: SigningRow[] = await db().findMany({
        where: { syndUser: { id: row.id }, signedAt: { $notNull: true }, voidedAt: agreement.voidedAt ? { $eq: agreement.voidedAt } : { $null: true } },
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
    async downloadLink(user: SigningUser, syndUserId: string | number, cmsOrigin: string) {
      const row = await syndUsers(strapi).ownedBy(user.id, syndUserId);
      const agreement: { originalName: string | null; docPath: string | null; bucketId: string | null } | null = await strapi.db.query(SYND_AGREEMENT).findOne({
        where: { syndUser: { id: row.id }, isDeleted: { $ne: true }, voidedAt: { $null: true }, docPath: { $notNull: true } },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      });
      if (!agreement?.docPath) throw new errors.NotFoundError('Not found');
      const originalName = agreement.originalName || 'subscription-agreement.pdf';
      const token = fileLinkToken({ storage: agreement.bucketId || fileStorage(strapi).name, key: agreement.docPath, name: originalName, owner: user.id });
      return { url: `${cmsOrigin}/api/files/${token}`, originalName };
    },

    /** POST /api/signing/dropbox/events: a verified Dropbox Sign event about a request of ours updates that agreement. */
    async dropboxEvent(payload: { event?: { event_type?: string }; signature_request?: { signature_request_id?: string } }) {
      const requestId = payload.signature_request?.signature_request_id;
      const type = payload.event?.event_type;
      if (!requestId || !type || !/^signature_request_(signed|all_signed|viewed|downloadable)$/.test(type)) return;
      const row: SyndUserRow | null = await strapi.db.query(SYND_USER).findOne({ where: { syndAgreementDropboxSignatureRequestId: requestId }, populate: SYND_USER_POPULATE });
      if (row && isGoingToInvest(row)) await refreshFromProvider(row, await siteFor(row, undefined));
    },

    /**
     * Discards the agreement a syndication user has not signed yet, so the next request_sign renders one with the new
     * terms (call it when the terms change). Nothing is discarded once anyone signed. Answers how many signer rows went.
     */
    async discardUnsigned(syndUserId: number): Promise<number> {
      const rows = await investorSide(syndUserId);
      if (!rows.length || rows.some((signer) => signer.signedAt)) return 0;
      const before: { syndAgreementDropboxSignatureRequestId: string | null } | null = await strapi.db
        .query(SYND_USER)
        .findOne({ where: { id: syndUserId }, select: ['syndAgreementDropboxSignatureRequestId'] });
      const { count } = await db().deleteMany({ where: { id: { $in: rows.map((signer) => signer.id) }, signedAt: { $null: true } } });
      await strapi.db.query(SYND_USER).update({
        where: { id: syndUserId },
        data: { syndAgreementDropboxSignatureRequestId: null, syndAgreementSignedByCurrentUser: false, syndAgreementSignedByCurrentUserCosub: false },
      });
      // The request at the signing service is withdrawn too, so its mailed links stop working. The new terms stand
      // whether or not the service answers: a request left open there can no longer complete an agreement here.
      const requestId = before?.syndAgreementDropboxSignatureRequestId;
      const provider = rows[0].provider;
      if (requestId && provider) {
        await signingProvider(strapi, provider)
          .cancel(requestId)
          .catch((error: unknown) => strapi.log.warn(`Signature request ${requestId} not withdrawn at ${provider}: ${error instanceof Error ? error.message : String(error)}`));
      }
      return count;
    },

    /**
     * Gives the completed agreements stored before fingerprints existed theirs (the public check answered them
     * "Unknown"): the SHA-256 of each stored file, `batch` rows at a time, reading only rows without a fingerprint and
     * writing only where there is still none, so it can run at every start, and on several instances at once. A file
     * that is not in this CMS's storage is left as it is. Answers how many it filled.
     */
    async backfillFingerprints({ batch = 100 }: { batch?: number } = {}): Promise<number> {
      const storage = fileStorage(strapi);
      let filled = 0;
      let after = 0;
      for (;;) {
        const rows: { id: number; docPath: string; bucketId: string | null }[] = await strapi.db.query(SYND_AGREEMENT).findMany({
          where: { fingerprint: { $null: true }, docPath: { $notNull: true }, id: { $gt: after } },
          select: ['id', 'docPath', 'bucketId'],
          orderBy: { id: 'asc' },
          limit: batch,
        });
        for (const row of rows) {
          if ((row.bucketId || storage.name) !== storage.name || !(await storage.exists(row.docPath))) continue;
          const fingerprint = sha256(await storage.get(row.docPath));
          const { count } = await strapi.db.query(SYND_AGREEMENT).updateMany({ where: { id: row.id, fingerprint: { $null: true } }, data: { fingerprint } });
          filled += count;
        }
        if (rows.length < batch) return filled;
        after = rows[rows.length - 1].id;
      }
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
      const spouse = isGoingToInvest(row) ? waitingToSign(await investorSide(row.id)).find((signer) => signer.role === 'spouse') : undefined;
      if (!spouse || isSuspended(spouse) || askedForPaper(spouse)) return null;
      if (!(await mailLink(spouse, row, await portalSiteOf(row)))) return null;
      const expiresAt = new Date(Date.now() + SIGNING_LINK_DAYS * DAY_MS);
      if (!spouse.expiresAt || new Date(spouse.expiresAt) < expiresAt) await db().update({ where: { id: spouse.id }, data: { expiresAt } });
      return spouse.email;
    },

    /** The link token of a signer row (the seed prints the open links of the demo). */
    linkTokenOf(signer: Pick<SigningRow, 'tokenNonce'>): string | null {
      return signer.tokenNonce ? tokenOf(signer.tokenNonce) : null;
    },

    /**
     * Demo data (the seed): gives a seeded syndication user an agreement at `stage`, signed by the local signer at the
     * given times, without mail or notifications: 'spouse to sign' (investor signed, spouse's link open), 'management
     * to sign' (the investor side complete), or 'complete' (countersigned by `management`, sealed, stored). Does
     * nothing when the syndication user has signer rows already, so the seed can run again.
     */
    async demoAgreement(syndUserId: number, stage: 'spouse to sign' | 'management to sign' | 'complete', at: Date, management?: { name: string; email: string }): Promise<boolean> {
      if ((await db().count({ where: { syndUser: { id: syndUserId } } })) > 0) return false;
      const row = await readSyndUser(syndUserId);
      await open(row, null);
      const rows = await investorSide(row.id);
      const demo = { ip: '127.0.0.1', userAgent: 'Demo data (npm run seed)' };
      const minutes = (count: number) => new Date(at.getTime() + count * 60_000);
      for (const [index, signer] of rows.entries()) {
        if (signer.role === 'spouse' && stage === 'spouse to sign') continue;
        await recordSignature(signer, { name: signer.name ?? '' }, demo, minutes(index * 30));
      }
      const signed = await investorSide(row.id);
      await strapi.db.query(SYND_USER).update({ where: { id: row.id }, data: { sa_start_date: at } });
      await updateFlags(row, signed);
      if (stage === 'complete') {
        if (!management) throw new Error('A complete demo agreement needs the management signer');
        await seal(await readSyndUser(row.id), signed, signed[0].documentKey as string, { ...management, ...demo }, minutes(120));
      }
      return true;
    },
  };
};

export type SigningService = ReturnType<typeof signingService>;

/** The signing service, typed. */
export const signing = serviceAccessor<SigningService>(SIGNING);

export default factories.createCoreService(SIGNING, signingService);
