import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { effectOf, INVEST_STATUS, SITE_PATHS, type LedgerLine } from '@portal/rules';
import { conflict } from '../../../utils/http-errors';
import { inTurn, TURNS } from '../../../utils/in-turn';
import { isRowId } from '../../../utils/validation';
import { serviceAccessor } from '../../../utils/service';
import { ledger } from '../../ledger-entry/services/ledger-entry';
import { portals } from '../../portal/services/portal';
import { signing } from '../../signing/services/signing';
import type { Recipient } from '../../notification/services/notification';
import { notifySafely, reasonOf } from '../../synd-user/services/amendment';
import {
  byId,
  investmentPageOf,
  investorName,
  notificationTags,
  SYND_USER_POPULATE,
  type SyndUserRow,
} from '../../synd-user/services/synd-user';
import { COMMITMENT_TRANSFER, LEDGER_ENTRY, PORTAL, SYND_USER, USER } from '../../../utils/uids';
import type { Row } from '../../../utils/rows';

type Investor = Pick<Row<typeof USER>, 'id' | 'documentId' | 'email' | 'username' | 'firstName' | 'lastName'> & {
  portal: Pick<Row<typeof PORTAL>, 'id'> | null;
};

/**
 * What a position's ledger lines come to, by what they do (contribution, distribution of each kind, fee): the
 * amounts a transfer moves, each as a pair of entries of that type, out of one commitment (negative) and into the
 * other (positive), so that every sum the capital accounts read (contributed, distributed by kind, fees, the balance)
 * moves whole and the fund's totals do not change.
 */
function positionOf(
  lines: LedgerLine[],
): { type: 'contribution' | 'distribution' | 'fee'; kind: string | null; cents: number }[] {
  const sums = new Map<string, { type: 'contribution' | 'distribution' | 'fee'; kind: string | null; cents: number }>();
  for (const line of lines) {
    const { effect, kind } = effectOf(line);
    const key = `${effect}:${kind ?? ''}`;
    const sum = sums.get(key) ?? { type: effect, kind, cents: 0 };
    sum.cents += line.amountCents;
    sums.set(key, sum);
  }
  return [...sums.values()].filter((sum) => sum.cents !== 0);
}

