import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import {
  commitmentProblem,
  formatUsd,
  INVEST_STATUS,
  ledgerTotals,
  storedTerms,
  yesNo,
  type CommitmentTerms,
} from '@portal/rules';
import { conflict } from '../../../utils/http-errors';
import { inTurn, TURNS } from '../../../utils/in-turn';
import { isRowId } from '../../../utils/validation';
import { serviceAccessor } from '../../../utils/service';
import { ledger } from '../../ledger-entry/services/ledger-entry';
import { notifications, type Recipient } from '../../notification/services/notification';
import { signing } from '../../signing/services/signing';
import { byId, investmentPageOf, notificationTags, SYND_USER_POPULATE, type SyndUserRow } from './synd-user';
import { FUND, SIGNING, SYND_USER } from '../../../utils/uids';
import type { Row } from '../../../utils/rows';

/** The longest reason a desk amendment or transfer keeps (it is mailed to the investor). */
export const REASON_MAX = 500;

/** The fields an amendment may change; the rest of a commitment (its investor, fund, investment) never changes. */
const TERMS = [
  'invest_amount',
  'method_of_inv',
  'is_married',
  'is_marital_state',
  'cosub_first_name',
  'cosub_last_name',
  'cosub_email',
] as const;

/** A staff member's reason, required: trimmed, 1 to REASON_MAX characters. */
export function reasonOf(value: unknown): string {
  const reason = typeof value === 'string' ? value.trim() : '';
  if (!reason)
    throw new errors.ValidationError('reason is required: say why, it is recorded and mailed to the investor');
  if (reason.length > REASON_MAX) throw new errors.ValidationError(`reason must be at most ${REASON_MAX} characters`);
  return reason;
}

/** An amount in dollars as the site takes one: a positive number, to the cent (a number, or its text). */
function amountOf(value: unknown): number {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d+(\.\d{1,2})?$/.test(text) || Number(text) <= 0 || !Number.isFinite(Number(text))) {
    throw new errors.ValidationError(
      'invest_amount must be a positive amount in dollars, to the cent (e.g. 25000 or 25000.50)',
    );
  }
  return Number(text);
}

/** A text field of the body: absent keeps the stored value; anything but text (or null) is a 400. */
function textOf(body: Record<string, unknown>, field: string, stored: string | null): string | null {
  if (!(field in body)) return stored;
  const value = body[field];
  if (value === null) return null;
  if (typeof value !== 'string' || value.length > 255)
    throw new errors.ValidationError(`${field} must be text of at most 255 characters`);
  return value;
}

/** The commitment's terms with what the body changes, checked as the site checks an investor's (the fund's maximum too). */
function amendedTerms(row: SyndUserRow, body: Record<string, unknown>, fundMax: number | null): CommitmentTerms {
  const yes = (field: 'is_married' | 'is_marital_state') => {
    if (!(field in body)) return row[field] ?? null;
    const answer = yesNo(body[field]);
    if (answer === null) throw new errors.ValidationError(`${field} must be true or false`);
    return answer;
  };
  const terms: CommitmentTerms = {
    invest_amount: 'invest_amount' in body ? amountOf(body.invest_amount) : Number(row.invest_amount ?? 0),
    method_of_inv: textOf(body, 'method_of_inv', row.method_of_inv),
    is_married: yes('is_married'),
    is_marital_state: yes('is_marital_state'),
    cosub_first_name: textOf(body, 'cosub_first_name', row.cosub_first_name),
    cosub_last_name: textOf(body, 'cosub_last_name', row.cosub_last_name),
    cosub_email: textOf(body, 'cosub_email', row.cosub_email),
  };
  // Staff may set an amount under the fund's minimum (an allocation cut back), never over its maximum.
  const problem = commitmentProblem(terms, { minimum: 0, maximum: fundMax ?? Number.POSITIVE_INFINITY });
  if (problem) throw new errors.ValidationError(problem);
  return terms;
}

