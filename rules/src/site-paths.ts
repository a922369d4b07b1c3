/**
 * Every route path of the site, relative to the base path; `getHref` builds the address of a route with params. The
 * site routes by them and the CMS links to them from its mails, documents and notifications: one list, so a link
 * cannot point at a page that moved.
 */
export const SITE_PATHS = {
  home: { path: '/' },
  homepage: { path: '/homepage' },
  welcome: { path: '/welcome' },
  dashboard: { path: '/dashboard' },
  investmentSummary: { path: '/dashboard/investment-summary' },
  /** Beyond the spec: the investor's ledger (docs/capital-accounts.md). */
  transactions: { path: '/dashboard/transactions' },
  /** Beyond the spec: one capital call of the investor's, to pay (docs/capital-accounts.md). */
  capitalCall: {
    path: '/dashboard/capital-calls/:fundEvent',
    getHref: (fundEvent: string) => `/dashboard/capital-calls/${encodeURIComponent(fundEvent)}`,
  },
  /** Beyond the spec: anyone checks a capital account statement's fingerprint (docs/capital-accounts.md). */
  verifyStatement: { path: '/statements/verify' },
  verifyAgreement: { path: '/agreements/verify' },
  syndication: {
    path: '/syndication/dashboard/:slug',
    getHref: (slug: string) => `/syndication/dashboard/${encodeURIComponent(slug)}`,
  },
  syndicationSuccess: {
    path: '/syndication/success/:synduserid',
    getHref: (syndUserId: string | number) => `/syndication/success/${encodeURIComponent(String(syndUserId))}`,
  },
  /** Where a signer's mailed link lands (the local signing provider). */
  sign: {
    path: '/sign/:token',
    getHref: (token: string) => `/sign/${encodeURIComponent(token)}`,
  },
  countersign: { path: '/management/countersign' },
  accreditationStatus: { path: '/accreditation_status' },
  newsDocuments: { path: '/news_documents' },
  taxDocuments: { path: '/tax_documents' },
  verificationDocuments: { path: '/verification_documents' },
  profile: { path: '/profile' },
  /** Beyond the spec: every notification, read and unread, paged (docs/notifications.md). */
  notifications: { path: '/notifications' },
  portfolio: { path: '/portfolio' },
  about: { path: '/about' },
  contact: { path: '/contact' },
  education: { path: '/education' },
  news: { path: '/news' },
  educationItem: {
    path: '/education/:slug',
    getHref: (slug: string) => `/education/${encodeURIComponent(slug)}`,
  },
  privacyPolicy: { path: '/privacy-policy' },
  termsOfUse: { path: '/terms-of-use' },
  confirmEmail: { path: '/confirm_email/:code' },
  resetPassword: { path: '/reset_password/:code' },
  guestSession: { path: '/guest_session/:code' },
  notFound: { path: '*' },
} as const;

/**
 * Where an investment opens: /syndication/dashboard/{url_slug} (the investment's own slug, else its fund's), or the
 * dashboard when it has none (spec, section 2).
 */
export function investmentPath(investmentSlug: string | null | undefined, fundSlug: string | null | undefined): string {
  const slug = investmentSlug || fundSlug;
  return slug ? SITE_PATHS.syndication.getHref(slug) : SITE_PATHS.dashboard.path;
}
