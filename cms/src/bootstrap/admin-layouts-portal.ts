import type { Layout } from './admin-layouts';

const COLOUR = 'Pick a colour or type it as #RRGGBB.';

/** How content staff see a portal's own types in the admin panel: its site's pages, team, education and portfolio, its notifications and settings. Bump LAYOUT_VERSION (admin-layouts.ts) to re-apply after a change. */
export const PORTAL_LAYOUTS: Record<string, Layout> = {
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
      timeZone:
        "The sponsor's calendar: close dates and other dates show as days in this zone. An IANA name like America/New_York or America/Chicago.",
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
  'api::notification.notification': {
    mainField: 'messageSubject',
    list: ['messageSubject', 'user', 'template', 'createdAt'],
    descriptions: {
      tags: 'Values for the template’s %tag% placeholders, as JSON: {"fund": "Fund I"}.',
      messageSubject: 'Used when the template has no subject.',
      link: 'The page of the site where it acts (a path such as /dashboard/transactions); its mail links there.',
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
  'api::subscriber.subscriber': { mainField: 'email', list: ['email', 'portal', 'createdAt'] },
};
