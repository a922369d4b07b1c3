import type { Schema, Struct } from '@strapi/strapi';

export interface AdminApiToken extends Struct.CollectionTypeSchema {
  collectionName: 'strapi_api_tokens';
  info: {
    description: '';
    displayName: 'Api Token';
    name: 'Api Token';
    pluralName: 'api-tokens';
    singularName: 'api-token';
  };
  options: {
    draftAndPublish: false;
  };
  pluginOptions: {
    'content-manager': {
      visible: false;
    };
    'content-type-builder': {
      visible: false;
    };
  };
  attributes: {
    accessKey: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.SetMinMaxLength<{
        minLength: 1;
      }>;
    adminPermissions: Schema.Attribute.Relation<'oneToMany', 'admin::permission'>;
    adminUserOwner: Schema.Attribute.Relation<'manyToOne', 'admin::user'>;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    description: Schema.Attribute.String &
      Schema.Attribute.SetMinMaxLength<{
        minLength: 1;
      }> &
      Schema.Attribute.DefaultTo<''>;
    encryptedKey: Schema.Attribute.Text &
      Schema.Attribute.SetMinMaxLength<{
        minLength: 1;
      }>;
    expiresAt: Schema.Attribute.DateTime;
    kind: Schema.Attribute.Enumeration<['content-api', 'admin']> &
      Schema.Attribute.Required &
      Schema.Attribute.DefaultTo<'content-api'>;
    lastUsedAt: Schema.Attribute.DateTime;
    lifespan: Schema.Attribute.BigInteger;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<'oneToMany', 'admin::api-token'> & Schema.Attribute.Private;
    name: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.Unique &
      Schema.Attribute.SetMinMaxLength<{
        minLength: 1;
      }>;
    permissions: Schema.Attribute.Relation<'oneToMany', 'admin::api-token-permission'>;
    publishedAt: Schema.Attribute.DateTime;
    type: Schema.Attribute.Enumeration<['read-only', 'full-access', 'custom']> &
      Schema.Attribute.DefaultTo<'read-only'>;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
  };
}

export interface AdminApiTokenPermission extends Struct.CollectionTypeSchema {
  collectionName: 'strapi_api_token_permissions';
  info: {
    description: '';
    displayName: 'API Token Permission';
    name: 'API Token Permission';
    pluralName: 'api-token-permissions';
    singularName: 'api-token-permission';
  };
  options: {
    draftAndPublish: false;
  };
  pluginOptions: {
    'content-manager': {
      visible: false;
    };
    'content-type-builder': {
      visible: false;
    };
  };
  attributes: {
    action: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.SetMinMaxLength<{
        minLength: 1;
      }>;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<'oneToMany', 'admin::api-token-permission'> & Schema.Attribute.Private;
    publishedAt: Schema.Attribute.DateTime;
    token: Schema.Attribute.Relation<'manyToOne', 'admin::api-token'>;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
  };
}

export interface AdminPermission extends Struct.CollectionTypeSchema {
  collectionName: 'admin_permissions';
  info: {
    description: '';
    displayName: 'Permission';
    name: 'Permission';
    pluralName: 'permissions';
    singularName: 'permission';
  };
  options: {
    draftAndPublish: false;
  };
  pluginOptions: {
    'content-manager': {
      visible: false;
    };
    'content-type-builder': {
      visible: false;
    };
  };
  attributes: {
    action: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.SetMinMaxLength<{
        minLength: 1;
      }>;
    actionParameters: Schema.Attribute.JSON & Schema.Attribute.DefaultTo<{}>;
    apiToken: Schema.Attribute.Relation<'manyToOne', 'admin::api-token'>;
    conditions: Schema.Attribute.JSON & Schema.Attribute.DefaultTo<[]>;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<'oneToMany', 'admin::permission'> & Schema.Attribute.Private;
    properties: Schema.Attribute.JSON & Schema.Attribute.DefaultTo<{}>;
    publishedAt: Schema.Attribute.DateTime;
    role: Schema.Attribute.Relation<'manyToOne', 'admin::role'>;
    subject: Schema.Attribute.String &
      Schema.Attribute.SetMinMaxLength<{
        minLength: 1;
      }>;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
  };
}

export interface AdminRole extends Struct.CollectionTypeSchema {
  collectionName: 'admin_roles';
  info: {
    description: '';
    displayName: 'Role';
    name: 'Role';
    pluralName: 'roles';
    singularName: 'role';
  };
  options: {
    draftAndPublish: false;
  };
  pluginOptions: {
    'content-manager': {
      visible: false;
    };
    'content-type-builder': {
      visible: false;
    };
  };
  attributes: {
    code: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.Unique &
      Schema.Attribute.SetMinMaxLength<{
        minLength: 1;
      }>;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    description: Schema.Attribute.String;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<'oneToMany', 'admin::role'> & Schema.Attribute.Private;
    name: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.Unique &
      Schema.Attribute.SetMinMaxLength<{
        minLength: 1;
      }>;
    permissions: Schema.Attribute.Relation<'oneToMany', 'admin::permission'>;
    publishedAt: Schema.Attribute.DateTime;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    users: Schema.Attribute.Relation<'manyToMany', 'admin::user'>;
  };
}

export interface AdminSession extends Struct.CollectionTypeSchema {
  collectionName: 'strapi_sessions';
  info: {
    description: 'Session Manager storage';
    displayName: 'Session';
    name: 'Session';
    pluralName: 'sessions';
    singularName: 'session';
  };
  options: {
    draftAndPublish: false;
  };
  pluginOptions: {
    'content-manager': {
      visible: false;
    };
    'content-type-builder': {
      visible: false;
    };
    i18n: {
      localized: false;
    };
  };
  attributes: {
    absoluteExpiresAt: Schema.Attribute.DateTime & Schema.Attribute.Private;
    childId: Schema.Attribute.String & Schema.Attribute.Private;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    deviceId: Schema.Attribute.String & Schema.Attribute.Required & Schema.Attribute.Private;
    expiresAt: Schema.Attribute.DateTime & Schema.Attribute.Required & Schema.Attribute.Private;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<'oneToMany', 'admin::session'> & Schema.Attribute.Private;
    metadata: Schema.Attribute.JSON & Schema.Attribute.Private;
    origin: Schema.Attribute.String & Schema.Attribute.Required & Schema.Attribute.Private;
    publishedAt: Schema.Attribute.DateTime;
    sessionId: Schema.Attribute.String & Schema.Attribute.Required & Schema.Attribute.Private & Schema.Attribute.Unique;
    status: Schema.Attribute.String & Schema.Attribute.Private;
    type: Schema.Attribute.String & Schema.Attribute.Private;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    userId: Schema.Attribute.String & Schema.Attribute.Required & Schema.Attribute.Private;
  };
}

export interface AdminTransferToken extends Struct.CollectionTypeSchema {
  collectionName: 'strapi_transfer_tokens';
  info: {
    description: '';
    displayName: 'Transfer Token';
    name: 'Transfer Token';
    pluralName: 'transfer-tokens';
    singularName: 'transfer-token';
  };
  options: {
    draftAndPublish: false;
  };
  pluginOptions: {
    'content-manager': {
      visible: false;
    };
    'content-type-builder': {
      visible: false;
    };
  };
  attributes: {
    accessKey: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.SetMinMaxLength<{
        minLength: 1;
      }>;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    description: Schema.Attribute.String &
      Schema.Attribute.SetMinMaxLength<{
        minLength: 1;
      }> &
      Schema.Attribute.DefaultTo<''>;
    expiresAt: Schema.Attribute.DateTime;
    lastUsedAt: Schema.Attribute.DateTime;
    lifespan: Schema.Attribute.BigInteger;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<'oneToMany', 'admin::transfer-token'> & Schema.Attribute.Private;
    name: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.Unique &
      Schema.Attribute.SetMinMaxLength<{
        minLength: 1;
      }>;
    permissions: Schema.Attribute.Relation<'oneToMany', 'admin::transfer-token-permission'>;
    publishedAt: Schema.Attribute.DateTime;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
  };
}

export interface AdminTransferTokenPermission extends Struct.CollectionTypeSchema {
  collectionName: 'strapi_transfer_token_permissions';
  info: {
    description: '';
    displayName: 'Transfer Token Permission';
    name: 'Transfer Token Permission';
    pluralName: 'transfer-token-permissions';
    singularName: 'transfer-token-permission';
  };
  options: {
    draftAndPublish: false;
  };
  pluginOptions: {
    'content-manager': {
      visible: false;
    };
    'content-type-builder': {
      visible: false;
    };
  };
  attributes: {
    action: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.SetMinMaxLength<{
        minLength: 1;
      }>;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<'oneToMany', 'admin::transfer-token-permission'> &
      Schema.Attribute.Private;
    publishedAt: Schema.Attribute.DateTime;
    token: Schema.Attribute.Relation<'manyToOne', 'admin::transfer-token'>;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
  };
}