/** Sends a notification, logging instead of failing: the desk's change stands once written. */
export async function notifySafely(
  strapi: Core.Strapi,
  template: string,
  recipient: Recipient | null,
  tags: Record<string, string>,
  link?: string,
): Promise<void> {
  if (!recipient) return;
  try {
    await notifications(strapi).send(template, [recipient], tags, { link });
  } catch (error) {
    strapi.log.warn(
      `Notification ${template} to ${recipient.email} not sent: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

const amendmentService = ({ strapi }: { strapi: Core.Strapi }) => ({
  /**
   * POST /sponsor-desk/commitments/:documentId/amend (docs/sponsor-desk.md, Amending and transferring commitments): a
   * commitment's amount, method and spouse changed with a reason. Before its agreement is opened the commitment is
   * simply updated; after (anyone signed or not, countersigned, funded), the agreement is voided and kept, the signing
   * starts over and a new agreement with the new terms is opened, its link mailed. The investor is notified either way.
   */
  async amend(id: unknown, body: Record<string, unknown>, by: string) {
    const reason = reasonOf(body.reason);
    const row: SyndUserRow | null = isRowId(id)
      ? await strapi.db.query(SYND_USER).findOne({ where: byId(id as string), populate: SYND_USER_POPULATE })
      : null;
    if (!row?.fund) throw new errors.NotFoundError('Commitment not found');
    if (row.transferredAt)
      throw conflict(
        "This commitment was transferred to another investor: amend the receiving investor's commitment instead",
      );
    if (row.invest_status !== INVEST_STATUS.accepted)
      throw conflict('Only an accepted commitment is amended: this investor has not committed to the offering');
    const fund = (await strapi.db
      .query(FUND)
      .findOne({ where: { id: row.fund.id }, select: ['max_inv_amount'] })) as Pick<
      Row<typeof FUND>,
      'max_inv_amount'
    > | null;
    const fundMax =
      fund?.max_inv_amount === null || fund?.max_inv_amount === undefined ? null : Number(fund.max_inv_amount);
    const changes = storedTerms(amendedTerms(row, body, fundMax));
    const before = storedTerms({ ...row, invest_amount: Number(row.invest_amount ?? 0) } as CommitmentTerms);
    if (TERMS.every((field) => String(changes[field] ?? '') === String(before[field] ?? ''))) {
      throw new errors.ValidationError('Nothing to amend: give a new amount, method or spouse');
    }
    const opened =
      (await strapi.db.query(SIGNING).count({ where: { syndUser: { id: row.id }, voidedAt: { $null: true } } })) > 0;
    // A funded commitment raised above what the ledger holds is no longer funded in full; its contributions stay.
    const contributed = ledgerTotals(
      (await ledger(strapi).linesBySyndUser([row.id])).get(row.id) ?? [],
    ).contributedCents;
    const stillFunded =
      !row.ft_complete_date || contributed === 0 || Math.round(changes.invest_amount! * 100) <= contributed;
    const at = new Date();
    const voided = await inTurn(strapi, [TURNS.fundMoney, row.fund.id], async () => {
      const done = opened ? await signing(strapi).voidSigning(row.id, { reason: `Amended: ${reason}`, by, at }) : null;
      await strapi.db
        .query(SYND_USER)
        .update({ where: { id: row.id }, data: { ...changes, ...(!stillFunded && { ft_complete_date: null }) } });
      if (opened) await signing(strapi).openAsStaff(row.id);
      return done;
    });
    let mailedTo: string | null = null;
    if (voided) {
      await signing(strapi).cancelAtService(voided.requestId);
      mailedTo = await signing(strapi).mailInvestorLink(row.id);
    }
    const amended: SyndUserRow = await strapi.db
      .query(SYND_USER)
      .findOne({ where: { id: row.id }, populate: SYND_USER_POPULATE });
    await notifySafely(
      strapi,
      'commitment_amended',
      amended.user as Recipient | null,
      {
        ...notificationTags(amended),
        previousAmount: formatUsd(Number(row.invest_amount ?? 0)),
        reason,
        nextStep: voided
          ? 'Your previous agreement is void; please sign the new one: its link is in a separate email.'
          : 'Nothing else is needed from you now.',
      },
      investmentPageOf(amended),
    );
    return {
      documentId: amended.documentId,
      amount: Number(amended.invest_amount),
      previousAmount: Number(row.invest_amount ?? 0),
      voided: voided ? { signers: voided.signers, agreements: voided.agreements } : null,
      signingLinkMailedTo: mailedTo,
    };
  },
});

export type AmendmentService = ReturnType<typeof amendmentService>;
export const amendments = serviceAccessor<AmendmentService>('api::synd-user.amendment');
export default amendmentService;
