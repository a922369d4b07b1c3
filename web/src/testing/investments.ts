import type { FundView, InvestmentView, SyndUserView } from '@/lib/investments';

/** A fund open for investing (Started), closing 15 March 2027 at 17:00 UTC; override what a test is about. */
export function fundFixture(overrides: Partial<FundView> = {}): FundView {
  return {
    id: 3,
    documentId: 'fund-doc-3',
    name: 'Stallion Fund 2026',
    type: 'syndication',
    fund_code: 'SF26',
    description: '<p>A fund of <strong>proven sires</strong>.</p><script>alert(1)</script>',
    fee: 2,
    status: 'Started',
    open_date: '2026-01-01T00:00:00.000Z',
    start_date: '2026-02-01T00:00:00.000Z',
    close_date: '2027-03-15T17:00:00.000Z',
    end_date: '2028-01-01T00:00:00.000Z',
    min_inv_amount: 25000,
    min_inv_amount_for_existing: null,
    max_inv_amount: 500000,
    total_inv_amount: 1000000,
    schedule_call_url: null,
    url_slug: 'stallion-fund-2026',
    funding_my_investment_description: null,
    wire_instructions: null,
    check_instructions: null,
    ...overrides,
  };
}

/** A syndication user who said yes to $50,000 in cash, unmarried, and has not signed. */
export function syndUserFixture(overrides: Partial<SyndUserView> = {}): SyndUserView {
  return {
    id: 11,
    documentId: 'synd-user-doc-11',
    invest_amount: 50000,
    invest_status: 'Accepted investment',
    method_of_inv: 'CASH',
    is_married: false,
    is_marital_state: false,
    cosub_first_name: null,
    cosub_last_name: null,
    cosub_email: null,
    feedback: null,
    sa_start_date: null,
    sa_complete_date: null,
    syndAgreementSignedByCurrentUser: false,
    syndAgreementSignedByCurrentUserCosub: false,
    hasSyndAgreement: false,
    syndAgreementsCount: 0,
    ft_start_date: null,
    ft_complete_date: null,
    signingStep: 1,
    isSpouseInvestmentRequired: false,
    isInvesting: false,
    isGoingToInvest: true,
    isDeclined: false,
    managementSignedAt: null,
    ...overrides,
  };
}

/** An investment of a Started fund, with no syndication user yet (undecided). */
export function investmentFixture(overrides: Partial<InvestmentView> = {}): InvestmentView {
  return {
    id: 5,
    documentId: 'investment-doc-5',
    name: 'Into Mischief Shares',
    description: '<p>Shares in a <em>champion</em> sire.</p>',
    website: null,
    url_slug: 'into-mischief',
    fund: fundFixture(),
    syndUser: null,
    leftAmountToInvest: 400000,
    minimumAmountToInvest: 25000,
    maximumAmountToInvest: 400000,
    isAvailable: true,
    ...overrides,
  };
}
