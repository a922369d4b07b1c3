import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import {
  commitmentProblem,
  displayName,
  fundStatus,
  formatUsd,
  INVEST_STATUS,
  storedTerms,
  yesNo,
  type CommitAnswer,
  type CommitmentTerms,
} from '@portal/rules';
import { conflict } from '../../../utils/http-errors';
import { inTurn, TURNS } from '../../../utils/in-turn';
import { serviceAccessor } from '../../../utils/service';
import type { AccountUser } from '../../account/users';
import { notifications } from '../../notification/services/notification';
import { portals } from '../../portal/services/portal';
import { signing } from '../../signing/services/signing';
import {
  byId,
  SYND_USER_POPULATE,
  syndUsers,
  syndUserView,
  type SyndUserRow,
} from '../../synd-user/services/synd-user';
import { commitmentTotals } from '../commitment-totals';
import {
  amount,
  FUND_FIELDS,
  INVESTMENT_FIELDS,
  limitsOf,
  type FundRow,
  type InvestmentRow,
  type Limits,
} from '../investment-view';
import { investments } from '../read-model';
import { investmentSummary } from '../summary';
import { INVESTMENT, SYND_USER } from '../../../utils/uids';

/** What the site sends to commit, before it is read into terms. */
export interface CommitmentInput {
  id: string | number;
  invest_amount: unknown;
  method_of_inv: unknown;
  is_married: unknown;
  is_marital_state: unknown;
  cosub_first_name?: string;
  cosub_last_name?: string;
  cosub_email?: string;
}

/** A signed agreement stands: its terms cannot be changed or declined any more. */
function refuseSigned(own: SyndUserRow | null): void {
  if (own?.syndAgreementSignedByCurrentUser || own?.sa_complete_date) {
    throw conflict('You have already signed the agreement for this investment');
  }
}

