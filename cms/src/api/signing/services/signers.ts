import crypto from 'node:crypto';
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { SignerRole } from '../../../providers/signing';
import type { CheckedSigner } from './signer-trail';
import type { Recipient } from '../../notification/services/notification';
import { SYND_USER_POPULATE, type SyndUserRow } from '../../synd-user/services/synd-user';
import { FUND, PORTAL, SIGNING, SYND_USER } from '../../../utils/uids';
import type { Row } from '../../../utils/rows';

/** How long a signer's link works. */
export const SIGNING_LINK_DAYS = 30;
export const DAY_MS = 86_400_000;
export const INVESTOR_SIDE: SignerRole[] = ['investor', 'spouse'];
/** What a link of a transferred commitment answers when it is signed or countersigned. */
export const TRANSFERRED = 'This commitment was transferred to another investor on the sponsor desk';
/** What a link of a voided agreement answers (the commitment was amended and a new agreement mailed). */
export const VOIDED_LINK = 'This agreement was voided and replaced by a new one: use the link in your newest email';

/** One signer of one agreement, as stored (api::signing.signing). */
export type SigningRow = CheckedSigner &
  Pick<
    Row<typeof SIGNING>,
    | 'id'
    | 'documentId'
    | 'role'
    | 'name'
    | 'email'
    | 'provider'
    | 'tokenHash'
    | 'tokenNonce'
    | 'expiresAt'
    | 'linkSentAt'
    | 'signedAt'
    | 'ip'
    | 'userAgent'
    | 'documentSha256'
    | 'typedName'
    | 'drawnSignature'
    | 'documentKey'
    | 'providerSignatureId'
  > &
  Partial<Pick<Row<typeof SIGNING>, 'voidedAt'>> & { syndUser?: Pick<Row<typeof SYND_USER>, 'id'> | null };

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

/** The caller: a signed-in site user (whom a notification may go to, too). */
export interface SigningUser extends Recipient {
  level?: string | null;
  portal?: { id: number } | null;
}

/** A failure of the outside signing service: answered 502 with this message (the controller says so). */
export class SigningServiceError extends Error {}

export type FundRow = Pick<
  Row<typeof FUND>,
  'id' | 'name' | 'sa_doc_template_1_id' | 'sa_doc_template_2_id' | 'sa_doc_template_3_id' | 'sa_doc_template_4_id'
> & { company: { portal: Pick<Row<typeof PORTAL>, 'id' | 'name'> | null } | null };

export const sha256 = (data: Buffer): string => crypto.createHash('sha256').update(data).digest('hex');

/** The portal whose disclosure a fund's signers accept (null: none, the default wording). */
export const portalIdOf = (fund: FundRow): number | null => fund.company?.portal?.id ?? null;

/** The signers who can sign now and have not: the investor, and the spouse once the investor signed. */
export function waitingToSign(rows: SigningRow[]): SigningRow[] {
  const investorSigned = rows.some((signer) => signer.role === 'investor' && signer.signedAt);
  return rows.filter((signer) => !signer.signedAt && (signer.role === 'investor' || investorSigned));
}

/** Runs a call to the outside signing service: its failure is a SigningServiceError (502). */
export async function atService<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new SigningServiceError(error instanceof Error ? error.message : String(error));
  }
}

/**
 * Who signs a commitment's agreement, and where they stand: the rows every job of signing reads (links, signatures,
 * countersigning, the files) and the syndication user's flags they write.
 */
export function signers(strapi: Core.Strapi) {
  const db = () => strapi.db.query(SIGNING);

  /** The syndication user with what signing reads of it (fund, portal, investor); 404 when there is none. */
  async function readSyndUser(id: number): Promise<SyndUserRow> {
    const row: SyndUserRow | null = await strapi.db
      .query(SYND_USER)
      .findOne({ where: { id }, populate: SYND_USER_POPULATE });
    if (!row) throw new errors.NotFoundError('Not found');
    return row;
  }

  /** The fund a commitment signs for, with its company's portal; refused when it has none. */
  async function fundOf(row: SyndUserRow): Promise<FundRow> {
    const fund: FundRow | null = row.fund
      ? await strapi.db.query(FUND).findOne({
          where: { id: row.fund.id },
          populate: { company: { populate: { portal: { select: ['id', 'name'] } } } },
        })
      : null;
    if (!fund) throw new errors.ApplicationError('This investment has no fund to sign for');
    return fund;
  }

  /** The open agreement's investor-side signers (investor first): the rows of the signing not discarded. */
  async function investorSide(syndUserId: number): Promise<SigningRow[]> {
    const rows: SigningRow[] = await db().findMany({
      where: { syndUser: { id: syndUserId }, role: { $in: INVESTOR_SIDE }, voidedAt: { $null: true } },
      orderBy: { id: 'asc' },
    });
    return rows.sort(
      (a, b) => INVESTOR_SIDE.indexOf(a.role as SignerRole) - INVESTOR_SIDE.indexOf(b.role as SignerRole),
    );
  }

  /** Writes the syndication user's signing flags from its signer rows. */
  async function updateFlags(row: SyndUserRow, rows: SigningRow[]): Promise<SyndUserRow> {
    const signed = (role: SignerRole) => rows.some((signer) => signer.role === role && Boolean(signer.signedAt));
    await strapi.db.query(SYND_USER).update({
      where: { id: row.id },
      data: {
        syndAgreementSignedByCurrentUser: signed('investor'),
        syndAgreementSignedByCurrentUserCosub: signed('spouse'),
      },
    });
    return readSyndUser(row.id);
  }

  /** Sends a notification, logging instead of failing when its template is missing: the signing itself stands. */
  async function notifySafely(send: () => Promise<void>, what: string): Promise<void> {
    try {
      await send();
    } catch (error) {
      strapi.log.warn(`Notification ${what} not sent: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  return { readSyndUser, fundOf, investorSide, updateFlags, notifySafely };
}
