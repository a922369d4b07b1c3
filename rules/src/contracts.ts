import type { FundStatus } from './fund-status';
import type { DistributionKind, LedgerType } from './ledger';
import type { MethodOfInvestment, SigningStep } from './synd-user';
import type { TaxScheduleState } from './tax-schedule';
import type { FileItem } from './contracts/collections';

/**
 * Shapes and limits the CMS answers and the site reads: one definition, so the two sides cannot drift
 * (docs/api-auth.md and docs/api-public.md describe them in words).
 */

/** Shortest password accepted at registration and reset (spec: at least 6 characters). */
export const MIN_PASSWORD = 6;

/** The user's own display preferences; an empty timezone means the device's. */
export interface ProfileSettings {
  timezone?: string;
  /**
   * ISO time up to which the user read their notifications, on any device (POST /api/profile/notifications/read);
   * unset until they first do. Beyond the spec (docs/api-profile.md, Notifications read on every device).
   */
  notificationsReadAt?: string;
}

/** The signed-in user as the CMS answers it (`me`). */
export interface Me {
  id: number;
  documentId: string;
  username: string;
  email: string;
  firstName: string | null;
  middleName: string | null;
  lastName: string | null;
  fullName: string;
  displayName: string;
  /** One of LEVELS; null or unknown counts as guest. */
  level: string | null;
  canEditContentItems: boolean;
  isGuestSession: boolean;
  newsDocumentsCount: number;
  profileSettings: ProfileSettings;
  /** The slug of the user's portal. */
  portal: string | null;
  isActive: boolean;
  /** See ACCREDITATION_OPTIONS; 0 is none. */
  accreditation: number;
  /**
   * When the accreditation was last stated (ISO), null when never. This and the two names below are optional only
   * because a session stored by an older site lacks them until the CMS answers again; the CMS always sends them.
   */
  accreditationDate?: string | null;
  trustName?: string | null;
  busEntityName?: string | null;
  homePhone: string | null;
  mobilePhone: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  country: string | null;
}

/** What a successful sign-in of any kind answers (POST /api/auth/auth, google, guest/start). */
export interface SessionAnswer {
  me: Me;
  authCode: string;
}

/** PUT /api/users/:id: the profile or accreditation fields saved; `me` as it now is. */
export interface UserSaved {
  success: true;
  me: Me;
}

/** POST /api/profile/settings: the preferences saved. */
export interface ProfileSettingsSaved {
  success: true;
  profileSettings: ProfileSettings;
}

/** POST /api/profile/notifications/read's answer: the read time the CMS keeps (never earlier than one kept before). */
export interface NotificationsReadSaved {
  success: true;
  notificationsReadAt: string;
}