export interface AdminUser extends Struct.CollectionTypeSchema {
  collectionName: 'admin_users';
  info: {
    description: '';
    displayName: 'User';
    name: 'User';
    pluralName: 'users';
    singularName: 'user';
  };
  options: {
    draftAndPublish: false;
  };
  pluginOptions: {
    'content-manager': {
      visible: false;
    };
    'content-type-builder': {
      visible: false;
    };
  };
  attributes: {
    apiTokens: Schema.Attribute.Relation<'oneToMany', 'admin::api-token'> & Schema.Attribute.Private;
    blocked: Schema.Attribute.Boolean & Schema.Attribute.Private & Schema.Attribute.DefaultTo<false>;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    email: Schema.Attribute.Email &
      Schema.Attribute.Required &
      Schema.Attribute.Private &
      Schema.Attribute.Unique &
      Schema.Attribute.SetMinMaxLength<{
        minLength: 6;
      }>;
    firstname: Schema.Attribute.String &
      Schema.Attribute.SetMinMaxLength<{
        minLength: 1;
      }>;
    isActive: Schema.Attribute.Boolean & Schema.Attribute.Private & Schema.Attribute.DefaultTo<false>;
    lastname: Schema.Attribute.String &
      Schema.Attribute.SetMinMaxLength<{
        minLength: 1;
      }>;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<'oneToMany', 'admin::user'> & Schema.Attribute.Private;
    password: Schema.Attribute.Password &
      Schema.Attribute.Private &
      Schema.Attribute.SetMinMaxLength<{
        minLength: 6;
      }>;
    preferedLanguage: Schema.Attribute.String;
    publishedAt: Schema.Attribute.DateTime;
    registrationToken: Schema.Attribute.String & Schema.Attribute.Private;
    resetPasswordToken: Schema.Attribute.String & Schema.Attribute.Private;
    resetPasswordTokenExpiresAt: Schema.Attribute.DateTime & Schema.Attribute.Private;
    roles: Schema.Attribute.Relation<'manyToMany', 'admin::role'> & Schema.Attribute.Private;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    username: Schema.Attribute.String;
  };
}

export interface ApiAssetsItemAssetsItem extends Struct.CollectionTypeSchema {
  collectionName: 'assets_items';
  info: {
    description: "An asset shown on a portal's portfolio";
    displayName: 'Portfolio Asset';
    pluralName: 'assets-items';
    singularName: 'assets-item';
  };
  options: {
    draftAndPublish: false;
  };
  attributes: {
    assetType: Schema.Attribute.String;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    description: Schema.Attribute.RichText & Schema.Attribute.CustomField<'global::html'>;
    fund: Schema.Attribute.Relation<'manyToOne', 'api::fund.fund'>;
    fundAsString: Schema.Attribute.String;
    hasStar: Schema.Attribute.Boolean & Schema.Attribute.DefaultTo<false>;
    imageUrl: Schema.Attribute.String;
    isExitedAsset: Schema.Attribute.Boolean & Schema.Attribute.DefaultTo<false>;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<'oneToMany', 'api::assets-item.assets-item'> & Schema.Attribute.Private;
    name: Schema.Attribute.String;
    ownershipInfoString: Schema.Attribute.String;
    portal: Schema.Attribute.Relation<'manyToOne', 'api::portal.portal'>;
    publishedAt: Schema.Attribute.DateTime;
    smallImageUrl: Schema.Attribute.String;
    soldInfoNote: Schema.Attribute.String;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    url: Schema.Attribute.String;
  };
}

export interface ApiBlogItemBlogItem extends Struct.CollectionTypeSchema {
  collectionName: 'blog_items';
  info: {
    description: 'An education video, paper or link';
    displayName: 'Education Item';
    pluralName: 'blog-items';
    singularName: 'blog-item';
  };
  options: {
    draftAndPublish: false;
  };
  attributes: {
    body: Schema.Attribute.RichText & Schema.Attribute.CustomField<'global::html'>;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    displayOnHomepage: Schema.Attribute.Boolean & Schema.Attribute.DefaultTo<false>;
    displayOnPortfolio: Schema.Attribute.Boolean & Schema.Attribute.DefaultTo<false>;
    fund: Schema.Attribute.Relation<'manyToOne', 'api::fund.fund'>;
    fundAsString: Schema.Attribute.String;
    imageUrl: Schema.Attribute.String;
    isFeatured: Schema.Attribute.Boolean & Schema.Attribute.DefaultTo<false>;
    isPublished: Schema.Attribute.Boolean & Schema.Attribute.DefaultTo<false>;
    listLinkHref: Schema.Attribute.String;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<'oneToMany', 'api::blog-item.blog-item'> & Schema.Attribute.Private;
    portal: Schema.Attribute.Relation<'manyToOne', 'api::portal.portal'>;
    portalSlugKey: Schema.Attribute.Text & Schema.Attribute.Private;
    publishedAt: Schema.Attribute.DateTime;
    slug: Schema.Attribute.String;
    sortOrder: Schema.Attribute.Integer & Schema.Attribute.DefaultTo<0>;
    title: Schema.Attribute.String & Schema.Attribute.Required;
    type: Schema.Attribute.Enumeration<['video', 'link', 'post']> & Schema.Attribute.DefaultTo<'post'>;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    url: Schema.Attribute.String;
  };
}

export interface ApiCommitmentTransferCommitmentTransfer extends Struct.CollectionTypeSchema {
  collectionName: 'commitment_transfers';
  info: {
    description: 'A position moved from one investor to another on the sponsor desk: from, to, amount, why and who; written by the desk only';
    displayName: 'Commitment Transfer';
    pluralName: 'commitment-transfers';
    singularName: 'commitment-transfer';
  };
  options: {
    draftAndPublish: false;
  };
  attributes: {
    amount_cents: Schema.Attribute.BigInteger & Schema.Attribute.Required;
    at: Schema.Attribute.DateTime & Schema.Attribute.Required;
    by: Schema.Attribute.String;
    contributed_cents: Schema.Attribute.BigInteger;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    from: Schema.Attribute.Relation<'oneToOne', 'api::synd-user.synd-user'>;
    fund: Schema.Attribute.Relation<'manyToOne', 'api::fund.fund'>;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<'oneToMany', 'api::commitment-transfer.commitment-transfer'> &
      Schema.Attribute.Private;
    publishedAt: Schema.Attribute.DateTime;
    reason: Schema.Attribute.Text & Schema.Attribute.Required;
    to: Schema.Attribute.Relation<'oneToOne', 'api::synd-user.synd-user'>;
    transferKey: Schema.Attribute.String & Schema.Attribute.Private;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
  };
}

export interface ApiCompanyCompany extends Struct.CollectionTypeSchema {
  collectionName: 'companies';
  info: {
    description: 'The company behind funds and investments';
    displayName: 'Company';
    pluralName: 'companies';
    singularName: 'company';
  };
  options: {
    draftAndPublish: false;
  };
  attributes: {
    address: Schema.Attribute.String;
    city: Schema.Attribute.String;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    email: Schema.Attribute.Email;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<'oneToMany', 'api::company.company'> & Schema.Attribute.Private;
    name: Schema.Attribute.String & Schema.Attribute.Required;
    portal: Schema.Attribute.Relation<'manyToOne', 'api::portal.portal'>;
    postal_code: Schema.Attribute.String;
    publishedAt: Schema.Attribute.DateTime;
    state: Schema.Attribute.String;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
  };
}

export interface ApiContentContent extends Struct.CollectionTypeSchema {
  collectionName: 'contents';
  info: {
    description: 'A text block of a portal, found by slug';
    displayName: 'Content';
    pluralName: 'contents';
    singularName: 'content';
  };
  options: {
    draftAndPublish: false;
  };
  attributes: {
    body: Schema.Attribute.RichText & Schema.Attribute.CustomField<'global::html'>;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<'oneToMany', 'api::content.content'> & Schema.Attribute.Private;
    portal: Schema.Attribute.Relation<'manyToOne', 'api::portal.portal'>;
    portalSlugKey: Schema.Attribute.Text & Schema.Attribute.Private;
    publishedAt: Schema.Attribute.DateTime;
    slug: Schema.Attribute.String & Schema.Attribute.Required;
    tags: Schema.Attribute.JSON;
    title: Schema.Attribute.String;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
  };
}

export interface ApiFileDownloadFileDownload extends Struct.CollectionTypeSchema {
  collectionName: 'file_downloads';
  info: {
    description: 'Who downloaded which document and when: the investor-relations audit trail, written by the CMS only';
    displayName: 'File Download';
    pluralName: 'file-downloads';
    singularName: 'file-download';
  };
  options: {
    draftAndPublish: false;
  };
  attributes: {
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    fileDocumentId: Schema.Attribute.String;
    fileId: Schema.Attribute.Integer;
    fileName: Schema.Attribute.String;
    fund: Schema.Attribute.Relation<'manyToOne', 'api::fund.fund'>;
    guestSession: Schema.Attribute.Boolean & Schema.Attribute.DefaultTo<false>;
    ip: Schema.Attribute.String;
    kind: Schema.Attribute.Enumeration<
      ['synd_document', 'news_document', 'tax_document', 'proof_document', 'statement']
    >;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<'oneToMany', 'api::file-download.file-download'> &
      Schema.Attribute.Private;
    publishedAt: Schema.Attribute.DateTime;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    user: Schema.Attribute.Relation<'manyToOne', 'plugin::users-permissions.user'>;
  };
}

