import type { UID } from '@strapi/strapi';
import { displayTitle, type FileItem, type TeamMember, type UserNotification } from '@portal/rules';
import { notificationSubject } from '../notification/subject';

/**
 * Who may read a collection's rows through GET /api/{collection} and GET /api/{collection}/{id}:
 * - anyone: visitors too; rows of the caller's portal (a visitor's: the portal the request is for);
 * - signed-in: any signed-in user (a guest session too), rows of their portal;
 * - own: a signed-in user's own rows only;
 * - own-or-admin: a user's own rows; an admin or superadmin reads every row of their portal.
 */
export type ReadAccess = 'anyone' | 'signed-in' | 'own' | 'own-or-admin';

/** One collection of the generic calls (spec 02, section 7): what is read, by whom, and within which rows. */
export interface CollectionRule {
  uid: UID.ContentType;
  read: ReadAccess;
  /** Stored fields answered (id and documentId always are); a filter or sort may name these and createdAt. */
  fields: string[];
  /** Relations a caller may populate, each with the fields it answers. */
  populate?: Record<string, string[]>;
  /** Relations populated whatever the query says, because a derived field needs them. */
  populateAlways?: string[];
  /**
   * Relations answered on every row whatever the query says, as small objects: id, documentId and these fields. A
   * `populate` of the relation answers its own fields besides.
   */
  include?: Record<string, string[]>;
  /** Relations a filter may name by id or documentId (e.g. `filters[fund][id]=3`). */
  filterBy?: string[];
  /** The path from a row to its portal, dot-separated: the rows of another portal are never served. */
  portal?: string;
  /** The path from a row to the user who owns it, for `own` access and `mine=true`. */
  owner?: string;
  /** A condition every answered row meets, whatever the query says. */
  always?: Record<string, unknown>;
  /** Derived fields added to each answered row. */
  derive?: (row: Record<string, unknown>) => Record<string, unknown>;
}

/**
 * File rows (tax, news, proof, due diligence, agreements): their storage keys stay on the server (downloads are signed
 * links). The site reads them as FileItem (rules/src/contracts/collections.ts); isDeleted is answered besides.
 */
const FILE_FIELDS = ['originalName', 'title', 'createdAt', 'isDeleted'] satisfies (keyof FileItem | 'isDeleted')[];
const NOT_DELETED = { $or: [{ isDeleted: false }, { isDeleted: { $null: true } }] };
/** What every file row answers besides its fields: the title to show (the trimmed title, else the file's name). */
const FILE_DERIVE = (row: Record<string, unknown>) => ({
  displayTitle: displayTitle(row as { title?: string | null; originalName?: string | null }),
});
/** Tax and news documents: the investor's own, per year and fund. */
const OWN_YEARLY_FILES = {
  read: 'own',
  fields: [...FILE_FIELDS, 'year' satisfies keyof FileItem],
  populate: { fund: ['name'] },
  filterBy: ['fund'],
  owner: 'user',
  always: NOT_DELETED,
  derive: FILE_DERIVE,
} as const satisfies Omit<CollectionRule, 'uid'>;
const FUND_SUMMARY = ['name', 'url_slug', 'close_date', 'fund_status'];

/**
 * The table of every collection the generic calls serve, keyed by the name in the URL (the spec's names; Strapi's
 * plural form with '-' is accepted too). A collection not in this table answers 'Model is not defined on backend.'
 * None is written through these calls: every write the product makes has its own endpoint with its own rules.
 */
