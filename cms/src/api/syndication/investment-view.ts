import { fundStatus, INVEST_STATUS, maxInvestment, type FundView, type InvestmentView } from '@portal/rules';
import { syndUserView, type SyndUserRow } from '../synd-user/services/synd-user';

/** The fund fields an investor reads; the funding instructions only once their agreement is complete. */
export const FUND_FIELDS = [
  'id',
  'documentId',
  'name',
  'type',
  'fund_code',
  'description',
  'fee',
  'fund_status',
  'open_date',
  'start_date',
  'close_date',
  'end_date',
  'min_inv_amount',
  'min_inv_amount_for_existing',
  'max_inv_amount',
  'total_inv_amount',
  'schedule_call_url',
  'url_slug',
  'funding_my_investment_description',
  'wire_instructions',
  'check_instructions',
  'currentPercentageTotalReturned',
  'currentFundValuePercentage',
] as const;
const FUNDING_FIELDS = ['funding_my_investment_description', 'wire_instructions', 'check_instructions'] as const;

/** The investment fields an investor reads. */
export const INVESTMENT_FIELDS = ['id', 'documentId', 'name', 'description', 'website', 'url_slug'] as const;

export type Amount = number | string | null;

export interface FundRow {
  id: number;
  documentId: string;
  name: string | null;
  fund_status: string | null;
  open_date: string | null;
  start_date: string | null;
  close_date: string | null;
  end_date: string | null;
  min_inv_amount: Amount;
  min_inv_amount_for_existing: Amount;
  max_inv_amount: Amount;
  total_inv_amount: Amount;
  currentPercentageTotalReturned: Amount;
  currentFundValuePercentage: Amount;
  [field: string]: unknown;
}

/** An investment as read, its fund with every field an investor may be shown. */
export type InvestmentRow = Pick<InvestmentView, (typeof INVESTMENT_FIELDS)[number]> & { fund: FundRow | null };

/** The caller's own syndication user of an investment, as far as a view and its limits read it. */
export type OwnRow = Omit<SyndUserRow, 'user' | 'investment' | 'fund'> & { fund: { id: number } | null };

export const amount = (value: Amount | undefined): number =>
  value === null || value === undefined || value === '' ? 0 : Number(value);
export const optionalAmount = (value: Amount | undefined): number | null =>
  value === null || value === undefined || value === '' ? null : Number(value);

/** Decimal columns come back as strings from PostgreSQL; the contract answers numbers. */
function numbersIn(fund: FundRow): FundRow {
  const copy = { ...fund };
  for (const field of [
    'min_inv_amount',
    'min_inv_amount_for_existing',
    'max_inv_amount',
    'total_inv_amount',
    'fee',
    'currentPercentageTotalReturned',
    'currentFundValuePercentage',
  ] as const) {
    copy[field] = optionalAmount(fund[field] as Amount);
  }
  return copy;
}

/** What an investor may commit to a fund: what is left (their own commitment aside), minimum and maximum. */
export type Limits = { left: number; minimum: number; maximum: number };

/**
 * The limits of one fund for an investor, from everyone's accepted commitments to it (`accepted`) and the funds of the
 * investor's signed, accepted commitments (`investedIn`): the minimum is the lower one for existing investors when
 * set and they invest in another fund.
 */
export function limitsOf(fund: FundRow, own: OwnRow | null, accepted: number, investedIn: readonly number[]): Limits {
  // The caller's own accepted commitment aside: what they may commit is what the others left.
  const mine =
    own && own.invest_status === INVEST_STATUS.accepted && own.fund?.id === fund.id ? amount(own.invest_amount) : 0;
  const left = Math.max(0, amount(fund.total_inv_amount) - (accepted - mine));
  const forExisting = optionalAmount(fund.min_inv_amount_for_existing);
  const investsElsewhere = investedIn.some((fundId) => fundId !== fund.id);
  const minimum =
    forExisting !== null && forExisting > 0 && investsElsewhere ? forExisting : amount(fund.min_inv_amount);
  return { left, minimum, maximum: maxInvestment({ minimum, left, fundMax: optionalAmount(fund.max_inv_amount) }) };
}

/** One investment as the caller sees it (docs/api-investor.md), with the amounts they may commit. */
export function investmentView(investment: InvestmentRow, own: OwnRow | null, limits: Limits): InvestmentView {
  const fund = investment.fund!;
  const complete = Boolean(own?.sa_complete_date);
  const fundView: Record<string, unknown> = { ...numbersIn(fund), status: fundStatus(fund) };
  for (const field of FUNDING_FIELDS) if (!complete) fundView[field] = null;
  delete fundView.currentPercentageTotalReturned;
  delete fundView.currentFundValuePercentage;
  return {
    id: investment.id,
    documentId: investment.documentId,
    name: investment.name,
    description: investment.description,
    website: investment.website,
    url_slug: investment.url_slug,
    fund: fundView as unknown as FundView,
    syndUser: own ? syndUserView(own) : null,
    leftAmountToInvest: limits.left,
    minimumAmountToInvest: limits.minimum,
    maximumAmountToInvest: limits.maximum,
    isAvailable: fundStatus(fund) === 'Started',
  };
}