export interface ApiFundEventCallItem extends Struct.CollectionTypeSchema {
  collectionName: 'call_items';
  info: {
    description: 'What one investor owes for one posted capital call; paid once the contribution that pays it is in the ledger';
    displayName: 'Capital Call Item';
    pluralName: 'call-items';
    singularName: 'call-item';
  };
  options: {
    draftAndPublish: false;
  };
  pluginOptions: {
    'content-manager': {
      visible: false;
    };
    'content-type-builder': {
      visible: false;
    };
  };
  attributes: {
    amount_cents: Schema.Attribute.BigInteger & Schema.Attribute.Required;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    due_date: Schema.Attribute.Date;
    fund: Schema.Attribute.Relation<'manyToOne', 'api::fund.fund'>;
    fundEvent: Schema.Attribute.Relation<'manyToOne', 'api::fund-event.fund-event'>;
    itemKey: Schema.Attribute.String & Schema.Attribute.Private;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<'oneToMany', 'api::fund-event.call-item'> & Schema.Attribute.Private;
    noticeBellId: Schema.Attribute.String & Schema.Attribute.Private;
    noticeClaimedAt: Schema.Attribute.DateTime & Schema.Attribute.Private;
    noticeSentAt: Schema.Attribute.DateTime & Schema.Attribute.Private;
    paymentKey: Schema.Attribute.String & Schema.Attribute.Private;
    publishedAt: Schema.Attribute.DateTime;
    syndUser: Schema.Attribute.Relation<'manyToOne', 'api::synd-user.synd-user'>;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
  };
}

export interface ApiFundEventFundEvent extends Struct.CollectionTypeSchema {
  collectionName: 'fund_events';
  info: {
    description: 'A capital call or a distribution of one fund: drafted, then posted once as ledger entries';
    displayName: 'Fund Event';
    pluralName: 'fund-events';
    singularName: 'fund-event';
  };
  options: {
    draftAndPublish: false;
  };
  attributes: {
    allocationHash: Schema.Attribute.String & Schema.Attribute.Private;
    basis: Schema.Attribute.Enumeration<['funded', 'commitment']> & Schema.Attribute.DefaultTo<'commitment'>;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    createdByName: Schema.Attribute.String;
    date: Schema.Attribute.Date & Schema.Attribute.Required;
    due_date: Schema.Attribute.Date;
    fund: Schema.Attribute.Relation<'manyToOne', 'api::fund.fund'>;
    kind: Schema.Attribute.Enumeration<['return_of_capital', 'income', 'gain']>;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<'oneToMany', 'api::fund-event.fund-event'> & Schema.Attribute.Private;
    note: Schema.Attribute.Text;
    noticesDoneAt: Schema.Attribute.DateTime;
    percent: Schema.Attribute.Decimal;
    posted_at: Schema.Attribute.DateTime;
    postedByName: Schema.Attribute.String;
    publishedAt: Schema.Attribute.DateTime;
    state: Schema.Attribute.Enumeration<['draft', 'posted']> & Schema.Attribute.DefaultTo<'draft'>;
    total_cents: Schema.Attribute.BigInteger;
    type: Schema.Attribute.Enumeration<['capital_call', 'distribution']> & Schema.Attribute.Required;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
  };
}

export interface ApiFundFund extends Struct.CollectionTypeSchema {
  collectionName: 'funds';
  info: {
    description: 'A syndicated fund';
    displayName: 'Fund';
    pluralName: 'funds';
    singularName: 'fund';
  };
  options: {
    draftAndPublish: false;
  };
  attributes: {
    check_instructions: Schema.Attribute.RichText & Schema.Attribute.CustomField<'global::html'>;
    close_date: Schema.Attribute.DateTime;
    company: Schema.Attribute.Relation<'manyToOne', 'api::company.company'>;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    currentFundValuePercentage: Schema.Attribute.Decimal & Schema.Attribute.DefaultTo<100>;
    currentPercentagesUpdatedAt: Schema.Attribute.DateTime;
    currentPercentageTotalReturned: Schema.Attribute.Decimal & Schema.Attribute.DefaultTo<0>;
    description: Schema.Attribute.RichText & Schema.Attribute.CustomField<'global::html'>;
    end_date: Schema.Attribute.DateTime;
    fee: Schema.Attribute.Decimal;
    fund_code: Schema.Attribute.String;
    fund_status: Schema.Attribute.Enumeration<['Closed', 'Done']>;
    funding_my_investment_description: Schema.Attribute.RichText & Schema.Attribute.CustomField<'global::html'>;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<'oneToMany', 'api::fund.fund'> & Schema.Attribute.Private;
    max_inv_amount: Schema.Attribute.Decimal &
      Schema.Attribute.SetMinMax<
        {
          min: 0;
        },
        number
      >;
    min_inv_amount: Schema.Attribute.Decimal &
      Schema.Attribute.SetMinMax<
        {
          min: 0;
        },
        number
      >;
    min_inv_amount_for_existing: Schema.Attribute.Decimal &
      Schema.Attribute.SetMinMax<
        {
          min: 0;
        },
        number
      >;
    name: Schema.Attribute.String & Schema.Attribute.Required;
    open_date: Schema.Attribute.DateTime;
    publishedAt: Schema.Attribute.DateTime;
    sa_doc_template_1_id: Schema.Attribute.String;
    sa_doc_template_2_id: Schema.Attribute.String;
    sa_doc_template_3_id: Schema.Attribute.String;
    sa_doc_template_4_id: Schema.Attribute.String;
    schedule_call_url: Schema.Attribute.String;
    start_date: Schema.Attribute.DateTime;
    syndDocumentsCount: Schema.Attribute.Integer & Schema.Attribute.DefaultTo<0>;
    syndUsersCount: Schema.Attribute.Integer & Schema.Attribute.DefaultTo<0>;
    total_inv_amount: Schema.Attribute.Decimal &
      Schema.Attribute.SetMinMax<
        {
          min: 0;
        },
        number
      >;
    type: Schema.Attribute.String;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    url_slug: Schema.Attribute.String & Schema.Attribute.Unique;
    wire_instructions: Schema.Attribute.RichText & Schema.Attribute.CustomField<'global::html'>;
  };
}

export interface ApiInvestmentInvestment extends Struct.CollectionTypeSchema {
  collectionName: 'investments';
  info: {
    description: 'An offering investors commit to';
    displayName: 'Investment';
    pluralName: 'investments';
    singularName: 'investment';
  };
  options: {
    draftAndPublish: false;
  };
  attributes: {
    company: Schema.Attribute.Relation<'manyToOne', 'api::company.company'>;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    description: Schema.Attribute.RichText & Schema.Attribute.CustomField<'global::html'>;
    fund: Schema.Attribute.Relation<'manyToOne', 'api::fund.fund'>;
    inv_amount: Schema.Attribute.Decimal;
    inv_type: Schema.Attribute.String;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<'oneToMany', 'api::investment.investment'> & Schema.Attribute.Private;
    name: Schema.Attribute.String & Schema.Attribute.Required;
    num_shares: Schema.Attribute.Decimal;
    publishedAt: Schema.Attribute.DateTime;
    purchase_price: Schema.Attribute.Decimal;
    twitter_url: Schema.Attribute.String;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    url_slug: Schema.Attribute.String & Schema.Attribute.Unique;
    website: Schema.Attribute.String;
  };
}

export interface ApiLedgerEntryLedgerEntry extends Struct.CollectionTypeSchema {
  collectionName: 'ledger_entries';
  info: {
    description: "Money in or out of one investor's position in one fund; never edited or deleted (a correction is an adjustment)";
    displayName: 'Ledger Entry';
    pluralName: 'ledger-entries';
    singularName: 'ledger-entry';
  };
  options: {
    draftAndPublish: false;
  };
  attributes: {
    amount_cents: Schema.Attribute.BigInteger & Schema.Attribute.Required;
    corrects: Schema.Attribute.Relation<'oneToOne', 'api::ledger-entry.ledger-entry'>;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    effective_date: Schema.Attribute.Date & Schema.Attribute.Required;
    entryKey: Schema.Attribute.String & Schema.Attribute.Private;
    fund: Schema.Attribute.Relation<'manyToOne', 'api::fund.fund'>;
    fundEvent: Schema.Attribute.Relation<'manyToOne', 'api::fund-event.fund-event'>;
    kind: Schema.Attribute.Enumeration<['return_of_capital', 'income', 'gain']>;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<'oneToMany', 'api::ledger-entry.ledger-entry'> & Schema.Attribute.Private;
    note: Schema.Attribute.Text;
    noticeBellId: Schema.Attribute.String & Schema.Attribute.Private;
    noticeClaimedAt: Schema.Attribute.DateTime & Schema.Attribute.Private;
    noticeSentAt: Schema.Attribute.DateTime & Schema.Attribute.Private;
    publishedAt: Schema.Attribute.DateTime;
    recordedBy: Schema.Attribute.String;
    syndUser: Schema.Attribute.Relation<'manyToOne', 'api::synd-user.synd-user'>;
    type: Schema.Attribute.Enumeration<['contribution', 'distribution', 'fee', 'adjustment']> &
      Schema.Attribute.Required;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
  };
}

