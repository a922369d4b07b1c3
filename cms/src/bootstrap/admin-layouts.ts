import type { Core, UID } from '@strapi/strapi';
import { fieldLabel } from '../utils/field-label';
import { GUEST_CODE, SIGN_IN_SESSION } from '../utils/session-types';

interface Layout {
  /** The field that names an entry in lists and in other types' relation pickers. */
  mainField: string;
  /** List view columns, in order. */
  list: string[];
  /** What a field does, shown under it in the edit view, where its label alone does not say. */
  descriptions?: Record<string, string>;
}

const COLOUR = 'Pick a colour or type it as #RRGGBB.';
const PRIVATE_FILE =
  'Pick or upload the file here; on save it moves to the private storage and leaves the media library.';
const DOC_PATH =
  'Where the file is kept in the private storage; set by the CMS from the file uploaded above, never typed.';
/** Tax and news documents: for one investor, or for every investor of a fund. */
const INVESTOR_DOCUMENT: Record<string, string> = {
  file: `${PRIVATE_FILE} Investors download it through a five-minute link.`,
  user: 'The investor this document is for; leave empty to send it to every investor of the fund below.',
  sendToAllFundInvestors:
    'With a fund and no user: on save, every investor with an accepted investment in the fund gets their own copy and a notification.',
  docPath: DOC_PATH,
};
const AGREEMENT_TEMPLATE =
  'Id of a subscription agreement template at the signing service; investors sign templates 1 to 4 in order.';

/**
 * How content staff see each type in the admin panel: every field is labelled by fieldLabel; these add the name of
 * each entry, the list columns and the help texts. Bump LAYOUT_VERSION to re-apply after a change.
 */