const syndicationService = ({ strapi }: { strapi: Core.Strapi }) => {
  /** Where a portal's investments are: through their fund's company. */
  const inPortal = (portalId: number) => ({ fund: { company: { portal: { id: portalId } } } });

  async function portalIdOf(user: AccountUser): Promise<number> {
    const portal = await portals(strapi).ofUser(user);
    if (!portal) throw new errors.NotFoundError('Not found');
    return portal.id;
  }

  function findInvestments(where: Record<string, unknown>): Promise<InvestmentRow[]> {
    return strapi.db.query(INVESTMENT).findMany({
      where,
      select: [...INVESTMENT_FIELDS],
      populate: { fund: { select: [...FUND_FIELDS] } },
      // A stable order under the callers' own sorts (PostgreSQL returns a joined query's rows in any order).
      orderBy: { id: 'asc' },
    });
  }

  const totals = commitmentTotals(strapi);

  /** The amounts an investor may commit to a fund, as a commit checks them (inside no turn yet). */
  async function limitsFor(userId: number, fund: FundRow, own: SyndUserRow | null): Promise<Limits> {
    type Row = { id: number; fund: { id: number } | null };
    const [everyone, investedIn]: [Map<number, number>, Row[]] = await Promise.all([
      totals.fundTotals([fund.id]),
      strapi.db.query(SYND_USER).findMany({
        where: { user: { id: userId }, invest_status: INVEST_STATUS.accepted, sa_complete_date: { $notNull: true } },
        select: ['id'],
        populate: { fund: { select: ['id'] } },
      }),
    ]);
    return limitsOf(
      fund,
      own,
      everyone.get(fund.id) ?? 0,
      investedIn.flatMap((row) => (row.fund ? [row.fund.id] : [])),
    );
  }

  /** The caller's syndication users of these investments, by investment id. */
  async function ownOf(userId: number, investmentIds: number[]): Promise<Map<number, SyndUserRow>> {
    // By the user alone (an investor has a commitment or two per investment), the investments picked here: a filter
    // on the investments too would have the database list every commitment to them (tens of thousands) first.
    const rows: SyndUserRow[] = investmentIds.length
      ? await strapi.db.query(SYND_USER).findMany({ where: { user: { id: userId } }, populate: SYND_USER_POPULATE })
      : [];
    const wanted = new Set(investmentIds);
    return new Map(
      rows.filter((row) => row.investment && wanted.has(row.investment.id)).map((row) => [row.investment!.id, row]),
    );
  }

  /** The investment a commit names: through the caller's syndication user, else directly (their first commit). */
  async function target(
    user: AccountUser,
    id: string | number,
  ): Promise<{ investment: InvestmentRow; own: SyndUserRow | null }> {
    const portalId = await portalIdOf(user);
    const own: SyndUserRow | null = await strapi.db
      .query(SYND_USER)
      .findOne({ where: { ...byId(id), user: { id: user.id } }, populate: SYND_USER_POPULATE });
    const [investment] = await findInvestments({
      ...(own?.investment ? { id: own.investment.id } : byId(id)),
      ...inPortal(portalId),
    });
    if (!investment?.fund) throw new errors.NotFoundError('Not found');
    if (own) return { investment, own };
    return { investment, own: (await ownOf(user.id, [investment.id])).get(investment.id) ?? null };
  }

  /**
   * Runs `write` in one transaction, in turn with every other decision on the same fund (so what is left to invest is
   * read and committed as one step), with the caller's syndication user of the investment as the transaction sees it:
   * a simultaneous first commit or decline by the same investor may have made it since it was read, and is then
   * changed rather than a second one made. A signed agreement stands and is never changed.
   */
  function decide<T>(
    user: AccountUser,
    investment: InvestmentRow,
    write: (own: SyndUserRow | null) => Promise<T>,
  ): Promise<T> {
    return inTurn(strapi, [TURNS.fundCommitments, investment.fund!.id], async () => {
      const own = (await ownOf(user.id, [investment.id])).get(investment.id) ?? null;
      refuseSigned(own);
      return write(own);
    });
  }

  /** Tells the portal's staff about a decision; a missing template or mail failure never undoes the decision. */
  async function tellStaff(user: AccountUser, templateName: string, tags: Record<string, string>): Promise<void> {
    const portalId = await portalIdOf(user);
    await notifications(strapi)
      .toPortalStaff(portalId, templateName, { userName: displayName(user), ...tags })
      .catch((error: unknown) =>
        strapi.log.warn(
          `Notification ${templateName} not sent: ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
  }

  return {
    /** The investments the caller said yes to, newest commitment first. */
    async mine(user: AccountUser) {
      return { items: await investments(strapi).mine(user.id, await portalIdOf(user)) };
    },

    /** The portal's investments open for commitments (fund Started), soonest closing first, with the caller's decision. */
    async available(user: AccountUser) {
      return { items: await investments(strapi).available(user.id, await portalIdOf(user)) };
    },

    /** The portal's investment with this url_slug (its own, else its fund's), whatever its status. */
    async bySlug(user: AccountUser, slug: string) {
      const shown = await investments(strapi).bySlug(user.id, await portalIdOf(user), slug);
      if (!shown) throw new errors.NotFoundError('Not found');
      return shown;
    },

    /** One row per fund the caller invests in, with the spec's formulas, newest close date first, and the overall return. */
    async summary(user: AccountUser) {
      return investmentSummary(strapi, user, await portalIdOf(user));
    },

    /**
     * Says yes to an investment with these terms, checked by the spec's rules. The fund's total is checked and the
     * commitment written in one transaction holding the fund's row, so simultaneous commits never oversubscribe it.
     */
    async setInvesting(user: AccountUser, input: CommitmentInput): Promise<CommitAnswer> {
      if (!user.accreditation)
        throw new errors.ForbiddenError('Please state your accreditation status before investing');
      const { investment, own } = await target(user, input.id);
      const fund = investment.fund!;
      if (fundStatus(fund) !== 'Started') throw new errors.ValidationError('This offering is not open for investment');
      refuseSigned(own);
      const terms: CommitmentTerms = {
        invest_amount:
          typeof input.invest_amount === 'number' ||
          (typeof input.invest_amount === 'string' && /^\d+(\.\d{1,2})?$/.test(input.invest_amount.trim()))
            ? Number(input.invest_amount)
            : null,
        method_of_inv: typeof input.method_of_inv === 'string' ? input.method_of_inv : null,
        is_married: yesNo(input.is_married),
        is_marital_state: yesNo(input.is_marital_state),
        cosub_first_name: input.cosub_first_name ?? null,
        cosub_last_name: input.cosub_last_name ?? null,
        cosub_email: input.cosub_email ?? null,
      };
      const limits = await limitsFor(user.id, fund, own);
      const problem = commitmentProblem(terms, limits);
      if (problem) throw new errors.ValidationError(problem);

      const data = {
        invest_status: INVEST_STATUS.accepted,
        ...storedTerms(terms),
        userFirstName: user.firstName ?? null,
        userLastName: user.lastName ?? null,
        sa_start_date: new Date(),
      };
      const { savedId, changed } = await decide(user, investment, async (current) => {
        const left = amount(fund.total_inv_amount) - (await totals.committed(fund.id, current?.id));
        if (terms.invest_amount! > left) {
          throw conflict(`Only ${formatUsd(Math.max(0, left))} is left to invest in this offering`);
        }
        if (current) {
          await strapi.db.query(SYND_USER).update({ where: { id: current.id }, data });
          return { savedId: current.id, changed: true };
        }
        const created = await strapi.db.query(SYND_USER).create({
          data: {
            ...data,
            user: user.id,
            fund: fund.id,
            investment: investment.id,
            syndAgreementsCount: 0,
            hasSyndAgreement: false,
          },
        });
        return { savedId: created.id as number, changed: false };
      });
      // New terms make any agreement not signed yet stale: the next request_sign renders one with these.
      if (changed) await signing(strapi).discardUnsigned(savedId);
      const saved = await syndUsers(strapi).ownedBy(user.id, savedId);
      await tellStaff(user, 'syndication_committed', {
        investmentName: investment.name ?? '',
        amount: formatUsd(terms.invest_amount),
      });
      return { success: true, syndUser: syndUserView(saved) };
    },

    /** Says no to an investment (with optional feedback); a signed agreement stands and cannot be declined here. */
    async setNotInvesting(user: AccountUser, id: string | number, feedback: string | undefined): Promise<CommitAnswer> {
      const { investment } = await target(user, id);
      const data = {
        invest_status: INVEST_STATUS.declined,
        feedback: feedback?.trim() || null,
        userFirstName: user.firstName ?? null,
        userLastName: user.lastName ?? null,
      };
      const { savedId, changed } = await decide(user, investment, async (current) =>
        current
          ? {
              savedId: (await strapi.db.query(SYND_USER).update({ where: { id: current.id }, data })).id as number,
              changed: true,
            }
          : {
              savedId: (
                await strapi.db.query(SYND_USER).create({
                  data: {
                    ...data,
                    user: user.id,
                    fund: investment.fund!.id,
                    investment: investment.id,
                    invest_amount: 0,
                  },
                })
              ).id as number,
              changed: false,
            },
      );
      if (changed) await signing(strapi).discardUnsigned(savedId);
      const saved = await syndUsers(strapi).ownedBy(user.id, savedId);
      await tellStaff(user, 'syndication_declined', {
        investmentName: investment.name ?? '',
        feedback: data.feedback ?? '',
      });
      return { success: true, syndUser: syndUserView(saved) };
    },
  };
};

export type SyndicationService = ReturnType<typeof syndicationService>;

/** The syndication service, typed. */
export const syndications = serviceAccessor<SyndicationService>('api::syndication.syndication');

export default syndicationService;