export interface ApiNewsDocumentNewsDocument extends Struct.CollectionTypeSchema {
  collectionName: 'news_documents';
  info: {
    description: 'A news document for one investor';
    displayName: 'News Document';
    pluralName: 'news-documents';
    singularName: 'news-document';
  };
  options: {
    draftAndPublish: false;
  };
  attributes: {
    bucketId: Schema.Attribute.String;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    docPath: Schema.Attribute.String;
    docURL: Schema.Attribute.String;
    file: Schema.Attribute.Media<'files' | 'images'>;
    fund: Schema.Attribute.Relation<'manyToOne', 'api::fund.fund'>;
    isDeleted: Schema.Attribute.Boolean & Schema.Attribute.DefaultTo<false>;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<'oneToMany', 'api::news-document.news-document'> &
      Schema.Attribute.Private;
    originalName: Schema.Attribute.String;
    publishedAt: Schema.Attribute.DateTime;
    sendToAllFundInvestors: Schema.Attribute.Boolean & Schema.Attribute.DefaultTo<false>;
    title: Schema.Attribute.String;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    user: Schema.Attribute.Relation<'manyToOne', 'plugin::users-permissions.user'>;
    year: Schema.Attribute.Integer;
  };
}

export interface ApiNotificationTemplateNotificationTemplate extends Struct.CollectionTypeSchema {
  collectionName: 'notification_templates';
  info: {
    description: 'How a kind of notification looks and travels';
    displayName: 'Notification Template';
    pluralName: 'notification-templates';
    singularName: 'notification-template';
  };
  options: {
    draftAndPublish: false;
  };
  attributes: {
    canSendAsEmail: Schema.Attribute.Boolean & Schema.Attribute.DefaultTo<false>;
    canSendToSlack: Schema.Attribute.Boolean & Schema.Attribute.DefaultTo<false>;
    color: Schema.Attribute.String &
      Schema.Attribute.CustomField<'plugin::color-picker.color'> &
      Schema.Attribute.DefaultTo<'#1976D2'>;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    defaultTargetChannel: Schema.Attribute.String;
    defaultTargetLevel: Schema.Attribute.Enumeration<['superadmin', 'admin', 'user', 'guest']> &
      Schema.Attribute.DefaultTo<'user'>;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<'oneToMany', 'api::notification-template.notification-template'> &
      Schema.Attribute.Private;
    message: Schema.Attribute.Text;
    name: Schema.Attribute.String & Schema.Attribute.Required;
    portal: Schema.Attribute.Relation<'manyToOne', 'api::portal.portal'>;
    portalNameKey: Schema.Attribute.Text & Schema.Attribute.Private;
    publishedAt: Schema.Attribute.DateTime;
    showInUI: Schema.Attribute.Boolean & Schema.Attribute.DefaultTo<true>;
    subject: Schema.Attribute.String;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
  };
}

export interface ApiNotificationNotification extends Struct.CollectionTypeSchema {
  collectionName: 'notifications';
  info: {
    description: 'A message to one user';
    displayName: 'Notification';
    pluralName: 'notifications';
    singularName: 'notification';
  };
  options: {
    draftAndPublish: false;
  };
  attributes: {
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    email: Schema.Attribute.Email;
    level: Schema.Attribute.Enumeration<['superadmin', 'admin', 'user', 'guest']>;
    link: Schema.Attribute.String &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 500;
      }>;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<'oneToMany', 'api::notification.notification'> & Schema.Attribute.Private;
    messageBody: Schema.Attribute.Text;
    messageSubject: Schema.Attribute.String;
    publishedAt: Schema.Attribute.DateTime;
    sent: Schema.Attribute.Boolean & Schema.Attribute.DefaultTo<false>;
    slackUserId: Schema.Attribute.String;
    tags: Schema.Attribute.JSON;
    template: Schema.Attribute.Relation<'manyToOne', 'api::notification-template.notification-template'>;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    user: Schema.Attribute.Relation<'manyToOne', 'plugin::users-permissions.user'>;
  };
}

export interface ApiPortalPortal extends Struct.CollectionTypeSchema {
  collectionName: 'portals';
  info: {
    description: 'A branded portal chosen by domain or slug';
    displayName: 'Portal';
    pluralName: 'portals';
    singularName: 'portal';
  };
  options: {
    draftAndPublish: false;
  };
  attributes: {
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    domains: Schema.Attribute.JSON & Schema.Attribute.CustomField<'global::host-list'>;
    educationLabel: Schema.Attribute.String & Schema.Attribute.DefaultTo<'Education'>;
    facebookUrl: Schema.Attribute.String;
    instagramUrl: Schema.Attribute.String;
    isDefault: Schema.Attribute.Boolean & Schema.Attribute.DefaultTo<false>;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<'oneToMany', 'api::portal.portal'> & Schema.Attribute.Private;
    name: Schema.Attribute.String & Schema.Attribute.Required;
    pageTitle: Schema.Attribute.String;
    portalColor: Schema.Attribute.String &
      Schema.Attribute.CustomField<'plugin::color-picker.color'> &
      Schema.Attribute.DefaultTo<'#225'>;
    primaryColor: Schema.Attribute.String &
      Schema.Attribute.CustomField<'plugin::color-picker.color'> &
      Schema.Attribute.DefaultTo<'#1976D2'>;
    publishedAt: Schema.Attribute.DateTime;
    recaptchaSiteKey: Schema.Attribute.String;
    secondaryColor: Schema.Attribute.String &
      Schema.Attribute.CustomField<'plugin::color-picker.color'> &
      Schema.Attribute.DefaultTo<'#5BACA2'>;
    signInUrl: Schema.Attribute.String;
    signInWithGoogleClientId: Schema.Attribute.String;
    signUpUrl: Schema.Attribute.String;
    slug: Schema.Attribute.UID<'name'> & Schema.Attribute.Required;
    staff: Schema.Attribute.Relation<'manyToMany', 'admin::user'>;
    twitterUrl: Schema.Attribute.String;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    youtubeUrl: Schema.Attribute.String;
  };
}

export interface ApiProofDocumentProofDocument extends Struct.CollectionTypeSchema {
  collectionName: 'proof_documents';
  info: {
    description: 'An accreditation proof uploaded by an investor';
    displayName: 'Proof Document';
    pluralName: 'proof-documents';
    singularName: 'proof-document';
  };
  options: {
    draftAndPublish: false;
  };
  attributes: {
    bucketId: Schema.Attribute.String;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    docPath: Schema.Attribute.String;
    docURL: Schema.Attribute.String;
    isDeleted: Schema.Attribute.Boolean & Schema.Attribute.DefaultTo<false>;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<'oneToMany', 'api::proof-document.proof-document'> &
      Schema.Attribute.Private;
    originalName: Schema.Attribute.String;
    publishedAt: Schema.Attribute.DateTime;
    reviewedAt: Schema.Attribute.DateTime;
    reviewedBy: Schema.Attribute.String;
    title: Schema.Attribute.String;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    user: Schema.Attribute.Relation<'manyToOne', 'plugin::users-permissions.user'>;
  };
}

export interface ApiRateLimitLease extends Struct.CollectionTypeSchema {
  collectionName: 'leases';
  info: {
    description: 'A short claim on one piece of work (opening an agreement) that every CMS instance respects';
    displayName: 'Lease';
    pluralName: 'leases';
    singularName: 'lease';
  };
  options: {
    draftAndPublish: false;
  };
  pluginOptions: {
    'content-manager': {
      visible: false;
    };
    'content-type-builder': {
      visible: false;
    };
  };
  attributes: {
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    expiresAt: Schema.Attribute.BigInteger & Schema.Attribute.Required & Schema.Attribute.Private;
    leaseKey: Schema.Attribute.String & Schema.Attribute.Required & Schema.Attribute.Private;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<'oneToMany', 'api::rate-limit.lease'> & Schema.Attribute.Private;
    publishedAt: Schema.Attribute.DateTime;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
  };
}

export interface ApiRateLimitRateLimitHit extends Struct.CollectionTypeSchema {
  collectionName: 'rate_limit_hits';
  info: {
    description: 'One counted request of a rate limit (sign-in, registration, reset, subscribe), shared by every CMS instance';
    displayName: 'Rate limit hit';
    pluralName: 'rate-limit-hits';
    singularName: 'rate-limit-hit';
  };
  options: {
    draftAndPublish: false;
  };
  pluginOptions: {
    'content-manager': {
      visible: false;
    };
    'content-type-builder': {
      visible: false;
    };
  };
  attributes: {
    at: Schema.Attribute.BigInteger & Schema.Attribute.Required & Schema.Attribute.Private;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    limitKey: Schema.Attribute.String & Schema.Attribute.Required & Schema.Attribute.Private;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<'oneToMany', 'api::rate-limit.rate-limit-hit'> & Schema.Attribute.Private;
    publishedAt: Schema.Attribute.DateTime;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
  };
}

