/** Every route path of the site, relative to the base path; `getHref` builds the address of a route with params. */
export const paths = {
  home: { path: '/' },
  homepage: { path: '/homepage' },
  welcome: { path: '/welcome' },
  dashboard: { path: '/dashboard' },
  profile: { path: '/profile' },
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