const LAYOUTS: Record<string, Layout> = {
  'api::portal.portal': {
    mainField: 'name',
    list: ['name', 'slug', 'pageTitle', 'isDefault'],
    descriptions: {
      pageTitle: "Follows each page's title in the browser tab ('Team @ <page title>').",
      slug: 'Picks this portal with ?portal=<slug>; its logo and favicon live in portals/<slug>/ on the site.',
      isDefault: 'Shown when neither ?portal= nor the browser’s address picks a portal. Keep exactly one.',
      domains:
        'Addresses that open this portal, one per row, like example.com or www.example.com (no https://, no path).',
      portalColor: `Background of the header and the homepage's top band. ${COLOUR}`,
      primaryColor: `Buttons and links. ${COLOUR}`,
      secondaryColor: `Secondary buttons and accents. ${COLOUR}`,
      educationLabel: 'Name of the Education link in the header and footer.',
      recaptchaSiteKey: 'Public reCAPTCHA v3 key; empty means no captcha. The secret key is set on the server.',
      signInWithGoogleClientId: 'Google sign-in client id; empty hides the Sign In With Google button.',
      staff:
        'Staff who run this portal in the Sponsor Desk (its board, investors, capital accounts and K-1s). A staff member sees only the portals that name them; super admins see every portal.',
    },
  },
  'api::content.content': {
    mainField: 'slug',
    list: ['slug', 'title', 'portal', 'updatedAt'],
    descriptions: {
      slug: 'The site asks for the text block by this name within the portal (for example footer-terms).',
      tags: 'A JSON list of words, for example ["homepage"].',
    },
  },
  'api::team-member.team-member': {
    mainField: 'name',
    list: ['name', 'position', 'portal', 'sortOrder'],
    descriptions: { sortOrder: 'Lower numbers come first on the team page.' },
  },
  'api::blog-item.blog-item': {
    mainField: 'title',
    list: ['title', 'type', 'isPublished', 'portal', 'sortOrder'],
    descriptions: {
      type: 'Video, link or post (an article with a body): decides how the site shows the item.',
      sortOrder: 'Higher numbers come first on the education page.',
      slug: 'Names the item in its address on the site; unique within the portal.',
      url: 'The video or the linked page.',
      listLinkHref: 'Where the item links from lists, when not its URL.',
      isPublished: 'Only published items appear on the site.',
      displayOnHomepage: 'Also show the item on the homepage.',
      displayOnPortfolio: 'Also show the item in the education block under the portfolio.',
    },
  },
  'api::assets-item.assets-item': {
    mainField: 'name',
    list: ['name', 'assetType', 'fund', 'isExitedAsset', 'portal'],
    descriptions: {
      url: 'The asset’s own site; its card links there in a new tab.',
      isExitedAsset: 'Sold: shows the sale note and matches the portfolio’s Show Exited Assets Only filter.',
      imageUrl: 'Assets without an image get a placeholder.',
    },
  },
  'api::company.company': { mainField: 'name', list: ['name', 'city', 'state', 'portal'] },
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
  'api::proof-document.proof-document': {
    mainField: 'originalName',
    list: ['originalName', 'title', 'user', 'createdAt', 'reviewedAt'],
    descriptions: {
      reviewedBy:
        'The staff member who reviewed this proof of accreditation (set from the sponsor desk’s Investors tab).',
      reviewedAt: 'When it was reviewed; empty while nobody has.',
    },
  },
  'api::tax-document.tax-document': {
    mainField: 'originalName',
    list: ['originalName', 'title', 'year', 'user', 'fund'],
    descriptions: INVESTOR_DOCUMENT,
  },
  'api::synd-document.synd-document': {
    mainField: 'originalName',
    list: ['originalName', 'title', 'fund', 'createdAt'],
    descriptions: {
      file: `${PRIVATE_FILE} Every signed-in investor of the fund’s portal can download it.`,
      docPath: DOC_PATH,
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
  'api::news-document.news-document': {
    mainField: 'title',
    list: ['title', 'year', 'user', 'fund'],
    descriptions: INVESTOR_DOCUMENT,
  },
  'api::file-download.file-download': {
    mainField: 'fileName',
    list: ['fileName', 'kind', 'user', 'fund', 'guestSession', 'createdAt'],
    descriptions: {
      fileName: 'Written by the CMS each time an investor downloads a document; nobody can change it.',
      fileId: 'Id of the document row (of the kind shown) that was downloaded.',
      ip: 'The address the download was asked from.',
      guestSession: 'On when a superadmin downloaded it in a guest session, looking at the site as this investor.',
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
  'api::desk-action.desk-action': {
    mainField: 'action',
    list: ['createdAt', 'action', 'staffName', 'path', 'status'],
    descriptions: {
      action:
        'What the staff member did or tried on the sponsor desk (docs/sponsor-desk.md): every change, export and download, and every call refused (Status 400, 403, 404, ...), which changed nothing; looking is recorded only when refused for want of a permission.',
      request: 'What the call asked (its JSON body, cut at 2,000 characters; a file by its name).',
    },
  },
  'api::notification.notification': {
    mainField: 'messageSubject',
    list: ['messageSubject', 'user', 'template', 'createdAt'],
    descriptions: {
      tags: 'Values for the template’s %tag% placeholders, as JSON: {"fund": "Fund I"}.',
      messageSubject: 'Used when the template has no subject.',
    },
  },
  'api::notification-template.notification-template': {
    mainField: 'name',
    list: ['name', 'portal', 'subject', 'color', 'showInUI'],
    descriptions: {
      portal:
        'Empty: the shared wording every portal sends (super admins keep it). A portal: that portal’s own wording of the template of this name (the syndication reminder); delete it to send the shared one again.',
      subject: 'May hold %tag% placeholders, filled from each notification’s tags.',
      color: `Background of the notification on the site; its text turns black or white to stay readable. ${COLOUR}`,
      showInUI: 'Off: notifications from this template never appear in the site’s bell.',
    },
  },
  'api::setting.setting': {
    mainField: 'name',
    list: ['name', 'levelToRead', 'levelToWrite', 'updatedAt'],
    descriptions: {
      value: 'Any JSON value.',
      levelToRead: 'The lowest site level that may read it.',
      levelToWrite: 'The lowest site level that may change it.',
    },
  },
  [SIGN_IN_SESSION]: {
    mainField: 'label',
    list: ['label', 'isGuestSession', 'expiresAt'],
    descriptions: { label: 'Who signed in and when; set by the CMS.', authCode: 'Only a hash of the code is kept.' },
  },
  [GUEST_CODE]: {
    mainField: 'label',
    list: ['label', 'expiresAt', 'usedAt'],
    descriptions: { label: 'Whose guest session and when; set by the CMS.', code: 'Only a hash of the code is kept.' },
  },
  'api::subscriber.subscriber': { mainField: 'email', list: ['email', 'portal', 'createdAt'] },
  // Hidden from the panel (the instances' shared working state), labelled all the same.
  'api::rate-limit.rate-limit-hit': { mainField: 'limitKey', list: ['limitKey', 'at'] },
  'api::rate-limit.lease': { mainField: 'leaseKey', list: ['leaseKey', 'expiresAt'] },
  'plugin::users-permissions.user': {
    mainField: 'email',
    list: ['email', 'firstName', 'lastName', 'level', 'isActive'],
    descriptions: {
      level: 'What the person may do on the site: superadmin > admin > user > guest.',
      isActive: 'Only active accounts can sign in; set when the email address is confirmed.',
      accreditation: 'The accreditation option the investor chose; 0 means not accredited.',
      accreditationDate: 'When the investor last stated their accreditation; the site asks again after a year.',
      portal: 'The portal the account belongs to.',
    },
  },
};

/**
 * Types that stay small (a portal's pages, funds, templates, settings): their lists sort by the name. Every other type
 * grows with use (a million notifications, sessions, downloads on a grown portal) and lists newest first, by id, which
 * the table's own key answers; sorting such a table by a name reads it whole on every page of the list.
 */
const LISTED_BY_NAME = new Set([
  'api::portal.portal',
  'api::content.content',
  'api::team-member.team-member',
  'api::blog-item.blog-item',
  'api::assets-item.assets-item',
  'api::company.company',
  'api::fund.fund',
  'api::investment.investment',
  'api::synd-document.synd-document',
  'api::tax-schedule.tax-schedule',
  'api::notification-template.notification-template',
  'api::setting.setting',
  'api::valuation.valuation',
  'api::fund-event.fund-event',
]);

const LAYOUT_VERSION = 24;

type Configuration = {
  settings: Record<string, unknown>;
  metadatas: Record<string, { edit?: Record<string, unknown>; list?: Record<string, unknown> }>;
  layouts: { list: string[]; edit: unknown };
};

/** Applies LAYOUTS once per LAYOUT_VERSION, so later changes made by staff in the panel are kept. */
export async function applyAdminLayouts(strapi: Core.Strapi): Promise<void> {
  const store = strapi.store({ type: 'plugin', name: 'portal', key: 'admin-layout-version' });
  if (((await store.get()) as number | null) === LAYOUT_VERSION) return;

  const service = strapi.plugin('content-manager').service('content-types');
  for (const [uid, layout] of Object.entries(LAYOUTS)) {
    const contentType = strapi.getModel(uid as UID.ContentType);
    if (!contentType) continue;
    const configuration = (await service.findConfiguration(contentType)) as Configuration;
    const metadatas = { ...configuration.metadatas };
    for (const [name, metadata] of Object.entries(metadatas)) {
      const attribute = (contentType.attributes as Record<string, { type: string; target?: string } | undefined>)[name];
      const target = attribute?.type === 'relation' && attribute.target ? LAYOUTS[attribute.target] : undefined;
      const label = fieldLabel(name);
      metadatas[name] = {
        edit: {
          ...metadata.edit,
          label,
          description: layout.descriptions?.[name] ?? '',
          ...(target && { mainField: target.mainField }),
        },
        list: { ...metadata.list, label },
      };
    }
    await service.updateConfiguration(contentType, {
      settings: {
        ...configuration.settings,
        mainField: layout.mainField,
        ...(LISTED_BY_NAME.has(uid)
          ? { defaultSortBy: layout.mainField, defaultSortOrder: 'ASC' }
          : { defaultSortBy: 'id', defaultSortOrder: 'DESC' }),
      },
      metadatas,
      layouts: { ...configuration.layouts, list: layout.list },
    });
  }
  await store.set({ value: LAYOUT_VERSION });
}