export interface ApiReminderReminder extends Struct.CollectionTypeSchema {
  collectionName: 'reminders';
  info: {
    description: 'A reminder the sponsor desk sent an investor who still had to sign or fund (at most one per investor a day)';
    displayName: 'Reminder';
    pluralName: 'reminders';
    singularName: 'reminder';
  };
  options: {
    draftAndPublish: false;
  };
  attributes: {
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    day: Schema.Attribute.Date;
    email: Schema.Attribute.Email;
    failedAt: Schema.Attribute.DateTime;
    fund: Schema.Attribute.Relation<'manyToOne', 'api::fund.fund'>;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<'oneToMany', 'api::reminder.reminder'> & Schema.Attribute.Private;
    publishedAt: Schema.Attribute.DateTime;
    reminderKey: Schema.Attribute.String & Schema.Attribute.Unique;
    sentAt: Schema.Attribute.DateTime;
    sentBy: Schema.Attribute.String;
    state: Schema.Attribute.String;
    step: Schema.Attribute.Text;
    syndUser: Schema.Attribute.Relation<'manyToOne', 'api::synd-user.synd-user'>;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
  };
}

export interface ApiSessionGuestCode extends Struct.CollectionTypeSchema {
  collectionName: 'guest_codes';
  info: {
    description: 'A one-time code a superadmin uses to open a guest session as a user (only its hash is kept)';
    displayName: 'Guest Session Code';
    pluralName: 'guest-codes';
    singularName: 'guest-code';
  };
  options: {
    draftAndPublish: false;
  };
  attributes: {
    code: Schema.Attribute.String & Schema.Attribute.Required & Schema.Attribute.Private & Schema.Attribute.Unique;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    expiresAt: Schema.Attribute.DateTime;
    label: Schema.Attribute.String & Schema.Attribute.Private;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<'oneToMany', 'api::session.guest-code'> & Schema.Attribute.Private;
    publishedAt: Schema.Attribute.DateTime;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    usedAt: Schema.Attribute.DateTime;
    user: Schema.Attribute.Relation<'manyToOne', 'plugin::users-permissions.user'>;
  };
}

export interface ApiSessionUserAuth extends Struct.CollectionTypeSchema {
  collectionName: 'user_auths';
  info: {
    description: 'A signed-in session (only the hash of its code is kept)';
    displayName: 'Sign-in Session';
    pluralName: 'user-auths';
    singularName: 'user-auth';
  };
  options: {
    draftAndPublish: false;
  };
  attributes: {
    authCode: Schema.Attribute.String & Schema.Attribute.Required & Schema.Attribute.Private & Schema.Attribute.Unique;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    expiresAt: Schema.Attribute.DateTime;
    isGuestSession: Schema.Attribute.Boolean & Schema.Attribute.DefaultTo<false>;
    label: Schema.Attribute.String & Schema.Attribute.Private;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<'oneToMany', 'api::session.user-auth'> & Schema.Attribute.Private;
    publishedAt: Schema.Attribute.DateTime;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    user: Schema.Attribute.Relation<'manyToOne', 'plugin::users-permissions.user'>;
  };
}

export interface ApiSettingSetting extends Struct.CollectionTypeSchema {
  collectionName: 'settings';
  info: {
    description: 'An application setting with read and write levels';
    displayName: 'Setting';
    pluralName: 'settings';
    singularName: 'setting';
  };
  options: {
    draftAndPublish: false;
  };
  attributes: {
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    levelToRead: Schema.Attribute.Enumeration<['superadmin', 'admin', 'user', 'guest']> &
      Schema.Attribute.DefaultTo<'superadmin'>;
    levelToWrite: Schema.Attribute.Enumeration<['superadmin', 'admin', 'user', 'guest']> &
      Schema.Attribute.DefaultTo<'superadmin'>;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<'oneToMany', 'api::setting.setting'> & Schema.Attribute.Private;
    name: Schema.Attribute.String & Schema.Attribute.Required & Schema.Attribute.Unique;
    publishedAt: Schema.Attribute.DateTime;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    value: Schema.Attribute.JSON;
  };
}

export interface ApiSigningSigning extends Struct.CollectionTypeSchema {
  collectionName: 'signings';
  info: {
    description: 'One signer of one subscription agreement: who, their one-time link, and the audit record of their signature';
    displayName: 'Signature';
    pluralName: 'signings';
    singularName: 'signing';
  };
  options: {
    draftAndPublish: false;
  };
  attributes: {
    auditEvents: Schema.Attribute.JSON;
    codeExpiresAt: Schema.Attribute.DateTime;
    codeHash: Schema.Attribute.String & Schema.Attribute.Private;
    codeSentAt: Schema.Attribute.DateTime;
    codeTries: Schema.Attribute.Integer & Schema.Attribute.DefaultTo<0>;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    disclosureAcceptedAt: Schema.Attribute.DateTime;
    disclosureSha256: Schema.Attribute.String;
    disclosureText: Schema.Attribute.Text;
    disclosureVersion: Schema.Attribute.String;
    documentKey: Schema.Attribute.String & Schema.Attribute.Private;
    documentSha256: Schema.Attribute.String;
    drawnSignature: Schema.Attribute.Text & Schema.Attribute.Private;
    email: Schema.Attribute.Email;
    expiresAt: Schema.Attribute.DateTime;
    ip: Schema.Attribute.String;
    label: Schema.Attribute.String;
    linkSentAt: Schema.Attribute.DateTime;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<'oneToMany', 'api::signing.signing'> & Schema.Attribute.Private;
    lockCount: Schema.Attribute.Integer & Schema.Attribute.DefaultTo<0>;
    lockedUntil: Schema.Attribute.DateTime;
    name: Schema.Attribute.String;
    provider: Schema.Attribute.Enumeration<['local', 'dropbox-sign']> & Schema.Attribute.DefaultTo<'local'>;
    providerSignatureId: Schema.Attribute.String & Schema.Attribute.Private;
    publishedAt: Schema.Attribute.DateTime;
    role: Schema.Attribute.Enumeration<['investor', 'spouse', 'management']> & Schema.Attribute.Required;
    signedAt: Schema.Attribute.DateTime;
    syndUser: Schema.Attribute.Relation<'manyToOne', 'api::synd-user.synd-user'>;
    tokenHash: Schema.Attribute.String & Schema.Attribute.Private & Schema.Attribute.Unique;
    tokenNonce: Schema.Attribute.String & Schema.Attribute.Private;
    typedName: Schema.Attribute.String;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    userAgent: Schema.Attribute.Text;
    verifiedAt: Schema.Attribute.DateTime;
    verifiedBy: Schema.Attribute.Enumeration<['email-code', 'session']>;
    voidedAt: Schema.Attribute.DateTime;
    voidedBy: Schema.Attribute.String;
    voidReason: Schema.Attribute.Text;
  };
}

export interface ApiStatementStatement extends Struct.CollectionTypeSchema {
  collectionName: 'statements';
  info: {
    description: 'A sealed capital account statement issued to an investor; its fingerprint can be checked on the public verification page';
    displayName: 'Capital Account Statement';
    pluralName: 'statements';
    singularName: 'statement';
  };
  options: {
    draftAndPublish: false;
  };
  attributes: {
    bucketId: Schema.Attribute.String & Schema.Attribute.Private;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    docPath: Schema.Attribute.String & Schema.Attribute.Private;
    fingerprint: Schema.Attribute.String;
    fund: Schema.Attribute.Relation<'manyToOne', 'api::fund.fund'>;
    investorInitials: Schema.Attribute.String;
    issuedAt: Schema.Attribute.DateTime;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<'oneToMany', 'api::statement.statement'> & Schema.Attribute.Private;
    originalName: Schema.Attribute.String;
    periodFrom: Schema.Attribute.Date;
    periodTo: Schema.Attribute.Date;
    portalName: Schema.Attribute.String;
    publishedAt: Schema.Attribute.DateTime;
    syndUser: Schema.Attribute.Relation<'manyToOne', 'api::synd-user.synd-user'>;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
  };
}

export interface ApiSubscriberSubscriber extends Struct.CollectionTypeSchema {
  collectionName: 'subscribers';
  info: {
    description: "An address subscribed to a portal's newsletter";
    displayName: 'Newsletter Subscriber';
    pluralName: 'subscribers';
    singularName: 'subscriber';
  };
  options: {
    draftAndPublish: false;
  };
  attributes: {
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    email: Schema.Attribute.Email & Schema.Attribute.Required;
    listKey: Schema.Attribute.Text & Schema.Attribute.Private;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<'oneToMany', 'api::subscriber.subscriber'> & Schema.Attribute.Private;
    portal: Schema.Attribute.Relation<'manyToOne', 'api::portal.portal'>;
    publishedAt: Schema.Attribute.DateTime;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
  };
}