const transferService = ({ strapi }: { strapi: Core.Strapi }) => {
  /** The commitment to transfer, with its company; 404 and 409s as the desk answers them. */
  async function fromCommitment(id: unknown): Promise<SyndUserRow & { company: { id: number } | null }> {
    const row = isRowId(id)
      ? ((await strapi.db
          .query(SYND_USER)
          .findOne({ where: byId(id as string), populate: { ...SYND_USER_POPULATE, company: { select: ['id'] } } })) as
          | (SyndUserRow & { company: { id: number } | null })
          | null)
      : null;
    if (!row?.fund) throw new errors.NotFoundError('Commitment not found');
    if (row.transferredAt) throw conflict('This commitment was transferred already');
    if (row.invest_status === INVEST_STATUS.declined)
      throw conflict('This investor declined the offering: there is no position to transfer');
    if (row.invest_status !== INVEST_STATUS.accepted)
      throw conflict('Only an accepted commitment is transferred: this investor has not committed to the offering');
    return row;
  }

  /** The receiving investor: an account of the fund's portal (an account of no portal is the default portal's); 404 otherwise. */
  async function receiver(to: unknown, fundPortalId: number | null): Promise<Investor> {
    if ((typeof to !== 'string' || !to) && typeof to !== 'number')
      throw new errors.ValidationError('to must name the receiving investor (documentId or id)');
    const user = isRowId(to)
      ? ((await strapi.db.query(USER).findOne({
          where: byId(to as string),
          select: ['id', 'documentId', 'email', 'username', 'firstName', 'lastName'],
          populate: { portal: { select: ['id'] } },
        })) as Investor | null)
      : null;
    const portalId = user
      ? (user.portal?.id ?? (await portals(strapi).findAll()).find((each) => each.isDefault)?.id ?? null)
      : null;
    if (!user || portalId === null || portalId !== fundPortalId) throw new errors.NotFoundError('Investor not found');
    return user;
  }

  return {
    /**
     * POST /sponsor-desk/commitments/:documentId/transfer (docs/sponsor-desk.md, Amending and transferring
     * commitments): the whole position moves to another investor of the portal. In one turn of the fund's money: the
     * commitment is marked transferred (once: a second call is a 409), the receiver gets a commitment of the same
     * amount on the same fund, investment and company (their own row of the offering when they had only opened or
     * declined it), a Commitment Transfer records from, to, amount, reason, who and when, the ledger's position moves by
     * entries that name it, and the receiver's agreement is opened; then its link is mailed and both investors told.
     */
    async transfer(id: unknown, body: Record<string, unknown>, by: string) {
      const reason = reasonOf(body.reason);
      const from = await fromCommitment(id);
      const fund = from.fund!;
      const to = await receiver(body.to, fund.company?.portal?.id ?? null);
      if (from.user?.id === to.id)
        throw conflict('This investor holds the commitment already: choose another investor');
      if ((await ledger(strapi).openCalls([from.id])).length) {
        throw conflict(
          'This commitment owes a capital call: record its funding (or correct the call) before transferring it',
        );
      }
      const offering = from.investment ? { investment: { id: from.investment.id } } : { fund: { id: fund.id } };
      const held = (await strapi.db.query(SYND_USER).findOne({
        where: { user: { id: to.id }, ...offering },
        select: ['id', 'invest_status', 'invest_amount', 'transferredAt'],
      })) as Pick<Row<typeof SYND_USER>, 'id' | 'invest_status' | 'invest_amount' | 'transferredAt'> | null;
      const toName = investorName({ user: to, userFirstName: null, userLastName: null });
      if (held && (held.invest_status === INVEST_STATUS.accepted || held.transferredAt)) {
        throw conflict(
          `${toName} already holds a commitment to ${from.investment?.name ?? fund.name ?? 'this offering'}: amend that commitment instead, or transfer to another investor`,
        );
      }
      const at = new Date();
      const day = at.toISOString().slice(0, 10);
      const amount = Number(from.invest_amount ?? 0);
      const written = await inTurn(strapi, [TURNS.fundMoney, fund.id], async () => {
        const { count } = await strapi.db
          .query(SYND_USER)
          .updateMany({ where: { id: from.id, transferredAt: { $null: true } }, data: { transferredAt: at } });
        if (!count) throw conflict('This commitment was transferred already');
        // The ledger takes the fund over from its first entry: a commitment funded before it is brought in first.
        await ledger(strapi).recordFundedBeforeLedger(fund.id, by);
        const terms = {
          invest_status: INVEST_STATUS.accepted,
          invest_amount: amount,
          method_of_inv: from.method_of_inv === 'CASH' ? 'CASH' : from.method_of_inv,
          // The spouse was the transferor's: the receiver commits alone until staff amend their terms.
          is_married: from.method_of_inv === 'CASH' ? false : null,
          is_marital_state: null,
          cosub_first_name: null,
          cosub_last_name: null,
          cosub_email: null,
          userFirstName: to.firstName,
          userLastName: to.lastName,
          feedback: null,
          ft_start_date: from.ft_start_date,
          ft_complete_date: from.ft_complete_date,
          sa_start_date: null,
          sa_complete_date: null,
          managementSignedAt: null,
          syndAgreementSignedByCurrentUser: false,
          syndAgreementSignedByCurrentUserCosub: false,
          hasSyndAgreement: false,
          syndAgreementsCount: 0,
        };
        const receiving = held
          ? ((await strapi.db.query(SYND_USER).update({ where: { id: held.id }, data: terms })) as {
              id: number;
              documentId: string;
            })
          : ((await strapi.db.query(SYND_USER).create({
              data: {
                ...terms,
                user: to.id,
                fund: fund.id,
                investment: from.investment?.id ?? null,
                company: from.company?.id ?? null,
              },
            })) as { id: number; documentId: string });
        const position = positionOf((await ledger(strapi).linesBySyndUser([from.id])).get(from.id) ?? []);
        const contributed = position
          .filter((each) => each.type === 'contribution')
          .reduce((sum, each) => sum + each.cents, 0);
        const record = (await strapi.db.query(COMMITMENT_TRANSFER).create({
          data: {
            from: from.id,
            to: receiving.id,
            fund: fund.id,
            amount_cents: Math.round(amount * 100),
            contributed_cents: contributed,
            reason,
            by,
            at,
            transferKey: `from:${from.id}`,
          },
        })) as { id: number; documentId: string };
        for (const each of position) {
          for (const [owner, sign, side] of [
            [from.id, -1, 'out'],
            [receiving.id, 1, 'in'],
          ] as const) {
            await strapi.db.query(LEDGER_ENTRY).create({
              data: {
                syndUser: owner,
                fund: fund.id,
                type: each.type,
                kind: each.kind,
                amount_cents: sign * each.cents,
                effective_date: day,
                recordedBy: by,
                note:
                  side === 'out'
                    ? `Transferred to ${toName} (commitment transfer ${record.documentId})`
                    : `Transferred from ${investorName(from)} (commitment transfer ${record.documentId})`,
                entryKey: `transfer:${record.documentId}:${side}:${each.type}${each.kind ? `:${each.kind}` : ''}`,
              },
            });
          }
        }
        await strapi.db.query(SYND_USER).update({ where: { id: from.id }, data: { transferredTo: receiving.id } });
        await signing(strapi).openAsStaff(receiving.id);
        return { record, receiving, contributed };
      });
      const mailedTo = await signing(strapi).mailInvestorLink(written.receiving.id);
      const receivingRow: SyndUserRow = await strapi.db
        .query(SYND_USER)
        .findOne({ where: { id: written.receiving.id }, populate: SYND_USER_POPULATE });
      const tags = { ...notificationTags(from), reason, toName, fromName: investorName(from) };
      // The investor who gave the position up finds it in their transactions; the one who took it on its page.
      const transactions = SITE_PATHS.transactions.path;
      await notifySafely(strapi, 'commitment_transferred_out', from.user as Recipient | null, tags, transactions);
      await notifySafely(
        strapi,
        'commitment_transferred_in',
        receivingRow.user as Recipient | null,
        tags,
        investmentPageOf(receivingRow),
      );
      return {
        transfer: {
          documentId: written.record.documentId,
          amount,
          contributed: written.contributed / 100,
          reason,
          by,
          at: at.toISOString(),
        },
        from: {
          documentId: from.documentId,
          investor: { name: investorName(from), email: from.user?.email ?? null },
          state: 'transferred',
        },
        to: { documentId: written.receiving.documentId, investor: { name: toName, email: to.email } },
        signingLinkMailedTo: mailedTo,
      };
    },
  };
};

export type TransferService = ReturnType<typeof transferService>;
export const transfers = serviceAccessor<TransferService>('api::commitment-transfer.transfer');
export default transferService;