/** The fields PUT /api/users/:id changes for the profile form (spec 02, section 7). */
export const PROFILE_FIELDS = [
  'homePhone',
  'mobilePhone',
  'address1',
  'address2',
  'city',
  'country',
  'state',
  'postalCode',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/** The fields PUT /api/users/:id changes for the accreditation form (spec 02, section 7). */
export const ACCREDITATION_FIELDS = ['firstName', 'lastName', 'trustName', 'busEntityName', 'accreditation'] as const;
export type AccreditationField = (typeof ACCREDITATION_FIELDS)[number];

/**
 * The content item shown under the investment summary (spec 02): GET /api/syndication/summary carries it, so the
 * dashboard is filled in three calls.
 */
export const INVESTMENT_DISCLAIMER_SLUG = 'investment-calculations-disclaimer';

/** The notification templates the site reports through POST /api/profile/notify/save (spec 02, section 7: me.notifyOf). */
export const SITE_NOTIFY_TEMPLATES = [
  'review_syndication',
  'review_syndication_document',
  'review_news_document',
  'proof_document_uploaded',
  'accreditation_status_updated',
] as const;
export type SiteNotifyTemplate = (typeof SITE_NOTIFY_TEMPLATES)[number];

/** Portal fields any visitor may read: branding, links and the public keys of outside services. */
export const PUBLIC_PORTAL_FIELDS = [
  'name',
  'pageTitle',
  'slug',
  'isDefault',
  'domains',
  'portalColor',
  'primaryColor',
  'secondaryColor',
  'facebookUrl',
  'instagramUrl',
  'youtubeUrl',
  'twitterUrl',
  'signInUrl',
  'signUpUrl',
  'educationLabel',
  'recaptchaSiteKey',
  'signInWithGoogleClientId',
  'timeZone',
] as const;

/** A portal as GET /api/auth/portals answers it. */
export type PublicPortal = {
  id: number;
  documentId: string;
  slug: string;
  name: string;
  isDefault: boolean;
  domains: string[] | null;
} & {
  [field in Exclude<(typeof PUBLIC_PORTAL_FIELDS)[number], 'slug' | 'name' | 'isDefault' | 'domains'>]: string | null;
};

/** App switches every visitor gets from settings/load, as booleans (false when not stored). */
export const SETTING_FLAGS = ['registrationDisabled', 'signInWithGoogleDisabled'] as const;
export type SettingFlag = (typeof SETTING_FLAGS)[number];

/** What the site reads from POST /api/settings/load. */
export type Settings = { [flag in SettingFlag]: boolean } & {
  /** Only given when the CMS verifies captchas; without it no captcha script is loaded. */
  recaptchaSiteKey?: string | null;
  signInWithGoogleClientId?: string | null;
};

/** An investor's syndication user of an investment, as the investment views carry it (docs/api-investor.md). */
export interface SyndUserView {
  id: number;
  documentId: string;
  invest_amount: number | null;
  invest_status: 'Accepted investment' | 'Declined investment' | null;
  method_of_inv: MethodOfInvestment | null;
  is_married: boolean | null;
  is_marital_state: boolean | null;
  cosub_first_name: string | null;
  cosub_last_name: string | null;
  cosub_email: string | null;
  feedback: string | null;
  sa_start_date: string | null;
  sa_complete_date: string | null;
  syndAgreementSignedByCurrentUser: boolean;
  syndAgreementSignedByCurrentUserCosub: boolean;
  hasSyndAgreement: boolean;
  syndAgreementsCount: number;
  ft_start_date: string | null;
  ft_complete_date: string | null;
  managementSignedAt: string | null;
  signingStep: SigningStep;
  isSpouseInvestmentRequired: boolean;
  isInvesting: boolean;
  isGoingToInvest: boolean;
  isDeclined: boolean;
}

/** A fund as the investment view carries it; the funding texts are null until the caller's agreement is complete. */
export interface FundView {
  id: number;
  documentId: string;
  name: string | null;
  type: string | null;
  fund_code: string | null;
  /** HTML. */
  description: string | null;
  fee: number | null;
  status: FundStatus;
  open_date: string | null;
  start_date: string | null;
  close_date: string | null;
  end_date: string | null;
  min_inv_amount: number | null;
  min_inv_amount_for_existing: number | null;
  max_inv_amount: number | null;
  total_inv_amount: number | null;
  schedule_call_url: string | null;
  url_slug: string | null;
  /** HTML. */
  funding_my_investment_description: string | null;
  /** HTML. */
  wire_instructions: string | null;
  /** HTML. */
  check_instructions: string | null;
}

/** One investment of the portal as one investor sees it: GET /api/syndication/mine, available, byslug/:slug. */
export interface InvestmentView {
  id: number;
  documentId: string;
  name: string | null;
  /** HTML. */
  description: string | null;
  website: string | null;
  url_slug: string | null;
  fund: FundView | null;
  syndUser: SyndUserView | null;
  leftAmountToInvest: number;
  minimumAmountToInvest: number;
  maximumAmountToInvest: number;
  isAvailable: boolean;
}

/** One row of the investor's transactions page (GET /api/profile/transactions, docs/capital-accounts.md). */
export interface TransactionRow {
  id: number;
  documentId: string;
  effective_date: string;
  type: LedgerType;
  kind: DistributionKind | null;
  /** 'Distribution (Income)', 'Adjustment of a contribution'. */
  description: string;
  amount_cents: number;
  /** The capital in after this entry, over every entry of the fund chosen (or all), whatever the type or year. */
  balance_cents: number;
  note: string | null;
  fund: { documentId: string; name: string | null; url_slug: string | null } | null;
  syndUser: { documentId: string } | null;
}

/** A page of the investor's ledger, newest first, and the choices of all their entries (funds, investments, years). */
export interface TransactionsPage {
  results: TransactionRow[];
  pagination: { page: number; pageSize: number; pageCount: number; total: number };
  funds: { documentId: string; name: string | null }[];
  /** Each investment (syndication user) with entries, for the statement. */
  investments: { syndUser: string; fund: string; name: string | null }[];
  /** Years with entries, newest first. */
  years: string[];
}

/** One fund the investor is in, as GET /api/syndication/summary computes it (docs/api-investor.md, "Investment summary"). */
export interface SummaryRow {
  fund_name: string;
  investment_made: number;
  current_distribution: number;
  percentage_returned: number;
  current_value: number;
  close_date: string | null;
  /** Beyond the spec (docs/api-investor.md): the annual internal rate of return in percent, where the fund keeps a ledger. */
  irr: number | null;
  /** (Distributions + value) / paid in. */
  equity_multiple: number | null;
  dpi: number | null;
  /** Whether the figures come from the fund's ledger (dated contributions and distributions). */
  has_ledger: boolean;
  /**
   * Beyond the spec: the day the investor's money went into the fund (YYYY-MM-DD), for a fund without a ledger: their
   * earliest funds transfer there, else their earliest completed agreement (the chart draws the fund from it). Null
   * for a ledger fund, whose history is dated entry by entry.
   */
  invested_on: string | null;
  /** The fund's documentId: the row's link to its own transactions. */
  fund_document_id: string;
}

/** A capital call the investor still owes (the summary's `openCalls`, soonest due first). */
export interface OpenCall {
  fund_name: string;
  fund_slug: string | null;
  amount: number;
  due_date: string | null;
  fundEvent: string;
}

/**
 * GET /api/profile/capital_calls/:fundEvent (beyond the spec, docs/capital-accounts.md, The capital call page): one
 * posted capital call as its investor reads it, their part of it (the sum of their commitments' items in the fund).
 */
export interface CapitalCallView {
  /** The fund event's documentId. */
  fundEvent: string;
  fund: { documentId: string; name: string; url_slug: string | null };
  /** The notice's date (YYYY-MM-DD). */
  date: string;
  /** When the money is due (YYYY-MM-DD). */
  due_date: string;
  /** What the investor is called to pay, in dollars. */
  amount: number;
  /** open: no payment confirmed yet; funded: staff confirmed every item's money; partly funded: some of it. */
  state: 'open' | 'funded' | 'partly funded';
  /** What staff confirmed received, in dollars, and the day of the last confirmation (null before any). */
  paid: number;
  paid_on: string | null;
  /** Staff's note on the call, if any. */
  note: string | null;
  /** The fund's wire instructions (HTML, sanitised on the site as every stored HTML). */
  wire_instructions: string | null;
  /** The call's notice PDF among the investor's News Documents (downloaded as any), null when none was made. */
  notice: FileItem | null;
}

/** When a fund's K-1s (or other yearly documents) are expected, or that they are issued (the summary's `taxDocuments`). */
export interface ExpectedTaxDocument {
  fund_name: string;
  taxYear: number;
  documentName: string;
  expectedDate: string | null;
  state: TaxScheduleState;
}

/**
 * GET /api/syndication/summary: rows newest close date first, the totals, the overall return in percent, and the
 * disclaimer shown under the summary (content item investment-calculations-disclaimer); beyond the spec, the money
 * over time where funds keep a ledger, the open capital calls and the expected tax documents.
 */
export interface InvestmentSummary {
  rows: SummaryRow[];
  totals: { invested: number; distribution: number; currentValue: number };
  overallReturn: number;
  history: { date: string; contributed: number; distributed: number; value: number }[];
  openCalls: OpenCall[];
  taxDocuments: ExpectedTaxDocument[];
  disclaimer: { title: string | null; body: string | null } | null;
}

// The rows of the generic collection calls (CMS server -> site).
export * from './contracts/collections';

// The public content calls: content blocks, education items, the portfolio (CMS server -> site).
export * from './contracts/contents';

// The investor's decisions on an investment (CMS server -> site).
export * from './contracts/syndication';

// The investor's files: downloads, the proof document upload, the statement check (CMS server -> site).
export * from './contracts/documents';

// The signing answers: the investor's request_sign and sync_sign, a signer's link (CMS server -> site).
export * from './contracts/signing';

// The sponsor desk's admin routes (CMS server -> admin UI), by section.
export * from './contracts/desk-pages';
export * from './contracts/desk-raise';
export * from './contracts/desk-capital';
export * from './contracts/desk-investors';
export * from './contracts/desk-tax';