export interface ApiSyndAgreementSyndAgreement extends Struct.CollectionTypeSchema {
  collectionName: 'synd_agreements';
  info: {
    description: 'A signed subscription agreement';
    displayName: 'Subscription Agreement';
    pluralName: 'synd-agreements';
    singularName: 'synd-agreement';
  };
  options: {
    draftAndPublish: false;
  };
  attributes: {
    bucketId: Schema.Attribute.String;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    docPath: Schema.Attribute.String;
    docURL: Schema.Attribute.String;
    fingerprint: Schema.Attribute.String;
    isDeleted: Schema.Attribute.Boolean & Schema.Attribute.DefaultTo<false>;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<'oneToMany', 'api::synd-agreement.synd-agreement'> &
      Schema.Attribute.Private;
    originalName: Schema.Attribute.String;
    publishedAt: Schema.Attribute.DateTime;
    syndUser: Schema.Attribute.Relation<'manyToOne', 'api::synd-user.synd-user'>;
    title: Schema.Attribute.String;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    voidedAt: Schema.Attribute.DateTime;
    voidedBy: Schema.Attribute.String;
    voidReason: Schema.Attribute.Text;
  };
}

export interface ApiSyndDocumentSyndDocument extends Struct.CollectionTypeSchema {
  collectionName: 'synd_documents';
  info: {
    description: 'A due-diligence document of a fund';
    displayName: 'Due Diligence Document';
    pluralName: 'synd-documents';
    singularName: 'synd-document';
  };
  options: {
    draftAndPublish: false;
  };
  attributes: {
    bucketId: Schema.Attribute.String;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    docPath: Schema.Attribute.String;
    docURL: Schema.Attribute.String;
    file: Schema.Attribute.Media<'files' | 'images'>;
    fund: Schema.Attribute.Relation<'manyToOne', 'api::fund.fund'>;
    isDeleted: Schema.Attribute.Boolean & Schema.Attribute.DefaultTo<false>;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<'oneToMany', 'api::synd-document.synd-document'> &
      Schema.Attribute.Private;
    originalName: Schema.Attribute.String;
    publishedAt: Schema.Attribute.DateTime;
    title: Schema.Attribute.String;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
  };
}

export interface ApiSyndUserSyndUser extends Struct.CollectionTypeSchema {
  collectionName: 'synd_users';
  info: {
    description: "One investor's participation in one investment";
    displayName: 'Syndication User';
    pluralName: 'synd-users';
    singularName: 'synd-user';
  };
  options: {
    draftAndPublish: false;
  };
  attributes: {
    company: Schema.Attribute.Relation<'manyToOne', 'api::company.company'>;
    cosub_email: Schema.Attribute.Email;
    cosub_first_name: Schema.Attribute.String;
    cosub_last_name: Schema.Attribute.String;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    feedback: Schema.Attribute.Text;
    ft_complete_date: Schema.Attribute.DateTime;
    ft_start_date: Schema.Attribute.DateTime;
    fund: Schema.Attribute.Relation<'manyToOne', 'api::fund.fund'>;
    hasSyndAgreement: Schema.Attribute.Boolean & Schema.Attribute.DefaultTo<false>;
    invest_amount: Schema.Attribute.Decimal &
      Schema.Attribute.SetMinMax<
        {
          min: 0;
        },
        number
      >;
    invest_status: Schema.Attribute.Enumeration<['Accepted investment', 'Declined investment']>;
    investment: Schema.Attribute.Relation<'manyToOne', 'api::investment.investment'>;
    is_marital_state: Schema.Attribute.Boolean & Schema.Attribute.DefaultTo<false>;
    is_married: Schema.Attribute.Boolean & Schema.Attribute.DefaultTo<false>;
    lastRemindedAt: Schema.Attribute.DateTime;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<'oneToMany', 'api::synd-user.synd-user'> & Schema.Attribute.Private;
    managementSignedAt: Schema.Attribute.DateTime;
    method_of_inv: Schema.Attribute.Enumeration<['CASH', 'TRUST', 'ENTITY']>;
    publishedAt: Schema.Attribute.DateTime;
    sa_complete_date: Schema.Attribute.DateTime;
    sa_start_date: Schema.Attribute.DateTime;
    syndAgreementDropboxSignatureRequestId: Schema.Attribute.String & Schema.Attribute.Private;
    syndAgreementDropboxSigningURL: Schema.Attribute.String & Schema.Attribute.Private;
    syndAgreementsCount: Schema.Attribute.Integer & Schema.Attribute.DefaultTo<0>;
    syndAgreementSignedByCurrentUser: Schema.Attribute.Boolean & Schema.Attribute.DefaultTo<false>;
    syndAgreementSignedByCurrentUserCosub: Schema.Attribute.Boolean & Schema.Attribute.DefaultTo<false>;
    transferredAt: Schema.Attribute.DateTime;
    transferredTo: Schema.Attribute.Relation<'oneToOne', 'api::synd-user.synd-user'>;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    user: Schema.Attribute.Relation<'manyToOne', 'plugin::users-permissions.user'>;
    userFirstName: Schema.Attribute.String;
    userLastName: Schema.Attribute.String;
  };
}

export interface ApiTaxDocumentTaxDocument extends Struct.CollectionTypeSchema {
  collectionName: 'tax_documents';
  info: {
    description: 'A tax document for one investor';
    displayName: 'Tax Document';
    pluralName: 'tax-documents';
    singularName: 'tax-document';
  };
  options: {
    draftAndPublish: false;
  };
  attributes: {
    bucketId: Schema.Attribute.String;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    docPath: Schema.Attribute.String;
    docURL: Schema.Attribute.String;
    file: Schema.Attribute.Media<'files' | 'images'>;
    fund: Schema.Attribute.Relation<'manyToOne', 'api::fund.fund'>;
    isDeleted: Schema.Attribute.Boolean & Schema.Attribute.DefaultTo<false>;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<'oneToMany', 'api::tax-document.tax-document'> & Schema.Attribute.Private;
    originalName: Schema.Attribute.String;
    publishedAt: Schema.Attribute.DateTime;
    sendToAllFundInvestors: Schema.Attribute.Boolean & Schema.Attribute.DefaultTo<false>;
    taxSchedule: Schema.Attribute.Relation<'manyToOne', 'api::tax-schedule.tax-schedule'>;
    title: Schema.Attribute.String;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    user: Schema.Attribute.Relation<'manyToOne', 'plugin::users-permissions.user'>;
    year: Schema.Attribute.Integer;
  };
}

export interface ApiTaxScheduleTaxSchedule extends Struct.CollectionTypeSchema {
  collectionName: 'tax_schedules';
  info: {
    description: "When a fund's K-1s (or another yearly document) for a tax year are expected, and whether they are issued";
    displayName: 'Tax Schedule';
    pluralName: 'tax-schedules';
    singularName: 'tax-schedule';
  };
  options: {
    draftAndPublish: false;
  };
  attributes: {
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    documentName: Schema.Attribute.String & Schema.Attribute.DefaultTo<'K-1'>;
    expectedDate: Schema.Attribute.Date;
    fund: Schema.Attribute.Relation<'manyToOne', 'api::fund.fund'>;
    issuedAt: Schema.Attribute.DateTime;
    issuedBy: Schema.Attribute.String;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<'oneToMany', 'api::tax-schedule.tax-schedule'> & Schema.Attribute.Private;
    publishedAt: Schema.Attribute.DateTime;
    scheduleKey: Schema.Attribute.String & Schema.Attribute.Unique;
    state: Schema.Attribute.Enumeration<['pending', 'issued']> & Schema.Attribute.DefaultTo<'pending'>;
    taxYear: Schema.Attribute.Integer &
      Schema.Attribute.SetMinMax<
        {
          max: 9999;
          min: 1900;
        },
        number
      >;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
  };
}

export interface ApiTeamMemberTeamMember extends Struct.CollectionTypeSchema {
  collectionName: 'team_members';
  info: {
    description: "A person on a portal's team page";
    displayName: 'Team Member';
    pluralName: 'team-members';
    singularName: 'team-member';
  };
  options: {
    draftAndPublish: false;
  };
  attributes: {
    bio: Schema.Attribute.RichText & Schema.Attribute.CustomField<'global::html'>;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    imageUrl: Schema.Attribute.String;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<'oneToMany', 'api::team-member.team-member'> & Schema.Attribute.Private;
    name: Schema.Attribute.String & Schema.Attribute.Required;
    portal: Schema.Attribute.Relation<'manyToOne', 'api::portal.portal'>;
    position: Schema.Attribute.String;
    publishedAt: Schema.Attribute.DateTime;
    sortOrder: Schema.Attribute.Integer & Schema.Attribute.DefaultTo<0>;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
  };
}

export interface ApiValuationValuation extends Struct.CollectionTypeSchema {
  collectionName: 'valuations';
  info: {
    description: "A fund's value at a date; the newest is the value investors see";
    displayName: 'Valuation';
    pluralName: 'valuations';
    singularName: 'valuation';
  };
  options: {
    draftAndPublish: false;
  };
  attributes: {
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    date: Schema.Attribute.Date & Schema.Attribute.Required;
    fund: Schema.Attribute.Relation<'manyToOne', 'api::fund.fund'>;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<'oneToMany', 'api::valuation.valuation'> & Schema.Attribute.Private;
    note: Schema.Attribute.Text;
    publishedAt: Schema.Attribute.DateTime;
    recordedBy: Schema.Attribute.String;
    total_value_cents: Schema.Attribute.BigInteger;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    value_percent: Schema.Attribute.Decimal;
  };
}

