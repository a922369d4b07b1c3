import { factories, type Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import {
  displayName,
  formatUsd,
  isDeclined,
  isGoingToInvest,
  isInvesting,
  investmentPath,
  isSpouseInvestmentRequired,
  signingStep,
  type SyndUserView,
} from '@portal/rules';
import { serviceAccessor } from '../../../utils/service';
import { FUND, INVESTMENT, PORTAL, SYND_USER, USER } from '../../../utils/uids';
import type { Row } from '../../../utils/rows';

/** A syndication user as stored, with what our services read of its relations. */
export type SyndUserRow = Pick<
  Row<typeof SYND_USER>,
  | 'id'
  | 'documentId'
  | 'invest_amount'
  | 'invest_status'
  | 'method_of_inv'
  | 'is_married'
  | 'is_marital_state'
  | 'cosub_first_name'
  | 'cosub_last_name'
  | 'cosub_email'
  | 'feedback'
  | 'sa_start_date'
  | 'sa_complete_date'
  | 'syndAgreementSignedByCurrentUser'
  | 'syndAgreementSignedByCurrentUserCosub'
  | 'hasSyndAgreement'
  | 'syndAgreementsCount'
  | 'syndAgreementDropboxSignatureRequestId'
  | 'syndAgreementDropboxSigningURL'
  | 'ft_start_date'
  | 'ft_complete_date'
  | 'userFirstName'
  | 'userLastName'
> &
  // transferredAt: set when the sponsor desk moved the position to another investor (docs/sponsor-desk.md).
  Partial<Pick<Row<typeof SYND_USER>, 'managementSignedAt' | 'transferredAt'>> & {
    user: Pick<Row<typeof USER>, 'id' | 'documentId' | 'email' | 'firstName' | 'lastName' | 'username'> | null;
    investment: Pick<Row<typeof INVESTMENT>, 'id' | 'documentId' | 'name' | 'url_slug'> | null;
    fund:
      | (Pick<Row<typeof FUND>, 'id' | 'documentId' | 'name'> &
          Partial<Pick<Row<typeof FUND>, 'url_slug'>> & {
            company: { portal: Pick<Row<typeof PORTAL>, 'id'> | null } | null;
          })
      | null;
  };

/** The relations every syndication user is read with. */
export const SYND_USER_POPULATE = {
  user: { select: ['id', 'documentId', 'email', 'firstName', 'lastName', 'username'] },
  investment: { select: ['id', 'documentId', 'name', 'url_slug'] },
  fund: {
    select: ['id', 'documentId', 'name', 'url_slug'],
    populate: { company: { select: ['id'], populate: { portal: { select: ['id'] } } } },
  },
};

/** What a name is made of: the profile's names (the account's, else the commitment's), else the account itself. */
type Named = Pick<SyndUserRow, 'userFirstName' | 'userLastName'> & {
  user?: { email: string; username?: string | null; firstName?: string | null; lastName?: string | null } | null;
};

export const personName = (first: string | null | undefined, last: string | null | undefined): string =>
  [first, last]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');

/** The investor's name as agreements, notices and statements state it: their profile name, else their email. */
export const investorName = (row: Named): string =>
  personName(row.user?.firstName ?? row.userFirstName, row.user?.lastName ?? row.userLastName) ||
  (row.user ? displayName(row.user) || row.user.email : 'Investor');

/** The %tags% a notification about a commitment fills in (its templates are in notification-template/built-in.ts). */
export function notificationTags(
  row: Named & Pick<SyndUserRow, 'invest_amount' | 'investment' | 'fund'>,
): Record<string, string> {
  return {
    userName: investorName(row),
    investmentName: row.investment?.name ?? '',
    fundName: row.fund?.name ?? '',
    amount: formatUsd(row.invest_amount === null ? 0 : Number(row.invest_amount)),
  };
}

/** The site page of a commitment's investment (its slug, else its fund's, else the dashboard): where its notices link. */
export const investmentPageOf = (row: Pick<SyndUserRow, 'investment' | 'fund'>): string =>
  investmentPath(row.investment?.url_slug, row.fund?.url_slug);

/** The row an id names: a numeric id or a documentId. */
export const byId = (id: string | number) =>
  typeof id === 'number' || /^\d+$/.test(id) ? { id: Number(id) } : { documentId: id };

/** A syndication user as the site sees it (docs/api-investor.md): its own fields and the states the rules derive. */
export function syndUserView(row: Omit<SyndUserRow, 'user' | 'investment' | 'fund'>): SyndUserView {
  return {
    id: row.id,
    documentId: row.documentId,
    invest_amount: row.invest_amount === null ? null : Number(row.invest_amount),
    invest_status: row.invest_status as SyndUserView['invest_status'],
    method_of_inv: row.method_of_inv as SyndUserView['method_of_inv'],
    is_married: row.is_married,
    is_marital_state: row.is_marital_state,
    cosub_first_name: row.cosub_first_name,
    cosub_last_name: row.cosub_last_name,
    cosub_email: row.cosub_email,
    feedback: row.feedback,
    sa_start_date: row.sa_start_date,
    sa_complete_date: row.sa_complete_date,
    syndAgreementSignedByCurrentUser: Boolean(row.syndAgreementSignedByCurrentUser),
    syndAgreementSignedByCurrentUserCosub: Boolean(row.syndAgreementSignedByCurrentUserCosub),
    hasSyndAgreement: Boolean(row.hasSyndAgreement),
    syndAgreementsCount: row.syndAgreementsCount ?? 0,
    ft_start_date: row.ft_start_date,
    ft_complete_date: row.ft_complete_date,
    managementSignedAt: row.managementSignedAt ?? null,
    signingStep: signingStep(row),
    isSpouseInvestmentRequired: isSpouseInvestmentRequired(row),
    isInvesting: isInvesting(row),
    isGoingToInvest: isGoingToInvest(row),
    isDeclined: isDeclined(row),
  };
}

const syndUserService = ({ strapi }: { strapi: Core.Strapi }) => ({
  /** The caller's syndication user `id` (numeric id or documentId), with its relations; 404 'Not found' when it is not theirs. */
  async ownedBy(userId: number, id: string | number): Promise<SyndUserRow> {
    const row: SyndUserRow | null = await strapi.db.query(SYND_USER).findOne({
      where: { ...byId(id), user: { id: userId } },
      populate: SYND_USER_POPULATE,
    });
    if (!row) throw new errors.NotFoundError('Not found');
    return row;
  },

  /** A syndication user of the portal, whoever owns it (management's countersigning); 404 'Not found' otherwise. */
  async inPortal(portalId: number, id: string | number): Promise<SyndUserRow> {
    const row: SyndUserRow | null = await strapi.db.query(SYND_USER).findOne({
      where: { ...byId(id), fund: { company: { portal: { id: portalId } } } },
      populate: SYND_USER_POPULATE,
    });
    if (!row) throw new errors.NotFoundError('Not found');
    return row;
  },
});

export type SyndUserService = ReturnType<typeof syndUserService>;

/** The syndication user service, typed. */
export const syndUsers = serviceAccessor<SyndUserService>(SYND_USER);

export default factories.createCoreService(SYND_USER, syndUserService);
