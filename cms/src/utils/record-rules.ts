import { DESK_ACTION, SYND_USER } from './uids';

/**
 * The records that carry money, identity, signatures or files, and how each field of theirs may be written through
 * the Document Service: by the admin panel's generic editor (every staff role, the super admin's too), a script, or
 * any other caller. The product's own flows (the sponsor desk, the signing, sign-up, the seeds) write with the query
 * engine or inside `productFlow` (utils/product-flow.ts). bootstrap/record-rules.ts enforces this table on every
 * Document Service write; docs/record-rules.md is the same table in words. Whatever a rule lets through, no record
 * links rows of two portals (the same-portal check, bootstrap/record-rules.ts).
 */

/** How one field may be written through the Document Service. */
export type FieldRule =
  /** Staff edit it (in a record of a portal they run). */
  | 'staff'
  /** Set only by the product's own flows: a new record leaves it empty, an edit sends it unchanged. */
  | 'flow'
  /** Chosen when the record is made, never changed after. */
  | 'fixed'
  /** Chosen when the record is made; changed only while no other record links to it (which would then link another portal). */
  | 'fixed-once-used'
  /** Staff change it until signing has started (the agreement states it): then only the desk's Amend changes it. */
  | 'before-signing'
  /** A storage key or what it came with: set by uploading the record's file, never typed. */
  | 'file'
  /** Staff type it until the fund has a valuation; from then on the newest valuation sets it. */
  | 'until-valued';

export interface RecordRule {
  /** What the record is called in a refusal ('commitment', 'tax document'). */
  name: string;
  /** What it carries, for the docs' table. */
  carries: 'money' | 'identity' | 'signatures' | 'files' | 'records';
  /**
   * Set when nobody makes, changes or deletes the record through the Document Service: the refusal, which says where
   * it is made instead. `changed`, when given, is said instead to a change or delete of a stored one.
   */
  sealed?: { refusal: string; changed?: string; draftsDeletable?: boolean };
  /** Every field of a record that is not sealed, with its rule (a test holds this list to the schema). */
  fields?: Record<string, FieldRule>;
  /** Never deleted while other records link to it: they would be left in no portal. */
  keptWhileLinked?: boolean;
  /** A stored record matching `where` is neither changed nor deleted through the Document Service. */
  sealedWhen?: { where: Record<string, unknown>; refusal: string };
  /** A field's own refusal, where the rule's general words would not say where it is set instead. */
  refusals?: Record<string, string>;
  /** Kept once money was recorded for it or its signing started: never deleted (its history would name nothing). */
  keptWithHistory?: boolean;
}

/** A document's file fields: where the stored file is and what it is called, all set by uploading it. */
const FILE_FIELDS = {
  originalName: 'file',
  docPath: 'file',
  docURL: 'file',
  bucketId: 'file',
} as const satisfies Record<string, FieldRule>;