export interface PluginContentReleasesRelease extends Struct.CollectionTypeSchema {
  collectionName: 'strapi_releases';
  info: {
    displayName: 'Release';
    pluralName: 'releases';
    singularName: 'release';
  };
  options: {
    draftAndPublish: false;
  };
  pluginOptions: {
    'content-manager': {
      visible: false;
    };
    'content-type-builder': {
      visible: false;
    };
  };
  attributes: {
    actions: Schema.Attribute.Relation<'oneToMany', 'plugin::content-releases.release-action'>;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<'oneToMany', 'plugin::content-releases.release'> &
      Schema.Attribute.Private;
    name: Schema.Attribute.String & Schema.Attribute.Required;
    publishedAt: Schema.Attribute.DateTime;
    releasedAt: Schema.Attribute.DateTime;
    scheduledAt: Schema.Attribute.DateTime;
    status: Schema.Attribute.Enumeration<['ready', 'blocked', 'failed', 'done', 'empty']> & Schema.Attribute.Required;
    timezone: Schema.Attribute.String;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
  };
}

export interface PluginContentReleasesReleaseAction extends Struct.CollectionTypeSchema {
  collectionName: 'strapi_release_actions';
  info: {
    displayName: 'Release Action';
    pluralName: 'release-actions';
    singularName: 'release-action';
  };
  options: {
    draftAndPublish: false;
  };
  pluginOptions: {
    'content-manager': {
      visible: false;
    };
    'content-type-builder': {
      visible: false;
    };
  };
  attributes: {
    contentType: Schema.Attribute.String & Schema.Attribute.Required;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    entryDocumentId: Schema.Attribute.String;
    isEntryValid: Schema.Attribute.Boolean;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<'oneToMany', 'plugin::content-releases.release-action'> &
      Schema.Attribute.Private;
    publishedAt: Schema.Attribute.DateTime;
    release: Schema.Attribute.Relation<'manyToOne', 'plugin::content-releases.release'>;
    type: Schema.Attribute.Enumeration<['publish', 'unpublish']> & Schema.Attribute.Required;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
  };
}

export interface PluginI18NLocale extends Struct.CollectionTypeSchema {
  collectionName: 'i18n_locale';
  info: {
    collectionName: 'locales';
    description: '';
    displayName: 'Locale';
    pluralName: 'locales';
    singularName: 'locale';
  };
  options: {
    draftAndPublish: false;
  };
  pluginOptions: {
    'content-manager': {
      visible: false;
    };
    'content-type-builder': {
      visible: false;
    };
  };
  attributes: {
    code: Schema.Attribute.String & Schema.Attribute.Unique;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<'oneToMany', 'plugin::i18n.locale'> & Schema.Attribute.Private;
    name: Schema.Attribute.String &
      Schema.Attribute.SetMinMax<
        {
          max: 50;
          min: 1;
        },
        number
      >;
    publishedAt: Schema.Attribute.DateTime;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
  };
}

export interface PluginReviewWorkflowsWorkflow extends Struct.CollectionTypeSchema {
  collectionName: 'strapi_workflows';
  info: {
    description: '';
    displayName: 'Workflow';
    name: 'Workflow';
    pluralName: 'workflows';
    singularName: 'workflow';
  };
  options: {
    draftAndPublish: false;
  };
  pluginOptions: {
    'content-manager': {
      visible: false;
    };
    'content-type-builder': {
      visible: false;
    };
  };
  attributes: {
    contentTypes: Schema.Attribute.JSON & Schema.Attribute.Required & Schema.Attribute.DefaultTo<'[]'>;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<'oneToMany', 'plugin::review-workflows.workflow'> &
      Schema.Attribute.Private;
    name: Schema.Attribute.String & Schema.Attribute.Required & Schema.Attribute.Unique;
    publishedAt: Schema.Attribute.DateTime;
    stageRequiredToPublish: Schema.Attribute.Relation<'oneToOne', 'plugin::review-workflows.workflow-stage'>;
    stages: Schema.Attribute.Relation<'oneToMany', 'plugin::review-workflows.workflow-stage'>;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
  };
}

export interface PluginReviewWorkflowsWorkflowStage extends Struct.CollectionTypeSchema {
  collectionName: 'strapi_workflows_stages';
  info: {
    description: '';
    displayName: 'Stages';
    name: 'Workflow Stage';
    pluralName: 'workflow-stages';
    singularName: 'workflow-stage';
  };
  options: {
    draftAndPublish: false;
    version: '1.1.0';
  };
  pluginOptions: {
    'content-manager': {
      visible: false;
    };
    'content-type-builder': {
      visible: false;
    };
  };
  attributes: {
    color: Schema.Attribute.String & Schema.Attribute.DefaultTo<'#4945FF'>;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<'oneToMany', 'plugin::review-workflows.workflow-stage'> &
      Schema.Attribute.Private;
    name: Schema.Attribute.String;
    permissions: Schema.Attribute.Relation<'manyToMany', 'admin::permission'>;
    publishedAt: Schema.Attribute.DateTime;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    workflow: Schema.Attribute.Relation<'manyToOne', 'plugin::review-workflows.workflow'>;
  };
}

export interface PluginSponsorDeskDeskAction extends Struct.CollectionTypeSchema {
  collectionName: 'desk_actions';
  info: {
    description: 'What a staff member did on the sponsor desk: every change it answered, with who, when and what was asked';
    displayName: 'Desk Action';
    pluralName: 'desk-actions';
    singularName: 'desk-action';
  };
  options: {
    draftAndPublish: false;
  };
  attributes: {
    action: Schema.Attribute.String;
    answerStatus: Schema.Attribute.Integer;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<'oneToMany', 'plugin::sponsor-desk.desk-action'> &
      Schema.Attribute.Private;
    path: Schema.Attribute.String;
    publishedAt: Schema.Attribute.DateTime;
    request: Schema.Attribute.JSON;
    staffEmail: Schema.Attribute.Email;
    staffName: Schema.Attribute.String;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
  };
}

export interface PluginUploadFile extends Struct.CollectionTypeSchema {
  collectionName: 'files';
  info: {
    description: '';
    displayName: 'File';
    pluralName: 'files';
    singularName: 'file';
  };
  options: {
    draftAndPublish: false;
  };
  pluginOptions: {
    'content-manager': {
      visible: false;
    };
    'content-type-builder': {
      visible: false;
    };
  };
  attributes: {
    alternativeText: Schema.Attribute.Text;
    caption: Schema.Attribute.Text;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    ext: Schema.Attribute.String;
    focalPoint: Schema.Attribute.JSON;
    folder: Schema.Attribute.Relation<'manyToOne', 'plugin::upload.folder'> & Schema.Attribute.Private;
    folderPath: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.Private &
      Schema.Attribute.SetMinMaxLength<{
        minLength: 1;
      }>;
    formats: Schema.Attribute.JSON;
    hash: Schema.Attribute.String & Schema.Attribute.Required;
    height: Schema.Attribute.Integer;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<'oneToMany', 'plugin::upload.file'> & Schema.Attribute.Private;
    mime: Schema.Attribute.String & Schema.Attribute.Required;
    name: Schema.Attribute.String & Schema.Attribute.Required;
    previewUrl: Schema.Attribute.Text;
    provider: Schema.Attribute.String & Schema.Attribute.Required;
    provider_metadata: Schema.Attribute.JSON;
    publishedAt: Schema.Attribute.DateTime;
    related: Schema.Attribute.Relation<'morphToMany'>;
    size: Schema.Attribute.Decimal & Schema.Attribute.Required;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    url: Schema.Attribute.Text & Schema.Attribute.Required;
    width: Schema.Attribute.Integer;
  };
}

export interface PluginUploadFolder extends Struct.CollectionTypeSchema {
  collectionName: 'upload_folders';
  info: {
    displayName: 'Folder';
    pluralName: 'folders';
    singularName: 'folder';
  };
  options: {
    draftAndPublish: false;
  };
  pluginOptions: {
    'content-manager': {
      visible: false;
    };
    'content-type-builder': {
      visible: false;
    };
  };
  attributes: {
    children: Schema.Attribute.Relation<'oneToMany', 'plugin::upload.folder'>;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    files: Schema.Attribute.Relation<'oneToMany', 'plugin::upload.file'>;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<'oneToMany', 'plugin::upload.folder'> & Schema.Attribute.Private;
    name: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.SetMinMaxLength<{
        minLength: 1;
      }>;
    parent: Schema.Attribute.Relation<'manyToOne', 'plugin::upload.folder'>;
    path: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.SetMinMaxLength<{
        minLength: 1;
      }>;
    pathId: Schema.Attribute.Integer & Schema.Attribute.Required & Schema.Attribute.Unique;
    publishedAt: Schema.Attribute.DateTime;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
  };
}

