import type { Core } from '@strapi/strapi';
import { INVEST_STATUS, isGoingToInvest, isSpouseInvestmentRequired, type RaiseState } from '@portal/rules';
import { conflict } from '../../../utils/http-errors';
import { columnOf, linkTableOf, tableOf } from '../../../utils/tables';
import type { SignerRole } from '../../../providers/signing';
import type { SyndUserRow } from '../../synd-user/services/synd-user';
import { TRANSFERRED, type SigningRow } from './signers';
import { SIGNING, SYND_USER } from '../../../utils/uids';

/*
 * Who may countersign: management, once every signer the agreement needs has signed (the investor, and the spouse
 * when the spouse must sign too), of a commitment still going to invest, not transferred and not complete. Asked of
 * the signer rows (countersigning itself), in SQL (the countersigning queue) and of the raise state (the sponsor
 * desk's board): the three answers are kept here together.
 */

/** Whether every signer the agreement needs has signed (the spouse only when required). */
export function investorSideComplete(row: SyndUserRow, rows: SigningRow[]): boolean {
  const signed = (role: SignerRole) => rows.some((signer) => signer.role === role && signer.signedAt);
  return signed('investor') && (!isSpouseInvestmentRequired(row) || signed('spouse'));
}

/** Refuses (409) a commitment management may not countersign whoever signed: transferred, complete, or not going to invest. */
export function assertCommitmentCountersignable(row: SyndUserRow): void {
  if (row.transferredAt) throw conflict(TRANSFERRED);
  if (row.sa_complete_date) throw conflict('This agreement is complete already');
  if (!isGoingToInvest(row)) throw conflict('The investor is not going to invest in this offering');
}

/** Refuses (409) to countersign before the investor, and the spouse when required, have signed. */
export function assertInvestorSideSigned(row: SyndUserRow, rows: SigningRow[]): void {
  if (!rows.some((signer) => signer.role === 'investor' && signer.signedAt))
    throw conflict('The investor has not signed this agreement yet');
  if (!investorSideComplete(row, rows)) throw conflict('The spouse has not signed this agreement yet');
}

/**
 * Whether a commitment in this raise state (@portal/rules' raiseState, on the stored flags) waits for management's
 * countersignature: both signed, or the investor signed and no spouse must.
 */
export const awaitsCountersignature = (state: RaiseState, spouseRequired: boolean): boolean =>
  state === 'spouse_signed' || (state === 'investor_signed' && !spouseRequired);

/**
 * The syndication users of these funds waiting for management, as one query: going to invest, not countersigned,
 * signed by the investor and, when the spouse must sign too, by the spouse (investorSideComplete, in SQL); and
 * the column that orders them, when the investor signed.
 */
export function waitingForManagementQuery(strapi: Core.Strapi, fundIds: number[]) {
  const knex = strapi.db.connection;
  const funds = linkTableOf(strapi, SYND_USER, 'fund');
  const signerLinks = linkTableOf(strapi, SIGNING, 'syndUser');
  const signedAtColumn = `g.${columnOf(strapi, SIGNING, 'signedAt')}`;
  // A CROSS JOIN keeps SQLite's loop order: the agreement's few signer links first, then each signing by its key.
  // Joined the other way it would walk every signed investor signing (by the role index) for each agreement, which
  // on a grown portal (150k signings) does not answer. PostgreSQL orders the joins by its statistics either way.
  const signedBy = (role: SignerRole) =>
    knex(`${signerLinks.name} as sl`)
      .crossJoin(knex.raw('?? as g', [tableOf(strapi, SIGNING)]))
      .where('g.id', knex.ref(`sl.${signerLinks.owner}`))
      .where(`sl.${signerLinks.target}`, knex.ref('s.id'))
      .where('g.role', role)
      .whereNotNull(signedAtColumn)
      .whereNull(`g.${columnOf(strapi, SIGNING, 'voidedAt')}`);
  const waiting = knex(`${tableOf(strapi, SYND_USER)} as s`)
    .join(`${funds.name} as f`, `f.${funds.owner}`, 's.id')
    .whereIn(`f.${funds.target}`, fundIds)
    .where('s.invest_status', INVEST_STATUS.accepted)
    .whereNull('s.sa_complete_date')
    .whereNull(`s.${columnOf(strapi, SYND_USER, 'managementSignedAt')}`)
    .whereExists(signedBy('investor'))
    // isSpouseInvestmentRequired: method CASH, married and a spouse's email; then the spouse must have signed.
    .where((spouse) =>
      spouse
        .whereNull('s.method_of_inv')
        .orWhereNot('s.method_of_inv', 'CASH')
        .orWhereNull('s.is_married')
        .orWhereNot('s.is_married', true)
        .orWhereNull('s.cosub_email')
        .orWhere('s.cosub_email', '')
        .orWhereExists(signedBy('spouse')),
    );
  const firstSignedAt = signedBy('investor').min({ first: signedAtColumn }).as('first_signed_at');
  return { waiting, firstSignedAt };
}