export const RECORD_RULES: Readonly<Record<string, RecordRule>> = {
  [SYND_USER]: {
    name: 'commitment',
    carries: 'money',
    keptWithHistory: true,
    refusals: {
      user: 'User (the investor) is fixed when the commitment is made: to give this position to another investor, use Transfer on the sponsor desk',
    },
    fields: {
      user: 'fixed',
      fund: 'fixed',
      investment: 'fixed',
      company: 'fixed',
      invest_amount: 'before-signing',
      method_of_inv: 'before-signing',
      is_married: 'before-signing',
      is_marital_state: 'before-signing',
      cosub_first_name: 'before-signing',
      cosub_last_name: 'before-signing',
      cosub_email: 'before-signing',
      userFirstName: 'before-signing',
      userLastName: 'before-signing',
      feedback: 'staff',
      invest_status: 'flow',
      sa_start_date: 'flow',
      sa_complete_date: 'flow',
      syndAgreementDropboxSignatureRequestId: 'flow',
      syndAgreementDropboxSigningURL: 'flow',
      syndAgreementSignedByCurrentUser: 'flow',
      syndAgreementSignedByCurrentUserCosub: 'flow',
      managementSignedAt: 'flow',
      hasSyndAgreement: 'flow',
      syndAgreementsCount: 'flow',
      ft_start_date: 'flow',
      ft_complete_date: 'flow',
      lastRemindedAt: 'flow',
      transferredAt: 'flow',
      transferredTo: 'flow',
    },
  },
  'api::fund.fund': {
    name: 'fund',
    carries: 'money',
    keptWithHistory: true,
    keptWhileLinked: true,
    refusals: {
      currentFundValuePercentage:
        "Current value (%) follows this fund's newest valuation: record a valuation on the sponsor desk (Capital accounts) instead of editing it here",
    },
    fields: {
      name: 'staff',
      type: 'staff',
      fund_code: 'staff',
      description: 'staff',
      funding_my_investment_description: 'staff',
      fee: 'staff',
      fund_status: 'staff',
      open_date: 'staff',
      start_date: 'staff',
      close_date: 'staff',
      end_date: 'staff',
      min_inv_amount: 'staff',
      min_inv_amount_for_existing: 'staff',
      max_inv_amount: 'staff',
      total_inv_amount: 'staff',
      wire_instructions: 'staff',
      check_instructions: 'staff',
      url_slug: 'staff',
      schedule_call_url: 'staff',
      sa_doc_template_1_id: 'staff',
      sa_doc_template_2_id: 'staff',
      sa_doc_template_3_id: 'staff',
      sa_doc_template_4_id: 'staff',
      currentPercentageTotalReturned: 'staff',
      currentPercentagesUpdatedAt: 'staff',
      syndDocumentsCount: 'staff',
      syndUsersCount: 'staff',
      company: 'fixed-once-used',
      currentFundValuePercentage: 'until-valued',
    },
  },
  'api::investment.investment': {
    name: 'investment',
    carries: 'money',
    keptWhileLinked: true,
    fields: {
      name: 'staff',
      description: 'staff',
      website: 'staff',
      twitter_url: 'staff',
      purchase_price: 'staff',
      num_shares: 'staff',
      inv_amount: 'staff',
      inv_type: 'staff',
      url_slug: 'staff',
      fund: 'fixed-once-used',
      company: 'fixed-once-used',
    },
  },
  'api::company.company': {
    name: 'company',
    carries: 'money',
    keptWhileLinked: true,
    fields: {
      name: 'staff',
      address: 'staff',
      city: 'staff',
      state: 'staff',
      postal_code: 'staff',
      email: 'staff',
      portal: 'fixed-once-used',
    },
  },
  'plugin::users-permissions.user': {
    name: 'user',
    carries: 'identity',
    fields: {
      username: 'staff',
      email: 'staff',
      provider: 'staff',
      password: 'staff',
      resetPasswordToken: 'flow',
      confirmationToken: 'flow',
      confirmed: 'staff',
      blocked: 'staff',
      role: 'staff',
      level: 'staff',
      isActive: 'staff',
      confirmEmailCode: 'flow',
      resetPasswordCode: 'flow',
      resetPasswordAt: 'flow',
      firstName: 'staff',
      middleName: 'staff',
      lastName: 'staff',
      gender: 'staff',
      notes: 'staff',
      address1: 'staff',
      address2: 'staff',
      maritalStatus: 'staff',
      city: 'staff',
      state: 'staff',
      postalCode: 'staff',
      province: 'staff',
      country: 'staff',
      isInvestor: 'staff',
      accreditation: 'staff',
      accreditationDate: 'staff',
      busEntityName: 'staff',
      trustName: 'staff',
      iraName: 'staff',
      homePhone: 'staff',
      mobilePhone: 'staff',
      proofDocumentsCount: 'flow',
      taxDocumentsCount: 'flow',
      newsDocumentsCount: 'flow',
      slackUserId: 'staff',
      slackUserName: 'staff',
      profileSettings: 'staff',
      portal: 'fixed-once-used',
    },
  },
  'api::tax-document.tax-document': {
    name: 'tax document',
    carries: 'files',
    sealedWhen: {
      where: { taxSchedule: { id: { $notNull: true } } },
      refusal: 'This tax document was issued on the sponsor desk for a tax year: replace it there',
    },
    refusals: { taxSchedule: 'Tax documents are issued for a tax year on the sponsor desk, not linked to it here' },
    fields: {
      ...FILE_FIELDS,
      title: 'staff',
      isDeleted: 'staff',
      year: 'staff',
      fund: 'staff',
      user: 'staff',
      file: 'staff',
      sendToAllFundInvestors: 'staff',
      taxSchedule: 'flow',
    },
  },
  'api::news-document.news-document': {
    name: 'news document',
    carries: 'files',
    fields: {
      ...FILE_FIELDS,
      title: 'staff',
      isDeleted: 'staff',
      year: 'staff',
      fund: 'staff',
      user: 'staff',
      file: 'staff',
      sendToAllFundInvestors: 'staff',
    },
  },
  'api::synd-document.synd-document': {
    name: 'due-diligence document',
    carries: 'files',
    fields: { ...FILE_FIELDS, title: 'staff', isDeleted: 'staff', fund: 'staff', file: 'staff' },
  },
  'api::proof-document.proof-document': {
    name: 'proof document',
    carries: 'files',
    fields: {
      ...FILE_FIELDS,
      title: 'staff',
      isDeleted: 'staff',
      user: 'fixed',
      reviewedBy: 'flow',
      reviewedAt: 'flow',
    },
  },
  'api::synd-agreement.synd-agreement': {
    name: 'agreement',
    carries: 'signatures',
    sealed: {
      refusal:
        'Agreements and their fingerprints are made only by sealing a signed agreement: nobody makes, changes or deletes one here, as the public check vouches for them',
    },
  },
  'api::signing.signing': {
    name: 'signature',
    carries: 'signatures',
    sealed: {
      refusal:
        'Signatures are evidence, written only by the signing: nobody makes, changes or deletes one here (a new signing link is sent from the sponsor desk)',
    },
  },
  'api::ledger-entry.ledger-entry': {
    name: 'ledger entry',
    carries: 'money',
    sealed: {
      refusal:
        'Ledger entries come only from the sponsor desk (posting, funding, adjustments, imports) and are never changed or deleted: record an adjustment that names the entry',
    },
  },
  'api::statement.statement': {
    name: 'statement',
    carries: 'money',
    sealed: { refusal: 'An issued statement is never made, changed or deleted here: the public check answers from it' },
  },
  'api::valuation.valuation': {
    name: 'valuation',
    carries: 'money',
    sealed: {
      refusal:
        'Valuations are recorded on the sponsor desk (Capital accounts), which checks them and keeps the fund’s current value in step',
      changed: 'A recorded valuation is never changed or deleted: record a newer valuation on the sponsor desk',
    },
  },
  'api::fund-event.fund-event': {
    name: 'capital call or distribution',
    carries: 'money',
    sealed: {
      refusal:
        'Capital calls and distributions are drafted on the sponsor desk (Capital accounts), where their terms and allocation are checked',
      changed: 'A posted event is never changed or deleted: correct it with adjustment entries',
      draftsDeletable: true,
    },
  },
  'api::commitment-transfer.commitment-transfer': {
    name: 'commitment transfer',
    carries: 'money',
    sealed: { refusal: 'Commitment transfers are kept as recorded: make one on the sponsor desk' },
  },
  'api::fund-event.call-item': {
    name: 'capital call item',
    carries: 'money',
    sealed: {
      refusal:
        'What each investor owes on a capital call is written when the call is posted on the sponsor desk: correct it with adjustment entries',
    },
  },
  'api::tax-schedule.tax-schedule': {
    name: 'tax year',
    carries: 'files',
    sealed: { refusal: 'Tax years (K-1s) are set and issued on the sponsor desk, which keeps one per fund and year' },
  },
  'api::reminder.reminder': {
    name: 'reminder',
    carries: 'records',
    sealed: { refusal: 'Reminders are kept as sent: nobody edits them' },
  },
  [DESK_ACTION]: {
    name: 'desk action',
    carries: 'records',
    sealed: { refusal: 'Desk actions are kept as recorded: nobody edits them' },
  },
  'api::file-download.file-download': {
    name: 'download record',
    carries: 'records',
    sealed: { refusal: 'Download records are kept as written: nobody edits them' },
  },
};

/** The rule of one field of a type the table covers ('staff' for a type it does not). */
export const fieldRule = (uid: string, field: string): FieldRule => RECORD_RULES[uid]?.fields?.[field] ?? 'staff';

/** The fields of a type under a given rule. */
export const fieldsUnder = (uid: string, rule: FieldRule): string[] =>
  Object.entries(RECORD_RULES[uid]?.fields ?? {})
    .filter(([, each]) => each === rule)
    .map(([field]) => field);