export interface PluginUsersPermissionsPermission extends Struct.CollectionTypeSchema {
  collectionName: 'up_permissions';
  info: {
    description: '';
    displayName: 'Permission';
    name: 'permission';
    pluralName: 'permissions';
    singularName: 'permission';
  };
  options: {
    draftAndPublish: false;
  };
  pluginOptions: {
    'content-manager': {
      visible: false;
    };
    'content-type-builder': {
      visible: false;
    };
  };
  attributes: {
    action: Schema.Attribute.String & Schema.Attribute.Required;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<'oneToMany', 'plugin::users-permissions.permission'> &
      Schema.Attribute.Private;
    publishedAt: Schema.Attribute.DateTime;
    role: Schema.Attribute.Relation<'manyToOne', 'plugin::users-permissions.role'>;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
  };
}

export interface PluginUsersPermissionsRole extends Struct.CollectionTypeSchema {
  collectionName: 'up_roles';
  info: {
    description: '';
    displayName: 'Role';
    name: 'role';
    pluralName: 'roles';
    singularName: 'role';
  };
  options: {
    draftAndPublish: false;
  };
  pluginOptions: {
    'content-manager': {
      visible: false;
    };
    'content-type-builder': {
      visible: false;
    };
  };
  attributes: {
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    description: Schema.Attribute.String;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<'oneToMany', 'plugin::users-permissions.role'> & Schema.Attribute.Private;
    name: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.SetMinMaxLength<{
        minLength: 3;
      }>;
    permissions: Schema.Attribute.Relation<'oneToMany', 'plugin::users-permissions.permission'>;
    publishedAt: Schema.Attribute.DateTime;
    type: Schema.Attribute.String & Schema.Attribute.Unique;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    users: Schema.Attribute.Relation<'oneToMany', 'plugin::users-permissions.user'>;
  };
}

export interface PluginUsersPermissionsUser extends Struct.CollectionTypeSchema {
  collectionName: 'up_users';
  info: {
    description: 'An investor, staff member or visitor account of the portals';
    displayName: 'User';
    name: 'user';
    pluralName: 'users';
    singularName: 'user';
  };
  options: {
    draftAndPublish: false;
    timestamps: true;
  };
  attributes: {
    accreditation: Schema.Attribute.Integer &
      Schema.Attribute.SetMinMax<
        {
          min: 0;
        },
        number
      > &
      Schema.Attribute.DefaultTo<0>;
    accreditationDate: Schema.Attribute.DateTime;
    address1: Schema.Attribute.String;
    address2: Schema.Attribute.String;
    blocked: Schema.Attribute.Boolean & Schema.Attribute.DefaultTo<false>;
    busEntityName: Schema.Attribute.String;
    city: Schema.Attribute.String;
    confirmationToken: Schema.Attribute.String & Schema.Attribute.Private;
    confirmed: Schema.Attribute.Boolean & Schema.Attribute.DefaultTo<false>;
    confirmEmailCode: Schema.Attribute.String & Schema.Attribute.Private;
    country: Schema.Attribute.String;
    createdAt: Schema.Attribute.DateTime;
    createdBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    email: Schema.Attribute.Email &
      Schema.Attribute.Required &
      Schema.Attribute.SetMinMaxLength<{
        minLength: 6;
      }>;
    firstName: Schema.Attribute.String;
    gender: Schema.Attribute.String;
    homePhone: Schema.Attribute.String;
    iraName: Schema.Attribute.String;
    isActive: Schema.Attribute.Boolean & Schema.Attribute.DefaultTo<false>;
    isInvestor: Schema.Attribute.Boolean & Schema.Attribute.DefaultTo<false>;
    lastName: Schema.Attribute.String;
    level: Schema.Attribute.Enumeration<['superadmin', 'admin', 'user', 'guest']> & Schema.Attribute.DefaultTo<'user'>;
    locale: Schema.Attribute.String & Schema.Attribute.Private;
    localizations: Schema.Attribute.Relation<'oneToMany', 'plugin::users-permissions.user'> & Schema.Attribute.Private;
    maritalStatus: Schema.Attribute.String;
    middleName: Schema.Attribute.String;
    mobilePhone: Schema.Attribute.String;
    newsDocumentsCount: Schema.Attribute.Integer & Schema.Attribute.DefaultTo<0>;
    notes: Schema.Attribute.Text & Schema.Attribute.Private;
    password: Schema.Attribute.Password &
      Schema.Attribute.Private &
      Schema.Attribute.SetMinMaxLength<{
        minLength: 6;
      }>;
    portal: Schema.Attribute.Relation<'manyToOne', 'api::portal.portal'>;
    postalCode: Schema.Attribute.String;
    profileSettings: Schema.Attribute.JSON;
    proofDocumentsCount: Schema.Attribute.Integer & Schema.Attribute.DefaultTo<0>;
    provider: Schema.Attribute.String;
    province: Schema.Attribute.String;
    publishedAt: Schema.Attribute.DateTime;
    resetPasswordAt: Schema.Attribute.DateTime & Schema.Attribute.Private;
    resetPasswordCode: Schema.Attribute.String & Schema.Attribute.Private;
    resetPasswordToken: Schema.Attribute.String & Schema.Attribute.Private;
    role: Schema.Attribute.Relation<'manyToOne', 'plugin::users-permissions.role'>;
    slackUserId: Schema.Attribute.String;
    slackUserName: Schema.Attribute.String;
    state: Schema.Attribute.String;
    taxDocumentsCount: Schema.Attribute.Integer & Schema.Attribute.DefaultTo<0>;
    trustName: Schema.Attribute.String;
    updatedAt: Schema.Attribute.DateTime;
    updatedBy: Schema.Attribute.Relation<'oneToOne', 'admin::user'> & Schema.Attribute.Private;
    username: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.Unique &
      Schema.Attribute.SetMinMaxLength<{
        minLength: 3;
      }>;
  };
}

declare module '@strapi/strapi' {
  export namespace Public {
    export interface ContentTypeSchemas {
      'admin::api-token': AdminApiToken;
      'admin::api-token-permission': AdminApiTokenPermission;
      'admin::permission': AdminPermission;
      'admin::role': AdminRole;
      'admin::session': AdminSession;
      'admin::transfer-token': AdminTransferToken;
      'admin::transfer-token-permission': AdminTransferTokenPermission;
      'admin::user': AdminUser;
      'api::assets-item.assets-item': ApiAssetsItemAssetsItem;
      'api::blog-item.blog-item': ApiBlogItemBlogItem;
      'api::commitment-transfer.commitment-transfer': ApiCommitmentTransferCommitmentTransfer;
      'api::company.company': ApiCompanyCompany;
      'api::content.content': ApiContentContent;
      'api::file-download.file-download': ApiFileDownloadFileDownload;
      'api::fund-event.call-item': ApiFundEventCallItem;
      'api::fund-event.fund-event': ApiFundEventFundEvent;
      'api::fund.fund': ApiFundFund;
      'api::investment.investment': ApiInvestmentInvestment;
      'api::ledger-entry.ledger-entry': ApiLedgerEntryLedgerEntry;
      'api::news-document.news-document': ApiNewsDocumentNewsDocument;
      'api::notification-template.notification-template': ApiNotificationTemplateNotificationTemplate;
      'api::notification.notification': ApiNotificationNotification;
      'api::portal.portal': ApiPortalPortal;
      'api::proof-document.proof-document': ApiProofDocumentProofDocument;
      'api::rate-limit.lease': ApiRateLimitLease;
      'api::rate-limit.rate-limit-hit': ApiRateLimitRateLimitHit;
      'api::reminder.reminder': ApiReminderReminder;
      'api::session.guest-code': ApiSessionGuestCode;
      'api::session.user-auth': ApiSessionUserAuth;
      'api::setting.setting': ApiSettingSetting;
      'api::signing.signing': ApiSigningSigning;
      'api::statement.statement': ApiStatementStatement;
      'api::subscriber.subscriber': ApiSubscriberSubscriber;
      'api::synd-agreement.synd-agreement': ApiSyndAgreementSyndAgreement;
      'api::synd-document.synd-document': ApiSyndDocumentSyndDocument;
      'api::synd-user.synd-user': ApiSyndUserSyndUser;
      'api::tax-document.tax-document': ApiTaxDocumentTaxDocument;
      'api::tax-schedule.tax-schedule': ApiTaxScheduleTaxSchedule;
      'api::team-member.team-member': ApiTeamMemberTeamMember;
      'api::valuation.valuation': ApiValuationValuation;
      'plugin::content-releases.release': PluginContentReleasesRelease;
      'plugin::content-releases.release-action': PluginContentReleasesReleaseAction;
      'plugin::i18n.locale': PluginI18NLocale;
      'plugin::review-workflows.workflow': PluginReviewWorkflowsWorkflow;
      'plugin::review-workflows.workflow-stage': PluginReviewWorkflowsWorkflowStage;
      'plugin::sponsor-desk.desk-action': PluginSponsorDeskDeskAction;
      'plugin::upload.file': PluginUploadFile;
      'plugin::upload.folder': PluginUploadFolder;
      'plugin::users-permissions.permission': PluginUsersPermissionsPermission;
      'plugin::users-permissions.role': PluginUsersPermissionsRole;
      'plugin::users-permissions.user': PluginUsersPermissionsUser;
    }
  }
}
