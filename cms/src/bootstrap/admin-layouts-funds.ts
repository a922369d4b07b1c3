import type { Layout } from './admin-layouts';

const AGREEMENT_TEMPLATE =
  'Id of a subscription agreement template at the signing service; investors sign templates 1 to 4 in order.';

/** How content staff see the funds and each investor's part in them: commitments, signatures, the ledger, fund events and the records of each. Bump LAYOUT_VERSION (admin-layouts.ts) to re-apply after a change. */
export const FUND_LAYOUTS: Record<string, Layout> = {
  'api::fund.fund': {
    mainField: 'name',
    list: ['name', 'fund_code', 'fund_status', 'close_date', 'company'],
    descriptions: {
      fund_status: 'Leave empty so the status follows the dates below; set Closed or Done to end the fund early.',
      open_date: 'From this date the fund is Open (shown, not yet taking commitments); before it, New.',
      start_date: 'From this date investors can commit (status Started).',
      close_date: 'From this date commitments stop (status Closed).',
      end_date: 'From this date the fund is Done.',
      min_inv_amount: 'The smallest amount, in US dollars, an investor may commit.',
      max_inv_amount:
        'The most, in US dollars, one investor may commit; empty for no cap beyond what is left of the total.',
      total_inv_amount: 'What the fund raises in US dollars; what is left of it caps each new commitment.',
      url_slug: 'Names the fund in its address on the site; unique.',
      sa_doc_template_1_id: AGREEMENT_TEMPLATE,
      sa_doc_template_2_id: AGREEMENT_TEMPLATE,
      sa_doc_template_3_id: AGREEMENT_TEMPLATE,
      sa_doc_template_4_id: AGREEMENT_TEMPLATE,
      currentPercentageTotalReturned: 'Share of the invested amount paid back so far (distributions); 0 by default.',
      currentFundValuePercentage:
        'Current value as a share of the invested amount; 100 means unchanged. Once the fund has a valuation, its newest valuation sets this: record one on the sponsor desk (Capital accounts).',
    },
  },
  'api::investment.investment': {
    mainField: 'name',
    list: ['name', 'url_slug', 'inv_amount', 'fund'],
    descriptions: { url_slug: 'Names the investment in its address on the site; unique.' },
  },
  'api::synd-user.synd-user': {
    mainField: 'userLastName',
    list: ['user', 'investment', 'invest_status', 'invest_amount', 'sa_complete_date'],
    descriptions: {
      invest_status: 'Accepted with Agreement completed set means investing; accepted without it, going to invest.',
      is_marital_state:
        'Alaska, Arizona, California, Idaho, Louisiana, Nevada, New Mexico, Texas, Washington or Wisconsin.',
    },
  },
  'api::synd-agreement.synd-agreement': {
    mainField: 'originalName',
    list: ['originalName', 'syndUser', 'createdAt'],
    descriptions: {
      docPath: 'Where the file is kept in the private storage; investors download it through a five-minute link.',
      bucketId: 'Which storage holds the file (local: PRIVATE_FILES_DIR on the server).',
      fingerprint:
        'SHA-256 of the completed, sealed PDF: anyone holding the file can check it on the site’s /agreements/verify page.',
    },
  },
  'api::signing.signing': {
    mainField: 'label',
    list: ['label', 'role', 'signedAt', 'syndUser'],
    descriptions: {
      label: 'Who signs which agreement; set by the CMS.',
      role: 'Investor and spouse sign through their mailed link; management countersigns on the site (Management, Countersign).',
      tokenHash: 'Only a hash of the signer’s link is kept.',
      signedAt: 'Empty while the signer has not signed.',
      documentSha256:
        'Fingerprint of the exact document the signer signed; listed on the completed agreement’s signature page.',
      typedName: 'The name the signer typed to sign.',
      expiresAt: 'The signer’s link stops working at this time.',
      linkSentAt: 'When the signer was mailed their link.',
      provider: 'Who collected the signature: the portal itself (local) or Dropbox Sign.',
      disclosureVersion:
        'Which wording of the electronic records disclosure (content item esign-disclosure) the signer accepted: its fingerprint.',
      disclosureAcceptedAt: 'When the signer accepted the electronic records disclosure.',
      disclosureText:
        'The disclosure’s wording (title, then body) exactly as the signer accepted it; kept however staff reword it later.',
      disclosureSha256: 'SHA-256 of the accepted wording; printed on the completed agreement’s signature page.',
      verifiedBy:
        'How the signer proved who they are before signing: a one-time code mailed to them, or their own signed-in session.',
      verifiedAt: 'When the signer proved who they are.',
      codeSentAt: 'When the last one-time code was mailed.',
      codeExpiresAt: 'The last one-time code works until then (ten minutes).',
      codeTries:
        'Codes checked on this link since the last right code or lock, across new codes; the fifth wrong one locks the link for ten minutes.',
      lockedUntil: 'After five wrong codes the link takes no code and no signature until then.',
      lockCount:
        'How many times wrong codes locked this link; the third suspends it: the link takes no code and no signature until a new link is sent (Sponsor desk, a commitment’s “New signing link”, or the investor’s “Continue to sign”).',
      auditEvents:
        'What happened on the signer’s link, in order (disclosure, codes, signature), with the time, address and browser; listed on the signature page.',
    },
  },
  'api::ledger-entry.ledger-entry': {
    mainField: 'effective_date',
    list: ['effective_date', 'syndUser', 'fund', 'type', 'kind', 'amount_cents'],
    descriptions: {
      syndUser: 'The investor’s participation in the fund this money belongs to.',
      type: 'Contribution: money the investor paid in. Distribution: money paid out to them. Fee: a charge they paid. Adjustment: corrects the entry named below (a negative amount takes away).',
      kind: 'For a distribution: return of capital, income or gain (how it is taxed and reported).',
      amount_cents:
        'In cents: $1,250.00 is 125000. Entries are never changed or deleted; correct one with an adjustment.',
      effective_date: 'When the money moved (a contribution: the day it arrived).',
      fundEvent: 'The capital call or distribution that wrote this entry, if any.',
      corrects: 'For an adjustment: the entry it corrects.',
      recordedBy: 'The staff member who posted or recorded it.',
      noticeClaimedAt:
        'When a delivery last took up this investor’s notice of the event (capital call or distribution).',
      noticeSentAt:
        'When this investor’s notice (PDF, bell and mail) was delivered; empty until all of it went (the hourly upkeep tries again).',
      noticeBellId: 'The bell notification of this investor’s notice, kept so a retry never makes a second one.',
    },
  },
  'api::fund-event.fund-event': {
    mainField: 'date',
    list: ['date', 'fund', 'type', 'state', 'total_cents', 'posted_at'],
    descriptions: {
      type: 'A capital call asks investors for money; a distribution pays them. Drafted and posted on the sponsor desk (Capital accounts), not here.',
      total_cents:
        'The total in cents, shared among the investors to the cent; or leave empty and give a percent (capital calls).',
      percent: 'A capital call of this percent of each investor’s commitment.',
      basis: 'Share pro rata to commitments, or to the capital each investor has funded so far.',
      kind: 'For a distribution: return of capital, income or gain.',
      due_date:
        'For a capital call: when the money is due (each contribution that pays it is dated the day it arrives).',
      state:
        'Draft until posted on the sponsor desk; posting cannot be undone. A distribution writes every investor’s entry at once; a capital call writes each investor’s share to pay, and its contribution entry when the money arrives.',
      createdByName: 'Who drafted it.',
      postedByName: 'Who posted it.',
    },
  },
  'api::fund-event.call-item': {
    mainField: 'due_date',
    list: ['due_date', 'fund', 'syndUser', 'amount_cents'],
    descriptions: {
      fundEvent: 'The posted capital call that asks for this money.',
      syndUser: 'The investor’s participation in the fund who owes it.',
      amount_cents:
        'What the investor owes for this call, in cents; open until the contribution that pays it is in the ledger.',
      itemKey: 'One item per call and investor.',
      paymentKey: 'The ledger entry that pays this item carries this key.',
      noticeClaimedAt:
        'When a delivery last took up this investor’s notice of the event (capital call or distribution).',
      noticeSentAt:
        'When this investor’s notice (PDF, bell and mail) was delivered; empty until all of it went (the hourly upkeep tries again).',
      noticeBellId: 'The bell notification of this investor’s notice, kept so a retry never makes a second one.',
    },
  },
  'api::valuation.valuation': {
    mainField: 'date',
    list: ['date', 'fund', 'value_percent', 'recordedBy'],
    descriptions: {
      value_percent:
        'The fund’s value as a percent of the capital contributed (120 means each dollar in is worth $1.20); the newest becomes the fund’s Current value (%). Recorded on the sponsor desk and never changed: a correction is a newer valuation.',
      total_value_cents: 'The fund’s total value in cents, where the accountant gives one.',
    },
  },
  'api::statement.statement': {
    mainField: 'originalName',
    list: ['originalName', 'syndUser', 'periodFrom', 'periodTo', 'issuedAt'],
    descriptions: {
      fingerprint:
        'The sealed PDF’s SHA-256; anyone holding the file can check it on the site’s /statements/verify page.',
      investorInitials: 'All that the public check tells about the investor.',
      originalName: 'Written by the CMS when the investor downloads a statement; nobody can change it.',
    },
  },
  'api::commitment-transfer.commitment-transfer': {
    mainField: 'at',
    list: ['at', 'from', 'to', 'fund', 'amount_cents', 'by'],
    descriptions: {
      from: 'The commitment the position left; it is kept, marked transferred, with its history.',
      to: 'The receiving investor’s new commitment, with a new agreement to sign.',
      amount_cents: 'The commitment moved, in cents.',
      contributed_cents: 'The capital contributed so far that moved with it, by ledger entries naming this transfer.',
      reason: 'Why, as staff gave it on the sponsor desk (mailed to both investors).',
      by: 'The staff member who made the transfer.',
    },
  },
  'api::reminder.reminder': {
    mainField: 'sentAt',
    list: ['sentAt', 'failedAt', 'syndUser', 'fund', 'state', 'sentBy'],
    descriptions: {
      syndUser: 'The investor’s participation in the fund the reminder was about.',
      state:
        'Where the investor stood: committed (to sign), investor_signed (their spouse to sign) or countersigned (to fund).',
      step: 'What the reminder asked of them.',
      email: 'Where it went: the investor’s address, or their spouse’s for a reminder to sign as the spouse.',
      sentBy: 'The staff member who sent it from the sponsor desk.',
      sentAt: 'When its mail was handed over; empty while it waits to go.',
      failedAt: 'Set when its mail failed: the investor did not get it, and may be reminded again the same day.',
      reminderKey:
        'One reminder per investor a day: the desk skips anyone reminded on this day already (a failed one frees the day).',
    },
  },
  'api::tax-schedule.tax-schedule': {
    mainField: 'taxYear',
    list: ['taxYear', 'fund', 'documentName', 'expectedDate', 'state'],
    descriptions: {
      expectedDate:
        'Investors of the fund read on their dashboard when to expect it (set on the sponsor desk’s K-1s tab).',
      state: 'Issued once every partner has their file, or when staff mark it issued.',
      scheduleKey: 'One schedule per fund, year and document.',
    },
  },
};