export const COLLECTIONS: Record<string, CollectionRule> = {
  blog_items: {
    uid: 'api::blog-item.blog-item',
    read: 'anyone',
    fields: [
      'title',
      'slug',
      'type',
      'url',
      'listLinkHref',
      'body',
      'imageUrl',
      'sortOrder',
      'isFeatured',
      'displayOnPortfolio',
      'displayOnHomepage',
      'isPublished',
      'fundAsString',
      'createdAt',
    ],
    portal: 'portal',
    always: { isPublished: true },
  },
  assets_items: {
    uid: 'api::assets-item.assets-item',
    read: 'anyone',
    fields: [
      'name',
      'url',
      'imageUrl',
      'smallImageUrl',
      'assetType',
      'isExitedAsset',
      'soldInfoNote',
      'hasStar',
      'ownershipInfoString',
      'description',
      'fundAsString',
      'createdAt',
    ],
    populate: { fund: ['name'] },
    portal: 'portal',
  },
  team_members: {
    uid: 'api::team-member.team-member',
    read: 'anyone',
    // The site reads these rows as TeamMember (rules/src/contracts/collections.ts).
    fields: ['name', 'position', 'bio', 'imageUrl', 'sortOrder'] satisfies (keyof TeamMember)[],
    portal: 'portal',
  },
  notifications: {
    uid: 'api::notification.notification',
    read: 'own',
    fields: ['messageSubject', 'messageBody', 'tags', 'link', 'createdAt'],
    populate: { template: ['name', 'subject', 'color', 'showInUI'] },
    populateAlways: ['template'],
    owner: 'user',
    // Notifications of templates kept out of the site (showInUI off) stay in the admin panel; an unset value is on, and
    // so is no template (its left-joined columns are null). One condition on the relation: Strapi joins the template
    // once for it (an $or of three relation conditions joined it three times).
    always: { template: { $or: [{ showInUI: true }, { showInUI: { $null: true } }] } },
    derive: (row) => {
      const template = row.template as { subject?: string | null } | null | undefined;
      // The site reads these rows as UserNotification (rules/src/contracts/collections.ts).
      return {
        subject: notificationSubject(template?.subject, row.tags, row.messageSubject as string | null),
      } satisfies Pick<UserNotification, 'subject'>;
    },
  },
  funds: {
    uid: 'api::fund.fund',
    read: 'signed-in',
    fields: [
      'name',
      'type',
      'fund_code',
      'description',
      'funding_my_investment_description',
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
      'wire_instructions',
      'check_instructions',
      'url_slug',
      'schedule_call_url',
      'currentPercentageTotalReturned',
      'currentFundValuePercentage',
      'currentPercentagesUpdatedAt',
      'syndDocumentsCount',
      'syndUsersCount',
      'createdAt',
    ],
    populate: { company: ['name'] },
    portal: 'company.portal',
  },
  investments: {
    uid: 'api::investment.investment',
    read: 'signed-in',
    fields: [
      'name',
      'description',
      'website',
      'twitter_url',
      'purchase_price',
      'num_shares',
      'inv_amount',
      'inv_type',
      'url_slug',
      'createdAt',
    ],
    populate: {
      fund: [
        ...FUND_SUMMARY,
        'open_date',
        'start_date',
        'end_date',
        'min_inv_amount',
        'max_inv_amount',
        'total_inv_amount',
      ],
      company: ['name'],
    },
    filterBy: ['fund'],
    portal: 'fund.company.portal',
  },
  synd_users: {
    uid: 'api::synd-user.synd-user',
    read: 'own-or-admin',
    fields: [
      'invest_amount',
      'invest_status',
      'sa_start_date',
      'sa_complete_date',
      'syndAgreementSignedByCurrentUser',
      'syndAgreementSignedByCurrentUserCosub',
      'hasSyndAgreement',
      'syndAgreementsCount',
      'ft_start_date',
      'ft_complete_date',
      'method_of_inv',
      'is_married',
      'is_marital_state',
      'cosub_first_name',
      'cosub_last_name',
      'cosub_email',
      'feedback',
      'userFirstName',
      'userLastName',
      'createdAt',
    ],
    populate: { fund: FUND_SUMMARY, investment: ['name', 'url_slug'] },
    filterBy: ['fund', 'investment'],
    portal: 'fund.company.portal',
    owner: 'user',
  },
  tax_documents: { uid: 'api::tax-document.tax-document', ...OWN_YEARLY_FILES },
  news_documents: { uid: 'api::news-document.news-document', ...OWN_YEARLY_FILES },
  proof_documents: {
    uid: 'api::proof-document.proof-document',
    read: 'own',
    fields: FILE_FIELDS,
    owner: 'user',
    always: NOT_DELETED,
    derive: FILE_DERIVE,
  },
  synd_documents: {
    uid: 'api::synd-document.synd-document',
    read: 'signed-in',
    fields: FILE_FIELDS,
    populate: { fund: ['name'] },
    filterBy: ['fund'],
    portal: 'fund.company.portal',
    always: NOT_DELETED,
    derive: FILE_DERIVE,
  },
  synd_agreements: {
    uid: 'api::synd-agreement.synd-agreement',
    read: 'own',
    fields: FILE_FIELDS,
    populate: { syndUser: ['invest_amount', 'sa_complete_date'] },
    filterBy: ['syndUser'],
    owner: 'syndUser.user',
    always: NOT_DELETED,
    derive: FILE_DERIVE,
  },
  ledger_entries: {
    uid: 'api::ledger-entry.ledger-entry',
    read: 'own',
    fields: ['type', 'kind', 'amount_cents', 'effective_date', 'note', 'createdAt'],
    populate: {
      fund: FUND_SUMMARY,
      syndUser: ['invest_amount', 'sa_complete_date'],
      corrects: ['type', 'kind', 'effective_date'],
    },
    // The call answers each entry's fund and syndication user without a populate (docs/capital-accounts.md).
    include: { fund: ['name'], syndUser: ['userFirstName', 'userLastName'] },
    filterBy: ['fund', 'syndUser'],
    portal: 'fund.company.portal',
    owner: 'syndUser.user',
    // A bigint column answers a string on PostgreSQL: cents are an integer on every database. The syndication user's
    // name is its investor's, as the admin panel shows it.
    derive: (row) => {
      const { userFirstName, userLastName, ...syndUser } = (row.syndUser ?? {}) as Record<string, unknown>;
      const name = [userFirstName, userLastName].filter(Boolean).join(' ') || null;
      return { amount_cents: Number(row.amount_cents), syndUser: row.syndUser ? { ...syndUser, name } : null };
    },
  },
};

/** The table's entry for a name in the URL (`synd_users` or `synd-users`); undefined for any other name. */
export function collectionNamed(name: string): [string, CollectionRule] | undefined {
  const key = name.replace(/-/g, '_');
  return Object.prototype.hasOwnProperty.call(COLLECTIONS, key) ? [key, COLLECTIONS[key]] : undefined;
}
